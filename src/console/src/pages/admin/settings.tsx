import { Alert, Button, Card, Group, NumberInput, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { AdminSettingsDocument, AdminUpdateSettingsDocument, type AdminSettingsFieldsFragment, type AdminSettingsQuery } from '../../../generated/graphql';
import { DateText } from '../../components/date-text';
import { notifyOk } from '../../components/notify';
import { QueryState } from '../../components/states';
import { useErrorText } from '../../lib/error-text';
import { request } from '../../lib/graphql';
import { asTypedError } from '../../lib/typed-result';

type Values = Omit<AdminSettingsFieldsFragment, 'updatedAt' | 'mailTransport' | '__typename'>;

/** The form's fields only: what comes back from the mutation also carries __typename, which the input type refuses. */
function editable(settings: AdminSettingsFieldsFragment & { __typename?: string }): Values {
  const { updatedAt: _u, mailTransport: _m, __typename: _t, ...rest } = settings;
  return rest;
}

/** The server's ranges (src/domain/settings/settings-definitions.ts), checked before submit. */
function problems(v: Values): Partial<Record<keyof Values, string>> {
  const found: Partial<Record<keyof Values, string>> = {};
  const units = (text: string, min: bigint, max: bigint) => /^\d{1,20}$/.test(text) && BigInt(text) >= min && BigInt(text) <= max;
  if (!units(v.signupGrant, 0n, 10n ** 16n)) found.signupGrant = 'validation.integer';
  if (!units(v.checkInAmount, 0n, 10n ** 16n)) found.checkInAmount = 'validation.integer';
  if (!units(v.quotaPerUnit, 1n, 10n ** 12n)) found.quotaPerUnit = 'validation.integer';
  const whole = (n: number, max: number) => Number.isInteger(n) && n >= 0 && n <= max;
  if (!whole(v.defaultRpm, 1_000_000)) found.defaultRpm = 'validation.integer';
  if (!whole(v.defaultMaxConcurrentPerKey, 100_000)) found.defaultMaxConcurrentPerKey = 'validation.integer';
  if (!whole(v.maxConcurrentPerUser, 100_000)) found.maxConcurrentPerUser = 'validation.integer';
  if (!whole(v.maxRpmPerUser, 1_000_000)) found.maxRpmPerUser = 'validation.integer';
  if (v.affinityTtlSeconds != null && !whole(v.affinityTtlSeconds, 86_400)) found.affinityTtlSeconds = 'validation.integer';
  if (!/^[A-Z]{3}$/.test(v.displayCurrency)) found.displayCurrency = 'settings.currencyInvalid';
  try {
    new Intl.DateTimeFormat('en', { timeZone: v.defaultTimezone });
    if (!v.defaultTimezone.trim()) found.defaultTimezone = 'validation.required';
  } catch {
    found.defaultTimezone = 'settings.timezoneInvalid';
  }
  return found;
}

export default function AdminSettingsPage() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const current = useQuery({ queryKey: ['admin-settings'], queryFn: () => request(AdminSettingsDocument) });
  const [values, setValues] = useState<Values | null>(null);
  const [touched, setTouched] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  useEffect(() => {
    if (current.data && values === null) setValues(editable(current.data.settings));
  }, [current.data, values]);
  const save = useMutation({
    mutationFn: (input: Values) => request(AdminUpdateSettingsDocument, { input }),
    onSuccess: ({ updateSettings: r }) => {
      if (r.__typename !== 'Settings') return setFailure(errorText(asTypedError(r)));
      notifyOk(t('common.saved'));
      // The saved values, at once: refilling from the cached query (refetched a moment later) put
      // the old values back in the form, and the next save quietly reverted this one.
      queryClient.setQueryData<AdminSettingsQuery>(['admin-settings'], { settings: r });
      setValues(editable(r));
      // The console's own display rate and the sign-up page read these too.
      void queryClient.invalidateQueries({ queryKey: ['settings'] });
    },
    onError: (e) => setFailure(errorText(e)),
  });
  const found = values && touched ? problems(values) : {};
  const error = (key: keyof Values) => (found[key] ? t(found[key]!) : null);
  const set = <K extends keyof Values>(key: K, value: Values[K]) => setValues((v) => (v ? { ...v, [key]: value } : v));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    setFailure(null);
    if (!values || Object.keys(problems(values)).length > 0) return;
    save.mutate({ ...values, displayCurrency: values.displayCurrency.trim(), defaultTimezone: values.defaultTimezone.trim() });
  };
  return (
    <Stack>
      <Title order={2}>{t('settings.title')}</Title>
      <Text size="sm" c="dimmed">{t('settings.intro')}</Text>
      <QueryState loading={current.isLoading || !values} error={current.error}>
        {values && (
          <Card withBorder maw={640}>
            <form onSubmit={submit} noValidate>
              <Stack>
                <Switch label={t('settings.registrationOpen')} checked={values.registrationOpen} onChange={(e) => set('registrationOpen', e.currentTarget.checked)} />
                <Switch label={t('settings.emailVerificationRequired')} description={t('settings.mailTransport', { transport: current.data?.settings.mailTransport ?? '' })}
                  checked={values.emailVerificationRequired} onChange={(e) => set('emailVerificationRequired', e.currentTarget.checked)} />
                <Switch label={t('settings.adminTwoFactorRequired')} description={t('settings.adminTwoFactorRequiredHint')}
                  checked={values.adminTwoFactorRequired} onChange={(e) => set('adminTwoFactorRequired', e.currentTarget.checked)} />
                <TextInput label={t('settings.signupGrant')} description={t('settings.units')} inputMode="numeric" value={values.signupGrant}
                  onChange={(e) => set('signupGrant', e.currentTarget.value.trim())} error={error('signupGrant')} />
                <TextInput label={t('settings.checkInAmount')} description={t('settings.units')} inputMode="numeric" value={values.checkInAmount}
                  onChange={(e) => set('checkInAmount', e.currentTarget.value.trim())} error={error('checkInAmount')} />
                <TextInput label={t('settings.defaultTimezone')} description={t('settings.timezoneHint')} value={values.defaultTimezone}
                  onChange={(e) => set('defaultTimezone', e.currentTarget.value)} error={error('defaultTimezone')} />
                <Group grow align="flex-start">
                  <NumberInput label={t('settings.defaultRpm')} description={t('settings.defaultRpmHint')} min={0} max={1_000_000} allowDecimal={false}
                    value={values.defaultRpm} onChange={(v) => set('defaultRpm', typeof v === 'number' ? v : Number.NaN)} error={error('defaultRpm')} />
                  <NumberInput label={t('settings.maxRpmPerUser')} description={t('settings.maxRpmPerUserHint')} min={0} max={1_000_000} allowDecimal={false}
                    value={values.maxRpmPerUser} onChange={(v) => set('maxRpmPerUser', typeof v === 'number' ? v : Number.NaN)} error={error('maxRpmPerUser')} />
                </Group>
                <Group grow align="flex-start">
                  <NumberInput label={t('settings.defaultMaxConcurrentPerKey')} description={t('settings.defaultMaxConcurrentPerKeyHint')} min={0} max={100_000} allowDecimal={false}
                    value={values.defaultMaxConcurrentPerKey} onChange={(v) => set('defaultMaxConcurrentPerKey', typeof v === 'number' ? v : Number.NaN)}
                    error={error('defaultMaxConcurrentPerKey')} />
                  <NumberInput label={t('settings.maxConcurrentPerUser')} description={t('settings.maxConcurrentPerUserHint')} min={0} max={100_000} allowDecimal={false}
                    value={values.maxConcurrentPerUser} onChange={(v) => set('maxConcurrentPerUser', typeof v === 'number' ? v : Number.NaN)}
                    error={error('maxConcurrentPerUser')} />
                </Group>
                <NumberInput label={t('settings.affinityTtlSeconds')} description={t('settings.affinityTtlSecondsHint')} min={0} max={86_400} allowDecimal={false}
                  value={values.affinityTtlSeconds ?? ''} onChange={(v) => set('affinityTtlSeconds', typeof v === 'number' ? v : Number.NaN)} error={error('affinityTtlSeconds')} />
                <Group grow align="flex-start">
                  <TextInput label={t('settings.displayCurrency')} maxLength={3} value={values.displayCurrency}
                    onChange={(e) => set('displayCurrency', e.currentTarget.value.toUpperCase())} error={error('displayCurrency')} />
                  <TextInput label={t('settings.quotaPerUnit')} description={t('settings.quotaPerUnitHint', { currency: values.displayCurrency })} inputMode="numeric"
                    value={values.quotaPerUnit} onChange={(e) => set('quotaPerUnit', e.currentTarget.value.trim())} error={error('quotaPerUnit')} />
                </Group>
                {failure && <Alert color="red" role="alert">{failure}</Alert>}
                <Group justify="space-between">
                  <Text size="xs" c="dimmed">{t('settings.updatedAt')} {current.data?.settings.updatedAt ? <DateText iso={current.data.settings.updatedAt} /> : '—'}</Text>
                  <Button type="submit" loading={save.isPending}>{t('common.save')}</Button>
                </Group>
              </Stack>
            </form>
          </Card>
        )}
      </QueryState>
    </Stack>
  );
}
