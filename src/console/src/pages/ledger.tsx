import { Card, Stack, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { LedgerDocument } from '../../generated/graphql';
import { Pager } from '../components/pager';
import { useCursorPages } from '../components/paging';
import { QueryState } from '../components/states';
import { request } from '../lib/graphql';
import { LedgerTable } from './ledger-table';

export function LedgerPage() {
  const { t } = useTranslation();
  const pages = useCursorPages();
  const ledger = useQuery({ queryKey: ['ledger', pages.after], queryFn: () => request(LedgerDocument, { first: 25, after: pages.after }) });
  const rows = ledger.data?.ledger.edges.map((e) => e.node) ?? [];
  return (
    <Stack>
      <Title order={2}>{t('ledger.title')}</Title>
      <Card withBorder p={0}>
        <QueryState loading={ledger.isLoading} error={ledger.error} empty={rows.length === 0}>
          <LedgerTable rows={rows} />
        </QueryState>
      </Card>
      {ledger.data && <Pager pages={pages} hasNextPage={ledger.data.ledger.pageInfo.hasNextPage} endCursor={ledger.data.ledger.pageInfo.endCursor} />}
    </Stack>
  );
}
