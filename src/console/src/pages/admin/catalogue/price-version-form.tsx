import { Alert, Button, Group, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useAdminMutation } from '../../../lib/admin-mutation';
import { useEffectiveAt, usePriceFields, type PriceSheetInput } from './price-fields';

export type PriceVersionInput = PriceSheetInput & { effectiveAt: string | null; memo: string | null };
type Initial = Parameters<typeof usePriceFields>[0];

/**
 * One new price version (a catalogue model's or a channel's own): every price kind, effective now
 * or at a future time, with a memo. Checked before it is sent; the server's refusal is shown in
 * the form. `onSaved` learns whether the version was scheduled rather than in effect at once.
 */
export function PriceVersionForm({ initial, note, save, invalidate, onSaved, testId }: {
  initial: Initial;
  note?: string;
  save: (input: PriceVersionInput) => Promise<{ __typename?: string }>;
  invalidate: string[][];
  onSaved?: (scheduled: boolean) => void;
  testId?: string;
}) {
  const { t } = useTranslation();
  const prices = usePriceFields(initial);
  const effectiveAt = useEffectiveAt();
  const [memo, setMemo] = useState('');
  const [touched, setTouched] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const run = useAdminMutation(save, { invalidate, onFailure: setFailure, onSaved: () => onSaved?.(effectiveAt.scheduled) });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    setFailure(null);
    if (prices.valid && !effectiveAt.error) run.mutate({ ...prices.sheet(), effectiveAt: effectiveAt.iso, memo: memo.trim() || null });
  };
  return (
    <form onSubmit={submit} noValidate data-testid={testId}>
      <Stack>
        {note && <Text size="sm" c="dimmed">{note}</Text>}
        {prices.fields(touched)}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {effectiveAt.field(touched)}
          <TextInput label={t('admin.users.memo')} value={memo} onChange={(e) => setMemo(e.currentTarget.value)} />
        </SimpleGrid>
        {failure && <Alert color="red" role="alert">{failure}</Alert>}
        <Group><Button type="submit" loading={run.isPending}>{effectiveAt.scheduled ? t('admin.models.schedulePrice') : t('admin.models.setPrice')}</Button></Group>
      </Stack>
    </form>
  );
}
