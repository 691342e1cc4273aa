import { Alert, Button, Select, SimpleGrid, Stack, TextInput, Textarea } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { CreateKeyDocument, KeyFormOptionsDocument, UpdateKeyDocument, type TokenFieldsFragment } from '../../generated/graphql';
import { notifyOk } from '../components/notify';
import { useErrorText } from '../lib/error-text';
import { moneyToQuota, quotaToMoney } from '../lib/format';
import { request } from '../lib/graphql';
import { useLocaleFormat, useSettings } from '../lib/hooks';
import { dayInZone } from '../lib/time-zone';
import { asTypedError } from '../lib/typed-result';
import { checkFutureDate, checkIpList, checkOptionalInt, checkRequired, endOfDay, parseList } from '../lib/validation';

/** Create (token = null) or edit a key. Calls onDone with the plaintext key after a create. */
export function KeyForm({ token, onDone }: { token: TokenFieldsFragment | null; onDone: (plaintext: string | null) => void }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const settings = useSettings();
  const rate = BigInt(settings.data?.consoleSettings.quotaPerUsd ?? '500000');
  const groups = useQuery({ queryKey: ['key-groups'], queryFn: () => request(KeyFormOptionsDocument) });
  const [name, setName] = useState(token?.name ?? '');
  const [group, setGroup] = useState(token?.group.name ?? 'default');
  const { timeZone } = useLocaleFormat();
  // The expiry day as the user's zone sees it; the key stops at the end of that day there.
  const [expires, setExpires] = useState(token?.expiresAt ? dayInZone(token.expiresAt, timeZone) : '');
  const [cap, setCap] = useState(token?.quotaCap ? quotaToMoney(token.quotaCap, rate) : '');
  const [models, setModels] = useState((token?.allowedModels ?? []).join(', '));
  const [ips, setIps] = useState((token?.allowedIps ?? []).join(', '));
  const [rpm, setRpm] = useState(token?.rateLimitRpm != null ? String(token.rateLimitRpm) : '');
  const [concurrent, setConcurrent] = useState(token?.maxConcurrent != null ? String(token.maxConcurrent) : '');
  const [touched, setTouched] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const capUnits = cap.trim() ? moneyToQuota(cap, rate) : null;
  const errors = {
    name: checkRequired(name),
    expires: token ? null : checkFutureDate(expires, timeZone),
    cap: cap.trim() && (capUnits === null || capUnits <= 0n) ? 'validation.money' : null,
    ips: checkIpList(ips),
    rpm: checkOptionalInt(rpm, 0, 1_000_000),
    concurrent: checkOptionalInt(concurrent, 0, 100_000),
  };
  const shown = (key: keyof typeof errors) => (touched && errors[key] ? t(errors[key]!) : null);
  const input = {
    name: name.trim(),
    expiresAt: expires ? endOfDay(expires, timeZone) : null,
    quotaCap: capUnits !== null ? capUnits.toString() : null,
    allowedModels: parseList(models).length ? parseList(models) : null,
    allowedIps: parseList(ips).length ? parseList(ips) : null,
    rateLimitRpm: rpm.trim() ? Number(rpm) : null,
    maxConcurrent: concurrent.trim() ? Number(concurrent) : null,
  };
  const save = useMutation({
    mutationFn: async (): Promise<string | null> => {
      if (token) {
        const { updateToken } = await request(UpdateKeyDocument, { id: token.id, input });
        const error = asTypedError(updateToken);
        if (error) throw error;
        return null;
      }
      const { createToken } = await request(CreateKeyDocument, { input: { ...input, group } });
      if (createToken.__typename === 'CreateTokenSuccess') return createToken.key;
      throw asTypedError(createToken);
    },
    onSuccess: (key) => { notifyOk(t('common.saved')); onDone(key); },
    onError: (error) => setFailure(errorText(error)),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    setFailure(null);
    if (Object.values(errors).some(Boolean)) return;
    save.mutate();
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <TextInput label={t('keys.name')} required value={name} onChange={(e) => setName(e.currentTarget.value)} error={shown('name')} data-autofocus />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Select label={t('keys.group')} disabled={token !== null} value={group} onChange={(v) => setGroup(v ?? 'default')} allowDeselect={false}
            data={(groups.data?.groups ?? [{ name: 'default', description: '', priceMultiplier: '1' }]).map((g) => ({ value: g.name, label: `${g.name} ×${Number(g.priceMultiplier)}` }))} />
          <TextInput label={t('keys.expires')} description={t('keys.expiresHint')} type="date" value={expires} onChange={(e) => setExpires(e.currentTarget.value)} error={shown('expires')} />
          <TextInput label={t('keys.quotaCap')} description={t('keys.quotaCapHint')} inputMode="decimal" value={cap} onChange={(e) => setCap(e.currentTarget.value)} error={shown('cap')} />
          <TextInput label={t('keys.rpm')} description={t('keys.rpmHint')} inputMode="numeric" value={rpm} onChange={(e) => setRpm(e.currentTarget.value)} error={shown('rpm')} />
          <TextInput label={t('keys.maxConcurrent')} description={t('keys.maxConcurrentHint')} inputMode="numeric" value={concurrent} onChange={(e) => setConcurrent(e.currentTarget.value)} error={shown('concurrent')} />
        </SimpleGrid>
        <Textarea label={t('keys.allowedModels')} description={t('keys.listHint')} value={models} onChange={(e) => setModels(e.currentTarget.value)} autosize minRows={1} />
        <Textarea label={t('keys.allowedIps')} description={t('keys.listHint')} value={ips} onChange={(e) => setIps(e.currentTarget.value)} error={shown('ips')} autosize minRows={1} />
        {failure && <Alert color="red" role="alert">{failure}</Alert>}
        <Button type="submit" loading={save.isPending}>{token ? t('common.save') : t('keys.create')}</Button>
      </Stack>
    </form>
  );
}
