import { Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ModelFieldsFragment } from '../../generated/graphql';
import { Money } from '../components/money';

/** Model types priced in their own units (images, speech synthesis, moderation). */
export const MEDIA_TYPES = new Set(['IMAGE', 'TEXT_TO_SPEECH', 'MODERATION']);

/** A token price with what it is for, e.g. "$5.00 text in". */
function TokenPrice({ units, label }: { units: string; label: string }) {
  return <Text size="sm"><Money units={units} /> {label}</Text>;
}

/**
 * The price of a media model in the unit it is sold by: per image by size and quality (DALL-E),
 * image tokens (gpt-image-1), per 1M characters (tts-1), speech tokens (gpt-4o-mini-tts), or per
 * request (moderation, free unless priced). Spans the input and output columns.
 */
export function MediaPriceCells({ model }: { model: ModelFieldsFragment }) {
  const { t } = useTranslation();
  const perImage = model.imagePrices.filter((row) => row.price !== '0');
  let body;
  if (model.type === 'MODERATION') {
    body = model.requestPrice === '0' ? <Text size="sm">{t('models.freeOfCharge')}</Text> : <Text size="sm"><Money units={model.requestPrice} /> {t('models.perRequest')}</Text>;
  } else if (perImage.length > 0) {
    body = perImage.map((row) => (
      <Text size="sm" key={`${row.size}-${row.quality}`}>{row.size} {row.quality}: <Money units={row.price} /> {t('models.perImage')}</Text>
    ));
  } else if (model.characterPrice !== '0') {
    body = <Text size="sm"><Money units={model.characterPrice} /> {t('models.perMillionCharacters')}</Text>;
  } else if (model.type === 'IMAGE') {
    body = (
      <>
        <TokenPrice units={model.inputPrice} label={t('models.textIn')} />
        <TokenPrice units={model.imageInputPrice} label={t('models.imageIn')} />
        <TokenPrice units={model.outputPrice} label={`${t('models.imageOut')} (${t('models.perMillionTokens')})`} />
      </>
    );
  } else {
    body = (
      <>
        <TokenPrice units={model.inputPrice} label={t('models.textIn')} />
        <TokenPrice units={model.outputPrice} label={`${t('models.audioOut')} (${t('models.perMillionTokens')})`} />
      </>
    );
  }
  return <Table.Td colSpan={2}><Stack gap={0}>{body}</Stack></Table.Td>;
}
