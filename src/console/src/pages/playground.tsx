import { Alert, Group, Loader, PasswordInput, SegmentedControl, Select, Stack, Tabs, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CatalogueDocument } from '../../generated/graphql';
import { request } from '../lib/graphql';
import { PlaygroundChat } from './playground-chat';
import { useTemporaryKey } from './playground-key';
import { PlaygroundImage, PlaygroundSpeech } from './playground-media';

/** Which tab serves a model type; other types (embeddings, rerank, realtime...) are not tried here. */
const TAB_OF_TYPE: Record<string, 'chat' | 'image' | 'speech' | undefined> = {
  CHAT: 'chat', REASONING: 'chat', IMAGE: 'image', TEXT_TO_SPEECH: 'speech',
};

/**
 * Try models from the console: the page calls `/v1` like any client, with a temporary key it makes
 * (and revokes on leaving) or a key the user pastes, and every call is billed like any other.
 */
export function PlaygroundPage() {
  const { t } = useTranslation();
  const [keyMode, setKeyMode] = useState<'temporary' | 'own'>('temporary');
  const [ownKey, setOwnKey] = useState('');
  const [tab, setTab] = useState<'chat' | 'image' | 'speech'>('chat');
  const [picked, setPicked] = useState<Record<string, string | null>>({});
  const temporary = useTemporaryKey(keyMode === 'temporary');
  const catalogue = useQuery({ queryKey: ['catalogue'], queryFn: () => request(CatalogueDocument) });

  const models = (catalogue.data?.catalogue ?? []).flatMap((series) => series.models).filter((m) => m.status !== 'HIDDEN' && TAB_OF_TYPE[m.type] === tab);
  const model = picked[tab] ?? models[0]?.modelId ?? null;
  const apiKey = keyMode === 'own' ? ownKey.trim() : temporary.state === 'ready' ? temporary.key : '';

  return (
    <Stack>
      <Title order={2}>{t('playground.title')}</Title>
      <Text c="dimmed" size="sm">{t('playground.intro')}</Text>
      <Group align="flex-end">
        <SegmentedControl
          value={keyMode}
          onChange={(v) => setKeyMode(v as 'temporary' | 'own')}
          data={[{ value: 'temporary', label: t('playground.temporaryKey') }, { value: 'own', label: t('playground.ownKey') }]}
        />
        {keyMode === 'own' && <PasswordInput placeholder="sk-..." value={ownKey} onChange={(e) => setOwnKey(e.currentTarget.value)} w={320} aria-label={t('playground.ownKey')} />}
        {keyMode === 'temporary' && temporary.state === 'loading' && <Loader size="sm" />}
        {keyMode === 'temporary' && temporary.state === 'ready' && <Text size="xs" c="dimmed" data-testid="temporary-key-ready">{t('playground.temporaryKeyNote')}</Text>}
      </Group>
      {keyMode === 'temporary' && temporary.state === 'failed' && <Alert color="red">{temporary.message}</Alert>}
      <Tabs value={tab} onChange={(v) => setTab((v as typeof tab) ?? 'chat')}>
        <Tabs.List>
          <Tabs.Tab value="chat">{t('playground.chat')}</Tabs.Tab>
          <Tabs.Tab value="image">{t('playground.image')}</Tabs.Tab>
          <Tabs.Tab value="speech">{t('playground.speech')}</Tabs.Tab>
        </Tabs.List>
      </Tabs>
      <Select
        label={t('playground.model')} data={models.map((m) => ({ value: m.modelId, label: `${m.modelId} (${m.vendor.name})` }))}
        value={model} onChange={(v) => setPicked((p) => ({ ...p, [tab]: v }))} searchable w={360} nothingFoundMessage={t('playground.noModels')}
      />
      {!apiKey || !model ? (
        <Text size="sm" c="dimmed">{t('playground.needKeyAndModel')}</Text>
      ) : tab === 'chat' ? (
        <PlaygroundChat key={`${apiKey}:${model}`} apiKey={apiKey} model={model} />
      ) : tab === 'image' ? (
        <PlaygroundImage apiKey={apiKey} model={model} />
      ) : (
        <PlaygroundSpeech apiKey={apiKey} model={model} />
      )}
    </Stack>
  );
}
