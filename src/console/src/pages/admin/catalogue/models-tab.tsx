import { Badge, Button, Card, Group, Modal, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AdminDeprecateModelDocument, AdminHideModelDocument, AdminUpdateModelDocument } from '../../../../generated/graphql';
import { ConfirmButton } from '../../../components/confirm';
import { DataTable } from '../../../components/data-table';
import { DateText } from '../../../components/date-text';
import { useAdminMutation } from '../../../lib/admin-mutation';
import { request } from '../../../lib/graphql';
import { PriceCells } from '../../catalogue';
import { ModelFallbacks } from './model-fallbacks';
import { ModelForm } from './model-form';
import { ModelPrices } from './model-prices';
import { AFTER_CATALOGUE_CHANGE, MODEL_STATUS_COLOR, type AdminModel, type CatalogueData } from './shared';

/** Every model (hidden ones too): add, edit details, set prices (now or later), deprecate, hide, restore. */
export function ModelsTab({ data }: { data: CatalogueData }) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<AdminModel | 'new' | null>(null);
  const [pricing, setPricing] = useState<AdminModel | null>(null);
  const [chaining, setChaining] = useState<AdminModel | null>(null);
  const invalidate = AFTER_CATALOGUE_CHANGE;
  const deprecate = useAdminMutation((modelId: string) => request(AdminDeprecateModelDocument, { modelId }).then((r) => r.deprecateModel), { invalidate });
  const hide = useAdminMutation((modelId: string) => request(AdminHideModelDocument, { modelId }).then((r) => r.hideModel), { invalidate });
  const restore = useAdminMutation((modelId: string) => request(AdminUpdateModelDocument, { modelId, input: { status: 'ACTIVE' } }).then((r) => r.updateModel), { invalidate });
  return (
    <>
      <Group justify="flex-end" mb="sm">
        <Button onClick={() => setEditing('new')}>{t('admin.models.create')}</Button>
      </Group>
      <Card withBorder p={0}>
        {data.models.length === 0 ? <Text c="dimmed" p="md">{t('common.empty')}</Text> : (
          <DataTable minWidth={1000} headers={[t('models.model'), t('admin.catalogue.vendor'), t('models.tier'), t('admin.catalogue.status'), t('models.input'), t('models.output'), t('admin.models.since'), t('common.actions')]}>
            {data.models.map((m) => (
              <Table.Tr key={m.id} data-testid="admin-model-row" data-model={m.modelId}>
                <Table.Td><Text ff="monospace" size="sm">{m.modelId}</Text><Text size="xs" c="dimmed">{m.series} · {t(`models.types.${m.type}`, { defaultValue: m.type })}</Text>
                  {m.fallbacks.length > 0 && <Text size="xs" c="dimmed" data-testid="model-fallbacks">→ {m.fallbacks.join(' → ')}</Text>}</Table.Td>
                <Table.Td>{m.vendor.name}</Table.Td>
                <Table.Td><Badge color={m.tier === 'SVIP' ? 'grape' : 'teal'}>{m.tier}</Badge></Table.Td>
                <Table.Td><Badge variant="light" color={MODEL_STATUS_COLOR[m.status]}>{t(`admin.models.statuses.${m.status}`)}</Badge></Table.Td>
                <PriceCells model={m} />
                <Table.Td><DateText iso={m.priceEffectiveAt} /></Table.Td>
                <Table.Td>
                  <Group gap={4} wrap="nowrap">
                    <Button size="xs" variant="light" onClick={() => setPricing(m)}>{t('admin.models.prices')}</Button>
                    <Button size="xs" variant="light" onClick={() => setEditing(m)}>{t('common.edit')}</Button>
                    {(m.type === 'CHAT' || m.type === 'REASONING') && <Button size="xs" variant="light" onClick={() => setChaining(m)}>{t('admin.fallbacks.button')}</Button>}
                    {m.status === 'ACTIVE' && <ConfirmButton label={t('admin.models.deprecate')} color="orange" question={t('admin.models.deprecateConfirm', { model: m.modelId })} onConfirm={() => deprecate.mutateAsync(m.modelId)} />}
                    {m.status !== 'HIDDEN' && <ConfirmButton label={t('admin.models.hide')} question={t('admin.models.hideConfirm', { model: m.modelId })} onConfirm={() => hide.mutateAsync(m.modelId)} />}
                    {m.status !== 'ACTIVE' && <ConfirmButton label={t('admin.models.restore')} color="green" question={t('admin.models.restoreConfirm', { model: m.modelId })} onConfirm={() => restore.mutateAsync(m.modelId)} />}
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </DataTable>
        )}
      </Card>
      <Modal opened={editing !== null} onClose={() => setEditing(null)} size="lg"
        title={editing === 'new' ? t('admin.models.create') : t('admin.models.editTitle', { model: editing?.modelId ?? '' })}>
        {editing !== null && <ModelForm model={editing === 'new' ? null : editing} vendors={data.vendors} onDone={() => setEditing(null)} />}
      </Modal>
      <Modal opened={chaining !== null} onClose={() => setChaining(null)} title={t('admin.fallbacks.title', { model: chaining?.modelId ?? '' })}>
        {chaining && <ModelFallbacks model={chaining} models={data.models} onDone={() => setChaining(null)} />}
      </Modal>
      <Modal opened={pricing !== null} onClose={() => setPricing(null)} size="xl" title={t('admin.models.pricesTitle', { model: pricing?.modelId ?? '' })}>
        {pricing && <ModelPrices model={pricing} onDone={() => setPricing(null)} />}
      </Modal>
    </>
  );
}
