import { Badge, Button, Card, Code, Group, Stack, Switch, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  AdminDeleteSignInProviderDocument, AdminSignInProvidersDocument, AdminUpdateSignInProviderDocument, type SignInProviderConfigFieldsFragment,
} from '../../../generated/graphql';
import { ConfirmButton } from '../../components/confirm';
import { QueryState } from '../../components/states';
import { useAdminMutation } from '../../lib/admin-mutation';
import { request } from '../../lib/graphql';
import { PROVIDERS_QUERY_KEYS, SignInProviderForm, updateInputOf } from './sign-in-provider-form';

/**
 * The operator's sign-in providers (GitHub, Google, any OIDC or OAuth 2.0 provider), configured at
 * run time: each with the redirect URL to register at the provider, an enable switch (a disabled
 * provider's button disappears and its links stop counting as a way in), edit and delete.
 */
export default function AdminSignInProvidersPage() {
  const { t } = useTranslation();
  const list = useQuery({ queryKey: ['admin-sign-in-providers'], queryFn: () => request(AdminSignInProvidersDocument) });
  const [editing, setEditing] = useState<SignInProviderConfigFieldsFragment | null>(null);
  const toggle = useAdminMutation(
    (p: SignInProviderConfigFieldsFragment) =>
      request(AdminUpdateSignInProviderDocument, { id: p.id, input: updateInputOf(p, { enabled: !p.enabled }) }).then((r) => r.updateSignInProvider),
    { invalidate: PROVIDERS_QUERY_KEYS },
  );
  const remove = useAdminMutation(
    (id: string) => request(AdminDeleteSignInProviderDocument, { id }).then((r) => r.deleteSignInProvider),
    { invalidate: PROVIDERS_QUERY_KEYS },
  );
  const providers = list.data?.adminSignInProviders ?? [];
  return (
    <Stack>
      <Title order={2}>{t('nav.adminSignInProviders')}</Title>
      <Text size="sm" c="dimmed">{t('signInProviders.intro')}</Text>
      <SignInProviderForm key={editing?.id ?? 'new'} editing={editing} onDone={() => setEditing(null)} />
      <QueryState loading={list.isLoading} error={list.error} empty={providers.length === 0}>
        {providers.map((p) => (
          <Card withBorder key={p.id} data-testid={`sign-in-provider-${p.slug}`}>
            <Group justify="space-between" mb="xs">
              <Group gap="xs">
                <Text fw={700}>{p.displayName}</Text>
                <Badge variant="light">{t(`signInProviders.kind.${p.kind}`)}</Badge>
                <Badge color={p.clientSecretSet ? 'green' : 'gray'}>{p.clientSecretSet ? t('signInProviders.secretSet') : t('signInProviders.secretUnset')}</Badge>
              </Group>
              <Group gap="xs">
                <Switch label={t('signInProviders.field.enabled')} checked={p.enabled} disabled={toggle.isPending} onChange={() => toggle.mutate(p)} />
                <Button size="xs" variant="light" onClick={() => setEditing(p)}>{t('common.edit')}</Button>
                <ConfirmButton label={t('signInProviders.delete')} question={t('signInProviders.deleteQuestion', { name: p.displayName })}
                  onConfirm={() => remove.mutateAsync(p.id)} />
              </Group>
            </Group>
            <Text size="sm">{t('signInProviders.redirectUrl')} <Code data-testid="redirect-url">{p.redirectUrl}</Code></Text>
            <Text size="xs" c="dimmed">{p.slug} · {t('signInProviders.field.clientId')}: {p.clientId}</Text>
          </Card>
        ))}
      </QueryState>
    </Stack>
  );
}
