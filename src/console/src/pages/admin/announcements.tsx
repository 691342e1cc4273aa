import { Alert, Badge, Button, Card, Group, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  AdminAnnouncementsDocument, AdminCreateAnnouncementDocument, AdminDeleteAnnouncementDocument, AdminUpdateAnnouncementDocument,
  type AnnouncementFieldsFragment,
} from '../../../generated/graphql';
import { AnnouncementMarkdown } from '../../components/announcement-list';
import { ConfirmButton } from '../../components/confirm';
import { DateText } from '../../components/date-text';
import { QueryState } from '../../components/states';
import { useAdminMutation } from '../../lib/admin-mutation';
import { request } from '../../lib/graphql';

/** `<input type="datetime-local">` speaks local wall-clock time without a zone; the API speaks ISO instants. */
const toLocalInput = (iso: string | null | undefined) => {
  if (!iso) return '';
  const d = new Date(iso);
  return new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
};
const fromLocalInput = (value: string) => (value ? new Date(value).toISOString() : null);

const INVALIDATE = [['admin-announcements'], ['announcements']];

function AnnouncementForm({ editing, onDone }: { editing: AnnouncementFieldsFragment | null; onDone: () => void }) {
  const { t } = useTranslation();
  const [title, setTitle] = useState(editing?.title ?? '');
  const [body, setBody] = useState(editing?.body ?? '');
  const [startsAt, setStartsAt] = useState(toLocalInput(editing?.startsAt));
  const [expiresAt, setExpiresAt] = useState(toLocalInput(editing?.expiresAt));
  const [failure, setFailure] = useState<string | null>(null);
  const input = () => ({ title, body, startsAt: fromLocalInput(startsAt), expiresAt: fromLocalInput(expiresAt) });
  const save = useAdminMutation(
    () => (editing
      ? request(AdminUpdateAnnouncementDocument, { id: editing.id, input: input() }).then((r) => r.updateAnnouncement)
      : request(AdminCreateAnnouncementDocument, { input: input() }).then((r) => r.createAnnouncement)),
    { invalidate: INVALIDATE, onFailure: setFailure, onSaved: onDone },
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    if (!title.trim() || !body.trim()) return setFailure(t('validation.required'));
    save.mutate(undefined);
  };
  return (
    <Card withBorder component="form" onSubmit={submit}>
      <Stack>
        <TextInput label={t('announcements.titleLabel')} required maxLength={200} value={title} onChange={(e) => setTitle(e.currentTarget.value)} />
        <Textarea label={t('announcements.body')} description={t('announcements.bodyHint')} required autosize minRows={4} value={body}
          onChange={(e) => setBody(e.currentTarget.value)} />
        <Group grow>
          <TextInput type="datetime-local" label={t('announcements.startsAt')} description={t('announcements.startsAtHint')} value={startsAt}
            onChange={(e) => setStartsAt(e.currentTarget.value)} />
          <TextInput type="datetime-local" label={t('announcements.expiresAt')} description={t('announcements.expiresAtHint')} value={expiresAt}
            onChange={(e) => setExpiresAt(e.currentTarget.value)} />
        </Group>
        {body.trim() && <Card withBorder bg="var(--mantine-color-default-hover)"><AnnouncementMarkdown body={body} /></Card>}
        {failure && <Alert color="red" role="alert">{failure}</Alert>}
        <Group>
          <Button type="submit" loading={save.isPending}>{editing ? t('common.save') : t('announcements.publish')}</Button>
          {editing && <Button variant="default" onClick={onDone}>{t('common.cancel')}</Button>}
        </Group>
      </Stack>
    </Card>
  );
}

function status(a: AnnouncementFieldsFragment, now: number): 'scheduled' | 'expired' | 'active' {
  if (Date.parse(a.startsAt) > now) return 'scheduled';
  if (a.expiresAt && Date.parse(a.expiresAt) <= now) return 'expired';
  return 'active';
}

export default function AdminAnnouncementsPage() {
  const { t } = useTranslation();
  const list = useQuery({ queryKey: ['admin-announcements'], queryFn: () => request(AdminAnnouncementsDocument) });
  const [editing, setEditing] = useState<AnnouncementFieldsFragment | null>(null);
  const remove = useAdminMutation(
    (id: string) => request(AdminDeleteAnnouncementDocument, { id }).then((r) => r.deleteAnnouncement),
    { invalidate: INVALIDATE },
  );
  const now = Date.now();
  return (
    <Stack>
      <Title order={2}>{t('announcements.title')}</Title>
      <AnnouncementForm key={editing?.id ?? 'new'} editing={editing} onDone={() => setEditing(null)} />
      <QueryState loading={list.isLoading} error={list.error} empty={(list.data?.allAnnouncements.length ?? 0) === 0}>
        {list.data?.allAnnouncements.map((a) => {
          const state = status(a, now);
          return (
            <Card withBorder key={a.id}>
              <Group justify="space-between" mb="xs">
                <Group gap="xs">
                  <Text fw={700}>{a.title}</Text>
                  <Badge color={state === 'active' ? 'green' : state === 'scheduled' ? 'blue' : 'gray'}>{t(`announcements.${state}`)}</Badge>
                </Group>
                <Group gap="xs">
                  <Button size="xs" variant="light" onClick={() => setEditing(a)}>{t('common.edit')}</Button>
                  <ConfirmButton label={t('announcements.delete')} question={t('announcements.deleteQuestion')} onConfirm={() => remove.mutateAsync(a.id)} />
                </Group>
              </Group>
              <AnnouncementMarkdown body={a.body} />
              <Text size="xs" c="dimmed">
                <DateText iso={a.startsAt} /> – {a.expiresAt ? <DateText iso={a.expiresAt} /> : t('announcements.noExpiry')}
              </Text>
            </Card>
          );
        })}
      </QueryState>
    </Stack>
  );
}
