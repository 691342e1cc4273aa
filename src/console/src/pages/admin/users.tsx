import { Alert, Badge, Button, Group, Modal, Select, Stack, Table, TextInput, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { AdminAdjustQuotaDocument, AdminSetUserEnabledDocument, AdminSetUserRoleDocument, AdminUsersDocument, LedgerDocument, type AdminUserFieldsFragment, type UserRole } from '../../../generated/graphql';
import { ConfirmButton } from '../../components/confirm';
import { Money } from '../../components/money';
import { notifyError, notifyOk } from '../../components/notify';
import { useCursorPages } from '../../components/paging';
import { DataTable, PagedList } from '../../components/data-table';
import { QueryState } from '../../components/states';
import { useErrorText } from '../../lib/error-text';
import { moneyToQuota } from '../../lib/format';
import { request } from '../../lib/graphql';
import { useSettings } from '../../lib/hooks';
import { asTypedError } from '../../lib/typed-result';
import { LedgerTable } from '../ledger-table';

function AdjustForm({ user, onDone }: { user: AdminUserFieldsFragment; onDone: () => void }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const rate = BigInt(useSettings().data?.consoleSettings.quotaPerUsd ?? '500000');
  const [amount, setAmount] = useState('');
  const [memo, setMemo] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const units = moneyToQuota(amount, rate);
  const adjust = useMutation({
    mutationFn: () => request(AdminAdjustQuotaDocument, { userId: user.id, amount: String(units), memo: memo.trim() }),
    onSuccess: ({ adjustUserQuota }) => {
      const error = asTypedError(adjustUserQuota);
      if (error) return setFailure(errorText(error));
      notifyOk(t('common.saved'));
      onDone();
    },
    onError: (e) => setFailure(errorText(e)),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (units === null || units === 0n) return setFailure(t('validation.money'));
    if (!memo.trim()) return setFailure(t('admin.users.memoRequired'));
    adjust.mutate();
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <TextInput label={t('admin.users.amount')} description={t('admin.users.amountHint')} inputMode="decimal" value={amount} onChange={(e) => setAmount(e.currentTarget.value)} data-autofocus />
        <TextInput label={t('admin.users.memo')} required value={memo} onChange={(e) => setMemo(e.currentTarget.value)} />
        {failure && <Alert color="red" role="alert">{failure}</Alert>}
        <Button type="submit" loading={adjust.isPending}>{t('admin.users.adjust')}</Button>
      </Stack>
    </form>
  );
}

function UserLedger({ user }: { user: AdminUserFieldsFragment }) {
  const ledger = useQuery({ queryKey: ['admin-user-ledger', user.id], queryFn: () => request(LedgerDocument, { first: 50, userId: user.id }) });
  const rows = ledger.data?.ledger.edges.map((e) => e.node) ?? [];
  return <QueryState loading={ledger.isLoading} error={ledger.error} empty={rows.length === 0}><LedgerTable rows={rows} /></QueryState>;
}

export default function AdminUsersPage() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const pages = useCursorPages();
  const [search, setSearch] = useState('');
  const [adjusting, setAdjusting] = useState<AdminUserFieldsFragment | null>(null);
  const [viewing, setViewing] = useState<AdminUserFieldsFragment | null>(null);
  const filter = search.trim() ? { emailContains: search.trim() } : null;
  const users = useQuery({ queryKey: ['admin-users', filter, pages.after], queryFn: () => request(AdminUsersDocument, { first: 25, after: pages.after, filter }) });
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['admin-users'] });
  const done = (result: { __typename?: string } | null | undefined) => {
    const error = asTypedError(result);
    if (error) notifyError(errorText(error)); else notifyOk(t('common.saved'));
    void refresh();
  };
  const setEnabled = useMutation({
    mutationFn: (v: { id: string; enabled: boolean }) => request(AdminSetUserEnabledDocument, v),
    onSuccess: (r) => done(r.enableUser ?? r.disableUser), onError: (e) => notifyError(errorText(e)),
  });
  const setRole = useMutation({
    mutationFn: (v: { id: string; role: UserRole }) => request(AdminSetUserRoleDocument, v),
    onSuccess: (r) => done(r.setUserRole), onError: (e) => notifyError(errorText(e)),
  });
  const rows = users.data?.users.edges.map((e) => e.node) ?? [];
  return (
    <Stack>
      <Title order={2}>{t('admin.users.title')}</Title>
      <TextInput label={t('admin.users.search')} placeholder="@example.com" value={search} onChange={(e) => { setSearch(e.currentTarget.value); pages.reset(); }} maw={360} />
      <PagedList query={users} empty={rows.length === 0} pages={pages} pageInfo={users.data?.users.pageInfo}>
        <DataTable minWidth={900} headers={[t('admin.users.email'), t('admin.users.role'), t('admin.users.status'), t('dashboard.freeQuota'), t('dashboard.totalBalance'), t('common.actions')]}>
            {rows.map((u) => (
              <Table.Tr key={u.id}>
                <Table.Td>{u.email}</Table.Td>
                <Table.Td>
                  <Select size="xs" w={110} value={u.role} allowDeselect={false} aria-label={t('admin.users.role')}
                    onChange={(role) => role && role !== u.role && setRole.mutate({ id: u.id, role: role as UserRole })} data={['USER', 'ADMIN']} />
                </Table.Td>
                <Table.Td><Badge color={u.status === 'ACTIVE' ? 'green' : 'gray'}>{t(`admin.users.statuses.${u.status}`)}</Badge></Table.Td>
                <Table.Td>{u.freeQuota != null && <Money units={u.freeQuota} />}</Table.Td>
                <Table.Td>{u.totalQuota != null && <Money units={u.totalQuota} />}</Table.Td>
                <Table.Td>
                  <Group gap={4} wrap="nowrap">
                    <Button size="xs" variant="light" onClick={() => setAdjusting(u)}>{t('admin.users.adjust')}</Button>
                    <Button size="xs" variant="light" onClick={() => setViewing(u)}>{t('nav.ledger')}</Button>
                    {u.status === 'ACTIVE'
                      ? <ConfirmButton label={t('common.disable')} question={t('admin.users.disableConfirm', { email: u.email })} onConfirm={() => setEnabled.mutateAsync({ id: u.id, enabled: false })} />
                      : <Button size="xs" variant="light" color="green" onClick={() => setEnabled.mutate({ id: u.id, enabled: true })}>{t('common.enable')}</Button>}
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
        </DataTable>
      </PagedList>
      <Modal opened={adjusting !== null} onClose={() => setAdjusting(null)} title={t('admin.users.adjustTitle', { email: adjusting?.email ?? '' })}>
        {adjusting && <AdjustForm user={adjusting} onDone={() => { setAdjusting(null); void refresh(); }} />}
      </Modal>
      <Modal opened={viewing !== null} onClose={() => setViewing(null)} title={viewing?.email} size="xl">
        {viewing && <UserLedger user={viewing} />}
      </Modal>
    </Stack>
  );
}
