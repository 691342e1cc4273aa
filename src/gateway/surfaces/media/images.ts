import { z } from 'zod';
import { readMultipart, type MultipartForm } from '../../http/read-multipart';
import { requireObject } from '../anthropic';
import { imageOptionsSchema, imageRequestOf } from './image-options';
import { readImageForm } from './image-form';
import { invalidField, mediaSurface } from './media-surface';

const generationSchema = z.looseObject({
  ...imageOptionsSchema,
  moderation: z.enum(['low', 'auto']).optional(),
  style: z.enum(['vivid', 'natural']).optional(),
});

/** `POST /v1/images/generations`: OpenAI's JSON body; unknown fields pass through to OpenAI-compatible channels. */
export const imageGenerationsSurface = mediaSurface('images.generations', (json) => {
  const raw = requireObject(json);
  const parsed = generationSchema.safeParse(raw);
  if (!parsed.success) invalidField(parsed.error);
  return { model: parsed.data.model, media: imageRequestOf(parsed.data, 'generate'), raw };
});

/**
 * `POST /v1/images/edits`: OpenAI's multipart form, one or more `image` files (`image[]` as the
 * SDKs send several), an optional `mask`, and the generation options as text fields.
 */
export const imageEditsSurface = mediaSurface(
  'images.edits',
  (form) => readImageForm(form as MultipartForm),
  (req, res, limits) => readMultipart(req, res, limits.audioFileBytes, { maxFiles: MAX_EDIT_FILES }),
);

/** OpenAI takes up to 16 images to edit, and a mask. */
const MAX_EDIT_FILES = 17;
