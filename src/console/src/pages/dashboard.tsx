import { Badge, Button, Card, Group, Progress, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { CheckInDocument, DashboardDocument } from '../../generated/graphql';
import { DateText } from '../components/date-text';
import { AnnouncementList } from '../components/announcement-list';
import { Money } from '../components/money';
import { notifyError, notifyOk } from '../components/notify';
import { QueryState } from '../components/states';
import { useErrorText } from '../lib/error-text';
import { request } from '../lib/graphql';
import { useLocaleFormat, useMoney, useViewer } from '../lib/hooks';
import { addDays, dayInZone, zonedToIso } from '../lib/time-zone';
import { asTypedError } from '../lib/typed-result';
import { QuickStart } from './quick-start';

// ECharts is large: loaded after the page renders, in its own chunk.
const UsageChart = lazy(() => import('../components/usage-chart'));

export function DashboardPage() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const money = useMoney();
  const { timeZone } = useLocaleFormat();
  const queryClient = useQueryClient();
  // The last 30 days as the user's zone cuts them (the server groups by day in that zone too).
  const today = dayInZone(new Date(), timeZone);
  const { days, range } = useMemo(() => {
    const list = Array.from({ length: 30 }, (_, i) => addDays(today, i - 29));
    return { days: list, range: { from: zonedToIso(list[0]!, timeZone)!, to: zonedToIso(addDays(today, 1), timeZone)! } };
  }, [today, timeZone]);
  // The viewer's own usage: for an admin, usageStats without a userId would be everyone's.
  const userId = useViewer().data?.me.id;
  const dashboard = useQuery({
    queryKey: ['dashboard', userId, range],
    queryFn: () => request(DashboardDocument, { ...range, timezone: timeZone, userId }),
    enabled: userId !== undefined,
  });
  const checkIn = useMutation({
    mutationFn: () => request(CheckInDocument),
    onSuccess: ({ checkIn: result }) => {
      if (result.__typename === 'CheckInSuccess') notifyOk(t('dashboard.checkedInGained', { amount: money(result.amount).money }));
      else notifyError(errorText(asTypedError(result)));
      void queryClient.invalidateQueries({ queryKey: ['dashboard'] });
      void queryClient.invalidateQueries({ queryKey: ['viewer'] });
    },
    onError: (error) => notifyError(errorText(error)),
  });
  const data = dashboard.data;
  const stats = data?.usageStats.__typename === 'UsageStats' ? data.usageStats : null;
  return (
    <Stack>
      <Title order={2}>{t('dashboard.title')}</Title>
      <AnnouncementList />
      <QueryState loading={dashboard.isPending} error={dashboard.error}>
        {data && (
          <>
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              <Card withBorder>
                <Text size="sm" c="dimmed">{t('dashboard.totalBalance')}</Text>
                <Text size="xl" fw={700} data-testid="total-balance"><Money units={data.me.totalQuota} /></Text>
              </Card>
              <Card withBorder>
                <Text size="sm" c="dimmed">{t('dashboard.freeQuota')}</Text>
                <Text size="xl" fw={700} data-testid="free-quota"><Money units={data.me.freeQuota} /></Text>
              </Card>
              <Card withBorder>
                <Text size="sm" c="dimmed">{t('dashboard.checkIn')}</Text>
                <Group justify="space-between" mt={4}>
                  <Stack gap={0}>
                    <Text fw={600} data-testid="check-in-state">
                      {data.checkInStatus.checkedInToday ? t('dashboard.checkedInToday') : t('dashboard.notCheckedIn')}
                    </Text>
                    <Text size="sm" c="dimmed">{t('dashboard.streak', { count: data.checkInStatus.streak })}</Text>
                  </Stack>
                  <Button onClick={() => checkIn.mutate()} loading={checkIn.isPending} disabled={data.checkInStatus.checkedInToday}>
                    {t('dashboard.checkInButton')}
                  </Button>
                </Group>
              </Card>
            </SimpleGrid>

            <Card withBorder>
              <Title order={4} mb="sm">{t('dashboard.subscriptions')}</Title>
              {data.me.activeSubscriptions.length === 0 && <Text c="dimmed">{t('dashboard.noSubscriptions')}</Text>}
              <Stack>
                {data.me.activeSubscriptions.map((s) => {
                  const total = Number(s.quotaTotal) || 1;
                  return (
                    <Stack key={s.id} gap={4} data-testid="subscription">
                      <Group justify="space-between">
                        <Group gap="xs"><Text fw={600}>{s.package.name}</Text>{s.unlocksTiers.map((tier) => <Badge key={tier} color="grape">{tier}</Badge>)}</Group>
                        <Text size="sm">{t('dashboard.endsAt')} <DateText iso={s.endsAt} /></Text>
                      </Group>
                      <Progress value={(Number(s.quotaRemaining) / total) * 100} aria-label={t('dashboard.remaining')} />
                      <Text size="sm">{t('dashboard.remaining')}: <Money units={s.quotaRemaining} /> / <Money units={s.quotaTotal} /></Text>
                    </Stack>
                  );
                })}
              </Stack>
            </Card>

            <Card withBorder>
              <Group justify="space-between" mb="sm">
                <Title order={4}>{t('dashboard.usage30')}</Title>
                {stats && <Text size="sm">{t('dashboard.requestsTotal', { count: stats.totals.requests })} · <Money units={stats.totals.cost} /></Text>}
              </Group>
              {stats && stats.rows.length === 0 && <Text c="dimmed">{t('dashboard.noUsage')}</Text>}
              {stats && stats.rows.length > 0 && (
                <Suspense fallback={<Text c="dimmed">{t('common.loading')}</Text>}>
                  <UsageChart rows={stats.rows} days={days} />
                </Suspense>
              )}
            </Card>

            <QuickStart />
          </>
        )}
      </QueryState>
    </Stack>
  );
}
