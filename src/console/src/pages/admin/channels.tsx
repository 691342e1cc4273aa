import { Alert, Badge, Button, Card, Group, Modal, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AdminChannelsDocument, AdminSetChannelEnabledDocument, AdminTestChannelDocument, type ChannelFieldsFragment } from '../../../generated/graphql';
import { ConfirmButton } from '../../components/confirm';
import { notifyError } from '../../components/notify';
import { useCursorPages } from '../../components/paging';
import { DataTable, PagedList } from '../../components/data-table';
import { useErrorText } from '../../lib/error-text';
import { request } from '../../lib/graphql';
import { asTypedError } from '../../lib/typed-result';
import { ChannelCost } from './channel-cost';
import { ChannelDiscovery } from './channel-discovery';
import { ChannelForm } from './channel-form';
import { ChannelImport } from './channel-import';
import { ChannelKeys } from './channel-keys';
import { ChannelOverrides } from './channel-overrides';
import { ChannelTags } from './channel-tags';
import { BREAKER_COLOR } from './overview';

interface TestResult { channelId: string; ok: boolean; text: string }

export default function AdminChannelsPage() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const pages = useCursorPages();
  const [nameContains, setNameContains] = useState('');
  const [tag, setTag] = useState('');
  const [debounced] = useDebouncedValue({ name: nameContains.trim(), tag: tag.trim() }, 300);
  const filter = { nameContains: debounced.name || null, tag: debounced.tag || null };
  const channels = useQuery({ queryKey: ['admin-channels', filter, pages.after], queryFn: () => request(AdminChannelsDocument, { first: 20, after: pages.after, filter }) });
  const [editing, setEditing] = useState<ChannelFieldsFragment | 'new' | null>(null);
  // Dialogs hold the id: they show the refreshed channel after each change.
  const [dialog, setDialog] = useState<{ kind: 'keys' | 'discover' | 'overrides' | 'cost'; id: string } | 'import' | 'tags' | null>(null);
  const [result, setResult] = useState<TestResult | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['admin-channels'] });
  const test = useMutation({
    mutationFn: (id: string) => request(AdminTestChannelDocument, { id }),
    onSuccess: ({ testChannel: r }, id) => {
      if (r.__typename === 'ChannelTestReport') {
        setResult({ channelId: id, ok: r.ok, text: r.ok ? t('admin.channels.testOk', { model: r.model, ms: r.latencyMs ?? 0 }) : t('admin.channels.testFailed', { model: r.model, error: r.error ?? String(r.status ?? '') }) });
      } else notifyError(errorText(asTypedError(r)));
      void refresh();
    },
    onError: (e) => notifyError(errorText(e)),
  });
  const setEnabled = useMutation({
    mutationFn: (v: { id: string; enabled: boolean }) => request(AdminSetChannelEnabledDocument, v),
    onSuccess: (r) => {
      const error = asTypedError(r.enableChannel ?? r.disableChannel);
      if (error) notifyError(errorText(error));
      void refresh();
    },
    onError: (e) => notifyError(errorText(e)),
  });
  const rows = channels.data?.channels.edges.map((e) => e.node) ?? [];
  const dialogChannel = dialog && typeof dialog === 'object' ? rows.find((c) => c.id === dialog.id) ?? null : null;
  const knownTags = [...new Set(rows.flatMap((c) => c.tags))];
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2}>{t('admin.channels.title')}</Title>
        <Group gap="xs">
          <Button variant="default" onClick={() => setDialog('tags')}>{t('admin.tags.title')}</Button>
          <Button variant="default" onClick={() => setDialog('import')}>{t('admin.import.title')}</Button>
          <Button onClick={() => setEditing('new')}>{t('admin.channels.create')}</Button>
        </Group>
      </Group>
      <Card withBorder>
        <Group gap="sm">
          <TextInput label={t('admin.channels.searchName')} value={nameContains} onChange={(e) => { setNameContains(e.currentTarget.value); pages.reset(); }} w={220} />
          <TextInput label={t('admin.channels.tag')} value={tag} onChange={(e) => { setTag(e.currentTarget.value); pages.reset(); }} w={180} />
        </Group>
      </Card>
      {result && (
        <Alert color={result.ok ? 'green' : 'red'} title={t('admin.channels.testResult')} data-testid="channel-test-result" withCloseButton onClose={() => setResult(null)} closeButtonLabel={t('common.close')}>
          {result.text}
        </Alert>
      )}
      <PagedList query={channels} empty={rows.length === 0} pages={pages} pageInfo={channels.data?.channels.pageInfo}>
        <DataTable minWidth={900} headers={[t('admin.channels.name'), t('admin.channels.protocol'), t('admin.channels.status'), t('admin.channels.breakerTitle'), t('admin.channels.errorRate'), t('admin.channels.models'), t('admin.channels.lastTest'), t('common.actions')]}>
            {rows.map((c) => (
              <Table.Tr key={c.id} data-testid="channel-row" data-name={c.name}>
                <Table.Td><Text fw={600}>{c.name}</Text><Text size="xs" c="dimmed">{c.baseUrl}</Text>
                  {c.tags.length > 0 && <Group gap={2} mt={2}>{c.tags.map((tg) => <Badge key={tg} size="xs" variant="outline">{tg}</Badge>)}</Group>}</Table.Td>
                <Table.Td>{c.protocol}</Table.Td>
                <Table.Td><Badge color={c.status === 'ENABLED' ? 'green' : 'gray'} data-testid="channel-status">{t(`admin.channels.statuses.${c.status}`)}</Badge>
                  {c.statusReason && <Text size="xs" c="dimmed">{c.statusReason}</Text>}</Table.Td>
                <Table.Td><Badge color={BREAKER_COLOR[c.health.state]} variant="light">{t(`admin.channels.breaker.${c.health.state}`)}</Badge></Table.Td>
                <Table.Td>{c.health.recentErrorRate == null ? '—' : `${(c.health.recentErrorRate * 100).toFixed(1)}%`}</Table.Td>
                <Table.Td><Text size="xs">{c.models.slice(0, 4).join(', ')}{c.models.length > 4 ? ` +${c.models.length - 4}` : ''}</Text></Table.Td>
                <Table.Td>{c.lastTestOk == null ? '—' : <Badge color={c.lastTestOk ? 'green' : 'red'}>{c.lastTestOk ? 'OK' : t('admin.channels.failed')}</Badge>}</Table.Td>
                <Table.Td>
                  <Group gap={4} wrap="nowrap">
                    <Button size="xs" variant="light" loading={test.isPending && test.variables === c.id} onClick={() => test.mutate(c.id)}>{t('admin.channels.test')}</Button>
                    <Button size="xs" variant="light" onClick={() => setEditing(c)}>{t('common.edit')}</Button>
                    <Button size="xs" variant="light" onClick={() => setDialog({ kind: 'keys', id: c.id })}>
                      {t('admin.keys.button', { enabled: c.keys.filter((k) => k.status === 'ENABLED').length, total: c.keys.length })}
                    </Button>
                    <Button size="xs" variant="light" onClick={() => setDialog({ kind: 'discover', id: c.id })}>{t('admin.discovery.button')}</Button>
                    <Button size="xs" variant="light" onClick={() => setDialog({ kind: 'overrides', id: c.id })}>{t('admin.overrides.button')}</Button>
                    <Button size="xs" variant="light" onClick={() => setDialog({ kind: 'cost', id: c.id })}>{t('admin.cost.button')}</Button>
                    {c.status === 'ENABLED'
                      ? <ConfirmButton label={t('common.disable')} question={t('admin.channels.disableConfirm', { name: c.name })} onConfirm={() => setEnabled.mutateAsync({ id: c.id, enabled: false })} />
                      : <Button size="xs" variant="light" color="green" onClick={() => setEnabled.mutate({ id: c.id, enabled: true })}>{t('common.enable')}</Button>}
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
        </DataTable>
      </PagedList>
      <Modal opened={editing !== null} onClose={() => setEditing(null)} title={editing === 'new' ? t('admin.channels.create') : t('admin.channels.edit')} size="lg">
        {editing !== null && <ChannelForm channel={editing === 'new' ? null : editing} onDone={() => { setEditing(null); void refresh(); }} />}
      </Modal>
      <Modal opened={dialogChannel !== null && typeof dialog === 'object' && dialog?.kind === 'keys'} onClose={() => setDialog(null)} size="xl" title={t('admin.keys.title', { name: dialogChannel?.name ?? '' })}>
        {dialogChannel && <ChannelKeys channel={dialogChannel} />}
      </Modal>
      <Modal opened={dialogChannel !== null && typeof dialog === 'object' && dialog?.kind === 'discover'} onClose={() => setDialog(null)} size="100%" title={t('admin.discovery.title', { name: dialogChannel?.name ?? '' })}>
        {dialogChannel && <ChannelDiscovery channel={dialogChannel} />}
      </Modal>
      <Modal opened={dialogChannel !== null && typeof dialog === 'object' && dialog?.kind === 'overrides'} onClose={() => setDialog(null)} size="100%" title={t('admin.overrides.title', { name: dialogChannel?.name ?? '' })}>
        {dialogChannel && <ChannelOverrides channelId={dialogChannel.id} />}
      </Modal>
      <Modal opened={dialogChannel !== null && typeof dialog === 'object' && dialog?.kind === 'cost'} onClose={() => setDialog(null)} size="xl" title={t('admin.cost.title', { name: dialogChannel?.name ?? '' })}>
        {dialogChannel && <ChannelCost channelId={dialogChannel.id} />}
      </Modal>
      <Modal opened={dialog === 'import'} onClose={() => setDialog(null)} size="xl" title={t('admin.import.title')}>
        {dialog === 'import' && <ChannelImport onImported={() => setDialog(null)} />}
      </Modal>
      <Modal opened={dialog === 'tags'} onClose={() => setDialog(null)} title={t('admin.tags.title')}>
        {dialog === 'tags' && <ChannelTags knownTags={knownTags} />}
      </Modal>
    </Stack>
  );
}
