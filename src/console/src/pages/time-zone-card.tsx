import { Alert, Button, Card, Select, Stack, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { SetMyTimezoneDocument } from '../../generated/graphql';
import { notifyOk } from '../components/notify';
import { useErrorText } from '../lib/error-text';
import { request } from '../lib/graphql';
import { useSettings, useViewer } from '../lib/hooks';
import { asTypedError } from '../lib/typed-result';

const DEFAULT = '';

/** The user's own time zone: where their check-in day and usage days are cut, and how the console shows every date. */
export function TimeZoneCard() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const viewer = useViewer();
  const fallback = useSettings().data?.consoleSettings.defaultTimezone ?? 'UTC';
  const [zone, setZone] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const current = viewer.data?.me.timezone ?? DEFAULT;
  const zones = useMemo(() => {
    const names = new Set(Intl.supportedValuesOf('timeZone'));
    names.add('UTC');
    return [{ value: DEFAULT, label: t('account.timezoneDefault', { zone: fallback }) }, ...[...names].sort().map((z) => ({ value: z, label: z }))];
  }, [t, fallback]);
  const save = useMutation({
    mutationFn: (value: string) => request(SetMyTimezoneDocument, { timezone: value === DEFAULT ? null : value }),
    onSuccess: ({ setMyTimezone }) => {
      const error = asTypedError(setMyTimezone);
      if (error) return setFailure(errorText(error));
      notifyOk(t('common.saved'));
      setZone(null);
      // Every date on every page, the dashboard's days and the check-in day follow the new zone.
      void queryClient.invalidateQueries();
    },
    onError: (e) => setFailure(errorText(e)),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    save.mutate(zone ?? current);
  };
  return (
    <Card withBorder>
      <Title order={4} mb="sm">{t('account.timezoneTitle')}</Title>
      <form onSubmit={submit} noValidate>
        <Stack>
          <Select label={t('account.timezone')} description={t('account.timezoneHint')} searchable allowDeselect={false} data={zones}
            value={zone ?? current} onChange={(v) => setZone(v ?? DEFAULT)} nothingFoundMessage={t('common.empty')} />
          {failure && <Alert color="red" role="alert">{failure}</Alert>}
          <Button type="submit" loading={save.isPending} disabled={(zone ?? current) === current}>{t('common.save')}</Button>
        </Stack>
      </form>
    </Card>
  );
}
