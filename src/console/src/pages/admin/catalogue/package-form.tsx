import { Alert, Button, MultiSelect, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { AdminCreatePackageDocument, AdminUpdatePackageDocument } from '../../../../generated/graphql';
import { formatUnits } from '../../../lib/format';
import { useSettings } from '../../../lib/hooks';
import { inputToQuota, priceToMinor, quotaToInput } from '../../../lib/money-input';
import { useAdminMutation } from '../../../lib/admin-mutation';
import { request } from '../../../lib/graphql';
import { checkOptionalInt, checkRequired } from '../../../lib/validation';
import { CATALOGUE_QUERY_KEY, MODEL_TIERS, type AdminPackage } from './shared';

/** A package's price (in its currency), period, quota per period (typed in USD at the display rate) and tiers. */
export function PackageForm({ pkg, onDone }: { pkg: AdminPackage | null; onDone: () => void }) {
  const { t } = useTranslation();
  const rate = BigInt(useSettings().data?.consoleSettings.quotaPerUsd ?? '500000');
  const [name, setName] = useState(pkg?.name ?? '');
  const [description, setDescription] = useState(pkg?.description ?? '');
  const [price, setPrice] = useState(pkg?.price ?? '');
  const [currency, setCurrency] = useState(pkg?.currency ?? 'CNY');
  const [days, setDays] = useState(String(pkg?.durationDays ?? 30));
  const [quota, setQuota] = useState(pkg ? quotaToInput(pkg.quotaPerPeriod, rate) : '');
  const [tiers, setTiers] = useState<string[]>(pkg?.unlocksTiers ?? ['SVIP']);
  const [sortOrder, setSortOrder] = useState(String(pkg?.sortOrder ?? 0));
  const [touched, setTouched] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const quotaUnits = inputToQuota(quota, rate);
  const errors = {
    name: checkRequired(name),
    price: priceToMinor(price) === null ? 'validation.money' : null,
    currency: /^[A-Za-z]{3}$/.test(currency.trim()) ? null : 'validation.currency',
    days: checkRequired(days) ?? checkOptionalInt(days, 1, 3660),
    quota: quotaUnits.ok && quotaUnits.units !== '0' ? null : 'validation.money',
    sortOrder: checkOptionalInt(sortOrder, -1_000_000, 1_000_000),
  };
  const input = {
    name: name.trim(), description: description.trim(), priceMinor: priceToMinor(price) ?? 0, currency: currency.trim().toUpperCase(),
    durationDays: Number(days), quotaPerPeriod: quotaUnits.ok ? quotaUnits.units ?? '0' : '0', unlocksTiers: tiers, sortOrder: Number(sortOrder || 0),
  };
  const save = useAdminMutation(async () => (pkg
    ? (await request(AdminUpdatePackageDocument, { id: pkg.id, input })).updatePackage
    : (await request(AdminCreatePackageDocument, { input })).createPackage),
  { invalidate: [CATALOGUE_QUERY_KEY, ['billing']], onSaved: onDone, onFailure: setFailure });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    setFailure(null);
    if (!Object.values(errors).some(Boolean)) save.mutate(undefined);
  };
  const shown = (key: keyof typeof errors) => (touched && errors[key] ? t(errors[key]!) : null);
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <TextInput label={t('admin.packages.name')} required value={name} onChange={(e) => setName(e.currentTarget.value)} error={shown('name')} data-autofocus />
        <TextInput label={t('admin.models.description')} value={description} onChange={(e) => setDescription(e.currentTarget.value)} />
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <TextInput label={t('admin.packages.price')} required inputMode="decimal" placeholder="19.98" value={price} onChange={(e) => setPrice(e.currentTarget.value)} error={shown('price')} />
          <TextInput label={t('admin.packages.currency')} required value={currency} onChange={(e) => setCurrency(e.currentTarget.value)} error={shown('currency')} />
          <TextInput label={t('admin.catalogue.days')} required inputMode="numeric" value={days} onChange={(e) => setDays(e.currentTarget.value)} error={shown('days')} />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label={t('admin.packages.quota')} required inputMode="decimal" value={quota} onChange={(e) => setQuota(e.currentTarget.value)} error={shown('quota')}
            description={quotaUnits.ok && quotaUnits.units ? t('common.quotaUnits', { units: formatUnits(quotaUnits.units) }) : null} />
          <TextInput label={t('admin.packages.sortOrder')} inputMode="numeric" value={sortOrder} onChange={(e) => setSortOrder(e.currentTarget.value)} error={shown('sortOrder')} />
        </SimpleGrid>
        <MultiSelect label={t('admin.packages.unlocks')} data={[...MODEL_TIERS]} value={tiers} onChange={setTiers} />
        {failure && <Alert color="red" role="alert">{failure}</Alert>}
        <Button type="submit" loading={save.isPending}>{t('common.save')}</Button>
      </Stack>
    </form>
  );
}
