import { Alert, Button, Card, Checkbox, Group, PasswordInput, Select, Stack, TextInput, Title } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  AdminCreateSignInProviderDocument, AdminUpdateSignInProviderDocument, type SignInProviderConfigFieldsFragment, type SignInProviderKind,
  type UpdateSignInProviderInput,
} from '../../../generated/graphql';
import { useAdminMutation } from '../../lib/admin-mutation';
import { request } from '../../lib/graphql';

export const PROVIDERS_QUERY_KEYS = [['admin-sign-in-providers'], ['sign-in-providers']];

/** The optional text settings, by the kinds that use them (docs/sign-in-providers.md). */
const TEXT_FIELDS = {
  issuer: ['OIDC'], authorizeUrl: ['GITHUB', 'OAUTH2'], tokenUrl: ['GITHUB', 'OAUTH2'], userInfoUrl: ['OAUTH2'], apiUrl: ['GITHUB'],
  scopes: ['OIDC', 'GITHUB', 'OAUTH2'], subjectField: ['OAUTH2'], emailField: ['OAUTH2'], emailVerifiedField: ['OAUTH2'],
} as const satisfies Record<string, readonly SignInProviderKind[]>;
type TextField = keyof typeof TEXT_FIELDS;
const TEXT_FIELD_NAMES = Object.keys(TEXT_FIELDS) as TextField[];

type Texts = Record<TextField, string>;

function textsOf(config: SignInProviderConfigFieldsFragment | null): Texts {
  return Object.fromEntries(TEXT_FIELD_NAMES.map((f) => [f, config?.[f] ?? ''])) as Texts;
}

/**
 * The settings of a stored provider as an update input, as they are: what the list's enable switch
 * sends with the one change. The client secret is absent, which keeps the stored one.
 */
export function updateInputOf(config: SignInProviderConfigFieldsFragment, change: Partial<UpdateSignInProviderInput> = {}): UpdateSignInProviderInput {
  return {
    displayName: config.displayName, enabled: config.enabled, clientId: config.clientId, trustEmailVerified: config.trustEmailVerified,
    ...Object.fromEntries(TEXT_FIELD_NAMES.map((f) => [f, config[f]])), ...change,
  };
}

/**
 * Adds a provider, or edits one (slug and kind are fixed once created). The client secret is
 * write-only: the field starts empty, and left empty on an edit it keeps the stored secret.
 */
export function SignInProviderForm({ editing, onDone }: { editing: SignInProviderConfigFieldsFragment | null; onDone: () => void }) {
  const { t } = useTranslation();
  const [slug, setSlug] = useState(editing?.slug ?? '');
  const [kind, setKind] = useState<SignInProviderKind>(editing?.kind ?? 'OIDC');
  const [displayName, setDisplayName] = useState(editing?.displayName ?? '');
  const [clientId, setClientId] = useState(editing?.clientId ?? '');
  const [clientSecret, setClientSecret] = useState('');
  const [enabled, setEnabled] = useState(editing?.enabled ?? true);
  const [trustEmailVerified, setTrust] = useState(editing?.trustEmailVerified ?? false);
  const [texts, setTexts] = useState(() => textsOf(editing));
  const [failure, setFailure] = useState<string | null>(null);

  const input = (): UpdateSignInProviderInput => ({
    displayName: displayName.trim(), clientId: clientId.trim(), enabled,
    clientSecret: clientSecret === '' ? null : clientSecret,
    trustEmailVerified: kind === 'OAUTH2' ? trustEmailVerified : null,
    // A setting the kind does not use is sent empty, so switching kinds leaves nothing stale behind.
    ...Object.fromEntries(TEXT_FIELD_NAMES.map((f) => [f, (TEXT_FIELDS[f] as readonly string[]).includes(kind) && texts[f].trim() ? texts[f].trim() : null])),
  });
  const save = useAdminMutation(
    (): Promise<{ __typename: string }> => (editing
      ? request(AdminUpdateSignInProviderDocument, { id: editing.id, input: input() }).then((r) => r.updateSignInProvider)
      : request(AdminCreateSignInProviderDocument, { input: { ...input(), slug: slug.trim(), kind } }).then((r) => r.createSignInProvider)),
    { invalidate: PROVIDERS_QUERY_KEYS, onFailure: setFailure, onSaved: () => { setClientSecret(''); onDone(); } },
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    if (!displayName.trim() || !clientId.trim() || (!editing && !slug.trim())) return setFailure(t('validation.required'));
    save.mutate(undefined);
  };
  const textInput = (field: TextField) => (TEXT_FIELDS[field] as readonly string[]).includes(kind) && (
    <TextInput key={field} label={t(`signInProviders.field.${field}`)} description={t(`signInProviders.hint.${field}`)}
      required={(field === 'issuer' && kind === 'OIDC') || (kind === 'OAUTH2' && ['authorizeUrl', 'tokenUrl', 'userInfoUrl'].includes(field))}
      value={texts[field]} onChange={(e) => { const value = e.currentTarget.value; setTexts((old) => ({ ...old, [field]: value })); }} />
  );
  return (
    <Card withBorder component="form" onSubmit={submit} data-testid="sign-in-provider-form">
      <Stack>
        <Title order={4}>{editing ? t('signInProviders.editTitle', { name: editing.displayName }) : t('signInProviders.addTitle')}</Title>
        <Group grow align="flex-start">
          <TextInput label={t('signInProviders.field.slug')} description={t('signInProviders.hint.slug')} required disabled={editing !== null}
            value={slug} onChange={(e) => setSlug(e.currentTarget.value)} />
          <Select label={t('signInProviders.field.kind')} disabled={editing !== null} allowDeselect={false} value={kind}
            onChange={(value) => value && setKind(value as SignInProviderKind)}
            data={(['OIDC', 'GITHUB', 'OAUTH2'] as const).map((k) => ({ value: k, label: t(`signInProviders.kind.${k}`) }))} />
        </Group>
        <TextInput label={t('signInProviders.field.displayName')} description={t('signInProviders.hint.displayName')} required
          value={displayName} onChange={(e) => setDisplayName(e.currentTarget.value)} />
        <Group grow align="flex-start">
          <TextInput label={t('signInProviders.field.clientId')} required value={clientId} onChange={(e) => setClientId(e.currentTarget.value)} />
          <PasswordInput label={t('signInProviders.field.clientSecret')} autoComplete="new-password"
            description={editing?.clientSecretSet ? t('signInProviders.hint.clientSecretKept') : t('signInProviders.hint.clientSecret')}
            value={clientSecret} onChange={(e) => setClientSecret(e.currentTarget.value)} />
        </Group>
        {TEXT_FIELD_NAMES.map(textInput)}
        {kind === 'OAUTH2' && <Checkbox label={t('signInProviders.field.trustEmailVerified')} description={t('signInProviders.hint.trustEmailVerified')}
          checked={trustEmailVerified} onChange={(e) => setTrust(e.currentTarget.checked)} />}
        <Checkbox label={t('signInProviders.field.enabled')} checked={enabled} onChange={(e) => setEnabled(e.currentTarget.checked)} />
        {failure && <Alert color="red" role="alert">{failure}</Alert>}
        <Group>
          <Button type="submit" loading={save.isPending}>{editing ? t('common.save') : t('signInProviders.add')}</Button>
          {editing && <Button variant="default" onClick={onDone}>{t('common.cancel')}</Button>}
        </Group>
      </Stack>
    </Card>
  );
}
