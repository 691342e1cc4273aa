import { Alert, Anchor, Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { SignUpDocument } from '../../generated/graphql';
import { useErrorText } from '../lib/error-text';
import { request } from '../lib/graphql';
import { pendingInviteCode, rememberInviteCode } from '../lib/invite-code';
import { saveSession } from '../lib/session';
import { asTypedError } from '../lib/typed-result';
import { checkEmail, checkPassword } from '../lib/validation';
import { ProviderButtons } from '../components/provider-buttons';
import { useSettings } from '../lib/hooks';
import { AuthCard } from './auth-card';

export function SignUpPage() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  // Kept in the browser until an account exists, so a sign-up that leaves for a sign-in provider still counts the invitation.
  const [inviteCode] = useState(() => rememberInviteCode(params.get('invite')) ?? pendingInviteCode());
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [touched, setTouched] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  // The operator may keep only the providers (passwordSignUpEnabled off): then no password form.
  const passwordSignUp = useSettings().data?.consoleSettings.passwordSignUpEnabled !== false;
  const errors = {
    email: touched ? checkEmail(email) : null,
    password: touched ? checkPassword(password) : null,
    repeat: touched && repeat !== password ? 'validation.passwordsDiffer' : null,
  };
  const signUp = useMutation({
    mutationFn: () => request(SignUpDocument, { email: email.trim(), password, inviteCode }),
    onSuccess: ({ register }) => {
      if (register.__typename === 'RegisterSuccess') {
        rememberInviteCode(null);
        saveSession({ token: register.sessionToken, expiresAt: register.expiresAt });
        navigate('/', { replace: true });
      } else setFailure(errorText(asTypedError(register)));
    },
    onError: (error) => setFailure(errorText(error)),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    setFailure(null);
    if (checkEmail(email) || checkPassword(password) || repeat !== password) return;
    signUp.mutate();
  };
  return (
    <AuthCard title={t('auth.signUpTitle')} footer={<>{t('auth.haveAccount')} <Anchor component={Link} to="/sign-in">{t('auth.signIn')}</Anchor></>}>
      {passwordSignUp && <form onSubmit={submit} noValidate>
        <Stack>
          <TextInput label={t('auth.email')} type="email" autoComplete="email" required value={email}
            onChange={(e) => setEmail(e.currentTarget.value)} error={errors.email && t(errors.email)} />
          <PasswordInput label={t('auth.password')} description={t('auth.passwordHint')} autoComplete="new-password" required
            value={password} onChange={(e) => setPassword(e.currentTarget.value)} error={errors.password && t(errors.password)} />
          <PasswordInput label={t('auth.repeatPassword')} autoComplete="new-password" required value={repeat}
            onChange={(e) => setRepeat(e.currentTarget.value)} error={errors.repeat && t(errors.repeat)} />
          {inviteCode && <Alert color="teal" data-testid="invited-notice">{t('invitations.invitedNotice')}</Alert>}
          {failure && <Alert color="red" role="alert">{failure}</Alert>}
          <Button type="submit" loading={signUp.isPending}>{t('auth.signUp')}</Button>
        </Stack>
      </form>}
      <ProviderButtons />
    </AuthCard>
  );
}
