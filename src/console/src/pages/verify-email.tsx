import { Alert, Anchor, Center, Loader } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { VerifyEmailLinkDocument } from '../../generated/graphql';
import { Money } from '../components/money';
import { useErrorText } from '../lib/error-text';
import { request } from '../lib/graphql';
import { asTypedError } from '../lib/typed-result';
import { AuthCard } from './auth-card';

/**
 * Where the mailed link lands (`/verify-email?token=...`), signed in or not: the link may be
 * opened on another device. The token is sent once per page load (it works only once anyway).
 */
export function VerifyEmailPage({ signedIn }: { signedIn: boolean }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const sent = useRef(false);
  const verify = useMutation({
    mutationFn: () => request(VerifyEmailLinkDocument, { token }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['viewer'] });
      void queryClient.invalidateQueries({ queryKey: ['verification'] });
    },
  });
  useEffect(() => {
    if (sent.current || !token) return;
    sent.current = true;
    verify.mutate();
  }, [token, verify]);
  const result = verify.data?.verifyEmail;
  let body;
  if (!token) body = <Alert color="red" role="alert">{t('errors.VERIFICATION_TOKEN_INVALID')}</Alert>;
  else if (verify.isPending || (!result && !verify.error)) body = <Center><Loader aria-label={t('common.loading')} /></Center>;
  else if (verify.error) body = <Alert color="red" role="alert">{errorText(verify.error)}</Alert>;
  else if (result?.__typename === 'VerifyEmailSuccess') {
    body = (
      <Alert color="green" role="status" data-testid="email-verified">
        {t('verify.done', { email: result.email })} {result.granted !== '0' && <>{t('verify.granted')} <Money units={result.granted} /></>}
      </Alert>
    );
  } else body = <Alert color="red" role="alert">{errorText(asTypedError(result))}</Alert>;
  return (
    <AuthCard title={t('verify.title')} footer={<Anchor component={Link} to={signedIn ? '/' : '/sign-in'}>{signedIn ? t('nav.dashboard') : t('auth.signIn')}</Anchor>}>
      {body}
    </AuthCard>
  );
}
