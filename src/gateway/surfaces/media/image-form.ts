import { z } from 'zod';
import { gatewayErrors } from '../../gateway-error';
import type { MultipartForm } from '../../http/read-multipart';
import { imageOptionsSchema, imageRequestOf } from './image-options';
import type { MediaRequest, UploadedImage } from '../../providers/media-request';
import { invalidField } from './media-surface';

const number = /^\d{1,6}$/;
const int = (name: string) => z.string().regex(number, `${name} must be a whole number`).transform(Number);
const formSchema = z.object({
  ...imageOptionsSchema,
  n: int('n').pipe(imageOptionsSchema.n.unwrap()).optional(),
  output_compression: int('output_compression').pipe(imageOptionsSchema.output_compression.unwrap()).optional(),
  partial_images: int('partial_images').pipe(imageOptionsSchema.partial_images.unwrap()).optional(),
  stream: z.enum(['true', 'false']).transform((v) => v === 'true').optional(),
  input_fidelity: z.enum(['high', 'low']).optional(),
});

const KNOWN_FIELDS = new Set(Object.keys(formSchema.shape));
/** Names that may go into the upstream's part headers untouched (no quotes, no line breaks). */
const PASSABLE_NAME = /^[A-Za-z0-9_.[\]-]{1,64}$/;

/** png, jpeg or webp by the file's first bytes (the caller's content type is only a claim). */
function imageTypeOf(data: Buffer): string | null {
  if (data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  if (data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return 'image/jpeg';
  if (data.subarray(0, 4).toString('latin1') === 'RIFF' && data.subarray(8, 12).toString('latin1') === 'WEBP') return 'image/webp';
  return null;
}

function uploaded(file: MultipartForm['files'][number], field: UploadedImage['field'], param: string): UploadedImage {
  if (file.data.length === 0) throw gatewayErrors.invalidRequest(`The file in '${param}' is empty.`, param);
  const contentType = imageTypeOf(file.data);
  if (!contentType) throw gatewayErrors.invalidRequest(`The file in '${param}' is not a png, jpeg or webp image.`, param);
  return { field, contentType, data: file.data };
}

/**
 * Validates an edit's form: a 400 naming the field for anything wrong, before anything is held.
 * Files: `image` or `image[]` (one or more), `mask` (at most one); any other file part is refused.
 */
export function readImageForm(form: MultipartForm): { model: string; media: MediaRequest; raw: Record<string, unknown> } {
  const known: Record<string, string> = {};
  const extra: Array<[string, string]> = [];
  for (const [name, value] of form.fields) {
    if (KNOWN_FIELDS.has(name)) {
      if (name in known) throw gatewayErrors.invalidRequest(`The form field '${name}' is given more than once.`, name);
      known[name] = value;
    } else {
      if (!PASSABLE_NAME.test(name)) throw gatewayErrors.invalidRequest(`Unrecognized form field name '${name.slice(0, 64)}'.`, name.slice(0, 64));
      extra.push([name, value]);
    }
  }
  const parsed = formSchema.safeParse(known);
  if (!parsed.success) invalidField(parsed.error);
  const images: UploadedImage[] = [];
  let mask: UploadedImage | undefined;
  for (const [i, file] of form.files.entries()) {
    if (file.field === 'image' || file.field === 'image[]') images.push(uploaded(file, 'image', `image[${images.length}]`));
    else if (file.field === 'mask' && !mask) mask = uploaded(file, 'mask', 'mask');
    else throw gatewayErrors.invalidRequest(`Unexpected file part '${file.field.slice(0, 64)}' (file ${i + 1}): send images as 'image' and at most one 'mask'.`, file.field.slice(0, 64));
  }
  if (images.length === 0) throw gatewayErrors.invalidRequest("Missing required parameter: 'image' (one or more image files).", 'image');
  const media = { ...imageRequestOf(parsed.data, 'edit'), images, ...(mask ? { mask } : {}), extraFields: extra };
  return { model: parsed.data.model, media, raw: { ...known } };
}
