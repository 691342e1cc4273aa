import { Alert, Button, Center, Stack } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { SignOutDocument } from '../../generated/graphql';
import { request } from '../lib/graphql';
import { saveSession } from '../lib/session';
import { TwoFactorCard } from './two-factor-card';

/**
 * What an ADMIN without two-factor sees while the operator requires it: only the setup (the
 * server refuses everything else with TWO_FACTOR_SETUP_REQUIRED). Confirming the code reloads
 * the console's queries, and the full console follows.
 */
export function TwoFactorRequiredPage() {
  const { t } = useTranslation();
  const signOut = useMutation({ mutationFn: () => request(SignOutDocument), onSettled: () => saveSession(null) });
  return (
    <Center mih="100vh" p="md">
      <Stack w={640} maw="100%">
        <Alert color="yellow" title={t('security.requiredTitle')} data-testid="two-factor-required">{t('security.requiredText')}</Alert>
        <TwoFactorCard />
        <Button variant="default" onClick={() => signOut.mutate()} loading={signOut.isPending}>{t('nav.signOut')}</Button>
      </Stack>
    </Center>
  );
}
