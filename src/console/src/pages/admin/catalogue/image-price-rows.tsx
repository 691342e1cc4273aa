import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ImagePriceRowInput } from '../../../../generated/graphql';
import { inputToQuota, quotaToInput } from '../../../lib/money-input';

/** A stored row of an image price table, as the API returns it (price in quota units). */
export interface ImagePriceRowInitial { size: string; quality: string; price: string; outputTokens: number }
/** A row as typed: the price in USD, the tokens as text. */
interface RowText { size: string; quality: string; price: string; outputTokens: string }

// The server's rules: a size or quality is a short word (1024x1024, hd) or * for any; a row's
// output tokens are a whole number up to a million.
const IMAGE_WORD = /^(\*|[A-Za-z0-9_-]{1,32})$/;
const WHOLE = /^\d{1,7}$/;
const MAX_OUTPUT_TOKENS = 1_000_000;
const NEW_ROW: RowText = { size: '1024x1024', quality: 'standard', price: '0', outputTokens: '0' };

function checkRow(row: RowText, rate: bigint) {
  const price = inputToQuota(row.price, rate);
  const tokens = WHOLE.test(row.outputTokens.trim()) ? Number(row.outputTokens.trim()) : Number.NaN;
  return {
    size: IMAGE_WORD.test(row.size.trim()) ? null : 'admin.models.imagePrices.wordInvalid',
    quality: IMAGE_WORD.test(row.quality.trim()) ? null : 'admin.models.imagePrices.wordInvalid',
    price: price.ok ? null : 'validation.money',
    outputTokens: tokens <= MAX_OUTPUT_TOKENS ? null : 'admin.models.imagePrices.tokensInvalid',
    units: price.ok ? price.units ?? '0' : '0',
    tokens,
  };
}

/**
 * A model's images by size and quality: each row's price per image (typed in USD) and the most
 * image output tokens one such image is billed. What is sent replaces the whole table.
 */
export function useImagePriceRows(initial: readonly ImagePriceRowInitial[] | undefined, rate: bigint) {
  const { t } = useTranslation();
  const [rows, setRows] = useState<RowText[]>(() => (initial ?? []).map((r) => ({
    size: r.size, quality: r.quality, price: quotaToInput(r.price, rate), outputTokens: String(r.outputTokens),
  })));
  const checked = rows.map((row) => checkRow(row, rate));
  const valid = checked.every((c) => !c.size && !c.quality && !c.price && !c.outputTokens);
  const table = (): ImagePriceRowInput[] => rows.map((row, i) => ({
    size: row.size.trim(), quality: row.quality.trim(), price: checked[i]!.units, outputTokens: checked[i]!.tokens,
  }));
  const edit = (index: number, key: keyof RowText, value: string) => setRows((s) => s.map((row, i) => (i === index ? { ...row, [key]: value } : row)));
  const fields = (touched: boolean) => (
    <Stack gap="xs" data-testid="image-prices">
      <Text size="sm" fw={500}>{t('admin.models.imagePrices.title')}</Text>
      <Text size="xs" c="dimmed">{t('admin.models.imagePrices.hint')}</Text>
      {rows.map((row, i) => {
        const problem = (key: 'size' | 'quality' | 'price' | 'outputTokens') => {
          const code = checked[i]![key];
          return touched && code ? t(code) : null;
        };
        return (
          <Group key={i} align="flex-start" data-testid="image-price-row">
            <TextInput label={t('admin.models.imagePrices.size')} value={row.size} onChange={(e) => edit(i, 'size', e.currentTarget.value)} error={problem('size')} w={140} />
            <TextInput label={t('admin.models.imagePrices.quality')} value={row.quality} onChange={(e) => edit(i, 'quality', e.currentTarget.value)} error={problem('quality')} w={120} />
            <TextInput label={t('admin.models.imagePrices.price')} inputMode="decimal" value={row.price} onChange={(e) => edit(i, 'price', e.currentTarget.value)} error={problem('price')} w={140} />
            <TextInput label={t('admin.models.imagePrices.outputTokens')} inputMode="numeric" value={row.outputTokens}
              onChange={(e) => edit(i, 'outputTokens', e.currentTarget.value)} error={problem('outputTokens')} w={160} />
            <Button variant="subtle" color="red" mt={24} onClick={() => setRows((s) => s.filter((_, j) => j !== i))}>{t('admin.models.imagePrices.remove')}</Button>
          </Group>
        );
      })}
      <Group><Button variant="light" size="xs" onClick={() => setRows((s) => [...s, NEW_ROW])}>{t('admin.models.imagePrices.add')}</Button></Group>
    </Stack>
  );
  return { valid, table, fields };
}
