import { Alert, Anchor, Center, Loader } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { ConsoleCompleteProviderSignInDocument } from '../../generated/graphql';
import { useFragmentParam } from '../components/provider-buttons';
import { useErrorText } from '../lib/error-text';
import { request } from '../lib/graphql';
import { rememberInviteCode } from '../lib/invite-code';
import { saveSession } from '../lib/session';
import { asTypedError } from '../lib/typed-result';
import { AuthCard } from './auth-card';
import { SecondFactorForm } from './second-factor-form';

/**
 * Where a provider sign-in lands (`/sign-in/provider#handoff=...`): the one-time code is exchanged
 * for a session at once, then the signed-in console takes over. The code is in the fragment so it
 * never reaches a server log; it works once and for a minute.
 */
export function ProviderSignInPage() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const navigate = useNavigate();
  const handoff = useFragmentParam('handoff');
  const [failure, setFailure] = useState<string | null>(null);
  // An account with two-factor authentication on: the provider was the first factor, the code is next.
  const [challengeToken, setChallengeToken] = useState<string | null>(null);
  const started = useRef(false);
  const complete = useMutation({
    mutationFn: (code: string) => request(ConsoleCompleteProviderSignInDocument, { handoff: code }),
    onSuccess: ({ completeProviderSignIn: result }) => {
      if (result.__typename === 'LoginSuccess') {
        // An account exists now (made with the invitation, if this was its first sign-in).
        rememberInviteCode(null);
        saveSession({ token: result.sessionToken, expiresAt: result.expiresAt });
      } else if (result.__typename === 'SecondFactorRequired') {
        rememberInviteCode(null);
        setChallengeToken(result.challengeToken);
      } else setFailure(errorText(asTypedError(result)));
    },
    onError: (error) => setFailure(errorText(error)),
  });
  useEffect(() => {
    // Once: the code is single use, and React may run effects twice in development.
    if (started.current) return;
    started.current = true;
    if (handoff) complete.mutate(handoff);
    else setFailure(t('errors.INVALID_HANDOFF'));
  }, [handoff, complete, t]);
  return (
    <AuthCard title={t('auth.signInTitle')} footer={<Anchor component={Link} to="/sign-in">{t('auth.signIn')}</Anchor>}>
      {failure && <Alert color="red" role="alert">{failure}</Alert>}
      {!failure && challengeToken && <SecondFactorForm challengeToken={challengeToken} onRestart={() => navigate('/sign-in')} />}
      {!failure && !challengeToken && <Center><Loader aria-label={t('common.loading')} /></Center>}
    </AuthCard>
  );
}
