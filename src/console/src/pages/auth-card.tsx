import { Center, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguageSwitch } from '../components/layout';

export function AuthCard({ title, children, footer }: { title: string; children: ReactNode; footer: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Center mih="100vh" p="md">
      <Paper withBorder shadow="sm" p="xl" radius="md" w={400} maw="100%">
        <Stack>
          <Center><LanguageSwitch /></Center>
          <Title order={2} ta="center">{t('app.title')}</Title>
          <Text ta="center" c="dimmed">{title}</Text>
          {children}
          <Text size="sm" ta="center">{footer}</Text>
        </Stack>
      </Paper>
    </Center>
  );
}

