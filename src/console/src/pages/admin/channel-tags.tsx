import { Alert, Autocomplete, Button, Group, SegmentedControl, Stack, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { AdminUpdateChannelsByTagDocument, type ChannelTagUpdateInput } from '../../../generated/graphql';
import { ConfirmButton } from '../../components/confirm';
import { useAdminMutation } from '../../lib/admin-mutation';
import { request } from '../../lib/graphql';
import { checkOptionalInt, checkRequired } from '../../lib/validation';

type Action = 'enable' | 'disable' | 'priority' | 'weight';

/** One change to every channel carrying a tag: enable, disable, or set priority or weight. */
export function ChannelTags({ knownTags }: { knownTags: string[] }) {
  const { t } = useTranslation();
  const [tag, setTag] = useState('');
  const [action, setAction] = useState<Action>('disable');
  const [value, setValue] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const [matched, setMatched] = useState<number | null>(null);
  const input = (): ChannelTagUpdateInput => (action === 'enable' ? { status: 'ENABLED' } : action === 'disable' ? { status: 'DISABLED_MANUAL' }
    : action === 'priority' ? { priority: Number(value) } : { weight: Number(value) });
  const run = useAdminMutation(() => request(AdminUpdateChannelsByTagDocument, { tag: tag.trim(), input: input() }).then((r) => r.updateChannelsByTag), {
    invalidate: [['admin-channels']], onFailure: setFailure,
    onSaved: (r) => setMatched(r.__typename === 'UpdateChannelsByTagSuccess' ? r.data : null),
  });
  const check = (): string | null => checkRequired(tag)
    ?? (action === 'priority' ? checkRequired(value) ?? checkOptionalInt(value, -1_000_000, 1_000_000) : null)
    ?? (action === 'weight' ? checkRequired(value) ?? checkOptionalInt(value, 0, 1_000_000) : null);
  const go = () => { setFailure(null); setMatched(null); run.mutate(undefined); };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = check();
    if (problem) return setFailure(t(problem));
    go();
  };
  const problem = check();
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <Autocomplete label={t('admin.channels.tag')} data={knownTags} value={tag} onChange={setTag} data-autofocus />
        <SegmentedControl value={action} onChange={(v) => setAction(v as Action)} aria-label={t('common.actions')}
          data={(['enable', 'disable', 'priority', 'weight'] as const).map((a) => ({ value: a, label: t(`admin.tags.${a}`) }))} />
        {(action === 'priority' || action === 'weight') && (
          <TextInput label={t(`admin.channels.${action}`)} inputMode="numeric" value={value} onChange={(e) => setValue(e.currentTarget.value)} />
        )}
        {failure && <Alert color="red" role="alert">{failure}</Alert>}
        {matched !== null && <Alert color="green" data-testid="tag-report">{t('admin.tags.matched', { count: matched, tag: tag.trim() })}</Alert>}
        <Group>
          {action === 'disable' && !problem
            ? <ConfirmButton size="sm" variant="filled" label={t('admin.tags.apply')} question={t('admin.tags.disableConfirm', { tag: tag.trim() })} onConfirm={go} />
            : <Button type="submit" loading={run.isPending}>{t('admin.tags.apply')}</Button>}
        </Group>
      </Stack>
    </form>
  );
}
