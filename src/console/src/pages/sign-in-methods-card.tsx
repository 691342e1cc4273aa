import { Alert, Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  ConsoleBeginProviderLinkDocument, ConsoleSignInMethodsDocument, ConsoleUnlinkProviderDocument,
} from '../../generated/graphql';
import { DateText } from '../components/date-text';
import { notifyOk } from '../components/notify';
import { useFragmentParam } from '../components/provider-buttons';
import { useErrorText } from '../lib/error-text';
import { request } from '../lib/graphql';
import { asTypedError } from '../lib/typed-result';

/**
 * The Account page's sign-in methods: linked providers (unlink each, unless it is the last way
 * in: the server refuses that), a "Link" button for every other enabled provider, and the result
 * of a link that just came back from the provider (`#provider-linked=` / `#provider-error=`).
 */
/** The viewer's ways in (a password, linked providers) and the enabled providers; shared by the Account page's cards. */
export function useSignInMethods() {
  return useQuery({ queryKey: ['sign-in-methods'], queryFn: () => request(ConsoleSignInMethodsDocument) });
}

export function SignInMethodsCard() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const linked = useFragmentParam('provider-linked');
  const linkError = useFragmentParam('provider-error');
  const [failure, setFailure] = useState<string | null>(null);
  const methods = useSignInMethods();
  const link = useMutation({
    mutationFn: (provider: string) => request(ConsoleBeginProviderLinkDocument, { provider }),
    onSuccess: ({ beginSignInProviderLink: result }) => {
      if (result.__typename === 'ProviderLinkStart') window.location.assign(result.authorizationUrl);
      else setFailure(errorText(asTypedError(result)));
    },
    onError: (e) => setFailure(errorText(e)),
  });
  const unlink = useMutation({
    mutationFn: (provider: string) => request(ConsoleUnlinkProviderDocument, { provider }),
    onSuccess: ({ unlinkSignInProvider: result }) => {
      if (result.__typename !== 'UnlinkSignInProviderSuccess') return setFailure(errorText(asTypedError(result)));
      notifyOk(t('providers.unlinked'));
      void queryClient.invalidateQueries({ queryKey: ['sign-in-methods'] });
      void queryClient.invalidateQueries({ queryKey: ['security-events'] });
    },
    onError: (e) => setFailure(errorText(e)),
  });
  const data = methods.data;
  const linkedIds = new Set(data?.mySignInMethods.providers.map((p) => p.provider.id) ?? []);
  const linkable = data?.signInProviders.filter((p) => !linkedIds.has(p.id)) ?? [];
  return (
    <Card withBorder data-testid="sign-in-methods">
      <Title order={4} mb="sm">{t('providers.title')}</Title>
      <Stack>
        {linked && <Alert color="green" role="status">{t('providers.linked')}</Alert>}
        {linkError && <Alert color="red" role="alert">{t(`providers.errors.${linkError}`, { defaultValue: t('providers.errors.PROVIDER_ERROR') })}</Alert>}
        <Text size="sm">{data?.mySignInMethods.hasPassword ? t('providers.hasPassword') : t('providers.noPassword')}</Text>
        {data?.mySignInMethods.providers.map((p) => (
          <Group key={p.provider.id} justify="space-between">
            <div>
              <Text fw={500}>{p.provider.displayName} {!p.enabled && <Badge color="gray">{t('providers.disabled')}</Badge>}</Text>
              <Text size="xs" c="dimmed">{p.email ?? ''} · <DateText iso={p.linkedAt} /></Text>
            </div>
            <Button variant="light" color="red" size="xs" loading={unlink.isPending} onClick={() => { setFailure(null); unlink.mutate(p.provider.id); }}>
              {t('providers.unlink')}
            </Button>
          </Group>
        ))}
        {linkable.map((p) => (
          <Button key={p.id} variant="default" loading={link.isPending} data-testid={`link-${p.id}`} onClick={() => { setFailure(null); link.mutate(p.id); }}>
            {t('providers.link', { name: p.displayName })}
          </Button>
        ))}
        {failure && <Alert color="red" role="alert">{failure}</Alert>}
      </Stack>
    </Card>
  );
}
