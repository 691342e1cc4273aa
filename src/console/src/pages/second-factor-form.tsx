import { Alert, Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { CompleteSignInDocument } from '../../generated/graphql';
import { useErrorText } from '../lib/error-text';
import { request } from '../lib/graphql';
import { saveSession } from '../lib/session';
import { asTypedError } from '../lib/typed-result';

/** The second step of signing in: a code from the authenticator app, or a backup code. */
export function SecondFactorForm({ challengeToken, onRestart }: { challengeToken: string; onRestart: () => void }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const [code, setCode] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const complete = useMutation({
    mutationFn: () => request(CompleteSignInDocument, { challengeToken, code: code.trim() }),
    onSuccess: ({ completeSignIn }) => {
      if (completeSignIn.__typename === 'LoginSuccess') saveSession({ token: completeSignIn.sessionToken, expiresAt: completeSignIn.expiresAt });
      else setFailure(errorText(asTypedError(completeSignIn)));
    },
    onError: (error) => setFailure(errorText(error)),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    if (!code.trim()) return setFailure(t('validation.required'));
    complete.mutate();
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <Text size="sm">{t('security.secondStepHint')}</Text>
        <TextInput label={t('security.code')} autoComplete="one-time-code" inputMode="text" autoFocus value={code}
          onChange={(e) => setCode(e.currentTarget.value)} />
        {failure && <Alert color="red" role="alert">{failure}</Alert>}
        <Button type="submit" loading={complete.isPending}>{t('security.verify')}</Button>
        <Anchor component="button" type="button" size="sm" onClick={onRestart}>{t('security.startOver')}</Anchor>
      </Stack>
    </form>
  );
}
