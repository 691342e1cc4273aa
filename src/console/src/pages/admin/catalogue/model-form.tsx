import { Alert, Button, Select, SimpleGrid, Stack, Textarea, TextInput, Title } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { AdminCreateModelDocument, AdminUpdateModelDocument, type ModelTier, type ModelType } from '../../../../generated/graphql';
import { useAdminMutation } from '../../../lib/admin-mutation';
import { request } from '../../../lib/graphql';
import { checkOptionalInt, checkRequired } from '../../../lib/validation';
import { usePriceFields } from './price-fields';
import { AFTER_CATALOGUE_CHANGE, MODEL_TIERS, MODEL_TYPES, type AdminModel, type AdminVendor } from './shared';

/** A new model (id, vendor, details and first prices) or an existing one's details; prices change in ModelPrices. */
export function ModelForm({ model, vendors, onDone }: { model: AdminModel | null; vendors: readonly AdminVendor[]; onDone: () => void }) {
  const { t } = useTranslation();
  const [modelId, setModelId] = useState(model?.modelId ?? '');
  const [vendor, setVendor] = useState<string | null>(model?.vendor.slug ?? vendors[0]?.slug ?? null);
  const [series, setSeries] = useState(model?.series ?? '');
  const [type, setType] = useState<ModelType>(model?.type ?? 'CHAT');
  const [tier, setTier] = useState<ModelTier>(model?.tier ?? 'FREE');
  const [contextLength, setContextLength] = useState(String(model?.contextLength ?? 128000));
  const [maxOutput, setMaxOutput] = useState(String(model?.maxOutputTokens ?? 16384));
  const [description, setDescription] = useState(model?.description ?? '');
  const prices = usePriceFields(null);
  const [touched, setTouched] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const errors = {
    modelId: model ? null : checkRequired(modelId) ?? (/^[\w.:/@-]{1,128}$/.test(modelId.trim()) ? null : 'validation.modelId'),
    vendor: vendor ? null : 'validation.required',
    series: checkRequired(series),
    contextLength: checkOptionalInt(contextLength, 1, 100_000_000),
    maxOutput: checkOptionalInt(maxOutput, 1, 100_000_000),
  };
  const shown = (key: keyof typeof errors) => (touched && errors[key] ? t(errors[key]!) : null);
  const details = {
    series: series.trim(), type, tier, description: description.trim(),
    contextLength: contextLength.trim() ? Number(contextLength) : null, maxOutputTokens: maxOutput.trim() ? Number(maxOutput) : null,
  };
  const save = useAdminMutation(async () => (model
    ? (await request(AdminUpdateModelDocument, { modelId: model.modelId, input: details })).updateModel
    : (await request(AdminCreateModelDocument, { input: { ...details, modelId: modelId.trim(), vendor: vendor!, ...prices.sheet() } })).createModel),
  { invalidate: AFTER_CATALOGUE_CHANGE, onSaved: onDone, onFailure: setFailure });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    setFailure(null);
    if (Object.values(errors).some(Boolean) || (!model && !prices.valid)) return;
    save.mutate(undefined);
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label={t('admin.models.modelId')} required disabled={model !== null} description={model ? null : t('admin.models.modelIdHint')}
            value={modelId} onChange={(e) => setModelId(e.currentTarget.value)} error={shown('modelId')} data-autofocus />
          <Select label={t('admin.catalogue.vendor')} required disabled={model !== null} value={vendor} onChange={setVendor} allowDeselect={false}
            data={vendors.map((v) => ({ value: v.slug, label: v.name }))} error={shown('vendor')} />
          <TextInput label={t('admin.models.series')} required value={series} onChange={(e) => setSeries(e.currentTarget.value)} error={shown('series')} />
          <Select label={t('models.type')} value={type} allowDeselect={false} onChange={(v) => setType((v ?? 'CHAT') as ModelType)}
            data={MODEL_TYPES.map((v) => ({ value: v, label: t(`models.types.${v}`) }))} />
          <Select label={t('models.tier')} value={tier} allowDeselect={false} onChange={(v) => setTier((v ?? 'FREE') as ModelTier)}
            data={MODEL_TIERS.map((v) => ({ value: v, label: v === 'FREE' ? t('models.free') : 'SVIP' }))} />
          <TextInput label={t('admin.models.contextLength')} inputMode="numeric" value={contextLength} onChange={(e) => setContextLength(e.currentTarget.value)} error={shown('contextLength')} />
          <TextInput label={t('admin.models.maxOutput')} inputMode="numeric" value={maxOutput} onChange={(e) => setMaxOutput(e.currentTarget.value)} error={shown('maxOutput')} />
        </SimpleGrid>
        <Textarea label={t('admin.models.description')} autosize minRows={2} value={description} onChange={(e) => setDescription(e.currentTarget.value)} />
        {!model && (<><Title order={5}>{t('admin.models.firstPrices')}</Title>{prices.fields(touched)}</>)}
        {failure && <Alert color="red" role="alert">{failure}</Alert>}
        <Button type="submit" loading={save.isPending}>{t('common.save')}</Button>
      </Stack>
    </form>
  );
}
