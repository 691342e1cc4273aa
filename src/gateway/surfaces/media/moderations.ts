import { z } from 'zod';
import { requireObject } from '../anthropic';
import { invalidField, mediaSurface } from './media-surface';

const part = z.discriminatedUnion('type', [
  z.looseObject({ type: z.literal('text'), text: z.string() }),
  z.looseObject({ type: z.literal('image_url'), image_url: z.looseObject({ url: z.string().min(1) }) }),
]);

const moderationSchema = z.looseObject({
  // OpenAI's default model when none is named; the gateway asks for one like every surface does.
  model: z.string({ error: 'you must provide a model parameter' }).min(1, 'you must provide a model parameter'),
  input: z.union([z.string(), z.array(z.string()).min(1).max(2_048), z.array(part).min(1).max(2_048)], {
    error: 'a string, an array of strings, or an array of text and image_url parts',
  }),
});

/**
 * `POST /v1/moderations`: OpenAI's JSON body (`input` a string, strings, or multimodal parts),
 * priced per request (free unless the operator sets a price), answered as the upstream answered.
 */
export const moderationsSurface = mediaSurface('moderations', (json) => {
  const raw = requireObject(json);
  const parsed = moderationSchema.safeParse(raw);
  if (!parsed.success) invalidField(parsed.error);
  const input = parsed.data.input;
  return { model: parsed.data.model, raw, media: { kind: 'moderation', inputs: typeof input === 'string' ? 1 : input.length } };
});
