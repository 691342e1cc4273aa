import { Badge, Button, Card, Group, Select, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MyKeysDocument, UsageLogDocument, type UsageFilter, type UsageOutcome } from '../../generated/graphql';
import { DateText } from '../components/date-text';
import { Money } from '../components/money';
import { notifyError } from '../components/notify';
import { useCursorPages } from '../components/paging';
import { DataTable, PagedList } from '../components/data-table';
import { downloadCsv } from '../lib/csv-download';
import { dayRange } from '../lib/day-range';
import { request } from '../lib/graphql';
import { useLocaleFormat } from '../lib/hooks';

const OUTCOMES: UsageOutcome[] = ['SUCCESS', 'REJECTED', 'UPSTREAM_ERROR', 'UPSTREAM_TIMEOUT', 'UPSTREAM_FAILED_MID_STREAM', 'CLIENT_ABORTED', 'NO_CHANNEL'];

export function UsagePage() {
  const { t } = useTranslation();
  const pages = useCursorPages();
  const [tokenId, setTokenId] = useState<string | null>(null);
  const [modelId, setModelId] = useState('');
  const [outcome, setOutcome] = useState<string | null>(null);
  const [fromDay, setFromDay] = useState('');
  const [toDay, setToDay] = useState('');
  const [exporting, setExporting] = useState(false);
  const { timeZone } = useLocaleFormat();
  const range = dayRange(fromDay, toDay, timeZone);
  const filter: UsageFilter = {
    tokenId, modelId: modelId.trim() || null, outcome: (outcome as UsageOutcome | null) ?? null, from: range.from, to: range.to,
  };
  const keys = useQuery({ queryKey: ['keys-all'], queryFn: () => request(MyKeysDocument, { first: 100 }) });
  const usage = useQuery({ queryKey: ['usage', filter, pages.after], queryFn: () => request(UsageLogDocument, { first: 25, after: pages.after, filter }) });
  const keyName = new Map(keys.data?.tokens.edges.map((e) => [e.node.id, e.node.name]) ?? []);
  const rows = usage.data?.usage.edges.map((e) => e.node) ?? [];
  const change = <T,>(set: (v: T) => void) => (v: T) => { set(v); pages.reset(); };
  const exportCsv = async () => {
    setExporting(true);
    try {
      // The export's parameter names: model (not modelId), outcome, tokenId, from, to (any other is a 400).
      await downloadCsv('/export/usage.csv', { tokenId, model: filter.modelId, outcome: filter.outcome, from: range.from, to: range.to }, 'usage.csv');
    } catch (error) {
      notifyError(t('usage.exportFailed', { reason: error instanceof Error ? error.message : String(error) }));
    } finally {
      setExporting(false);
    }
  };
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2}>{t('usage.title')}</Title>
        <Button variant="light" onClick={exportCsv} loading={exporting}>{t('usage.exportCsv')}</Button>
      </Group>
      <Card withBorder>
        <Group align="flex-end" gap="sm">
          <Select label={t('usage.key')} clearable placeholder={t('usage.anyKey')} value={tokenId} onChange={change(setTokenId)}
            data={keys.data?.tokens.edges.map((e) => ({ value: e.node.id, label: e.node.name })) ?? []} w={180} />
          <TextInput label={t('usage.model')} placeholder="gpt-4o-mini" value={modelId} onChange={(e) => change(setModelId)(e.currentTarget.value)} w={180} />
          <Select label={t('usage.outcome')} clearable placeholder={t('usage.anyOutcome')} value={outcome} onChange={change(setOutcome)}
            data={OUTCOMES.map((o) => ({ value: o, label: t(`usage.outcomes.${o}`) }))} w={200} />
          <TextInput label={t('usage.from')} type="date" value={fromDay} onChange={(e) => change(setFromDay)(e.currentTarget.value)} />
          <TextInput label={t('usage.to')} type="date" value={toDay} onChange={(e) => change(setToDay)(e.currentTarget.value)} />
        </Group>
      </Card>
      <PagedList query={usage} empty={rows.length === 0} pages={pages} pageInfo={usage.data?.usage.pageInfo}>
        <DataTable minWidth={800} headers={[t('usage.time'), t('usage.key'), t('usage.model'), t('usage.outcome'), t('usage.tokens'), t('usage.cost'), t('usage.latency')]}>
            {rows.map((u) => (
              <Table.Tr key={u.id} data-testid="usage-row">
                <Table.Td><DateText iso={u.createdAt} /></Table.Td>
                <Table.Td>{(u.tokenId && keyName.get(u.tokenId)) ?? u.tokenId ?? '—'}</Table.Td>
                <Table.Td><Text ff="monospace" size="sm">{u.modelId ?? '—'}</Text></Table.Td>
                <Table.Td><Badge color={u.outcome === 'SUCCESS' ? 'green' : 'red'}>{t(`usage.outcomes.${u.outcome}`)}</Badge></Table.Td>
                <Table.Td>
                  {u.promptTokens} / {u.completionTokens}
                  {u.images > 0 && <Text size="xs" c="dimmed">{t('usage.images', { count: u.images })}</Text>}
                  {u.characters > 0 && <Text size="xs" c="dimmed">{t('usage.characters', { count: u.characters })}</Text>}
                </Table.Td>
                <Table.Td><Money units={u.cost} /></Table.Td>
                <Table.Td>{u.latencyMs} ms</Table.Td>
              </Table.Tr>
            ))}
        </DataTable>
      </PagedList>
    </Stack>
  );
}
