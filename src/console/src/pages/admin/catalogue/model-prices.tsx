import { Badge, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { AdminModelPriceHistoryDocument, AdminSetModelPriceDocument, AdminWithdrawScheduledPriceDocument } from '../../../../generated/graphql';
import { ConfirmButton } from '../../../components/confirm';
import { DataTable } from '../../../components/data-table';
import { DateText } from '../../../components/date-text';
import { Money } from '../../../components/money';
import { QueryState } from '../../../components/states';
import { useAdminMutation } from '../../../lib/admin-mutation';
import { request } from '../../../lib/graphql';
import { PriceVersionForm } from './price-version-form';
import { AFTER_CATALOGUE_CHANGE, type AdminModel } from './shared';

/** A new price version, effective now or at a chosen time (future versions can be withdrawn), and the history. */
export function ModelPrices({ model, onDone }: { model: AdminModel; onDone: () => void }) {
  const { t } = useTranslation();
  const historyKey = ['admin-price-history', model.modelId];
  const history = useQuery({ queryKey: historyKey, queryFn: () => request(AdminModelPriceHistoryDocument, { modelId: model.modelId }) });
  const invalidate = [...AFTER_CATALOGUE_CHANGE, historyKey];
  const withdraw = useAdminMutation((priceId: string) => request(AdminWithdrawScheduledPriceDocument, { priceId }).then((r) => r.withdrawScheduledPrice), { invalidate });
  const versions = history.data?.modelPriceHistory.__typename === 'ModelPriceHistory' ? history.data.modelPriceHistory.prices : [];
  const now = Date.now();
  return (
    <Stack>
      <PriceVersionForm initial={model} note={t('admin.models.priceNote')} invalidate={invalidate}
        save={(input) => request(AdminSetModelPriceDocument, { modelId: model.modelId, input }).then((r) => r.setModelPrice)}
        onSaved={(scheduled) => { if (!scheduled) onDone(); }} />
      <Title order={5}>{t('admin.models.history')}</Title>
      <QueryState loading={history.isLoading} error={history.error} empty={versions.length === 0}>
        <DataTable minWidth={760} headers={[t('admin.models.effectiveAt'), t('admin.models.kind'), t('models.input'), t('models.output'), t('models.perRequest'), t('models.perMinute'), t('admin.users.memo'), '']}>
          {versions.map((p) => {
            const scheduled = new Date(p.effectiveAt).getTime() > now;
            return (
              <Table.Tr key={p.id} data-testid="price-version">
                <Table.Td><DateText iso={p.effectiveAt} />{scheduled && <Badge ml={4} size="xs" color="blue">{t('admin.models.scheduled')}</Badge>}</Table.Td>
                <Table.Td>{t(`admin.models.kinds.${p.kind}`)}</Table.Td>
                <Table.Td><Money units={p.inputPrice} /></Table.Td><Table.Td><Money units={p.outputPrice} /></Table.Td>
                <Table.Td><Money units={p.requestPrice} /></Table.Td><Table.Td><Money units={p.audioMinutePrice} /></Table.Td>
                <Table.Td><Text size="xs">{p.memo || '—'}</Text></Table.Td>
                <Table.Td>{scheduled && <ConfirmButton label={t('admin.models.withdraw')} question={t('admin.models.withdrawConfirm')} onConfirm={() => withdraw.mutateAsync(p.id)} />}</Table.Td>
              </Table.Tr>
            );
          })}
        </DataTable>
      </QueryState>
    </Stack>
  );
}
