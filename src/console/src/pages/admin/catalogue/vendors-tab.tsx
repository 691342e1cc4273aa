import { Alert, Button, Card, Group, Modal, SimpleGrid, Stack, Table, Text, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { AdminApplyVendorDiscountDocument, AdminCreateVendorDocument, AdminUpdateVendorDocument } from '../../../../generated/graphql';
import { DataTable } from '../../../components/data-table';
import { useAdminMutation } from '../../../lib/admin-mutation';
import { request } from '../../../lib/graphql';
import { useLocaleFormat } from '../../../lib/hooks';
import { localDateTimeToIso } from '../../../lib/money-input';
import { checkRequired } from '../../../lib/validation';
import { AFTER_CATALOGUE_CHANGE, type AdminVendor, type CatalogueData } from './shared';

function VendorForm({ vendor, onDone }: { vendor: AdminVendor | null; onDone: () => void }) {
  const { t } = useTranslation();
  const [name, setName] = useState(vendor?.name ?? '');
  const [slug, setSlug] = useState(vendor?.slug ?? '');
  const [touched, setTouched] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const errors = { name: checkRequired(name), slug: vendor || /^[a-z0-9][a-z0-9-]{0,63}$/.test(slug.trim()) ? null : 'validation.slug' };
  const save = useAdminMutation(async () => (vendor
    ? (await request(AdminUpdateVendorDocument, { id: vendor.id, input: { name: name.trim() } })).updateVendor
    : (await request(AdminCreateVendorDocument, { input: { name: name.trim(), slug: slug.trim() } })).createVendor),
  { invalidate: AFTER_CATALOGUE_CHANGE, onSaved: onDone, onFailure: setFailure });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    setFailure(null);
    if (!Object.values(errors).some(Boolean)) save.mutate(undefined);
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <TextInput label={t('admin.vendors.name')} required value={name} onChange={(e) => setName(e.currentTarget.value)} error={touched && errors.name ? t(errors.name) : null} data-autofocus />
        <TextInput label={t('admin.vendors.slug')} required disabled={vendor !== null} description={t('admin.vendors.slugHint')} value={slug}
          onChange={(e) => setSlug(e.currentTarget.value)} error={touched && errors.slug ? t(errors.slug) : null} />
        {failure && <Alert color="red" role="alert">{failure}</Alert>}
        <Button type="submit" loading={save.isPending}>{t('common.save')}</Button>
      </Stack>
    </form>
  );
}

/** Every model of the vendor at factor x its current price, as one new price version each (now or later). */
function DiscountForm({ vendor, onDone }: { vendor: AdminVendor; onDone: () => void }) {
  const { t } = useTranslation();
  const [factor, setFactor] = useState('');
  const [effectiveAt, setEffectiveAt] = useState('');
  const [memo, setMemo] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const { timeZone } = useLocaleFormat();
  const when = localDateTimeToIso(effectiveAt, timeZone);
  const apply = useAdminMutation(
    () => request(AdminApplyVendorDiscountDocument, { input: { vendor: vendor.slug, factor: factor.trim(), effectiveAt: when, memo: memo.trim() || null } }).then((r) => r.applyVendorDiscount),
    { invalidate: AFTER_CATALOGUE_CHANGE, onSaved: onDone, onFailure: setFailure },
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const n = Number(factor);
    if (!/^\d+(\.\d{1,4})?$/.test(factor.trim()) || !(n > 0 && n <= 10)) return setFailure(t('validation.factor'));
    if (effectiveAt && !(when !== null && new Date(when).getTime() > Date.now())) return setFailure(t('validation.futureDate'));
    apply.mutate(undefined);
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <Text size="sm" c="dimmed">{t('admin.vendors.discountNote', { vendor: vendor.name })}</Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label={t('admin.vendors.factor')} description={t('admin.vendors.factorHint')} inputMode="decimal" value={factor} onChange={(e) => setFactor(e.currentTarget.value)} data-autofocus />
          <TextInput type="datetime-local" label={t('admin.models.effectiveAt')} description={t('admin.models.effectiveAtHint')} value={effectiveAt} onChange={(e) => setEffectiveAt(e.currentTarget.value)} />
        </SimpleGrid>
        <TextInput label={t('admin.users.memo')} value={memo} onChange={(e) => setMemo(e.currentTarget.value)} />
        {failure && <Alert color="red" role="alert">{failure}</Alert>}
        <Button type="submit" loading={apply.isPending}>{t('admin.vendors.applyDiscount')}</Button>
      </Stack>
    </form>
  );
}

export function VendorsTab({ data }: { data: CatalogueData }) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<AdminVendor | 'new' | null>(null);
  const [discounting, setDiscounting] = useState<AdminVendor | null>(null);
  const count = (slug: string) => data.models.filter((m) => m.vendor.slug === slug).length;
  return (
    <>
      <Group justify="flex-end" mb="sm"><Button onClick={() => setEditing('new')}>{t('admin.vendors.create')}</Button></Group>
      <Card withBorder p={0}>
        {data.vendors.length === 0 ? <Text c="dimmed" p="md">{t('common.empty')}</Text> : (
          <DataTable minWidth={560} headers={[t('admin.vendors.name'), t('admin.vendors.slug'), t('admin.catalogue.models'), t('common.actions')]}>
            {data.vendors.map((v) => (
              <Table.Tr key={v.id}>
                <Table.Td>{v.name}</Table.Td><Table.Td ff="monospace">{v.slug}</Table.Td><Table.Td>{count(v.slug)}</Table.Td>
                <Table.Td>
                  <Group gap={4} wrap="nowrap">
                    <Button size="xs" variant="light" onClick={() => setEditing(v)}>{t('common.edit')}</Button>
                    <Button size="xs" variant="light" disabled={count(v.slug) === 0} onClick={() => setDiscounting(v)}>{t('admin.vendors.discount')}</Button>
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </DataTable>
        )}
      </Card>
      <Modal opened={editing !== null} onClose={() => setEditing(null)} title={editing === 'new' ? t('admin.vendors.create') : t('admin.vendors.edit')}>
        {editing !== null && <VendorForm vendor={editing === 'new' ? null : editing} onDone={() => setEditing(null)} />}
      </Modal>
      <Modal opened={discounting !== null} onClose={() => setDiscounting(null)} size="lg" title={t('admin.vendors.discountTitle', { vendor: discounting?.name ?? '' })}>
        {discounting && <DiscountForm vendor={discounting} onDone={() => setDiscounting(null)} />}
      </Modal>
    </>
  );
}
