import { Alert, Anchor, Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { SignInDocument } from '../../generated/graphql';
import { useErrorText } from '../lib/error-text';
import { request } from '../lib/graphql';
import { saveSession } from '../lib/session';
import { asTypedError } from '../lib/typed-result';
import { checkEmail, checkRequired } from '../lib/validation';
import { ProviderButtons } from '../components/provider-buttons';
import { AuthCard } from './auth-card';
import { PasskeySignInButton } from './passkey-sign-in-button';
import { SecondFactorForm } from './second-factor-form';

export function SignInPage() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const location = useLocation();
  const state = location.state as { from?: string; expired?: boolean } | null;
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [touched, setTouched] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  // Set when the password was right and the account has two-factor on: the code is asked next.
  const [challengeToken, setChallengeToken] = useState<string | null>(null);
  const emailError = touched ? checkEmail(email) : null;
  const passwordError = touched ? checkRequired(password) : null;
  const signIn = useMutation({
    mutationFn: () => request(SignInDocument, { email: email.trim(), password }),
    onSuccess: ({ login }) => {
      // The signed-in routes take the person back to `state.from` (see App): navigating here as well
      // raced that redirect, and the session's render won, landing on the dashboard instead.
      if (login.__typename === 'LoginSuccess') saveSession({ token: login.sessionToken, expiresAt: login.expiresAt });
      else if (login.__typename === 'SecondFactorRequired') setChallengeToken(login.challengeToken);
      else setFailure(errorText(asTypedError(login)));
    },
    onError: (error) => setFailure(errorText(error)),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    setFailure(null);
    if (checkEmail(email) || checkRequired(password)) return;
    signIn.mutate();
  };
  return (
    <AuthCard title={t('auth.signInTitle')} footer={<>{t('auth.noAccount')} <Anchor component={Link} to="/sign-up">{t('auth.signUp')}</Anchor></>}>
      {state?.expired && !failure && !challengeToken && <Alert color="yellow">{t('auth.sessionEnded')}</Alert>}
      {challengeToken && <SecondFactorForm challengeToken={challengeToken} onRestart={() => { setChallengeToken(null); setPassword(''); }} />}
      {!challengeToken && <form onSubmit={submit} noValidate>
        <Stack>
          <TextInput label={t('auth.email')} type="email" autoComplete="email" required value={email}
            onChange={(e) => setEmail(e.currentTarget.value)} error={emailError && t(emailError)} />
          <PasswordInput label={t('auth.password')} autoComplete="current-password" required value={password}
            onChange={(e) => setPassword(e.currentTarget.value)} error={passwordError && t(passwordError)} />
          {failure && <Alert color="red" role="alert">{failure}</Alert>}
          <Button type="submit" loading={signIn.isPending}>{t('auth.signIn')}</Button>
        </Stack>
      </form>}
      {!challengeToken && <PasskeySignInButton />}
      {!challengeToken && <ProviderButtons />}
    </AuthCard>
  );
}
