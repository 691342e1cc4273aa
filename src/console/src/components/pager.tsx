import { Button, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { useCursorPages } from './paging';

export function Pager({ pages, hasNextPage, endCursor }: {
  pages: ReturnType<typeof useCursorPages>; hasNextPage: boolean; endCursor: string | null | undefined;
}) {
  const { t } = useTranslation();
  return (
    <Group justify="flex-end" mt="sm">
      <Button size="xs" variant="default" disabled={pages.page <= 1} onClick={pages.previous}>{t('common.previous')}</Button>
      <Text size="sm">{t('common.page', { page: pages.page })}</Text>
      <Button size="xs" variant="default" disabled={!hasNextPage} onClick={() => pages.next(endCursor)}>{t('common.next')}</Button>
    </Group>
  );
}
