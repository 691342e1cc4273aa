import { Alert, Badge, Button, Card, Group, Select, SimpleGrid, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { AdminCatalogueDocument, AdminGenerateCodesDocument, AdminRedemptionCodesDocument } from '../../../generated/graphql';
import { DateText } from '../../components/date-text';
import { Money } from '../../components/money';
import { useCursorPages } from '../../components/paging';
import { DataTable, PagedList } from '../../components/data-table';
import { useErrorText } from '../../lib/error-text';
import { moneyToQuota } from '../../lib/format';
import { request } from '../../lib/graphql';
import { useSettings } from '../../lib/hooks';
import { asTypedError } from '../../lib/typed-result';

/** Hands the plaintext codes to the browser as a file; they are never shown again. */
function downloadCodes(codes: string[]): void {
  const url = URL.createObjectURL(new Blob([`${codes.join('\n')}\n`], { type: 'text/plain' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = `redemption-codes-${new Date().toISOString().slice(0, 19).replace(/[:T]/g, '-')}.txt`;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export default function AdminCodesPage() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const rate = BigInt(useSettings().data?.consoleSettings.quotaPerUsd ?? '500000');
  const pages = useCursorPages();
  const codes = useQuery({ queryKey: ['admin-codes', pages.after], queryFn: () => request(AdminRedemptionCodesDocument, { first: 25, after: pages.after }) });
  const packages = useQuery({ queryKey: ['admin-catalogue'], queryFn: () => request(AdminCatalogueDocument) });
  const [kind, setKind] = useState<'QUOTA' | 'PACKAGE'>('QUOTA');
  const [amount, setAmount] = useState('');
  const [packageId, setPackageId] = useState<string | null>(null);
  const [count, setCount] = useState('10');
  const [memo, setMemo] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const [generated, setGenerated] = useState<number | null>(null);
  const generate = useMutation({
    mutationFn: () => request(AdminGenerateCodesDocument, { input: {
      kind, count: Number(count), memo: memo.trim() || null,
      quotaAmount: kind === 'QUOTA' ? String(moneyToQuota(amount, rate)) : null, packageId: kind === 'PACKAGE' ? packageId : null,
    } }),
    onSuccess: ({ generateRedemptionCodes: r }) => {
      if (r.__typename !== 'GenerateRedemptionCodesSuccess') return setFailure(errorText(asTypedError(r)));
      downloadCodes(r.codes.map((c) => c.code));
      setGenerated(r.codes.length);
      void queryClient.invalidateQueries({ queryKey: ['admin-codes'] });
    },
    onError: (e) => setFailure(errorText(e)),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const n = Number(count);
    if (!Number.isInteger(n) || n < 1 || n > 1000) return setFailure(t('validation.integer'));
    if (kind === 'QUOTA' && !(moneyToQuota(amount, rate)! > 0n)) return setFailure(t('validation.money'));
    if (kind === 'PACKAGE' && !packageId) return setFailure(t('validation.required'));
    generate.mutate();
  };
  const rows = codes.data?.redemptionCodes.edges.map((e) => e.node) ?? [];
  return (
    <Stack>
      <Title order={2}>{t('admin.codes.title')}</Title>
      <Card withBorder>
        <form onSubmit={submit} noValidate>
          <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }}>
            <Select label={t('admin.codes.kind')} value={kind} allowDeselect={false} onChange={(v) => setKind((v ?? 'QUOTA') as 'QUOTA' | 'PACKAGE')}
              data={[{ value: 'QUOTA', label: t('admin.codes.kinds.QUOTA') }, { value: 'PACKAGE', label: t('admin.codes.kinds.PACKAGE') }]} />
            {kind === 'QUOTA'
              ? <TextInput label={t('admin.codes.amount')} inputMode="decimal" value={amount} onChange={(e) => setAmount(e.currentTarget.value)} />
              : <Select label={t('billing.package')} value={packageId} onChange={setPackageId} data={packages.data?.packages.filter((p) => p.status === 'ACTIVE').map((p) => ({ value: p.id, label: p.name })) ?? []} />}
            <TextInput label={t('admin.codes.count')} inputMode="numeric" value={count} onChange={(e) => setCount(e.currentTarget.value)} />
            <TextInput label={t('admin.users.memo')} value={memo} onChange={(e) => setMemo(e.currentTarget.value)} />
          </SimpleGrid>
          {failure && <Alert mt="sm" color="red" role="alert">{failure}</Alert>}
          {generated !== null && <Alert mt="sm" color="green">{t('admin.codes.downloaded', { count: generated })}</Alert>}
          <Group mt="sm"><Button type="submit" loading={generate.isPending}>{t('admin.codes.generate')}</Button><Text size="xs" c="dimmed">{t('admin.codes.onceNote')}</Text></Group>
        </form>
      </Card>
      <PagedList query={codes} empty={rows.length === 0} pages={pages} pageInfo={codes.data?.redemptionCodes.pageInfo}>
        <DataTable minWidth={700} headers={[t('admin.codes.prefix'), t('admin.codes.kind'), t('admin.codes.value'), t('admin.codes.uses'), t('admin.catalogue.status'), t('billing.created')]}>
            {rows.map((c) => (
              <Table.Tr key={c.id}>
                <Table.Td ff="monospace">{c.displayPrefix}…</Table.Td><Table.Td>{t(`admin.codes.kinds.${c.kind}`)}</Table.Td>
                <Table.Td>{c.kind === 'QUOTA' && c.quotaAmount ? <Money units={c.quotaAmount} /> : c.package?.name}</Table.Td>
                <Table.Td>{c.usedCount} / {c.maxUses}</Table.Td><Table.Td><Badge variant="light">{c.status}</Badge></Table.Td><Table.Td><DateText iso={c.createdAt} /></Table.Td>
              </Table.Tr>
            ))}
        </DataTable>
      </PagedList>
    </Stack>
  );
}
