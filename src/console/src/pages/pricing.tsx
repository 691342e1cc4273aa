import { Anchor, Badge, Button, Card, Container, Group, NativeSelect, SegmentedControl, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PricingPageDocument, type PriceRowFieldsFragment, type PricingPageQuery } from '../../generated/graphql';
import { AnnouncementList } from '../components/announcement-list';
import { LanguageSwitch } from '../components/layout';
import { Money } from '../components/money';
import { QueryState } from '../components/states';
import { request } from '../lib/graphql';

type Series = PricingPageQuery['catalogue'][number];
type PricedModel = Series['models'][number];

/** One price: a label for the kinds and units known today, the server's own name for any added later. */
function PriceLines({ rows }: { rows: PriceRowFieldsFragment[] }) {
  const { t } = useTranslation();
  return (
    <Stack gap={0}>
      {rows.map((row) => (
        <Text size="sm" key={`${row.kind}-${row.unit}`} data-price-kind={row.kind}>
          {t(`pricing.kinds.${row.kind}`, { defaultValue: row.kind })}: <Money units={row.price} /> / {t(`pricing.units.${row.unit}`, { defaultValue: row.unit })}
        </Text>
      ))}
    </Stack>
  );
}

function ModelRow({ model }: { model: PricedModel }) {
  const { t } = useTranslation();
  return (
    <Table.Tr data-testid="pricing-model" data-model={model.modelId}>
      <Table.Td>
        <Text ff="monospace" size="sm">{model.modelId}</Text>
        {model.status === 'DEPRECATED' && <Badge color="orange" size="xs">{t('models.deprecated')}</Badge>}
      </Table.Td>
      <Table.Td>{t(`pricing.types.${model.type}`, { defaultValue: model.type })}</Table.Td>
      <Table.Td>{model.tier === 'SVIP' ? <Badge color="grape">SVIP</Badge> : <Badge color="teal">{t('models.free')}</Badge>}</Table.Td>
      <Table.Td>{model.contextLength > 0 ? model.contextLength.toLocaleString() : '—'}</Table.Td>
      <Table.Td><PriceLines rows={model.priceRows} /></Table.Td>
      <Table.Td>
        {model.groupPrices.length === 0
          ? <Text size="sm" c="dimmed">{t('pricing.noOpenGroup')}</Text>
          : (
            <Stack gap="xs">
              {model.groupPrices.map((g) => (
                <div key={g.group} data-group={g.group}>
                  <Text size="sm" fw={600}>{g.group} ×{g.multiplier}</Text>
                  <PriceLines rows={g.prices.rows} />
                </div>
              ))}
            </Stack>
          )}
      </Table.Td>
    </Table.Tr>
  );
}

interface Filters { search: string; vendor: string; type: string; tier: string }

function matches(series: Series, model: PricedModel, f: Filters): boolean {
  if (f.vendor && series.vendor.slug !== f.vendor) return false;
  if (f.type && model.type !== f.type) return false;
  if (f.tier !== 'ALL' && model.tier !== f.tier) return false;
  const needle = f.search.trim().toLowerCase();
  if (!needle) return true;
  return [model.modelId, model.series, series.vendor.name, model.description].some((text) => text.toLowerCase().includes(needle));
}

/**
 * The public price list: every listed model, grouped by vendor and series, with what it costs in
 * each group a visitor could join (the open groups; signed in: the viewer's groups). Uses only the
 * anonymous catalogue queries, so it works without a session.
 */
export function PricingPage({ standalone = false }: { standalone?: boolean }) {
  const { t } = useTranslation();
  const [filters, setFilters] = useState<Filters>({ search: '', vendor: '', type: '', tier: 'ALL' });
  const set = (patch: Partial<Filters>) => setFilters((f) => ({ ...f, ...patch }));
  const pricing = useQuery({ queryKey: ['pricing'], queryFn: () => request(PricingPageDocument) });
  const all = pricing.data?.catalogue ?? [];
  const vendors = useMemo(() => [...new Map(all.map((s) => [s.vendor.slug, s.vendor.name])).entries()], [all]);
  const types = useMemo(() => [...new Set(all.flatMap((s) => s.models.map((m) => m.type)))], [all]);
  const series = all
    .map((s) => ({ ...s, models: s.models.filter((m) => matches(s, m, filters)) }))
    .filter((s) => s.models.length > 0);
  const vendorNames = [...new Set(series.map((s) => s.vendor.name))];

  const page = (
    <Stack>
      <Title order={2}>{t('pricing.title')}</Title>
      <AnnouncementList />
      <Text size="sm" c="dimmed">{t('pricing.note')}</Text>
      <Group align="end" wrap="wrap">
        <TextInput label={t('pricing.search')} placeholder={t('pricing.searchPlaceholder')} value={filters.search}
          onChange={(e) => set({ search: e.currentTarget.value })} data-testid="pricing-search" />
        <NativeSelect label={t('pricing.vendor')} value={filters.vendor} onChange={(e) => set({ vendor: e.currentTarget.value })} data-testid="pricing-vendor"
          data={[{ value: '', label: t('models.all') }, ...vendors.map(([slug, name]) => ({ value: slug, label: name }))]} />
        <NativeSelect label={t('models.type')} value={filters.type} onChange={(e) => set({ type: e.currentTarget.value })} data-testid="pricing-type"
          data={[{ value: '', label: t('models.all') }, ...types.map((ty) => ({ value: ty, label: t(`pricing.types.${ty}`, { defaultValue: ty }) }))]} />
        <SegmentedControl value={filters.tier} onChange={(tier) => set({ tier })} aria-label={t('models.tier')} data-testid="pricing-tier"
          data={[{ value: 'ALL', label: t('models.all') }, { value: 'FREE', label: t('models.free') }, { value: 'SVIP', label: 'SVIP' }]} />
      </Group>
      <QueryState loading={pricing.isLoading} error={pricing.error} empty={series.length === 0}>
        {vendorNames.map((vendor) => (
          <Card withBorder key={vendor}>
            <Title order={3} mb="sm">{vendor}</Title>
            {series.filter((s) => s.vendor.name === vendor).map((s) => (
              <Stack key={s.name} gap={4} mb="md">
                <Text fw={600}>{t('pricing.series')}: {s.name}</Text>
                <Table.ScrollContainer minWidth={800}>
                  <Table>
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th>{t('models.model')}</Table.Th><Table.Th>{t('models.type')}</Table.Th><Table.Th>{t('models.tier')}</Table.Th>
                        <Table.Th>{t('pricing.context')}</Table.Th><Table.Th>{t('pricing.basePrices')}</Table.Th><Table.Th>{t('pricing.groupPrices')}</Table.Th>
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>{s.models.map((m) => <ModelRow key={m.id} model={m} />)}</Table.Tbody>
                  </Table>
                </Table.ScrollContainer>
              </Stack>
            ))}
          </Card>
        ))}
      </QueryState>
    </Stack>
  );
  if (!standalone) return page;
  return (
    <Container size="xl" py="md">
      <Group justify="space-between" mb="md">
        <Title order={4}>{t('app.title')}</Title>
        <Group gap="xs">
          <LanguageSwitch />
          <Button component={Link} to="/sign-in" size="xs" variant="default">{t('auth.signIn')}</Button>
          <Anchor component={Link} to="/sign-up" size="sm">{t('auth.signUp')}</Anchor>
        </Group>
      </Group>
      {page}
    </Container>
  );
}
