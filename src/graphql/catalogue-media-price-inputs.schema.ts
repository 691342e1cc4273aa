import { builder } from './builder';

// Media products (images, speech synthesis): their price inputs, kept apart from the token
// prices so each kind of price reads on its own. Moderation is priced by `requestPrice`.

export const MEDIA_PRICE_DESCRIPTIONS = {
  imagePrices: 'Images by size and quality: the per-image price (DALL-E style) and each one\'s most image output tokens (held for token-priced models such as gpt-image-1). For token-priced image models `inputPrice` is text input, `outputPrice` image output per 1M tokens.',
  imageInputPrice: 'Quota units per 1M image input tokens (token-priced image models).',
  characterPrice: 'Quota units per 1M characters of speech input (tts-1). For token-priced speech models `inputPrice` is text in, `outputPrice` audio out per 1M tokens.',
} as const;

export const ImagePriceRowInput = builder.inputType('ImagePriceRowInput', {
  fields: (t) => ({
    size: t.string({ required: true, description: 'As callers ask for it (`1024x1024`), or `*` for any.' }),
    quality: t.string({ required: true, description: 'As callers ask for it (`standard`, `hd`, `low`...), or `*` for any.' }),
    price: t.field({ type: 'BigInt', required: true, description: 'Quota units per image (0 for token-priced models).' }),
    outputTokens: t.int({ required: true, description: 'The most image output tokens one such image is billed (0 for per-image models).' }),
  }),
});

type InputFields = Parameters<Parameters<typeof builder.inputType>[1]['fields']>[0];

/** The media price fields of model inputs (create, update, set price). */
export function mediaPriceInputFields(t: InputFields) {
  return {
    imagePrices: t.field({ type: [ImagePriceRowInput], description: `${MEDIA_PRICE_DESCRIPTIONS.imagePrices} Replaces the whole table; [] clears it.` }),
    imageInputPrice: t.field({ type: 'BigInt', description: MEDIA_PRICE_DESCRIPTIONS.imageInputPrice }),
    characterPrice: t.field({ type: 'BigInt', description: MEDIA_PRICE_DESCRIPTIONS.characterPrice }),
  };
}
