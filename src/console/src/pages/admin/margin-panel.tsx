import { Card, SimpleGrid, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { AdminMarginDocument } from '../../../generated/graphql';
import MarginChart from '../../components/margin-chart';
import { Money } from '../../components/money';
import { QueryState } from '../../components/states';
import { request } from '../../lib/graphql';

/** Revenue, upstream cost and margin over the last 30 days, and the channels that earn least. Admins only (the figures are). */
export function MarginPanel() {
  const { t } = useTranslation();
  const range = useMemo(() => ({ from: new Date(Date.now() - 30 * 86_400_000).toISOString(), to: new Date(Date.now() + 60_000).toISOString() }), []);
  const margin = useQuery({ queryKey: ['admin-margin'], queryFn: () => request(AdminMarginDocument, range) });
  const byDay = margin.data?.byDay.__typename === 'UsageStats' ? margin.data.byDay : null;
  const byChannel = margin.data?.byChannel.__typename === 'UsageStats' ? margin.data.byChannel.rows : [];
  const lowest = [...byChannel].sort((a, b) => Number(a.margin ?? 0) - Number(b.margin ?? 0)).slice(0, 5);
  const labels = useMemo(() => ({
    revenue: t('admin.margin.revenue'), cost: t('admin.margin.cost'), margin: t('admin.margin.margin'), chart: t('admin.margin.chart'),
  }), [t]);
  return (
    <Card withBorder data-testid="margin-panel">
      <Title order={4} mb="sm">{t('admin.margin.title')}</Title>
      <QueryState loading={margin.isLoading} error={margin.error}>
        <SimpleGrid cols={{ base: 1, sm: 3 }} mb="sm">
          <div><Text size="sm" c="dimmed">{labels.revenue}</Text><Text fw={700}><Money units={byDay?.totals.cost ?? '0'} /></Text></div>
          <div><Text size="sm" c="dimmed">{labels.cost}</Text><Text fw={700}><Money units={byDay?.totals.upstreamCost ?? '0'} /></Text></div>
          <div><Text size="sm" c="dimmed">{labels.margin}</Text><Text fw={700} data-testid="margin-total"><Money units={byDay?.totals.margin ?? '0'} /></Text></div>
        </SimpleGrid>
        <MarginChart rows={byDay?.rows ?? []} labels={labels} />
        <Title order={5} mt="md" mb="xs">{t('admin.margin.lowestChannels')}</Title>
        {lowest.length === 0 ? <Text c="dimmed">{t('common.empty')}</Text> : (
          <Table data-testid="lowest-margin-channels">
            <Table.Thead>
              <Table.Tr><Table.Th>{t('admin.margin.channel')}</Table.Th><Table.Th>{labels.revenue}</Table.Th><Table.Th>{labels.cost}</Table.Th><Table.Th>{labels.margin}</Table.Th></Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {lowest.map((r) => (
                <Table.Tr key={r.channelId ?? '—'}>
                  <Table.Td>{r.channelName ?? r.channelId ?? '—'}</Table.Td>
                  <Table.Td><Money units={r.cost} /></Table.Td>
                  <Table.Td><Money units={r.upstreamCost ?? '0'} /></Table.Td>
                  <Table.Td><Money units={r.margin ?? '0'} /></Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </QueryState>
    </Card>
  );
}
