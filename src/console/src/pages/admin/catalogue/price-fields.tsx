import { SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ImagePriceRowInput } from '../../../../generated/graphql';
import { formatUnits } from '../../../lib/format';
import { useLocaleFormat, useSettings } from '../../../lib/hooks';
import { inputToQuota, localDateTimeToIso, quotaToInput } from '../../../lib/money-input';
import { useImagePriceRows, type ImagePriceRowInitial } from './image-price-rows';

const REQUIRED = ['inputPrice', 'outputPrice', 'requestPrice', 'audioMinutePrice', 'searchUnitPrice', 'imageInputPrice', 'characterPrice'] as const;
// Audio token prices, like cache prices, may stay empty: then audio tokens cost what text tokens do.
const OPTIONAL = ['cacheReadPrice', 'cacheWritePrice', 'cacheWrite1hPrice', 'audioInputPrice', 'audioOutputPrice'] as const;
type PriceKey = (typeof REQUIRED)[number] | (typeof OPTIONAL)[number];
export type PriceSheetInput = Record<(typeof REQUIRED)[number], string> & Record<(typeof OPTIONAL)[number], string | null> & { imagePrices: ImagePriceRowInput[] };
type Initial = Partial<Record<PriceKey, string | null>> & { imagePrices?: readonly ImagePriceRowInitial[] };

/**
 * The prices of a model typed in USD (per 1M tokens, per request, per audio minute, per search
 * unit, per 1M characters, per image) and sent as quota units; the units each amount stands for
 * are shown under it. Cache prices may stay empty (priced as ordinary input).
 */
export function usePriceFields(initial: Initial | null) {
  const { t } = useTranslation();
  const rate = BigInt(useSettings().data?.consoleSettings.quotaPerUsd ?? '500000');
  const [values, setValues] = useState<Record<PriceKey, string>>(() => Object.fromEntries(
    [...REQUIRED, ...OPTIONAL].map((k) => [k, initial ? quotaToInput(initial[k], rate) : (REQUIRED as readonly string[]).includes(k) ? '0' : '']),
  ) as Record<PriceKey, string>);
  const parsed = Object.fromEntries([...REQUIRED, ...OPTIONAL].map((k) => [k, inputToQuota(values[k], rate, (OPTIONAL as readonly string[]).includes(k))])) as Record<PriceKey, ReturnType<typeof inputToQuota>>;
  const images = useImagePriceRows(initial?.imagePrices, rate);
  const valid = Object.values(parsed).every((p) => p.ok) && images.valid;
  const sheet = (): PriceSheetInput => ({
    ...Object.fromEntries(Object.entries(parsed).map(([k, p]) => [k, p.ok ? p.units : null])) as Omit<PriceSheetInput, 'imagePrices'>,
    imagePrices: images.table(),
  });
  const fields = (touched: boolean) => (
    <Stack>
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
        {[...REQUIRED, ...OPTIONAL].map((k) => {
          const p = parsed[k];
          return (
            <TextInput key={k} label={t(`admin.models.priceFields.${k}`)} inputMode="decimal" value={values[k]}
              onChange={(e) => { const v = e.currentTarget.value; setValues((s) => ({ ...s, [k]: v })); }}
              error={touched && !p.ok ? t('validation.money') : null}
              description={p.ok && p.units !== null ? t('common.quotaUnits', { units: formatUnits(p.units) }) : t('admin.models.cacheHint')} />
          );
        })}
      </SimpleGrid>
      {images.fields(touched)}
    </Stack>
  );
  return { valid, sheet, fields };
}

/**
 * When a new price version takes effect: empty is now, else a wall-clock time typed in the user's
 * zone that must lie in the future (the server refuses past ones too).
 */
export function useEffectiveAt() {
  const { t } = useTranslation();
  const { timeZone } = useLocaleFormat();
  const [text, setText] = useState('');
  const iso = localDateTimeToIso(text, timeZone);
  const error = text && !(iso !== null && new Date(iso).getTime() > Date.now()) ? t('validation.futureDate') : null;
  const field = (touched: boolean) => (
    <TextInput type="datetime-local" label={t('admin.models.effectiveAt')} description={t('admin.models.effectiveAtHint')}
      value={text} onChange={(e) => setText(e.currentTarget.value)} error={touched ? error : null} />
  );
  return { scheduled: text !== '', iso, error, field };
}
