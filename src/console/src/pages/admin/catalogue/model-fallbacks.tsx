import { Alert, Button, Group, MultiSelect, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AdminSetModelFallbacksDocument } from '../../../../generated/graphql';
import { useAdminMutation } from '../../../lib/admin-mutation';
import { request } from '../../../lib/graphql';
import { AFTER_CATALOGUE_CHANGE, type AdminModel } from './shared';

const CHAT = new Set(['CHAT', 'REASONING']);

/**
 * A model's fallback chain: the models tried, in the order picked, when every channel of this one
 * failed before a usable byte. Only chat models of the same tier are offered (the server refuses
 * others: a chain never crosses a tier).
 */
export function ModelFallbacks({ model, models, onDone }: { model: AdminModel; models: readonly AdminModel[]; onDone: () => void }) {
  const { t } = useTranslation();
  const [chain, setChain] = useState<string[]>(model.fallbacks);
  const [failure, setFailure] = useState<string | null>(null);
  const options = models.filter((m) => m.modelId !== model.modelId && m.tier === model.tier && CHAT.has(m.type) && m.status !== 'HIDDEN').map((m) => m.modelId);
  const save = useAdminMutation(() => request(AdminSetModelFallbacksDocument, { modelId: model.modelId, fallbacks: chain }).then((r) => r.setModelFallbacks),
    { invalidate: AFTER_CATALOGUE_CHANGE, onFailure: setFailure, onSaved: onDone });
  return (
    <Stack>
      <Text size="sm" c="dimmed">{t('admin.fallbacks.hint')}</Text>
      <MultiSelect label={t('admin.fallbacks.chain')} data={options} value={chain} onChange={setChain} maxValues={5} searchable clearable
        placeholder={chain.length ? '' : t('admin.fallbacks.none')} />
      {chain.length > 0 && <Text size="sm" ff="monospace" data-testid="fallback-order">{[model.modelId, ...chain].join(' → ')}</Text>}
      {failure && <Alert color="red" role="alert">{failure}</Alert>}
      <Group><Button loading={save.isPending} onClick={() => { setFailure(null); save.mutate(undefined); }}>{t('common.save')}</Button></Group>
    </Stack>
  );
}
