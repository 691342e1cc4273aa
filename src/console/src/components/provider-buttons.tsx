import { Alert, Button, Divider, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { ConsoleSignInProvidersDocument } from '../../generated/graphql';
import { request } from '../lib/graphql';
import { pendingInviteCode } from '../lib/invite-code';

/** `#provider-error=CODE` (or another fragment field) that the provider callback redirected with. */
export function useFragmentParam(name: string): string | null {
  const { hash } = useLocation();
  return new URLSearchParams(hash.slice(1)).get(name);
}

export function useSignInProviders() {
  return useQuery({ queryKey: ['sign-in-providers'], queryFn: () => request(ConsoleSignInProvidersDocument), staleTime: 60_000 });
}

/**
 * A "Continue with ..." button per enabled sign-in provider, on the sign-in and sign-up pages. Each
 * is a plain link to the gateway's start route: a full navigation, since the provider's pages and
 * the way back are outside the console. An invitation code the visitor came with goes along to the
 * start route, which keeps it with the flow, so a first sign-in there counts the invitation. Shows
 * why the last provider sign-in was refused, if it was.
 */
export function ProviderButtons() {
  const { t } = useTranslation();
  const providers = useSignInProviders();
  const error = useFragmentParam('provider-error');
  const list = providers.data?.signInProviders ?? [];
  const inviteCode = pendingInviteCode();
  const query = inviteCode ? `?invite=${encodeURIComponent(inviteCode)}` : '';
  return (
    <Stack gap="xs">
      {error && <Alert color="red" role="alert" data-testid="provider-error">{t(`providers.errors.${error}`, { defaultValue: t('providers.errors.PROVIDER_ERROR') })}</Alert>}
      {list.length > 0 && <Divider label={t('providers.or')} labelPosition="center" />}
      {list.map((p) => (
        <Button key={p.id} component="a" href={`/auth/oauth/${encodeURIComponent(p.id)}/start${query}`} variant="default" data-testid={`provider-${p.id}`}>
          {t('providers.continueWith', { name: p.displayName })}
        </Button>
      ))}
    </Stack>
  );
}
