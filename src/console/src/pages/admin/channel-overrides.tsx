import { Alert, Button, Group, MultiSelect, Select, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  AdminChannelOverridesDocument, AdminSetChannelOverridesDocument, type ChannelOverrideInput, type ChannelOverrideOp, type ChannelOverrideTarget,
} from '../../../generated/graphql';
import { DataTable } from '../../components/data-table';
import { DateText } from '../../components/date-text';
import { useAdminMutation } from '../../lib/admin-mutation';
import { request } from '../../lib/graphql';

interface Rule { target: ChannelOverrideTarget; op: ChannelOverrideOp; path: string; value: string; models: string[] }

const blank = (): Rule => ({ target: 'BODY', op: 'SET', path: '', value: '', models: [] });

/**
 * A channel's request overrides: body fields (JSON pointers) and headers set or removed on every
 * request it sends, optionally for some of its models. Saved as a whole list; the server checks
 * every rule and names the first bad one. Below, the channel's audit of changes.
 */
export function ChannelOverrides({ channelId }: { channelId: string }) {
  const { t } = useTranslation();
  const queryKey = ['admin-channel-overrides', channelId];
  const loaded = useQuery({ queryKey, queryFn: () => request(AdminChannelOverridesDocument, { id: channelId }) });
  const channel = loaded.data?.channel.__typename === 'Channel' ? loaded.data.channel : null;
  const [rules, setRules] = useState<Rule[] | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  useEffect(() => {
    if (channel && rules === null) setRules(channel.overrides.map((o) => ({ ...o, value: o.value ?? '' })));
  }, [channel, rules]);
  const save = useAdminMutation(
    (overrides: ChannelOverrideInput[]) => request(AdminSetChannelOverridesDocument, { id: channelId, overrides }).then((r) => r.updateChannel),
    { invalidate: [queryKey, ['admin-channels']], onFailure: setFailure },
  );
  if (!channel || rules === null) return <Text c="dimmed">{t('common.loading')}</Text>;
  const change = (index: number, patch: Partial<Rule>) => setRules(rules.map((r, i) => (i === index ? { ...r, ...patch } : r)));
  const submit = () => {
    setFailure(null);
    save.mutate(rules.map((r) => ({ target: r.target, op: r.op, path: r.path.trim(), value: r.op === 'SET' ? r.value : null, models: r.models })));
  };
  return (
    <Stack>
      <Text size="sm" c="dimmed">{t('admin.overrides.hint')}</Text>
      {rules.length === 0 && <Text c="dimmed">{t('admin.overrides.none')}</Text>}
      {rules.map((rule, i) => (
        <Group key={i} gap="xs" align="flex-end" wrap="nowrap" data-testid="override-row">
          <Select label={t('admin.overrides.target')} w={110} data={[{ value: 'BODY', label: t('admin.overrides.body') }, { value: 'HEADER', label: t('admin.overrides.header') }]}
            value={rule.target} allowDeselect={false} onChange={(v) => change(i, { target: (v ?? 'BODY') as ChannelOverrideTarget })} />
          <Select label={t('admin.overrides.op')} w={110} data={[{ value: 'SET', label: t('admin.overrides.set') }, { value: 'REMOVE', label: t('admin.overrides.remove') }]}
            value={rule.op} allowDeselect={false} onChange={(v) => change(i, { op: (v ?? 'SET') as ChannelOverrideOp })} />
          <TextInput label={rule.target === 'BODY' ? t('admin.overrides.pointer') : t('admin.overrides.headerName')} placeholder={rule.target === 'BODY' ? '/stream_options/include_usage' : 'anthropic-beta'}
            value={rule.path} onChange={(e) => change(i, { path: e.currentTarget.value })} style={{ flex: 1 }} styles={{ input: { fontFamily: 'monospace' } }} aria-label={t('admin.overrides.path')} />
          <TextInput label={rule.target === 'BODY' ? t('admin.overrides.json') : t('admin.overrides.value')} disabled={rule.op === 'REMOVE'} placeholder={rule.target === 'BODY' ? 'true' : ''}
            value={rule.op === 'REMOVE' ? '' : rule.value} onChange={(e) => change(i, { value: e.currentTarget.value })} style={{ flex: 1 }} styles={{ input: { fontFamily: 'monospace' } }} />
          <MultiSelect label={t('admin.overrides.models')} placeholder={rule.models.length ? '' : t('admin.overrides.allModels')} data={channel.models} value={rule.models}
            onChange={(models) => change(i, { models })} w={200} clearable />
          <Button variant="subtle" color="red" onClick={() => setRules(rules.filter((_, j) => j !== i))}>{t('admin.overrides.delete')}</Button>
        </Group>
      ))}
      {failure && <Alert color="red" role="alert">{failure}</Alert>}
      <Group>
        <Button variant="default" onClick={() => setRules([...rules, blank()])}>{t('admin.overrides.add')}</Button>
        <Button loading={save.isPending} onClick={submit}>{t('common.save')}</Button>
      </Group>
      <Title order={4}>{t('admin.overrides.changes')}</Title>
      {channel.changes.length === 0 ? <Text c="dimmed">{t('admin.overrides.noChanges')}</Text> : (
        <DataTable minWidth={700} headers={[t('admin.overrides.when'), t('admin.overrides.who'), t('admin.overrides.fields'), t('admin.overrides.before'), t('admin.overrides.after')]}>
          {channel.changes.map((c) => (
            <Table.Tr key={c.id} data-testid="channel-change-row">
              <Table.Td><DateText iso={c.createdAt} /></Table.Td>
              <Table.Td>{c.actorEmail ?? '—'}</Table.Td>
              <Table.Td>{c.fields.join(', ')}</Table.Td>
              <Table.Td><Text size="xs" ff="monospace" lineClamp={4} title={c.before}>{c.before}</Text></Table.Td>
              <Table.Td><Text size="xs" ff="monospace" lineClamp={4} title={c.after}>{c.after}</Text></Table.Td>
            </Table.Tr>
          ))}
        </DataTable>
      )}
    </Stack>
  );
}
