import { Alert, Badge, Button, Card, Group, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { MyPasskeysDocument, RemovePasskeyDocument } from '../../generated/graphql';
import { ConfirmButton } from '../components/confirm';
import { DateText } from '../components/date-text';
import { notifyOk } from '../components/notify';
import { useErrorText } from '../lib/error-text';
import { request } from '../lib/graphql';
import { isCancelled, registerPasskey } from '../lib/passkeys';
import { asTypedError } from '../lib/typed-result';

/** The viewer's passkeys: add one (named), see when each was last used, remove one. */
export function PasskeysCard() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const passkeys = useQuery({ queryKey: ['passkeys'], queryFn: () => request(MyPasskeysDocument) });
  const [name, setName] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const refresh = () => Promise.all([
    queryClient.invalidateQueries({ queryKey: ['passkeys'] }), queryClient.invalidateQueries({ queryKey: ['security-events'] }),
  ]);
  const add = useMutation({
    mutationFn: () => registerPasskey(name.trim()),
    onSuccess: async (result) => {
      const error = asTypedError(result);
      if (error) return setFailure(errorText(error));
      notifyOk(t('security.passkeyAdded'));
      setName('');
      await refresh();
    },
    onError: (e) => setFailure(isCancelled(e) ? t('security.passkeyCancelled') : errorText(e)),
  });
  const remove = async (id: string) => {
    const { removePasskey } = await request(RemovePasskeyDocument, { id });
    const error = asTypedError(removePasskey);
    if (error) setFailure(errorText(error));
    await refresh();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    if (!name.trim()) return setFailure(t('security.passkeyNameNeeded'));
    add.mutate();
  };
  const list = passkeys.data?.myPasskeys ?? [];
  return (
    <Card withBorder data-testid="passkeys-card">
      <Title order={4} mb="sm">{t('security.passkeysTitle')}</Title>
      <Stack>
        <Text size="sm">{t('security.passkeysIntro')}</Text>
        {list.length === 0 && passkeys.isSuccess && <Text size="sm" c="dimmed">{t('security.noPasskeys')}</Text>}
        {list.length > 0 && (
          <Table>
            <Table.Thead>
              <Table.Tr><Table.Th>{t('security.passkeyName')}</Table.Th><Table.Th>{t('security.lastUsed')}</Table.Th><Table.Th /></Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.map((p) => (
                <Table.Tr key={p.id} data-testid="passkey-row">
                  <Table.Td>{p.name} {p.backedUp && <Badge size="xs" variant="light">{t('security.synced')}</Badge>}</Table.Td>
                  <Table.Td>{p.lastUsedAt ? <DateText iso={p.lastUsedAt} /> : t('security.never')}</Table.Td>
                  <Table.Td><ConfirmButton label={t('security.remove')} question={t('security.removePasskeyQuestion', { name: p.name })} onConfirm={() => remove(p.id)} /></Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        <form onSubmit={submit} noValidate>
          <Group align="flex-end">
            <TextInput label={t('security.passkeyName')} placeholder={t('security.passkeyNamePlaceholder')} maxLength={64} value={name}
              onChange={(e) => setName(e.currentTarget.value)} />
            <Button type="submit" loading={add.isPending}>{t('security.addPasskey')}</Button>
          </Group>
        </form>
        {failure && <Alert color="red" role="alert">{failure}</Alert>}
      </Stack>
    </Card>
  );
}
