import { Alert, Badge, Button, Group, Select, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { AdminChannelCostDocument, AdminSetChannelCostMultiplierDocument, AdminWithdrawChannelModelCostDocument, type ChannelPriceFieldsFragment } from '../../../generated/graphql';
import { ConfirmButton } from '../../components/confirm';
import { DataTable } from '../../components/data-table';
import { DateText } from '../../components/date-text';
import { Money } from '../../components/money';
import { QueryState } from '../../components/states';
import { useAdminMutation } from '../../lib/admin-mutation';
import { request } from '../../lib/graphql';
import { ChannelPriceForm, channelCostQueryKey } from './channel-price-form';

/** The server's rule: a decimal from 0 to 10 with at most 4 places; empty means the catalogue price. */
function checkCostFactor(text: string): string | null {
  if (!text.trim()) return null;
  return /^\d{1,2}(\.\d{1,4})?$/.test(text.trim()) && Number(text) <= 10 ? null : 'admin.cost.factorInvalid';
}

/**
 * A channel's cost basis: what its upstream charges the operator, which the usage rows record as
 * upstream cost beside the caller's charge. Either a factor of the catalogue price, or (per model)
 * a price list of the channel's own, effective-dated like catalogue prices.
 */
export function ChannelCost({ channelId }: { channelId: string }) {
  const { t } = useTranslation();
  const queryKey = channelCostQueryKey(channelId);
  const loaded = useQuery({ queryKey, queryFn: () => request(AdminChannelCostDocument, { id: channelId }) });
  const channel = loaded.data?.channel.__typename === 'Channel' ? loaded.data.channel : null;
  const [model, setModel] = useState<string | null>(null);
  const withdraw = useAdminMutation((priceId: string) => request(AdminWithdrawChannelModelCostDocument, { priceId }).then((r) => r.withdrawChannelModelCost), { invalidate: [queryKey] });
  return (
    <QueryState loading={loaded.isLoading} error={loaded.error}>
      {channel && (
        <Stack>
          <Text size="sm" c="dimmed">{t('admin.cost.hint')}</Text>
          <CostMultiplierForm channelId={channelId} current={channel.costMultiplier ?? null} />
          <Title order={5}>{t('admin.cost.ownPrices')}</Title>
          <Text size="sm" c="dimmed">{t('admin.cost.ownPricesHint')}</Text>
          <Select label={t('admin.cost.model')} placeholder={t('admin.cost.pickModel')} data={channel.models} value={model} onChange={setModel} searchable w={320} />
          {model && (
            <ChannelPriceForm key={model} channelId={channelId} modelId={model}
              current={currentVersion(channel.costPrices, model)} catalogue={loaded.data?.models.find((m) => m.modelId === model) ?? null} />
          )}
          <Title order={5}>{t('admin.cost.versions')}</Title>
          <PriceVersions prices={channel.costPrices} onWithdraw={(id) => withdraw.mutateAsync(id)} />
        </Stack>
      )}
    </QueryState>
  );
}

/** The version of a model's channel price in effect now (the list is newest effective time first). */
function currentVersion(prices: readonly ChannelPriceFieldsFragment[], modelId: string): ChannelPriceFieldsFragment | null {
  const now = Date.now();
  return prices.find((p) => p.modelId === modelId && new Date(p.effectiveAt).getTime() <= now) ?? null;
}

function CostMultiplierForm({ channelId, current }: { channelId: string; current: string | null }) {
  const { t } = useTranslation();
  const [factor, setFactor] = useState(current === null ? '' : String(Number(current)));
  const [touched, setTouched] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const problem = checkCostFactor(factor);
  const save = useAdminMutation(
    (multiplier: string | null) => request(AdminSetChannelCostMultiplierDocument, { channelId, multiplier }).then((r) => r.setChannelCostMultiplier),
    { invalidate: [channelCostQueryKey(channelId)], onFailure: setFailure },
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    setFailure(null);
    if (!problem) save.mutate(factor.trim() || null);
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="xs">
        <Group align="flex-start">
          <TextInput label={t('admin.cost.factor')} description={t('admin.cost.factorHint')} placeholder={t('admin.cost.cataloguePrice')} inputMode="decimal"
            value={factor} onChange={(e) => setFactor(e.currentTarget.value)} error={touched && problem ? t(problem) : null} w={320} />
          <Button type="submit" mt={44} loading={save.isPending}>{t('admin.cost.saveFactor')}</Button>
        </Group>
        <Text size="xs" c="dimmed" data-testid="cost-basis">
          {current === null ? t('admin.cost.nowCatalogue') : t('admin.cost.nowFactor', { factor: String(Number(current)) })}
        </Text>
        {failure && <Alert color="red" role="alert">{failure}</Alert>}
      </Stack>
    </form>
  );
}

function PriceVersions({ prices, onWithdraw }: { prices: readonly ChannelPriceFieldsFragment[]; onWithdraw: (id: string) => Promise<unknown> }) {
  const { t } = useTranslation();
  if (prices.length === 0) return <Text c="dimmed">{t('admin.cost.noVersions')}</Text>;
  const now = Date.now();
  return (
    <DataTable minWidth={820} headers={[t('admin.cost.model'), t('admin.models.effectiveAt'), t('models.input'), t('models.output'), t('admin.models.priceFields.cacheReadPrice'), t('models.perRequest'), t('models.perMinute'), t('admin.users.memo'), '']}>
      {prices.map((p) => {
        const scheduled = new Date(p.effectiveAt).getTime() > now;
        return (
          <Table.Tr key={p.id} data-testid="channel-price-version">
            <Table.Td><Text size="sm" ff="monospace">{p.modelId}</Text></Table.Td>
            <Table.Td><DateText iso={p.effectiveAt} />{scheduled && <Badge ml={4} size="xs" color="blue">{t('admin.models.scheduled')}</Badge>}</Table.Td>
            <Table.Td><Money units={p.inputPrice} /></Table.Td>
            <Table.Td><Money units={p.outputPrice} /></Table.Td>
            <Table.Td>{p.cacheReadPrice == null ? '—' : <Money units={p.cacheReadPrice} />}</Table.Td>
            <Table.Td><Money units={p.requestPrice} /></Table.Td>
            <Table.Td><Money units={p.audioMinutePrice} /></Table.Td>
            <Table.Td><Text size="xs">{p.memo || '—'}</Text></Table.Td>
            <Table.Td>{scheduled && <ConfirmButton label={t('admin.models.withdraw')} question={t('admin.models.withdrawConfirm')} onConfirm={() => onWithdraw(p.id)} />}</Table.Td>
          </Table.Tr>
        );
      })}
    </DataTable>
  );
}
