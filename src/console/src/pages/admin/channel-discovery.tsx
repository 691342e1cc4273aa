import { Alert, Badge, Button, Checkbox, Group, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  AdminAddDiscoveredModelsDocument, AdminCatalogueDocument, AdminDiscoverChannelModelsDocument, AdminUpdateChannelDocument,
  type ChannelFieldsFragment, type CreateModelInput, type ModelTier, type ModelType,
} from '../../../generated/graphql';
import { DataTable } from '../../components/data-table';
import { useAdminMutation } from '../../lib/admin-mutation';
import { useErrorText } from '../../lib/error-text';
import { request } from '../../lib/graphql';
import { useSettings } from '../../lib/hooks';
import { inputToQuota } from '../../lib/money-input';
import { asTypedError } from '../../lib/typed-result';
import { AFTER_CATALOGUE_CHANGE, CATALOGUE_QUERY_KEY, MODEL_TIERS, MODEL_TYPES } from './catalogue/shared';

const PROTOCOL_VENDOR = { OPENAI: 'openai', ANTHROPIC: 'anthropic', GEMINI: 'google' } as const;

interface Draft { vendor: string | null; series: string; type: ModelType; tier: ModelTier; input: string; output: string }

/**
 * What the upstream lists, compared with the channel and the catalogue. Models already in the
 * catalogue can be added to the channel; unknown ones are created with a price and served, all or none.
 */
export function ChannelDiscovery({ channel }: { channel: ChannelFieldsFragment }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const rate = BigInt(useSettings().data?.consoleSettings.quotaPerUsd ?? '500000');
  const catalogue = useQuery({ queryKey: CATALOGUE_QUERY_KEY, queryFn: () => request(AdminCatalogueDocument) });
  const vendors = catalogue.data?.vendors ?? [];
  const defaultVendor = vendors.find((v) => v.slug === PROTOCOL_VENDOR[channel.protocol])?.slug ?? vendors[0]?.slug ?? null;
  const [failure, setFailure] = useState<string | null>(null);
  const [picked, setPicked] = useState<Set<string>>(new Set());
  const [drafts, setDrafts] = useState<Record<string, Draft>>({});
  const discover = useMutation({
    mutationFn: () => request(AdminDiscoverChannelModelsDocument, { channelId: channel.id }).then((r) => r.discoverChannelModels),
    onSuccess: (r) => { const e = asTypedError(r); if (e) setFailure(errorText(e)); },
    onError: (e) => setFailure(errorText(e)),
  });
  const found = discover.data?.__typename === 'ChannelModelDiscovery' ? discover.data.models : null;
  const draft = (modelId: string): Draft => drafts[modelId] ?? {
    vendor: defaultVendor, series: modelId.split(/[-.]/).slice(0, 2).join('-'), type: 'CHAT', tier: 'FREE', input: '', output: '',
  };
  const setDraft = (modelId: string, change: Partial<Draft>) => setDrafts((d) => ({ ...d, [modelId]: { ...draft(modelId), ...change } }));
  const toggle = (modelId: string, on: boolean) => setPicked((s) => { const n = new Set(s); if (on) n.add(modelId); else n.delete(modelId); return n; });
  const pickedKnown = (found ?? []).filter((m) => picked.has(m.modelId) && m.inCatalogue && !m.servedByChannel).map((m) => m.modelId);
  const pickedUnknown = (found ?? []).filter((m) => picked.has(m.modelId) && !m.inCatalogue).map((m) => m.modelId);
  const after = () => { setPicked(new Set()); discover.mutate(); };
  const serveKnown = useAdminMutation(() => request(AdminUpdateChannelDocument, { id: channel.id, input: { models: [...new Set([...channel.models, ...pickedKnown])] } }).then((r) => r.updateChannel),
    { invalidate: [['admin-channels']], onFailure: setFailure, onSaved: after });
  const addUnknown = useAdminMutation((models: CreateModelInput[]) => request(AdminAddDiscoveredModelsDocument, { channelId: channel.id, models }).then((r) => r.addDiscoveredModels),
    { invalidate: [['admin-channels'], ...AFTER_CATALOGUE_CHANGE], onFailure: setFailure, onSaved: after });
  const submitUnknown = () => {
    setFailure(null);
    const models: CreateModelInput[] = [];
    for (const modelId of pickedUnknown) {
      const d = draft(modelId);
      const input = inputToQuota(d.input, rate);
      const output = inputToQuota(d.output, rate);
      if (!d.vendor || !d.series.trim() || !input.ok || !output.ok) return setFailure(t('admin.discovery.incomplete', { model: modelId }));
      models.push({ modelId, vendor: d.vendor, series: d.series.trim(), type: d.type, tier: d.tier, inputPrice: input.units, outputPrice: output.units });
    }
    addUnknown.mutate(models);
  };
  const status = (m: { servedByChannel: boolean; inCatalogue: boolean }) => (m.servedByChannel
    ? <Badge color="green" variant="light">{t('admin.discovery.served')}</Badge>
    : m.inCatalogue ? <Badge color="blue" variant="light">{t('admin.discovery.inCatalogue')}</Badge>
      : <Badge color="orange" variant="light">{t('admin.discovery.unknown')}</Badge>);
  return (
    <Stack>
      <Group>
        <Button onClick={() => { setFailure(null); discover.mutate(); }} loading={discover.isPending}>{found ? t('admin.discovery.again') : t('admin.discovery.run')}</Button>
        <Text size="sm" c="dimmed">{t('admin.discovery.note')}</Text>
      </Group>
      {failure && <Alert color="red" role="alert">{failure}</Alert>}
      {found && found.length === 0 && <Text c="dimmed">{t('common.empty')}</Text>}
      {found && found.length > 0 && (
        <DataTable minWidth={900} headers={['', t('models.model'), t('admin.catalogue.status'), t('admin.catalogue.vendor'), t('admin.models.series'), t('models.type'), t('models.tier'), t('models.input'), t('models.output')]}>
          {found.map((m) => {
            const d = draft(m.modelId);
            const editable = picked.has(m.modelId) && !m.inCatalogue;
            return (
              <Table.Tr key={m.modelId} data-testid="discovered-model" data-model={m.modelId}>
                <Table.Td><Checkbox aria-label={m.modelId} disabled={m.servedByChannel} checked={picked.has(m.modelId)} onChange={(e) => toggle(m.modelId, e.currentTarget.checked)} /></Table.Td>
                <Table.Td ff="monospace">{m.modelId}</Table.Td>
                <Table.Td>{status(m)}</Table.Td>
                {editable ? (
                  <>
                    <Table.Td><Select size="xs" w={120} aria-label={t('admin.catalogue.vendor')} value={d.vendor} allowDeselect={false} onChange={(v) => setDraft(m.modelId, { vendor: v })} data={vendors.map((v) => ({ value: v.slug, label: v.name }))} /></Table.Td>
                    <Table.Td><TextInput size="xs" w={120} aria-label={t('admin.models.series')} value={d.series} onChange={(e) => setDraft(m.modelId, { series: e.currentTarget.value })} /></Table.Td>
                    <Table.Td><Select size="xs" w={120} aria-label={t('models.type')} value={d.type} allowDeselect={false} onChange={(v) => setDraft(m.modelId, { type: (v ?? 'CHAT') as ModelType })} data={MODEL_TYPES.map((v) => ({ value: v, label: t(`models.types.${v}`) }))} /></Table.Td>
                    <Table.Td><Select size="xs" w={90} aria-label={t('models.tier')} value={d.tier} allowDeselect={false} onChange={(v) => setDraft(m.modelId, { tier: (v ?? 'FREE') as ModelTier })} data={[...MODEL_TIERS]} /></Table.Td>
                    <Table.Td><TextInput size="xs" w={90} aria-label={`${t('models.input')} (USD)`} inputMode="decimal" placeholder="0.15" value={d.input} onChange={(e) => setDraft(m.modelId, { input: e.currentTarget.value })} /></Table.Td>
                    <Table.Td><TextInput size="xs" w={90} aria-label={`${t('models.output')} (USD)`} inputMode="decimal" placeholder="0.60" value={d.output} onChange={(e) => setDraft(m.modelId, { output: e.currentTarget.value })} /></Table.Td>
                  </>
                ) : <Table.Td colSpan={6} />}
              </Table.Tr>
            );
          })}
        </DataTable>
      )}
      {found && (
        <Group>
          <Button disabled={pickedKnown.length === 0} loading={serveKnown.isPending} onClick={() => { setFailure(null); serveKnown.mutate(undefined); }}>
            {t('admin.discovery.serveKnown', { count: pickedKnown.length })}
          </Button>
          <Button disabled={pickedUnknown.length === 0} loading={addUnknown.isPending} onClick={submitUnknown}>
            {t('admin.discovery.addUnknown', { count: pickedUnknown.length })}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
