import { Badge, Button, Card, Group, Modal, Stack, Table, Tabs, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  AdminAdjustSubscriptionQuotaDocument, AdminSetUserBudgetDocument, AdminUserKeysDocument, UserBudgetDocument, AdminUserSubscriptionsDocument, LedgerDocument, UsageLogDocument,
  type AdminUserFieldsFragment, type SubscriptionFieldsFragment,
} from '../../../generated/graphql';
import { BudgetForm } from '../../components/budget-form';
import { DataTable, PagedList } from '../../components/data-table';
import { DateText } from '../../components/date-text';
import { Money } from '../../components/money';
import { useCursorPages } from '../../components/paging';
import { QueryState } from '../../components/states';
import { request } from '../../lib/graphql';
import { LedgerTable } from '../ledger-table';
import { QuotaAdjustForm } from './quota-adjust-form';
import { UnlockSignIn } from './unlock-sign-in';

function Subscriptions({ user }: { user: AdminUserFieldsFragment }) {
  const { t } = useTranslation();
  const key = ['admin-user-subscriptions', user.id];
  const subs = useQuery({ queryKey: key, queryFn: () => request(AdminUserSubscriptionsDocument, { userId: user.id }) });
  const [adjusting, setAdjusting] = useState<SubscriptionFieldsFragment | null>(null);
  const rows = subs.data?.subscriptions ?? [];
  return (
    <QueryState loading={subs.isLoading} error={subs.error} empty={rows.length === 0}>
      <DataTable minWidth={760} headers={[t('billing.package'), t('billing.status'), t('dashboard.remaining'), t('admin.users.quotaTotal'), t('dashboard.endsAt'), '']}>
        {rows.map((s) => (
          <Table.Tr key={s.id} data-testid="admin-subscription-row">
            <Table.Td>{s.package.name}</Table.Td>
            <Table.Td><Badge variant="light" color={s.status === 'ACTIVE' ? 'green' : 'gray'}>{t(`admin.users.subscriptionStatuses.${s.status}`, { defaultValue: s.status })}</Badge></Table.Td>
            <Table.Td><Money units={s.quotaRemaining} /></Table.Td><Table.Td><Money units={s.quotaTotal} /></Table.Td>
            <Table.Td><DateText iso={s.endsAt} /></Table.Td>
            <Table.Td>{s.status === 'ACTIVE' && <Button size="xs" variant="light" onClick={() => setAdjusting(s)}>{t('admin.users.adjust')}</Button>}</Table.Td>
          </Table.Tr>
        ))}
      </DataTable>
      <Modal opened={adjusting !== null} onClose={() => setAdjusting(null)} title={t('admin.users.adjustSubscriptionTitle', { name: adjusting?.package.name ?? '' })}>
        {adjusting && (
          <QuotaAdjustForm invalidate={[key, ['admin-users'], ['admin-user-ledger', user.id]]} onDone={() => setAdjusting(null)}
            run={(amount, memo) => request(AdminAdjustSubscriptionQuotaDocument, { subscriptionId: adjusting.id, amount, memo }).then((r) => r.adjustSubscriptionQuota)} />
        )}
      </Modal>
    </QueryState>
  );
}

function Keys({ user }: { user: AdminUserFieldsFragment }) {
  const { t } = useTranslation();
  const pages = useCursorPages();
  const keys = useQuery({ queryKey: ['admin-user-keys', user.id, pages.after], queryFn: () => request(AdminUserKeysDocument, { userId: user.id, first: 20, after: pages.after }) });
  const rows = keys.data?.tokens.edges.map((e) => e.node) ?? [];
  return (
    <PagedList query={keys} empty={rows.length === 0} pages={pages} pageInfo={keys.data?.tokens.pageInfo}>
      <DataTable minWidth={760} headers={[t('keys.name'), t('keys.key'), t('keys.group'), t('keys.status'), t('keys.used'), t('keys.lastUsed')]}>
        {rows.map((k) => (
          <Table.Tr key={k.id}>
            <Table.Td>{k.name}</Table.Td><Table.Td ff="monospace">{k.displayPrefix}…</Table.Td><Table.Td>{k.group.name}</Table.Td>
            <Table.Td><Badge variant="light">{t(`keys.statuses.${k.status}`)}</Badge></Table.Td>
            <Table.Td><Money units={k.usedQuota} />{k.quotaCap && <> / <Money units={k.quotaCap} /></>}</Table.Td>
            <Table.Td>{k.lastUsedAt ? <DateText iso={k.lastUsedAt} /> : t('keys.never')}</Table.Td>
          </Table.Tr>
        ))}
      </DataTable>
    </PagedList>
  );
}

/** The user's budget over all their keys: where it stands, and set, change or remove it. */
function Budget({ user }: { user: AdminUserFieldsFragment }) {
  const key = ['user-budget', user.id];
  const budget = useQuery({ queryKey: key, queryFn: () => request(UserBudgetDocument, { userId: user.id }) });
  return (
    <QueryState loading={budget.isLoading} error={budget.error}>
      {budget.data && (
        <BudgetForm key={budget.dataUpdatedAt} budget={budget.data.userBudget.budget} invalidate={[key]}
          save={(next) => request(AdminSetUserBudgetDocument, { userId: user.id, budget: next }).then((r) => r.setUserBudget)} />
      )}
    </QueryState>
  );
}

function Ledger({ user }: { user: AdminUserFieldsFragment }) {
  const pages = useCursorPages();
  const ledger = useQuery({ queryKey: ['admin-user-ledger', user.id, pages.after], queryFn: () => request(LedgerDocument, { first: 25, after: pages.after, userId: user.id }) });
  const rows = ledger.data?.ledger.edges.map((e) => e.node) ?? [];
  return <PagedList query={ledger} empty={rows.length === 0} pages={pages} pageInfo={ledger.data?.ledger.pageInfo}><LedgerTable rows={rows} /></PagedList>;
}

function Usage({ user }: { user: AdminUserFieldsFragment }) {
  const { t } = useTranslation();
  const pages = useCursorPages();
  const usage = useQuery({ queryKey: ['admin-user-usage', user.id, pages.after], queryFn: () => request(UsageLogDocument, { first: 25, after: pages.after, filter: { userId: user.id } }) });
  const rows = usage.data?.usage.edges.map((e) => e.node) ?? [];
  return (
    <PagedList query={usage} empty={rows.length === 0} pages={pages} pageInfo={usage.data?.usage.pageInfo}>
      <DataTable minWidth={700} headers={[t('usage.time'), t('usage.model'), t('usage.outcome'), t('usage.tokens'), t('usage.cost')]}>
        {rows.map((u) => (
          <Table.Tr key={u.id}>
            <Table.Td><DateText iso={u.createdAt} /></Table.Td><Table.Td ff="monospace">{u.modelId ?? '—'}</Table.Td>
            <Table.Td><Badge color={u.outcome === 'SUCCESS' ? 'green' : 'red'}>{t(`usage.outcomes.${u.outcome}`)}</Badge></Table.Td>
            <Table.Td>{u.promptTokens} / {u.completionTokens}</Table.Td><Table.Td><Money units={u.cost} /></Table.Td>
          </Table.Tr>
        ))}
      </DataTable>
    </PagedList>
  );
}

/** One user's subscriptions (adjustable), keys, budget (settable), ledger and usage. */
export function UserDetail({ user }: { user: AdminUserFieldsFragment }) {
  const { t } = useTranslation();
  return (
    <Stack>
      <Card withBorder>
        <Group gap="xl" mb="sm">
          <Text size="sm">{t('admin.users.role')}: <b>{user.role}</b></Text>
          <Text size="sm">{t('dashboard.freeQuota')}: <Money units={user.freeQuota} /></Text>
          <Text size="sm">{t('dashboard.totalBalance')}: <Money units={user.totalQuota} /></Text>
          <Text size="sm">{t('admin.users.joined')}: <DateText iso={user.createdAt} /></Text>
        </Group>
        <UnlockSignIn user={user} />
      </Card>
      <Tabs defaultValue="subscriptions" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="subscriptions">{t('dashboard.subscriptions')}</Tabs.Tab>
          <Tabs.Tab value="keys">{t('nav.keys')}</Tabs.Tab>
          <Tabs.Tab value="budget">{t('budget.title')}</Tabs.Tab>
          <Tabs.Tab value="ledger">{t('nav.ledger')}</Tabs.Tab>
          <Tabs.Tab value="usage">{t('nav.usage')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="subscriptions" pt="sm"><Subscriptions user={user} /></Tabs.Panel>
        <Tabs.Panel value="keys" pt="sm"><Keys user={user} /></Tabs.Panel>
        <Tabs.Panel value="budget" pt="sm"><Budget user={user} /></Tabs.Panel>
        <Tabs.Panel value="ledger" pt="sm"><Ledger user={user} /></Tabs.Panel>
        <Tabs.Panel value="usage" pt="sm"><Usage user={user} /></Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
