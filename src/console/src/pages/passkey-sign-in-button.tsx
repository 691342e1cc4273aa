import { Alert, Button, Stack } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../lib/error-text';
import { isCancelled, signInWithPasskey } from '../lib/passkeys';
import { saveSession } from '../lib/session';
import { asTypedError } from '../lib/typed-result';

/** "Sign in with a passkey": no e-mail typed, the browser offers the passkeys it holds for this site. */
export function PasskeySignInButton() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const [failure, setFailure] = useState<string | null>(null);
  const signIn = useMutation({
    mutationFn: signInWithPasskey,
    onSuccess: (result) => {
      if (result.__typename === 'LoginSuccess') saveSession({ token: result.sessionToken, expiresAt: result.expiresAt });
      else setFailure(errorText(asTypedError(result)));
    },
    onError: (error) => setFailure(isCancelled(error) ? null : errorText(error)),
  });
  return (
    <Stack gap="xs">
      <Button variant="default" loading={signIn.isPending} onClick={() => { setFailure(null); signIn.mutate(); }}>{t('security.passkeySignIn')}</Button>
      {failure && <Alert color="red" role="alert">{failure}</Alert>}
    </Stack>
  );
}
