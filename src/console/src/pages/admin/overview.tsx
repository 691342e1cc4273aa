import { Badge, Card, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { AdminOverviewDocument } from '../../../generated/graphql';
import { Money } from '../../components/money';
import { QueryState } from '../../components/states';
import { request } from '../../lib/graphql';
import { MarginPanel } from './margin-panel';

export const BREAKER_COLOR = { CLOSED: 'green', HALF_OPEN: 'yellow', OPEN: 'red' } as const;

export default function AdminOverviewPage() {
  const { t } = useTranslation();
  const range = useMemo(() => ({ from: new Date(Date.now() - 7 * 86_400_000).toISOString(), to: new Date(Date.now() + 60_000).toISOString() }), []);
  const overview = useQuery({ queryKey: ['admin-overview'], queryFn: () => request(AdminOverviewDocument, range) });
  const stats = overview.data?.usageStats.__typename === 'UsageStats' ? overview.data.usageStats : null;
  const channels = overview.data?.channels.edges.map((e) => e.node) ?? [];
  const top = [...(stats?.rows ?? [])].sort((a, b) => b.requests - a.requests).slice(0, 10);
  const errors = stats ? stats.totals.requests - stats.totals.successfulRequests : 0;
  return (
    <Stack>
      <Title order={2}>{t('admin.overview.title')}</Title>
      <Text size="sm" c="dimmed">{t('admin.overview.last7')}</Text>
      <QueryState loading={overview.isLoading} error={overview.error}>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <Card withBorder><Text size="sm" c="dimmed">{t('admin.overview.requests')}</Text><Text size="xl" fw={700}>{stats?.totals.requests ?? 0}</Text></Card>
          <Card withBorder><Text size="sm" c="dimmed">{t('admin.overview.errors')}</Text><Text size="xl" fw={700}>{errors}</Text></Card>
          <Card withBorder><Text size="sm" c="dimmed">{t('admin.overview.spend')}</Text><Text size="xl" fw={700}><Money units={stats?.totals.cost ?? '0'} /></Text></Card>
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          <Card withBorder>
            <Title order={4} mb="sm">{t('admin.overview.topModels')}</Title>
            {top.length === 0 ? <Text c="dimmed">{t('common.empty')}</Text> : (
              <Table>
                <Table.Tbody>
                  {top.map((r) => <Table.Tr key={r.modelId ?? '—'}><Table.Td ff="monospace">{r.modelId ?? '—'}</Table.Td><Table.Td>{r.requests}</Table.Td><Table.Td><Money units={r.cost} /></Table.Td></Table.Tr>)}
                </Table.Tbody>
              </Table>
            )}
          </Card>
          <Card withBorder>
            <Title order={4} mb="sm">{t('admin.overview.channelHealth')}</Title>
            {channels.length === 0 ? <Text c="dimmed">{t('common.empty')}</Text> : (
              <Table>
                <Table.Tbody>
                  {channels.map((c) => (
                    <Table.Tr key={c.id}>
                      <Table.Td>{c.name}</Table.Td>
                      <Table.Td><Badge color={c.status === 'ENABLED' ? 'green' : 'gray'}>{t(`admin.channels.statuses.${c.status}`)}</Badge></Table.Td>
                      <Table.Td><Badge color={BREAKER_COLOR[c.health.state]} variant="light">{t(`admin.channels.breaker.${c.health.state}`)}</Badge></Table.Td>
                      <Table.Td>{c.health.recentErrorRate == null ? '—' : `${(c.health.recentErrorRate * 100).toFixed(1)}%`}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            )}
          </Card>
        </SimpleGrid>
        <MarginPanel />
      </QueryState>
    </Stack>
  );
}
