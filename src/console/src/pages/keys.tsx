import { Alert, Badge, Button, Code, CopyButton, Group, Modal, Stack, Table, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MyKeysDocument, RevokeKeyDocument, SetKeyBudgetDocument, UpdateKeyDocument, type TokenFieldsFragment } from '../../generated/graphql';
import { BudgetForm } from '../components/budget-form';
import { BudgetText } from '../components/budget-text';
import { ConfirmButton } from '../components/confirm';
import { DateText } from '../components/date-text';
import { Money } from '../components/money';
import { notifyError, notifyOk } from '../components/notify';
import { useCursorPages } from '../components/paging';
import { DataTable, PagedList } from '../components/data-table';
import { useErrorText } from '../lib/error-text';
import { formatUnits } from '../lib/format';
import { request } from '../lib/graphql';
import { asTypedError } from '../lib/typed-result';
import { KeyForm } from './key-form';
import { QuickStart } from './quick-start';

const STATUS_COLOR = { ACTIVE: 'green', DISABLED: 'gray', REVOKED: 'red' } as const;

export function KeysPage() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const pages = useCursorPages();
  const keys = useQuery({ queryKey: ['keys', pages.after], queryFn: () => request(MyKeysDocument, { first: 20, after: pages.after }) });
  const [editing, setEditing] = useState<TokenFieldsFragment | 'new' | null>(null);
  const [created, setCreated] = useState<string | null>(null);
  // By id, so the dialog shows the refreshed budget after a save.
  const [budgetOf, setBudgetOf] = useState<string | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['keys'] });
  const outcome = (result: { __typename?: string }, okText: string) => {
    const error = asTypedError(result);
    if (error) notifyError(errorText(error));
    else notifyOk(okText);
    void refresh();
  };
  const setStatus = useMutation({
    mutationFn: (v: { id: string; status: 'ACTIVE' | 'DISABLED' }) => request(UpdateKeyDocument, { id: v.id, input: { status: v.status } }),
    onSuccess: (r) => outcome(r.updateToken, t('common.saved')),
    onError: (e) => notifyError(errorText(e)),
  });
  const revoke = useMutation({
    mutationFn: (id: string) => request(RevokeKeyDocument, { id }),
    onSuccess: (r) => outcome(r.revokeToken, t('keys.revoked')),
    onError: (e) => notifyError(errorText(e)),
  });
  const rows = keys.data?.tokens.edges.map((e) => e.node) ?? [];
  const budgetKey = rows.find((k) => k.id === budgetOf) ?? null;
  // null: the gateway default; 0: no limit of this key's own.
  const limit = (n: number | null) => (n === null ? t('keys.byDefault') : n === 0 ? t('keys.unlimited') : formatUnits(n));
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2}>{t('keys.title')}</Title>
        <Button onClick={() => setEditing('new')}>{t('keys.create')}</Button>
      </Group>
      {created && (
        <Alert color="yellow" title={t('keys.createdTitle')} withCloseButton onClose={() => setCreated(null)} closeButtonLabel={t('common.close')}>
          <Stack gap="xs">
            <Text size="sm">{t('keys.shownOnce')}</Text>
            <Group gap="xs" wrap="nowrap">
              <Code data-testid="new-key" style={{ wordBreak: 'break-all' }}>{created}</Code>
              <CopyButton value={created}>
                {({ copied, copy }) => <Button size="xs" onClick={copy}>{copied ? t('common.copied') : t('keys.copyKey')}</Button>}
              </CopyButton>
            </Group>
          </Stack>
        </Alert>
      )}
      {created && <QuickStart apiKey={created} />}
      <PagedList query={keys} empty={rows.length === 0} pages={pages} pageInfo={keys.data?.tokens.pageInfo}>
        <DataTable minWidth={900} headers={[t('keys.name'), t('keys.key'), t('keys.group'), t('keys.status'), t('keys.used'), t('keys.limits'), t('keys.budget'), t('keys.expires'), t('keys.lastUsed'), t('common.actions')]}>
            {rows.map((k) => (
              <Table.Tr key={k.id} data-testid="key-row">
                <Table.Td>{k.name}</Table.Td>
                <Table.Td><Code>{k.displayPrefix}…</Code></Table.Td>
                <Table.Td>{k.group.name}</Table.Td>
                <Table.Td><Badge color={STATUS_COLOR[k.status]}>{t(`keys.statuses.${k.status}`)}</Badge></Table.Td>
                <Table.Td><Money units={k.usedQuota} />{k.quotaCap && <> / <Money units={k.quotaCap} /></>}</Table.Td>
                <Table.Td data-testid="key-limits">{t('keys.limitsText', { rpm: limit(k.rateLimitRpm), concurrent: limit(k.maxConcurrent) })}</Table.Td>
                <Table.Td><BudgetText budget={k.budget} /></Table.Td>
                <Table.Td>{k.expiresAt ? <DateText iso={k.expiresAt} /> : t('keys.never')}</Table.Td>
                <Table.Td>{k.lastUsedAt ? <DateText iso={k.lastUsedAt} /> : '—'}</Table.Td>
                <Table.Td>
                  {k.status !== 'REVOKED' && (
                    <Group gap={4} wrap="nowrap">
                      <Button size="xs" variant="light" onClick={() => setEditing(k)}>{t('common.edit')}</Button>
                      <Button size="xs" variant="light" onClick={() => setBudgetOf(k.id)}>{t('keys.budget')}</Button>
                      <Button size="xs" variant="light" color="gray"
                        onClick={() => setStatus.mutate({ id: k.id, status: k.status === 'ACTIVE' ? 'DISABLED' : 'ACTIVE' })}>
                        {k.status === 'ACTIVE' ? t('common.disable') : t('common.enable')}
                      </Button>
                      <ConfirmButton label={t('keys.revoke')} question={t('keys.revokeConfirm', { name: k.name })} onConfirm={() => revoke.mutateAsync(k.id)} />
                    </Group>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
        </DataTable>
      </PagedList>
      <Modal opened={budgetKey !== null} onClose={() => setBudgetOf(null)} title={t('budget.keyTitle', { name: budgetKey?.name ?? '' })}>
        {budgetKey && (
          <BudgetForm budget={budgetKey.budget} invalidate={[['keys']]}
            save={(budget) => request(SetKeyBudgetDocument, { tokenId: budgetKey.id, budget }).then((r) => r.setTokenBudget)} />
        )}
      </Modal>
      <Modal opened={editing !== null} onClose={() => setEditing(null)} title={editing === 'new' ? t('keys.create') : t('keys.edit')} size="lg">
        {editing !== null && (
          <KeyForm token={editing === 'new' ? null : editing} onDone={(key) => {
            setEditing(null);
            if (key) setCreated(key);
            void refresh();
          }} />
        )}
      </Modal>
    </Stack>
  );
}
