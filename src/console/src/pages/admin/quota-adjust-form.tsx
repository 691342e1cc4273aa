import { Alert, Button, Stack, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useAdminMutation } from '../../lib/admin-mutation';
import { formatUnits, moneyToQuota } from '../../lib/format';
import { useSettings } from '../../lib/hooks';

/** A signed amount in USD (sent as quota units) with a required memo: free quota or one subscription's remaining quota. */
export function QuotaAdjustForm({ run, invalidate, onDone }: {
  run: (amount: string, memo: string) => Promise<{ __typename?: string }>;
  invalidate: string[][];
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const rate = BigInt(useSettings().data?.consoleSettings.quotaPerUsd ?? '500000');
  const [amount, setAmount] = useState('');
  const [memo, setMemo] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const units = moneyToQuota(amount, rate);
  const adjust = useAdminMutation(() => run(String(units), memo.trim()), { invalidate, onSaved: onDone, onFailure: setFailure });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    if (units === null || units === 0n) return setFailure(t('validation.money'));
    if (!memo.trim()) return setFailure(t('admin.users.memoRequired'));
    adjust.mutate(undefined);
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <TextInput label={t('admin.users.amount')} description={units !== null && units !== 0n ? t('common.quotaUnits', { units: formatUnits(units) }) : t('admin.users.amountHint')}
          inputMode="decimal" value={amount} onChange={(e) => setAmount(e.currentTarget.value)} data-autofocus />
        <TextInput label={t('admin.users.memo')} required value={memo} onChange={(e) => setMemo(e.currentTarget.value)} />
        {failure && <Alert color="red" role="alert">{failure}</Alert>}
        <Button type="submit" loading={adjust.isPending}>{t('admin.users.adjust')}</Button>
      </Stack>
    </form>
  );
}
