import { Badge, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { LedgerFieldsFragment } from '../../generated/graphql';
import { DateText } from '../components/date-text';
import { Money } from '../components/money';

export function LedgerTable({ rows }: { rows: readonly LedgerFieldsFragment[] }) {
  const { t } = useTranslation();
  return (
    <Table.ScrollContainer minWidth={700}>
      <Table striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('ledger.time')}</Table.Th><Table.Th>{t('ledger.kind')}</Table.Th><Table.Th>{t('ledger.bucket')}</Table.Th>
            <Table.Th>{t('ledger.amount')}</Table.Th><Table.Th>{t('ledger.balanceAfter')}</Table.Th><Table.Th>{t('ledger.note')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((e) => (
            <Table.Tr key={e.id} data-testid="ledger-row" data-kind={e.kind}>
              <Table.Td><DateText iso={e.createdAt} /></Table.Td>
              <Table.Td><Badge variant="light">{t(`ledger.kinds.${e.kind}`)}</Badge></Table.Td>
              <Table.Td>{t(`ledger.buckets.${e.bucket}`)}</Table.Td>
              <Table.Td><Text c={e.amount.startsWith('-') ? 'red' : 'green'} span><Money units={e.amount} /></Text></Table.Td>
              <Table.Td><Money units={e.balanceAfter} /></Table.Td>
              <Table.Td><Text size="sm" c="dimmed">{e.memo ?? e.reference ?? e.requestId ?? ''}</Text></Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
