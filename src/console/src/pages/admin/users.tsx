import { Badge, Button, Group, Modal, Select, Stack, Table, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  AdminAdjustQuotaDocument, AdminDeleteUserDocument, AdminResetUserPasswordDocument, AdminSetUserEnabledDocument, AdminSetUserRoleDocument,
  AdminUsersDocument, type AdminUserFieldsFragment, type UserRole,
} from '../../../generated/graphql';
import { ConfirmButton } from '../../components/confirm';
import { DataTable, PagedList } from '../../components/data-table';
import { Money } from '../../components/money';
import { OneTimeSecret } from '../../components/one-time-secret';
import { useCursorPages } from '../../components/paging';
import { useAdminMutation } from '../../lib/admin-mutation';
import { request } from '../../lib/graphql';
import { QuotaAdjustForm } from './quota-adjust-form';
import { UserCreateForm } from './user-create-form';
import { UserDetail } from './user-detail';

const USERS = [['admin-users']];

export default function AdminUsersPage() {
  const { t } = useTranslation();
  const pages = useCursorPages();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const [adjusting, setAdjusting] = useState<AdminUserFieldsFragment | null>(null);
  const [viewing, setViewing] = useState<AdminUserFieldsFragment | null>(null);
  const [creating, setCreating] = useState(false);
  const [secret, setSecret] = useState<{ email: string; password: string } | null>(null);
  const filter = debounced ? { emailContains: debounced } : null;
  const users = useQuery({ queryKey: ['admin-users', filter, pages.after], queryFn: () => request(AdminUsersDocument, { first: 25, after: pages.after, filter }) });
  const setEnabled = useAdminMutation((v: { id: string; enabled: boolean }) => request(AdminSetUserEnabledDocument, v).then((r) => r.enableUser ?? r.disableUser), { invalidate: USERS });
  const setRole = useAdminMutation((v: { id: string; role: UserRole }) => request(AdminSetUserRoleDocument, v).then((r) => r.setUserRole), { invalidate: USERS });
  const remove = useAdminMutation((id: string) => request(AdminDeleteUserDocument, { id }).then((r) => r.deleteUser), { invalidate: USERS });
  const reset = useAdminMutation(async (u: AdminUserFieldsFragment) => {
    const r = (await request(AdminResetUserPasswordDocument, { id: u.id })).resetUserPassword;
    return r.__typename === 'AdminCreatedUser' ? { ...r, email: u.email } : r;
  }, {
    invalidate: [],
    onSaved: (r) => { if ('email' in r && r.oneTimePassword) setSecret({ email: r.email, password: r.oneTimePassword }); },
  });
  const rows = users.data?.users.edges.map((e) => e.node) ?? [];
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2}>{t('admin.users.title')}</Title>
        <Button onClick={() => setCreating(true)}>{t('admin.users.create')}</Button>
      </Group>
      <TextInput label={t('admin.users.search')} placeholder="@example.com" value={search} onChange={(e) => { setSearch(e.currentTarget.value); pages.reset(); }} maw={360} />
      <PagedList query={users} empty={rows.length === 0} pages={pages} pageInfo={users.data?.users.pageInfo}>
        <DataTable minWidth={1100} headers={[t('admin.users.email'), t('admin.users.role'), t('admin.users.status'), t('dashboard.freeQuota'), t('dashboard.totalBalance'), t('common.actions')]}>
          {rows.map((u) => (
            <Table.Tr key={u.id} data-testid="admin-user-row" data-email={u.email}>
              <Table.Td>{u.email}</Table.Td>
              <Table.Td>
                <Select size="xs" w={110} value={u.role} allowDeselect={false} aria-label={t('admin.users.roleOf', { email: u.email })}
                  onChange={(role) => role && role !== u.role && setRole.mutate({ id: u.id, role: role as UserRole })} data={['USER', 'ADMIN']} />
              </Table.Td>
              <Table.Td><Badge color={u.status === 'ACTIVE' ? 'green' : 'gray'}>{t(`admin.users.statuses.${u.status}`)}</Badge></Table.Td>
              <Table.Td><Money units={u.freeQuota} /></Table.Td>
              <Table.Td><Money units={u.totalQuota} /></Table.Td>
              <Table.Td>
                <Group gap={4} wrap="nowrap">
                  <Button size="xs" variant="light" onClick={() => setViewing(u)}>{t('admin.users.details')}</Button>
                  <Button size="xs" variant="light" onClick={() => setAdjusting(u)}>{t('admin.users.adjust')}</Button>
                  <ConfirmButton label={t('admin.users.resetPassword')} color="orange" question={t('admin.users.resetConfirm', { email: u.email })} onConfirm={() => reset.mutateAsync(u)} />
                  {u.status === 'ACTIVE'
                    ? <ConfirmButton label={t('common.disable')} question={t('admin.users.disableConfirm', { email: u.email })} onConfirm={() => setEnabled.mutateAsync({ id: u.id, enabled: false })} />
                    : <Button size="xs" variant="light" color="green" onClick={() => setEnabled.mutate({ id: u.id, enabled: true })}>{t('common.enable')}</Button>}
                  <ConfirmButton label={t('admin.users.delete')} variant="filled" question={t('admin.users.deleteConfirm', { email: u.email })} onConfirm={() => remove.mutateAsync(u.id)} />
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </DataTable>
      </PagedList>
      <Modal opened={adjusting !== null} onClose={() => setAdjusting(null)} title={t('admin.users.adjustTitle', { email: adjusting?.email ?? '' })}>
        {adjusting && (
          <QuotaAdjustForm invalidate={[...USERS, ['admin-user-ledger', adjusting.id]]} onDone={() => setAdjusting(null)}
            run={(amount, memo) => request(AdminAdjustQuotaDocument, { userId: adjusting.id, amount, memo }).then((r) => r.adjustUserQuota)} />
        )}
      </Modal>
      <Modal opened={viewing !== null} onClose={() => setViewing(null)} title={viewing?.email} size="xl">
        {viewing && <UserDetail user={viewing} />}
      </Modal>
      <Modal opened={creating} onClose={() => setCreating(false)} title={t('admin.users.create')}>
        {creating && <UserCreateForm onCreated={(email, password) => { setCreating(false); if (password) setSecret({ email, password }); }} />}
      </Modal>
      <Modal opened={secret !== null} onClose={() => setSecret(null)} title={t('admin.users.passwordTitle', { email: secret?.email ?? '' })} closeOnClickOutside={false}>
        {secret && <OneTimeSecret label={t('auth.password')} secret={secret.password} warning={t('admin.users.passwordOnce')} testId="one-time-password" />}
      </Modal>
    </Stack>
  );
}
