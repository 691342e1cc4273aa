import { Alert, Button, MultiSelect, Select, SimpleGrid, Stack, TagsInput, Textarea, TextInput } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { AdminCreateChannelDocument, AdminUpdateChannelDocument, ChannelFormOptionsDocument, type ChannelFieldsFragment, type ChannelProtocol } from '../../../generated/graphql';
import { notifyOk } from '../../components/notify';
import { useErrorText } from '../../lib/error-text';
import { request } from '../../lib/graphql';
import { asTypedError } from '../../lib/typed-result';
import { checkOptionalInt, checkRequired, parseLines } from '../../lib/validation';

/**
 * Create or edit a channel. Upstream keys are write-only: typed here when creating (one per line),
 * afterwards added, disabled and removed in the channel's key list (ChannelKeys).
 */
export function ChannelForm({ channel, onDone }: { channel: ChannelFieldsFragment | null; onDone: () => void }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const options = useQuery({ queryKey: ['channel-options'], queryFn: () => request(ChannelFormOptionsDocument) });
  const [name, setName] = useState(channel?.name ?? '');
  const [protocol, setProtocol] = useState<ChannelProtocol>(channel?.protocol ?? 'OPENAI');
  const [baseUrl, setBaseUrl] = useState(channel?.baseUrl ?? '');
  const [keys, setKeys] = useState('');
  const [tags, setTags] = useState<string[]>(channel?.tags ?? []);
  const [models, setModels] = useState<string[]>(channel?.models ?? []);
  const [groups, setGroups] = useState<string[]>(channel?.groups ?? ['default']);
  const [priority, setPriority] = useState(String(channel?.priority ?? 0));
  const [weight, setWeight] = useState(String(channel?.weight ?? 1));
  const [touched, setTouched] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const errors = {
    name: checkRequired(name),
    baseUrl: /^https?:\/\/\S+$/.test(baseUrl.trim()) ? null : 'validation.url',
    groups: groups.length ? null : 'validation.required',
    priority: checkOptionalInt(priority, -1_000_000, 1_000_000),
    weight: checkOptionalInt(weight, 0, 1_000_000),
  };
  const shown = (key: keyof typeof errors) => (touched && errors[key] ? t(errors[key]!) : null);
  const save = useMutation({
    mutationFn: async () => {
      const input = {
        name: name.trim(), protocol, baseUrl: baseUrl.trim(), models, groups,
        priority: Number(priority || 0), weight: Number(weight || 1), tags,
      };
      const result = channel
        ? (await request(AdminUpdateChannelDocument, { id: channel.id, input })).updateChannel
        : (await request(AdminCreateChannelDocument, { input: { ...input, keys: parseLines(keys) } })).createChannel;
      const error = asTypedError(result);
      if (error) throw error;
    },
    onSuccess: () => { notifyOk(t('common.saved')); onDone(); },
    onError: (e) => setFailure(errorText(e)),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    setFailure(null);
    if (Object.values(errors).some(Boolean)) return;
    save.mutate();
  };
  const modelOptions = [...new Set([...(options.data?.models.map((m) => m.modelId) ?? []), ...models])];
  const groupOptions = [...new Set([...(options.data?.allGroups.map((g) => g.name) ?? []), ...groups])];
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label={t('admin.channels.name')} required value={name} onChange={(e) => setName(e.currentTarget.value)} error={shown('name')} />
          <Select label={t('admin.channels.protocol')} value={protocol} allowDeselect={false} onChange={(v) => setProtocol((v ?? 'OPENAI') as ChannelProtocol)}
            data={['OPENAI', 'ANTHROPIC', 'GEMINI']} />
        </SimpleGrid>
        <TextInput label={t('admin.channels.baseUrl')} required placeholder="https://api.openai.com/v1" value={baseUrl} onChange={(e) => setBaseUrl(e.currentTarget.value)} error={shown('baseUrl')} />
        {channel
          ? null
          : <Textarea label={t('admin.channels.secret')} description={t('admin.channels.secretHint')} autosize minRows={1} maxRows={6}
              value={keys} onChange={(e) => setKeys(e.currentTarget.value)} autoComplete="off" spellCheck={false} styles={{ input: { fontFamily: 'monospace' } }} />}
        <MultiSelect label={t('admin.channels.models')} searchable data={modelOptions} value={models} onChange={setModels} />
        <MultiSelect label={t('admin.channels.groups')} data={groupOptions} value={groups} onChange={setGroups} error={shown('groups')} />
        <TagsInput label={t('admin.channels.tags')} description={t('admin.channels.tagsHint')} value={tags} onChange={setTags} />
        <SimpleGrid cols={2}>
          <TextInput label={t('admin.channels.priority')} inputMode="numeric" value={priority} onChange={(e) => setPriority(e.currentTarget.value)} error={shown('priority')} />
          <TextInput label={t('admin.channels.weight')} inputMode="numeric" value={weight} onChange={(e) => setWeight(e.currentTarget.value)} error={shown('weight')} />
        </SimpleGrid>
        {failure && <Alert color="red" role="alert">{failure}</Alert>}
        <Button type="submit" loading={save.isPending}>{t('common.save')}</Button>
      </Stack>
    </form>
  );
}
