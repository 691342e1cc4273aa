import { Badge, Group, SegmentedControl, Stack, Table, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AdminCancelOrderDocument, AdminMarkOrderPaidDocument, AdminOrdersDocument, AdminRefundOrderDocument, type OrderStatus } from '../../../generated/graphql';
import { ConfirmButton } from '../../components/confirm';
import { DateText } from '../../components/date-text';
import { notifyError, notifyOk } from '../../components/notify';
import { useCursorPages } from '../../components/paging';
import { DataTable, PagedList } from '../../components/data-table';
import { useErrorText } from '../../lib/error-text';
import { request } from '../../lib/graphql';
import { asTypedError } from '../../lib/typed-result';
import { ORDER_COLOR } from '../billing';

type Action = 'pay' | 'cancel' | 'refund';

export default function AdminOrdersPage() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const pages = useCursorPages();
  const [status, setStatus] = useState<string>('PENDING');
  const filter = status === 'ALL' ? null : (status as OrderStatus);
  const orders = useQuery({ queryKey: ['admin-orders', filter, pages.after], queryFn: () => request(AdminOrdersDocument, { first: 25, after: pages.after, status: filter }) });
  const act = useMutation({
    mutationFn: async ({ action, orderId }: { action: Action; orderId: string }) => {
      const memo = `console: ${action}`;
      if (action === 'pay') return (await request(AdminMarkOrderPaidDocument, { orderId, memo })).markOrderPaid;
      if (action === 'cancel') return (await request(AdminCancelOrderDocument, { orderId })).cancelOrder;
      return (await request(AdminRefundOrderDocument, { orderId, memo })).refundOrder;
    },
    onSuccess: (result) => {
      const error = asTypedError(result);
      if (error) notifyError(errorText(error));
      else notifyOk(t('common.saved'));
      void queryClient.invalidateQueries({ queryKey: ['admin-orders'] });
    },
    onError: (e) => notifyError(errorText(e)),
  });
  const rows = orders.data?.orders.edges.map((e) => e.node) ?? [];
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2}>{t('admin.orders.title')}</Title>
        <SegmentedControl value={status} onChange={(v) => { setStatus(v); pages.reset(); }} aria-label={t('billing.status')}
          data={['PENDING', 'PAID', 'CANCELLED', 'REFUNDED', 'ALL'].map((s) => ({ value: s, label: s === 'ALL' ? t('models.all') : t(`billing.statuses.${s}`) }))} />
      </Group>
      <PagedList query={orders} empty={rows.length === 0} pages={pages} pageInfo={orders.data?.orders.pageInfo}>
        <DataTable minWidth={800} headers={['#', t('admin.users.email'), t('billing.package'), t('billing.amount'), t('billing.status'), t('billing.created'), t('common.actions')]}>
            {rows.map((o) => (
              <Table.Tr key={o.id} data-testid="admin-order-row" data-user={o.user.email}>
                <Table.Td>{o.id}</Table.Td><Table.Td>{o.user.email}</Table.Td><Table.Td>{o.package.name}</Table.Td><Table.Td>{o.amount} {o.currency}</Table.Td>
                <Table.Td><Badge color={ORDER_COLOR[o.status]}>{t(`billing.statuses.${o.status}`)}</Badge></Table.Td>
                <Table.Td><DateText iso={o.createdAt} /></Table.Td>
                <Table.Td>
                  <Group gap={4} wrap="nowrap">
                    {o.status === 'PENDING' && <ConfirmButton color="green" label={t('admin.orders.markPaid')} question={t('admin.orders.markPaidConfirm', { id: o.id, email: o.user.email })} onConfirm={() => act.mutateAsync({ action: 'pay', orderId: o.id })} />}
                    {o.status === 'PENDING' && <ConfirmButton label={t('admin.orders.cancel')} question={t('admin.orders.cancelConfirm', { id: o.id })} onConfirm={() => act.mutateAsync({ action: 'cancel', orderId: o.id })} />}
                    {o.status === 'PAID' && <ConfirmButton label={t('admin.orders.refund')} question={t('admin.orders.refundConfirm', { id: o.id })} onConfirm={() => act.mutateAsync({ action: 'refund', orderId: o.id })} />}
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
        </DataTable>
      </PagedList>
    </Stack>
  );
}
