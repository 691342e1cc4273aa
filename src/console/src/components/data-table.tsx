import { Card, Table } from '@mantine/core';
import type { ReactNode } from 'react';
import { Pager } from './pager';
import type { useCursorPages } from './paging';
import { QueryState } from './states';

/** A striped table that scrolls sideways on narrow screens; rows are the children. */
export function DataTable({ headers, minWidth, children }: { headers: ReactNode[]; minWidth: number; children: ReactNode }) {
  return (
    <Table.ScrollContainer minWidth={minWidth}>
      <Table striped>
        <Table.Thead>
          <Table.Tr>{headers.map((header, i) => <Table.Th key={i}>{header}</Table.Th>)}</Table.Tr>
        </Table.Thead>
        <Table.Tbody>{children}</Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** One page of a Relay connection in a card: loading, error and empty states, then the pager. */
export function PagedList({ query, empty, pages, pageInfo, children }: {
  query: { isLoading: boolean; error: unknown };
  empty: boolean;
  pages: ReturnType<typeof useCursorPages>;
  pageInfo: { hasNextPage: boolean; endCursor?: string | null } | undefined;
  children: ReactNode;
}) {
  return (
    <>
      <Card withBorder p={0}>
        <QueryState loading={query.isLoading} error={query.error} empty={empty}>{children}</QueryState>
      </Card>
      {pageInfo && <Pager pages={pages} hasNextPage={pageInfo.hasNextPage} endCursor={pageInfo.endCursor} />}
    </>
  );
}
