import { Alert, Button, Card, PasswordInput, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ChangeMyPasswordDocument, RedeemCodeDocument } from '../../generated/graphql';
import { notifyOk } from '../components/notify';
import { useErrorText } from '../lib/error-text';
import { request } from '../lib/graphql';
import { useMoney, useViewer } from '../lib/hooks';
import { asTypedError } from '../lib/typed-result';
import { checkPassword, checkRequired } from '../lib/validation';
import { BudgetCard } from './budget-card';
import { PasskeysCard } from './passkeys-card';
import { SecurityEventsCard } from './security-events-card';
import { SignInMethodsCard, useSignInMethods } from './sign-in-methods-card';
import { TimeZoneCard } from './time-zone-card';
import { TwoFactorCard } from './two-factor-card';

function RedeemCard() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const money = useMoney();
  const queryClient = useQueryClient();
  const [code, setCode] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const redeem = useMutation({
    mutationFn: () => request(RedeemCodeDocument, { code: code.trim() }),
    onSuccess: ({ redeemCode }) => {
      if (redeemCode.__typename === 'RedeemCodeSuccess') {
        notifyOk(t('account.redeemed', { amount: money(redeemCode.quotaAmount).money }));
        setCode('');
        void queryClient.invalidateQueries();
      } else setFailure(errorText(asTypedError(redeemCode)));
    },
    onError: (e) => setFailure(errorText(e)),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    if (checkRequired(code)) return setFailure(t('validation.required'));
    redeem.mutate();
  };
  return (
    <Card withBorder>
      <Title order={4} mb="sm">{t('account.redeemTitle')}</Title>
      <form onSubmit={submit} noValidate>
        <Stack>
          <TextInput label={t('account.code')} value={code} onChange={(e) => setCode(e.currentTarget.value)} autoComplete="off" />
          {failure && <Alert color="red" role="alert">{failure}</Alert>}
          <Button type="submit" loading={redeem.isPending}>{t('account.redeem')}</Button>
        </Stack>
      </form>
    </Card>
  );
}

function PasswordCard() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [touched, setTouched] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const change = useMutation({
    mutationFn: () => request(ChangeMyPasswordDocument, { currentPassword: current, newPassword: next }),
    onSuccess: ({ changePassword }) => {
      const error = asTypedError(changePassword);
      if (error) return setFailure(errorText(error));
      notifyOk(t('account.passwordChanged'));
      setCurrent(''); setNext(''); setTouched(false);
    },
    onError: (e) => setFailure(errorText(e)),
  });
  const nextError = touched ? checkPassword(next) : null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    setFailure(null);
    if (checkRequired(current) || checkPassword(next)) return;
    change.mutate();
  };
  return (
    <Card withBorder>
      <Title order={4} mb="sm">{t('account.passwordTitle')}</Title>
      <form onSubmit={submit} noValidate>
        <Stack>
          <PasswordInput label={t('account.currentPassword')} autoComplete="current-password" value={current} onChange={(e) => setCurrent(e.currentTarget.value)}
            error={touched && checkRequired(current) ? t('validation.required') : null} />
          <PasswordInput label={t('account.newPassword')} description={t('auth.passwordHint')} autoComplete="new-password" value={next}
            onChange={(e) => setNext(e.currentTarget.value)} error={nextError && t(nextError)} />
          {failure && <Alert color="red" role="alert">{failure}</Alert>}
          <Button type="submit" loading={change.isPending}>{t('account.changePassword')}</Button>
        </Stack>
      </form>
    </Card>
  );
}

export function AccountPage() {
  const { t } = useTranslation();
  const viewer = useViewer();
  // An account made by a sign-in provider has no password to change.
  const hasPassword = useSignInMethods().data?.mySignInMethods.hasPassword !== false;
  return (
    <Stack>
      <Title order={2}>{t('account.title')}</Title>
      {viewer.data && <Text>{t('account.signedInAs', { email: viewer.data.me.email })}</Text>}
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <RedeemCard />
        {hasPassword && <PasswordCard />}
        <TimeZoneCard />
        <BudgetCard />
        <TwoFactorCard />
        <PasskeysCard />
        <SignInMethodsCard />
      </SimpleGrid>
      <SecurityEventsCard />
    </Stack>
  );
}
