import { Alert, Anchor, Center, Loader } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSettings } from '../lib/hooks';
import { AuthCard } from './auth-card';

/** The sign-up page while registration is open; a short notice instead while an admin has closed it. */
export function RegistrationGate({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const settings = useSettings();
  if (settings.isLoading) return <Center mih="100vh"><Loader aria-label={t('common.loading')} /></Center>;
  if (settings.data?.consoleSettings.registrationOpen === false) {
    return (
      <AuthCard title={t('auth.signUpTitle')} footer={<>{t('auth.haveAccount')} <Anchor component={Link} to="/sign-in">{t('auth.signIn')}</Anchor></>}>
        <Alert color="yellow" role="status" data-testid="registration-closed">{t('errors.REGISTRATION_CLOSED')}</Alert>
      </AuthCard>
    );
  }
  return <>{children}</>;
}
