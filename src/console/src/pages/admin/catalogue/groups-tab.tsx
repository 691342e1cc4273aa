import { Badge, Button, Card, Group, Modal, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../components/data-table';
import { GroupForm } from './group-form';
import { GroupMembers } from './group-members';
import type { CatalogueData } from './shared';

export function GroupsTab({ data }: { data: CatalogueData }) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<string | 'new' | null>(null);
  const [membersOf, setMembersOf] = useState<string | null>(null);
  // By name, so the dialogs show the refreshed group after each change.
  const byName = (name: string | null) => data.allGroups.find((g) => g.name === name) ?? null;
  const editingGroup = editing === 'new' ? null : byName(editing);
  const membersGroup = byName(membersOf);
  const permits = (g: CatalogueData['allGroups'][number]) => (g.permitsAllModels ? t('admin.groups.allModels')
    : [...g.permittedTiers, ...g.permittedVendors, ...g.permittedModels].join(', ') || '—');
  return (
    <>
      <Group justify="flex-end" mb="sm"><Button onClick={() => setEditing('new')}>{t('admin.groups.create')}</Button></Group>
      <Card withBorder p={0}>
        {data.allGroups.length === 0 ? <Text c="dimmed" p="md">{t('common.empty')}</Text> : (
          <DataTable minWidth={960} headers={[t('admin.groups.name'), t('admin.catalogue.multiplier'), t('admin.catalogue.open'), t('admin.groups.permits'), t('admin.groups.routingPolicy'), t('admin.catalogue.members'), t('common.actions')]}>
            {data.allGroups.map((g) => (
              <Table.Tr key={g.id} data-testid="admin-group-row" data-group={g.name}>
                <Table.Td><Text fw={600}>{g.name}</Text><Text size="xs" c="dimmed">{g.description}</Text></Table.Td>
                <Table.Td>×{Number(g.priceMultiplier)}</Table.Td>
                <Table.Td><Badge variant="light" color={g.open ? 'green' : 'gray'}>{g.open ? t('common.yes') : t('common.no')}</Badge></Table.Td>
                <Table.Td><Text size="xs">{permits(g)}</Text></Table.Td>
                <Table.Td data-testid="group-routing-policy">{t(`admin.groups.routingPolicies.${g.routingPolicy ?? 'PRIORITY'}`)}</Table.Td>
                <Table.Td>{(g.members ?? []).length}</Table.Td>
                <Table.Td>
                  <Group gap={4} wrap="nowrap">
                    <Button size="xs" variant="light" onClick={() => setEditing(g.name)}>{t('common.edit')}</Button>
                    <Button size="xs" variant="light" onClick={() => setMembersOf(g.name)}>{t('admin.catalogue.members')}</Button>
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </DataTable>
        )}
      </Card>
      <Modal opened={editing !== null} onClose={() => setEditing(null)} size="lg" title={editing === 'new' ? t('admin.groups.create') : t('admin.groups.editTitle', { group: editing ?? '' })}>
        {editing !== null && <GroupForm group={editingGroup} data={data} onDone={() => setEditing(null)} />}
      </Modal>
      <Modal opened={membersGroup !== null} onClose={() => setMembersOf(null)} size="lg" title={t('admin.groups.membersTitle', { group: membersOf ?? '' })}>
        {membersGroup && <GroupMembers group={membersGroup} />}
      </Modal>
    </>
  );
}
