import { Card, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { MySecurityEventsDocument } from '../../generated/graphql';
import { DateText } from '../components/date-text';
import { request } from '../lib/graphql';

function detailText(detail: string): string {
  try {
    const parsed = JSON.parse(detail) as Record<string, unknown>;
    const name = parsed.name ?? parsed.providerName ?? parsed.provider;
    return typeof name === 'string' ? name : '';
  } catch {
    return '';
  }
}

/** Every change of how the account signs in, newest first: what, when, from which address. */
export function SecurityEventsCard() {
  const { t } = useTranslation();
  const events = useQuery({ queryKey: ['security-events'], queryFn: () => request(MySecurityEventsDocument) });
  const list = events.data?.mySecurityEvents ?? [];
  return (
    <Card withBorder data-testid="security-events">
      <Title order={4} mb="sm">{t('security.eventsTitle')}</Title>
      {list.length === 0 && events.isSuccess && <Text size="sm" c="dimmed">{t('security.noEvents')}</Text>}
      {list.length > 0 && (
        <Table>
          <Table.Thead>
            <Table.Tr><Table.Th>{t('security.when')}</Table.Th><Table.Th>{t('security.what')}</Table.Th><Table.Th>{t('security.address')}</Table.Th></Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {list.map((e) => (
              <Table.Tr key={e.id}>
                <Table.Td><DateText iso={e.createdAt} /></Table.Td>
                <Table.Td>{t(`security.event.${e.kind}`, { defaultValue: e.kind })} {detailText(e.detail)}</Table.Td>
                <Table.Td>{e.ip ?? '—'}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Card>
  );
}
