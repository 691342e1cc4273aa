import { Button, Card, Group, MultiSelect, Select, SimpleGrid, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AdminChannelsDocument, AdminUsageStatsDocument, type AdminUsageStatsQuery, type UsageStatsGroupBy } from '../../../generated/graphql';
import { DataTable } from '../../components/data-table';
import { Money } from '../../components/money';
import { notifyError } from '../../components/notify';
import { QueryState } from '../../components/states';
import { downloadCsv } from '../../lib/csv-download';
import { dayRange } from '../../lib/day-range';
import { useErrorText } from '../../lib/error-text';
import { formatHour, formatUnits } from '../../lib/format';
import { request } from '../../lib/graphql';
import { useLocaleFormat } from '../../lib/hooks';
import { addDays, dayInZone } from '../../lib/time-zone';
import { asTypedError } from '../../lib/typed-result';
import { UserPicker } from './user-picker';

const GROUPINGS: UsageStatsGroupBy[] = ['DAY', 'HOUR', 'MODEL', 'USER', 'TOKEN', 'CHANNEL', 'GROUP', 'SURFACE'];

type StatsRow = NonNullable<Extract<AdminUsageStatsQuery['usageStats'], { __typename: 'UsageStats' }>>['rows'][number];

/** How each grouping's key is shown in its column; hours in the user's zone, as the days are cut. */
const CELL: Record<UsageStatsGroupBy, (r: StatsRow, locale: string, timeZone: string) => ReactNode> = {
  DAY: (r) => r.day ?? '—',
  DAY_AND_MODEL: (r) => `${r.day ?? '—'} ${r.modelId ?? ''}`,
  HOUR: (r, locale, timeZone) => <time dateTime={r.hour ?? undefined}>{formatHour(r.hour, locale, timeZone)}</time>,
  MODEL: (r) => r.modelId ?? '—',
  USER: (r) => r.userEmail ?? r.userId ?? '—',
  TOKEN: (r) => r.tokenId ?? '—',
  CHANNEL: (r) => r.channelName ?? r.channelId ?? '—',
  GROUP: (r) => r.group ?? '—',
  SURFACE: (r) => r.surface ?? '—',
};

/** Usage statistics for anyone, grouped any way, with the matching rows as CSV (usage and ledger). */
export default function AdminStatsPage() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const [groupBy, setGroupBy] = useState<string[]>(['DAY']);
  const { locale, timeZone } = useLocaleFormat();
  const today = dayInZone(new Date(), timeZone);
  // null until the person picks a day: the last seven days in the user's zone (which loads after the first render).
  const [fromDay, setFromDay] = useState<string | null>(null);
  const [toDay, setToDay] = useState<string | null>(null);
  const [userId, setUserId] = useState<string | null>(null);
  const [modelId, setModelId] = useState('');
  const [channelId, setChannelId] = useState<string | null>(null);
  const [group, setGroup] = useState('');
  const [surface, setSurface] = useState('');
  const [exporting, setExporting] = useState<string | null>(null);
  const shownFrom = fromDay ?? addDays(today, -6);
  const shownTo = toDay ?? today;
  const range = dayRange(shownFrom, shownTo, timeZone);
  const variables = {
    from: range.from ?? new Date(Date.now() - 7 * 86_400_000).toISOString(), to: range.to ?? new Date().toISOString(),
    timezone: timeZone, groupBy: groupBy as UsageStatsGroupBy[], userId, channelId, modelId: modelId.trim() || null, group: group.trim() || null, surface: surface.trim() || null,
  };
  const stats = useQuery({ queryKey: ['admin-stats', variables], queryFn: () => request(AdminUsageStatsDocument, variables) });
  const channels = useQuery({ queryKey: ['admin-channels', 'picker'], queryFn: () => request(AdminChannelsDocument, { first: 100 }) });
  const result = stats.data?.usageStats;
  const typedError = asTypedError(result);
  const data = result?.__typename === 'UsageStats' ? result : null;
  const exportCsv = async (kind: 'usage' | 'ledger') => {
    setExporting(kind);
    try {
      // Each export's own parameter names (anything else is a 400): the ledger has no model or channel.
      const params = kind === 'usage' ? { from: variables.from, to: variables.to, userId, model: variables.modelId, channelId } : { from: variables.from, to: variables.to, userId };
      await downloadCsv(`/export/${kind}.csv`, params, `${kind}-${shownFrom}-${shownTo}.csv`);
    } catch (error) {
      notifyError(t('usage.exportFailed', { reason: errorText(error) }));
    } finally {
      setExporting(null);
    }
  };
  const columns = GROUPINGS.filter((g) => groupBy.includes(g)).map((g) => [t(`admin.stats.by.${g}`), CELL[g]] as const);
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2}>{t('admin.stats.title')}</Title>
        <Group gap="xs">
          <Button variant="light" loading={exporting === 'usage'} onClick={() => void exportCsv('usage')}>{t('admin.stats.exportUsage')}</Button>
          <Button variant="light" loading={exporting === 'ledger'} onClick={() => void exportCsv('ledger')}>{t('admin.stats.exportLedger')}</Button>
        </Group>
      </Group>
      <Card withBorder>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }}>
          <MultiSelect label={t('admin.stats.groupBy')} value={groupBy} onChange={setGroupBy} data={GROUPINGS.map((g) => ({ value: g, label: t(`admin.stats.by.${g}`) }))} />
          <TextInput label={t('usage.from')} type="date" value={shownFrom} onChange={(e) => setFromDay(e.currentTarget.value)} />
          <TextInput label={t('usage.to')} type="date" value={shownTo} onChange={(e) => setToDay(e.currentTarget.value)} />
          <UserPicker label={t('admin.stats.by.USER')} value={userId} onChange={setUserId} />
          <TextInput label={t('usage.model')} placeholder="gpt-4o-mini" value={modelId} onChange={(e) => setModelId(e.currentTarget.value)} />
          <Select label={t('admin.stats.by.CHANNEL')} clearable value={channelId} onChange={setChannelId}
            data={channels.data?.channels.edges.map((e) => ({ value: e.node.id, label: e.node.name })) ?? []} />
          <TextInput label={t('admin.stats.by.GROUP')} value={group} onChange={(e) => setGroup(e.currentTarget.value)} />
          <TextInput label={t('admin.stats.by.SURFACE')} placeholder="chat.completions" value={surface} onChange={(e) => setSurface(e.currentTarget.value)} />
        </SimpleGrid>
        {data && <Text size="xs" c="dimmed" mt="xs">{t('admin.stats.timezone', { zone: data.timezone })}</Text>}
      </Card>
      <Card withBorder p={0}>
        <QueryState loading={stats.isLoading} error={stats.error ?? typedError} empty={!data || data.totals.requests === 0}>
          {data && (
            <DataTable minWidth={700} headers={[...columns.map(([h]) => h), t('admin.overview.requests'), t('admin.stats.succeeded'), t('usage.tokens'), t('usage.cost')]}>
              {data.rows.map((r, i) => (
                <Table.Tr key={i} data-testid="stats-row">
                  {columns.map(([h, cell]) => <Table.Td key={h}>{cell(r, locale, timeZone)}</Table.Td>)}
                  <Table.Td>{formatUnits(r.requests)}</Table.Td><Table.Td>{formatUnits(r.successfulRequests)}</Table.Td>
                  <Table.Td>{formatUnits(r.promptTokens)} / {formatUnits(r.completionTokens)}</Table.Td><Table.Td><Money units={r.cost} /></Table.Td>
                </Table.Tr>
              ))}
              <Table.Tr fw={700}>
                {columns.length > 0 && <Table.Td colSpan={columns.length}>{t('admin.stats.total')}</Table.Td>}
                <Table.Td>{formatUnits(data.totals.requests)}</Table.Td><Table.Td>{formatUnits(data.totals.successfulRequests)}</Table.Td>
                <Table.Td>{formatUnits(data.totals.promptTokens)} / {formatUnits(data.totals.completionTokens)}</Table.Td><Table.Td><Money units={data.totals.cost} /></Table.Td>
              </Table.Tr>
            </DataTable>
          )}
        </QueryState>
      </Card>
    </Stack>
  );
}
