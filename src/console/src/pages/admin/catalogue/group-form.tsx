import { Alert, Button, MultiSelect, Select, SimpleGrid, Stack, Switch, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  AdminCreateGroupDocument, AdminSetGroupRoutingPolicyDocument, AdminUpdateGroupDocument, type ModelTier, type RoutingPolicy,
} from '../../../../generated/graphql';
import { useAdminMutation } from '../../../lib/admin-mutation';
import { request } from '../../../lib/graphql';
import { checkOptionalInt } from '../../../lib/validation';
import { asTypedError } from '../../../lib/typed-result';
import { AFTER_CATALOGUE_CHANGE, MODEL_TIERS, ROUTING_POLICIES, type AdminGroup, type CatalogueData } from './shared';

/**
 * A group's multiplier, permissions (tiers, vendors, models, or all models) and routing policy; the
 * name is fixed once created. The policy has its own mutation, sent after the group is saved and
 * only when it changed.
 */
export function GroupForm({ group, data, onDone }: { group: AdminGroup | null; data: CatalogueData; onDone: () => void }) {
  const { t } = useTranslation();
  const [name, setName] = useState(group?.name ?? '');
  const [description, setDescription] = useState(group?.description ?? '');
  const [multiplier, setMultiplier] = useState(group ? String(Number(group.priceMultiplier)) : '1');
  const [open, setOpen] = useState(group?.open ?? false);
  const [autoOrder, setAutoOrder] = useState(String(group?.autoOrder ?? 100));
  const [allModels, setAllModels] = useState(group?.permitsAllModels ?? false);
  const [tiers, setTiers] = useState<string[]>(group?.permittedTiers ?? ['FREE']);
  const [vendors, setVendors] = useState<string[]>(group?.permittedVendors ?? []);
  const [models, setModels] = useState<string[]>(group?.permittedModels ?? []);
  const [policy, setPolicy] = useState<RoutingPolicy>(group?.routingPolicy ?? 'PRIORITY');
  const [touched, setTouched] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const errors = {
    name: group || /^[a-z0-9][a-z0-9_-]{0,63}$/.test(name.trim()) ? null : 'validation.slug',
    multiplier: /^\d+(\.\d{1,4})?$/.test(multiplier.trim()) ? null : 'validation.multiplier',
    autoOrder: checkOptionalInt(autoOrder, -1_000_000, 1_000_000),
  };
  const input = {
    description: description.trim(), priceMultiplier: multiplier.trim(), open, autoOrder: Number(autoOrder || 0),
    permitsAllModels: allModels, permittedTiers: tiers as ModelTier[], permittedVendors: vendors, permittedModels: models,
  };
  const save = useAdminMutation(async () => {
    const saved = group
      ? (await request(AdminUpdateGroupDocument, { name: group.name, input })).updateGroup
      : (await request(AdminCreateGroupDocument, { name: name.trim(), input })).createGroup;
    if (asTypedError(saved) || policy === (group?.routingPolicy ?? 'PRIORITY')) return saved;
    return (await request(AdminSetGroupRoutingPolicyDocument, { name: group?.name ?? name.trim(), policy })).setGroupRoutingPolicy;
  },
  { invalidate: [...AFTER_CATALOGUE_CHANGE, ['channel-options']], onSaved: onDone, onFailure: setFailure });
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
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label={t('admin.groups.name')} required disabled={group !== null} value={name} onChange={(e) => setName(e.currentTarget.value)} error={shown('name')} data-autofocus />
          <TextInput label={t('admin.catalogue.multiplier')} description={t('admin.groups.multiplierHint')} inputMode="decimal" value={multiplier} onChange={(e) => setMultiplier(e.currentTarget.value)} error={shown('multiplier')} />
        </SimpleGrid>
        <TextInput label={t('admin.models.description')} value={description} onChange={(e) => setDescription(e.currentTarget.value)} />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Switch label={t('admin.groups.openLabel')} description={t('admin.groups.openHint')} checked={open} onChange={(e) => setOpen(e.currentTarget.checked)} />
          <TextInput label={t('admin.groups.autoOrder')} description={t('admin.groups.autoOrderHint')} inputMode="numeric" value={autoOrder} onChange={(e) => setAutoOrder(e.currentTarget.value)} error={shown('autoOrder')} />
        </SimpleGrid>
        <Select label={t('admin.groups.routingPolicy')} description={t(`admin.groups.routingPolicyHints.${policy}`)} allowDeselect={false}
          data={ROUTING_POLICIES.map((p) => ({ value: p, label: t(`admin.groups.routingPolicies.${p}`) }))} value={policy}
          onChange={(v) => setPolicy((v ?? 'PRIORITY') as RoutingPolicy)} />
        <Switch label={t('admin.groups.allModels')} checked={allModels} onChange={(e) => setAllModels(e.currentTarget.checked)} />
        {!allModels && (
          <>
            <MultiSelect label={t('admin.catalogue.tiers')} data={[...MODEL_TIERS]} value={tiers} onChange={setTiers} />
            <MultiSelect label={t('admin.catalogue.vendors')} description={t('admin.groups.permitHint')} data={data.vendors.map((v) => ({ value: v.slug, label: v.name }))} value={vendors} onChange={setVendors} />
            <MultiSelect label={t('admin.catalogue.models')} description={t('admin.groups.permitHint')} searchable data={[...new Set([...data.models.map((m) => m.modelId), ...models])]} value={models} onChange={setModels} />
          </>
        )}
        {failure && <Alert color="red" role="alert">{failure}</Alert>}
        <Button type="submit" loading={save.isPending}>{t('common.save')}</Button>
      </Stack>
    </form>
  );
}
