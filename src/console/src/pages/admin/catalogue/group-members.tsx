import { Button, Group, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AdminAddGroupMemberDocument, AdminRemoveGroupMemberDocument } from '../../../../generated/graphql';
import { ConfirmButton } from '../../../components/confirm';
import { DataTable } from '../../../components/data-table';
import { useAdminMutation } from '../../../lib/admin-mutation';
import { request } from '../../../lib/graphql';
import { UserPicker } from '../user-picker';
import { CATALOGUE_QUERY_KEY, type AdminGroup } from './shared';

/** Members of a (closed) group: add by searching e-mails, remove with a confirmation. */
export function GroupMembers({ group }: { group: AdminGroup }) {
  const { t } = useTranslation();
  const [userId, setUserId] = useState<string | null>(null);
  const invalidate = [CATALOGUE_QUERY_KEY];
  const add = useAdminMutation((id: string) => request(AdminAddGroupMemberDocument, { group: group.name, userId: id }).then((r) => r.addGroupMember), { invalidate, onSaved: () => setUserId(null) });
  const remove = useAdminMutation((id: string) => request(AdminRemoveGroupMemberDocument, { group: group.name, userId: id }).then((r) => r.removeGroupMember), { invalidate });
  const members = group.members ?? [];
  return (
    <Stack>
      {group.open && <Text size="sm" c="dimmed">{t('admin.groups.openMembersNote')}</Text>}
      <Group align="flex-end">
        <UserPicker label={t('admin.groups.addMember')} value={userId} onChange={setUserId} w={320} />
        <Button disabled={!userId} loading={add.isPending} onClick={() => userId && add.mutate(userId)}>{t('admin.groups.add')}</Button>
      </Group>
      {members.length === 0 ? <Text c="dimmed">{t('common.empty')}</Text> : (
        <DataTable minWidth={400} headers={[t('admin.users.email'), '']}>
          {members.map((m) => (
            <Table.Tr key={m.id}>
              <Table.Td>{m.email}</Table.Td>
              <Table.Td><ConfirmButton label={t('admin.groups.remove')} question={t('admin.groups.removeConfirm', { email: m.email, group: group.name })} onConfirm={() => remove.mutateAsync(m.id)} /></Table.Td>
            </Table.Tr>
          ))}
        </DataTable>
      )}
    </Stack>
  );
}
