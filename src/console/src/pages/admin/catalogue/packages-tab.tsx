import { Badge, Button, Card, Group, Modal, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AdminArchivePackageDocument } from '../../../../generated/graphql';
import { ConfirmButton } from '../../../components/confirm';
import { DataTable } from '../../../components/data-table';
import { Money } from '../../../components/money';
import { useAdminMutation } from '../../../lib/admin-mutation';
import { request } from '../../../lib/graphql';
import { PackageForm } from './package-form';
import { CATALOGUE_QUERY_KEY, type AdminPackage, type CatalogueData } from './shared';

export function PackagesTab({ data }: { data: CatalogueData }) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<AdminPackage | 'new' | null>(null);
  const archive = useAdminMutation((id: string) => request(AdminArchivePackageDocument, { id }).then((r) => r.archivePackage), { invalidate: [CATALOGUE_QUERY_KEY, ['billing']] });
  return (
    <>
      <Group justify="flex-end" mb="sm"><Button onClick={() => setEditing('new')}>{t('admin.packages.create')}</Button></Group>
      <Card withBorder p={0}>
        {data.packages.length === 0 ? <Text c="dimmed" p="md">{t('common.empty')}</Text> : (
          <DataTable minWidth={820} headers={[t('billing.package'), t('billing.amount'), t('admin.catalogue.days'), t('admin.catalogue.quota'), t('admin.packages.unlocks'), t('admin.catalogue.status'), t('common.actions')]}>
            {data.packages.map((p) => (
              <Table.Tr key={p.id} data-testid="admin-package-row">
                <Table.Td><Text fw={600}>{p.name}</Text><Text size="xs" c="dimmed">{p.description}</Text></Table.Td>
                <Table.Td>{p.price} {p.currency}</Table.Td><Table.Td>{p.durationDays}</Table.Td><Table.Td><Money units={p.quotaPerPeriod} /></Table.Td>
                <Table.Td>{p.unlocksTiers.join(', ') || '—'}</Table.Td>
                <Table.Td><Badge variant="light" color={p.status === 'ACTIVE' ? 'green' : 'gray'}>{t(`admin.packages.statuses.${p.status}`, { defaultValue: p.status })}</Badge></Table.Td>
                <Table.Td>
                  <Group gap={4} wrap="nowrap">
                    <Button size="xs" variant="light" onClick={() => setEditing(p)}>{t('common.edit')}</Button>
                    {p.status !== 'ARCHIVED' && <ConfirmButton label={t('admin.catalogue.archive')} question={t('admin.catalogue.archiveConfirm', { name: p.name })} onConfirm={() => archive.mutateAsync(p.id)} />}
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </DataTable>
        )}
      </Card>
      <Modal opened={editing !== null} onClose={() => setEditing(null)} size="lg" title={editing === 'new' ? t('admin.packages.create') : t('admin.packages.edit')}>
        {editing !== null && <PackageForm pkg={editing === 'new' ? null : editing} onDone={() => setEditing(null)} />}
      </Modal>
    </>
  );
}
