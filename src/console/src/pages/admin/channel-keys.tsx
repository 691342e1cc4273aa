import { Alert, Badge, Button, Group, Stack, Table, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AdminAddChannelKeysDocument, AdminRemoveChannelKeyDocument, AdminSetChannelKeyEnabledDocument, type ChannelFieldsFragment } from '../../../generated/graphql';
import { ConfirmButton } from '../../components/confirm';
import { DataTable } from '../../components/data-table';
import { DateText } from '../../components/date-text';
import { useAdminMutation } from '../../lib/admin-mutation';
import { formatUnits } from '../../lib/format';
import { request } from '../../lib/graphql';
import { parseLines } from '../../lib/validation';

export const KEY_STATUS_COLOR = { ENABLED: 'green', DISABLED_MANUAL: 'gray', DISABLED_AUTO: 'red' } as const;
const CHANNELS = [['admin-channels']];

/** A channel's upstream keys: last 4 characters, status, last error, requests sent; add, enable, disable, remove. */
export function ChannelKeys({ channel }: { channel: ChannelFieldsFragment }) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const add = useAdminMutation(() => request(AdminAddChannelKeysDocument, { channelId: channel.id, keys: parseLines(text) }).then((r) => r.addChannelKeys),
    { invalidate: CHANNELS, onSaved: () => setText(''), onFailure: setFailure });
  const setEnabled = useAdminMutation((v: { id: string; enabled: boolean }) => request(AdminSetChannelKeyEnabledDocument, v).then((r) => r.enableChannelKey ?? r.disableChannelKey), { invalidate: CHANNELS });
  const remove = useAdminMutation((id: string) => request(AdminRemoveChannelKeyDocument, { id }).then((r) => r.removeChannelKey), { invalidate: CHANNELS });
  return (
    <Stack>
      {channel.keys.length === 0 ? <Text c="dimmed">{t('admin.keys.none')}</Text> : (
        <DataTable minWidth={760} headers={[t('admin.keys.key'), t('admin.channels.status'), t('admin.keys.used'), t('admin.keys.lastError'), t('common.actions')]}>
          {channel.keys.map((k) => (
            <Table.Tr key={k.id} data-testid="channel-key-row">
              <Table.Td ff="monospace">…{k.last4}</Table.Td>
              <Table.Td><Badge variant="light" color={KEY_STATUS_COLOR[k.status]}>{t(`admin.channels.statuses.${k.status}`)}</Badge>
                {k.disabledReason && <Text size="xs" c="dimmed">{k.disabledReason}</Text>}</Table.Td>
              <Table.Td>{formatUnits(k.usedCount)}</Table.Td>
              <Table.Td>{k.lastError ? <><Text size="xs" lineClamp={3} title={k.lastError}>{k.lastError}</Text><Text size="xs" c="dimmed"><DateText iso={k.lastErrorAt} /></Text></> : '—'}</Table.Td>
              <Table.Td>
                <Group gap={4} wrap="nowrap">
                  {k.status === 'ENABLED'
                    ? <ConfirmButton label={t('common.disable')} question={t('admin.keys.disableConfirm', { last4: k.last4 })} onConfirm={() => setEnabled.mutateAsync({ id: k.id, enabled: false })} />
                    : <Button size="xs" variant="light" color="green" onClick={() => setEnabled.mutate({ id: k.id, enabled: true })}>{t('common.enable')}</Button>}
                  <ConfirmButton label={t('admin.keys.remove')} question={t('admin.keys.removeConfirm', { last4: k.last4 })} onConfirm={() => remove.mutateAsync(k.id)} />
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </DataTable>
      )}
      <Textarea label={t('admin.keys.add')} description={t('admin.keys.addHint')} autosize minRows={2} maxRows={8} value={text} autoComplete="off" spellCheck={false}
        onChange={(e) => setText(e.currentTarget.value)} styles={{ input: { fontFamily: 'monospace' } }} />
      {failure && <Alert color="red" role="alert">{failure}</Alert>}
      <Group><Button disabled={parseLines(text).length === 0} loading={add.isPending} onClick={() => { setFailure(null); add.mutate(undefined); }}>{t('admin.keys.addButton')}</Button></Group>
    </Stack>
  );
}
