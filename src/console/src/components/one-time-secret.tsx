import { Alert, Button, Code, CopyButton, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** A secret the server returns once (a generated password): shown with a copy button and a clear warning. */
export function OneTimeSecret({ label, secret, warning, testId }: { label: string; secret: string; warning: string; testId: string }) {
  const { t } = useTranslation();
  return (
    <Stack>
      <Alert color="yellow" role="alert">{warning}</Alert>
      <Text size="sm" fw={600}>{label}</Text>
      <Code block data-testid={testId} style={{ wordBreak: 'break-all' }}>{secret}</Code>
      <Group>
        <CopyButton value={secret}>
          {({ copied, copy }) => <Button onClick={copy} color={copied ? 'teal' : undefined}>{copied ? t('common.copied') : t('common.copy')}</Button>}
        </CopyButton>
      </Group>
    </Stack>
  );
}
