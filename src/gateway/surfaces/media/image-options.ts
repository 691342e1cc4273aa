import { z } from 'zod';
import type { ImageRequest } from '../../providers/media-request';

/** The options generation and edits share (OpenAI's names and ranges). */
export const imageOptionsSchema = {
  model: z.string({ error: 'you must provide a model parameter' }).min(1, 'you must provide a model parameter'),
  prompt: z.string({ error: 'a prompt is required' }).min(1, 'a prompt is required').max(32_000),
  n: z.number().int().min(1).max(10).optional(),
  // `auto` or WIDTHxHEIGHT; which sizes a model makes is its price table's (a 400 at admission).
  size: z.string().regex(/^(auto|\d{2,5}x\d{2,5})$/, 'must be auto or WIDTHxHEIGHT such as 1024x1024').optional(),
  quality: z.enum(['auto', 'low', 'medium', 'high', 'standard', 'hd']).optional(),
  response_format: z.enum(['url', 'b64_json']).optional(),
  background: z.enum(['transparent', 'opaque', 'auto']).optional(),
  output_format: z.enum(['png', 'jpeg', 'webp']).optional(),
  output_compression: z.number().int().min(0).max(100).optional(),
  user: z.string().optional(),
  stream: z.boolean().optional(),
  partial_images: z.number().int().min(0).max(3).optional(),
};

export type ImageOptions = z.infer<z.ZodObject<typeof imageOptionsSchema>>;

/** The shared options in the gateway's words. */
export function imageRequestOf(options: ImageOptions, operation: ImageRequest['operation']): ImageRequest {
  return {
    kind: 'image',
    operation,
    prompt: options.prompt,
    n: options.n ?? 1,
    ...(options.size !== undefined ? { size: options.size } : {}),
    ...(options.quality !== undefined ? { quality: options.quality } : {}),
    ...(options.response_format !== undefined ? { responseFormat: options.response_format } : {}),
    ...(options.output_format !== undefined ? { outputFormat: options.output_format } : {}),
    stream: options.stream === true,
    partialImages: options.stream === true ? (options.partial_images ?? 0) : 0,
    images: [],
    extraFields: [],
  };
}

