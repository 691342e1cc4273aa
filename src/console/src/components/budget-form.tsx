import { Alert, Button, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { BudgetPeriod, SpendBudgetFieldsFragment, SpendBudgetInput } from '../../generated/graphql';
import { useAdminMutation } from '../lib/admin-mutation';
import { formatUnits } from '../lib/format';
import { useSettings } from '../lib/hooks';
import { inputToQuota, quotaToInput } from '../lib/money-input';
import { BudgetText } from './budget-text';

const PERIODS: readonly BudgetPeriod[] = ['DAY', 'WEEK', 'MONTH'];

/**
 * Sets, changes or removes a spend budget (a key's or a user's): a cap in USD (sent as quota units)
 * per calendar day, week or month in the owner's time zone. Where it stands now is shown above.
 */
export function BudgetForm({ budget, save, invalidate, onDone }: {
  budget: SpendBudgetFieldsFragment | null | undefined;
  save: (budget: SpendBudgetInput | null) => Promise<{ __typename?: string }>;
  invalidate: string[][];
  onDone?: () => void;
}) {
  const { t } = useTranslation();
  const rate = BigInt(useSettings().data?.consoleSettings.quotaPerUsd ?? '500000');
  const [period, setPeriod] = useState<BudgetPeriod>(budget?.period ?? 'MONTH');
  const [amount, setAmount] = useState(budget ? quotaToInput(budget.amount, rate) : '');
  const [touched, setTouched] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const parsed = inputToQuota(amount, rate);
  const run = useAdminMutation(save, { invalidate, onFailure: setFailure, onSaved: () => onDone?.() });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    setFailure(null);
    if (parsed.ok && parsed.units !== null) run.mutate({ amount: parsed.units, period });
  };
  return (
    <form onSubmit={submit} noValidate data-testid="budget-form">
      <Stack>
        <BudgetText budget={budget} testId="budget-now" />
        <Text size="sm" c="dimmed">{t('budget.hint')}</Text>
        <Group grow align="flex-start">
          <Select label={t('budget.period')} allowDeselect={false} value={period} onChange={(v) => setPeriod((v ?? 'MONTH') as BudgetPeriod)}
            data={PERIODS.map((p) => ({ value: p, label: t(`budget.periods.${p}`) }))} />
          <TextInput label={t('budget.amount')} inputMode="decimal" value={amount} onChange={(e) => setAmount(e.currentTarget.value)}
            error={touched && !parsed.ok ? t('validation.money') : null}
            description={parsed.ok && parsed.units !== null ? t('common.quotaUnits', { units: formatUnits(parsed.units) }) : null} />
        </Group>
        {failure && <Alert color="red" role="alert">{failure}</Alert>}
        <Group>
          <Button type="submit" loading={run.isPending && run.variables !== null}>{t('common.save')}</Button>
          {budget && <Button variant="light" color="red" loading={run.isPending && run.variables === null} onClick={() => { setFailure(null); run.mutate(null); }}>{t('budget.remove')}</Button>}
        </Group>
      </Stack>
    </form>
  );
}
