import { Alert, Center, Loader, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../lib/error-text';

/** Loading / error / empty handling shared by every page's queries. */
export function QueryState({ loading, error, empty, children }: { loading: boolean; error: unknown; empty?: boolean; children: ReactNode }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  if (loading) return <Center p="xl"><Loader aria-label={t('common.loading')} /></Center>;
  if (error) return <Alert color="red" title={t('common.error')}>{errorText(error)}</Alert>;
  if (empty) return <Text c="dimmed" p="md">{t('common.empty')}</Text>;
  return <>{children}</>;
}
