import { Badge, Card, Group, SegmentedControl, Select, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CatalogueDocument, type ModelFieldsFragment } from '../../generated/graphql';
import { Money } from '../components/money';
import { QueryState } from '../components/states';
import { request } from '../lib/graphql';
import { MEDIA_TYPES, MediaPriceCells } from './media-price-cells';

/** What one call costs: token prices are per 1M tokens, else per request or per audio minute. */
export function PriceCells({ model }: { model: ModelFieldsFragment }) {
  const { t } = useTranslation();
  if (MEDIA_TYPES.has(model.type)) return <MediaPriceCells model={model} />;
  if (model.type === 'SPEECH_TO_TEXT') return <Table.Td colSpan={2}><Money units={model.audioMinutePrice} /> {t('models.perMinute')}</Table.Td>;
  if (model.type === 'RERANK' && model.searchUnitPrice !== '0') return <Table.Td colSpan={2}><Money units={model.searchUnitPrice} /> {t('models.perSearchUnit')}</Table.Td>;
  if (model.requestPrice !== '0') return <Table.Td colSpan={2}><Money units={model.requestPrice} /> {t('models.perRequest')}</Table.Td>;
  return (
    <>
      <Table.Td><Money units={model.inputPrice} /></Table.Td>
      <Table.Td><Money units={model.outputPrice} /></Table.Td>
    </>
  );
}

export function CataloguePage() {
  const { t } = useTranslation();
  const [tier, setTier] = useState('ALL');
  const [type, setType] = useState('ALL');
  const catalogue = useQuery({ queryKey: ['catalogue'], queryFn: () => request(CatalogueDocument) });
  const types = [...new Set((catalogue.data?.catalogue ?? []).flatMap((s) => s.models.map((m) => m.type)))];
  const series = (catalogue.data?.catalogue ?? [])
    .map((s) => ({ ...s, models: s.models.filter((m) => (tier === 'ALL' || m.tier === tier) && (type === 'ALL' || m.type === type)) }))
    .filter((s) => s.models.length > 0);
  const vendors = [...new Set(series.map((s) => s.vendor.name))];
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2}>{t('models.title')}</Title>
        <Select value={type} onChange={(v) => setType(v ?? 'ALL')} aria-label={t('models.typeFilter')} allowDeselect={false}
          data={[{ value: 'ALL', label: t('models.allTypes') }, ...types.map((v) => ({ value: v, label: t(`models.types.${v}`, { defaultValue: v }) }))]} />
        <SegmentedControl value={tier} onChange={setTier} aria-label={t('models.tier')}
          data={[{ value: 'ALL', label: t('models.all') }, { value: 'FREE', label: t('models.free') }, { value: 'SVIP', label: 'SVIP' }]} />
      </Group>
      <Text size="sm" c="dimmed">{t('models.priceNote')}</Text>
      <QueryState loading={catalogue.isLoading} error={catalogue.error} empty={series.length === 0}>
        {vendors.map((vendor) => (
          <Card withBorder key={vendor}>
            <Title order={3} mb="sm">{vendor}</Title>
            {series.filter((s) => s.vendor.name === vendor).map((s) => (
              <Stack key={s.name} gap={4} mb="md">
                <Text fw={600}>{s.name}</Text>
                <Table.ScrollContainer minWidth={640}>
                  <Table>
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th>{t('models.model')}</Table.Th><Table.Th>{t('models.type')}</Table.Th><Table.Th>{t('models.tier')}</Table.Th>
                        <Table.Th>{t('models.input')}</Table.Th><Table.Th>{t('models.output')}</Table.Th>
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {s.models.map((m) => (
                        <Table.Tr key={m.id}>
                          <Table.Td>
                            <Text ff="monospace" size="sm">{m.modelId}</Text>
                            {m.status === 'DEPRECATED' && <Badge color="orange" size="xs">{t('models.deprecated')}</Badge>}
                          </Table.Td>
                          <Table.Td>{t(`models.types.${m.type}`, { defaultValue: m.type })}</Table.Td>
                          <Table.Td>
                            {m.tier === 'SVIP'
                              ? <Badge color="grape" title={t('models.needsSubscription')}>SVIP · {t('models.needsSubscription')}</Badge>
                              : <Badge color="teal">{t('models.free')}</Badge>}
                          </Table.Td>
                          <PriceCells model={m} />
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                </Table.ScrollContainer>
              </Stack>
            ))}
          </Card>
        ))}
      </QueryState>
    </Stack>
  );
}
