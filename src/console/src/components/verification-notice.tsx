import { Alert, Button, Group, Text } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { MyVerificationStateDocument, ResendVerificationLinkDocument } from '../../generated/graphql';
import { useErrorText } from '../lib/error-text';
import { request } from '../lib/graphql';
import { asTypedError } from '../lib/typed-result';
import { notifyError, notifyOk } from './notify';

/** Shown to a signed-in user who must still confirm their address: what waits, and a new link. */
export function VerificationNotice() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const state = useQuery({ queryKey: ['verification'], queryFn: () => request(MyVerificationStateDocument) });
  const resend = useMutation({
    mutationFn: () => request(ResendVerificationLinkDocument),
    onSuccess: ({ resendVerificationEmail: r }) => {
      if (r.__typename === 'ResendVerificationEmailSuccess') notifyOk(t('verify.sent', { email: r.sentTo }));
      else notifyError(errorText(asTypedError(r)));
    },
    onError: (e) => notifyError(errorText(e)),
  });
  if (!state.data?.me.emailVerificationPending) return null;
  return (
    <Alert color="yellow" title={t('verify.noticeTitle')} mb="md" data-testid="verification-notice">
      <Group justify="space-between" align="center">
        <Text size="sm">{t('verify.notice', { email: state.data.me.email })}</Text>
        <Button size="xs" variant="default" loading={resend.isPending} onClick={() => resend.mutate()}>{t('verify.resend')}</Button>
      </Group>
    </Alert>
  );
}
