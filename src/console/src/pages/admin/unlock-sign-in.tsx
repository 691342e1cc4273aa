import { Alert, Group } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AdminUnlockUserDocument, type AdminUserFieldsFragment } from '../../../generated/graphql';
import { ConfirmButton } from '../../components/confirm';
import { useErrorText } from '../../lib/error-text';
import { request } from '../../lib/graphql';
import { asTypedError } from '../../lib/typed-result';

/**
 * Lifts the account's sign-in throttle (unlockUser) after a confirmation, and says what it did:
 * how many throttle counters were cleared (0 when none was held), or why it could not.
 */
export function UnlockSignIn({ user }: { user: AdminUserFieldsFragment }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);
  const unlock = useMutation({
    mutationFn: () => request(AdminUnlockUserDocument, { id: user.id }).then((r) => r.unlockUser),
    onSuccess: (r) => setOutcome(r.__typename === 'UnlockUserSuccess'
      ? { ok: true, text: t('admin.users.unlocked', { count: r.countersCleared }) }
      : { ok: false, text: errorText(asTypedError(r)) }),
    onError: (e) => setOutcome({ ok: false, text: errorText(e) }),
  });
  return (
    <Group gap="sm" align="center">
      <ConfirmButton label={t('admin.users.unlock')} color="blue" question={t('admin.users.unlockConfirm', { email: user.email })}
        onConfirm={() => { setOutcome(null); return unlock.mutateAsync().catch(() => undefined); }} />
      {outcome && (
        <Alert color={outcome.ok ? 'green' : 'red'} role={outcome.ok ? 'status' : 'alert'} data-testid="unlock-result" py={4} withCloseButton
          onClose={() => setOutcome(null)} closeButtonLabel={t('common.close')}>
          {outcome.text}
        </Alert>
      )}
    </Group>
  );
}
