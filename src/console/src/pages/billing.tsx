import { Alert, Anchor, Badge, Button, Card, Code, Group, Select, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { BuyPackageDocument, PackagesAndOrdersDocument } from '../../generated/graphql';
import { DateText } from '../components/date-text';
import { Money } from '../components/money';
import { notifyError, notifyOk } from '../components/notify';
import { Pager } from '../components/pager';
import { useCursorPages } from '../components/paging';
import { QueryState } from '../components/states';
import { useErrorText } from '../lib/error-text';
import { request } from '../lib/graphql';
import { asTypedError } from '../lib/typed-result';

export const ORDER_COLOR = { PENDING: 'yellow', PAID: 'green', CANCELLED: 'gray', REFUNDED: 'red' } as const;

export function BillingPage() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const pages = useCursorPages();
  // While an order is pending, poll so it turns PAID on screen once the provider's notification lands (no reload).
  const data = useQuery({
    queryKey: ['billing', pages.after],
    queryFn: () => request(PackagesAndOrdersDocument, { first: 20, after: pages.after }),
    refetchInterval: (query) => (query.state.data?.orders.edges.some((e) => e.node.status === 'PENDING') ? 3000 : false),
  });
  const methods = data.data?.paymentMethods ?? [];
  // "provider:method"; none chosen (or none configured) means an order an admin marks paid.
  const [payWith, setPayWith] = useState<string | null>(null);
  const chosen = methods.find((m) => `${m.provider}:${m.method}` === (payWith ?? `${methods[0]?.provider}:${methods[0]?.method}`)) ?? null;
  const buy = useMutation({
    mutationFn: (packageId: string) => request(BuyPackageDocument, { packageId, provider: chosen?.provider ?? null, method: chosen?.method ?? null }),
    onSuccess: ({ purchasePackage }) => {
      const error = asTypedError(purchasePackage);
      if (error) notifyError(errorText(error));
      else if (purchasePackage.__typename === 'Order' && purchasePackage.checkoutUrl) window.location.assign(purchasePackage.checkoutUrl);
      else notifyOk(t('billing.orderCreated'));
      pages.reset();
      void queryClient.invalidateQueries({ queryKey: ['billing'] });
    },
    onError: (e) => notifyError(errorText(e)),
  });
  const orders = data.data?.orders.edges.map((e) => e.node) ?? [];
  const pending = orders.filter((o) => o.status === 'PENDING');
  return (
    <Stack>
      <Title order={2}>{t('billing.title')}</Title>
      <QueryState loading={data.isLoading} error={data.error}>
        {methods.length > 0 && (
          <Select label={t('billing.payWith')} maw={320} allowDeselect={false} value={chosen ? `${chosen.provider}:${chosen.method}` : null}
            onChange={setPayWith} data={methods.map((m) => ({ value: `${m.provider}:${m.method}`, label: m.displayName }))} />
        )}
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
          {(data.data?.packages ?? []).map((p) => (
            <Card withBorder key={p.id} data-testid="package">
              <Group justify="space-between"><Title order={4}>{p.name}</Title>{p.unlocksTiers.map((tier) => <Badge key={tier} color="grape">{tier}</Badge>)}</Group>
              <Text size="sm" c="dimmed" my="xs">{p.description}</Text>
              <Text size="xl" fw={700}>{p.price} {p.currency}</Text>
              <Text size="sm">{t('billing.duration', { count: p.durationDays })} · {t('billing.includes')} <Money units={p.quotaPerPeriod} /></Text>
              <Button mt="md" onClick={() => buy.mutate(p.id)} loading={buy.isPending && buy.variables === p.id}>{t('billing.buy')}</Button>
            </Card>
          ))}
        </SimpleGrid>
        {pending.length > 0 && (
          <Alert color="yellow" title={t('billing.pendingTitle')} data-testid="pending-order">
            {pending.map((o) => (
              <Stack key={o.id} gap={4} mb="xs">
                {o.checkoutUrl || o.qrCode ? (
                  <Text size="sm">
                    {t('billing.payOnline', { id: o.id, amount: `${o.amount} ${o.currency}`, name: o.package.name })}{' '}
                    {o.checkoutUrl && <Anchor href={o.checkoutUrl} rel="noopener noreferrer">{t('billing.payNow')}</Anchor>}
                  </Text>
                ) : (
                  <Text size="sm">{t('billing.howToPay', { id: o.id, amount: `${o.amount} ${o.currency}`, name: o.package.name })}</Text>
                )}
                {o.qrCode && <Text size="sm">{t('billing.qrCode')} <Code>{o.qrCode}</Code></Text>}
                {o.expiresAt && <Text size="xs" c="dimmed">{t('billing.expires')} <DateText iso={o.expiresAt} /></Text>}
              </Stack>
            ))}
          </Alert>
        )}
        <Card withBorder p={0}>
          <Title order={4} p="sm">{t('billing.orders')}</Title>
          {orders.length === 0 ? <Text c="dimmed" p="md">{t('common.empty')}</Text> : (
            <Table.ScrollContainer minWidth={600}>
              <Table striped>
                <Table.Thead>
                  <Table.Tr><Table.Th>#</Table.Th><Table.Th>{t('billing.package')}</Table.Th><Table.Th>{t('billing.amount')}</Table.Th><Table.Th>{t('billing.status')}</Table.Th><Table.Th>{t('billing.created')}</Table.Th><Table.Th>{t('billing.paid')}</Table.Th></Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {orders.map((o) => (
                    <Table.Tr key={o.id} data-testid="order-row">
                      <Table.Td>{o.id}</Table.Td><Table.Td>{o.package.name}</Table.Td><Table.Td>{o.amount} {o.currency}</Table.Td>
                      <Table.Td><Badge color={ORDER_COLOR[o.status]}>{t(`billing.statuses.${o.status}`)}</Badge></Table.Td>
                      <Table.Td><DateText iso={o.createdAt} /></Table.Td><Table.Td>{o.paidAt ? <DateText iso={o.paidAt} /> : '—'}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        </Card>
        {data.data && <Pager pages={pages} hasNextPage={data.data.orders.pageInfo.hasNextPage} endCursor={data.data.orders.pageInfo.endCursor} />}
      </QueryState>
    </Stack>
  );
}
