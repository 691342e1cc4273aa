import { z } from 'zod';
import { gatewayErrors } from '../../gateway-error';
import type { MultipartForm } from '../../http/read-multipart';
import type { SpeechRequest } from '../surface';
import { firstIssue } from '../zod-issues';

/** The file formats OpenAI's audio endpoints accept (its error message lists the same). */
const FORMATS = ['flac', 'm4a', 'mp3', 'mp4', 'mpeg', 'mpga', 'oga', 'ogg', 'wav', 'webm'] as const;

const number = /^-?\d+(\.\d+)?$/;
const audioFormSchema = z.object({
  model: z.string({ error: 'you must provide a model parameter' }).min(1, 'you must provide a model parameter'),
  language: z.string().regex(/^[A-Za-z]{2,3}([-_][A-Za-z0-9]{2,8})*$/, 'must be an ISO-639-1 language code such as en or de').optional(),
  prompt: z.string().optional(),
  response_format: z.enum(['json', 'text', 'srt', 'verbose_json', 'vtt']).default('json'),
  temperature: z.string().regex(number, 'must be a number').transform(Number).pipe(z.number().min(0).max(1)).optional(),
  timestamp_granularities: z.array(z.enum(['word', 'segment'])).optional(),
  stream: z.enum(['true', 'false']).optional(),
});

/** Fields the gateway reads itself; any other text field is passed on to the upstream as it came. */
const KNOWN_FIELDS = new Set(['model', 'language', 'prompt', 'response_format', 'temperature', 'timestamp_granularities', 'stream']);
/** Names that may go into the upstream's part headers untouched (no quotes, no line breaks). */
const PASSABLE_NAME = /^[A-Za-z0-9_.[\]-]{1,64}$/;

/** `timestamp_granularities[]` (what the SDKs send) and the bare name both mean the one array field. */
function canonicalName(name: string): string {
  return name === 'timestamp_granularities[]' ? 'timestamp_granularities' : name;
}

function collectFields(form: MultipartForm): { known: Record<string, string | string[]>; extra: Array<[string, string]> } {
  const known: Record<string, string | string[]> = {};
  const extra: Array<[string, string]> = [];
  for (const [rawName, value] of form.fields) {
    const name = canonicalName(rawName);
    if (name === 'timestamp_granularities') {
      known[name] = [...((known[name] as string[] | undefined) ?? []), value];
    } else if (KNOWN_FIELDS.has(name)) {
      if (name in known) throw gatewayErrors.invalidRequest(`The form field '${name}' is given more than once.`, name);
      known[name] = value;
    } else {
      if (!PASSABLE_NAME.test(name)) throw gatewayErrors.invalidRequest(`Unrecognized form field name '${name.slice(0, 64)}'.`, name.slice(0, 64));
      extra.push([name, value]);
    }
  }
  return { known, extra };
}

/** wav, mp3...: from the file's name as OpenAI does, else from its first bytes. */
function formatOf(file: NonNullable<MultipartForm['file']>): string | null {
  const extension = /\.([A-Za-z0-9]{1,8})$/.exec(file.filename)?.[1]?.toLowerCase();
  if (extension && (FORMATS as readonly string[]).includes(extension)) return extension;
  const d = file.data;
  const at = (offset: number, text: string) => d.subarray(offset, offset + text.length).toString('latin1') === text;
  if (at(0, 'RIFF') && at(8, 'WAVE')) return 'wav';
  if (at(0, 'ID3') || (d[0] === 0xff && ((d[1] ?? 0) & 0xe0) === 0xe0)) return 'mp3';
  if (at(0, 'fLaC')) return 'flac';
  if (at(0, 'OggS')) return 'ogg';
  if (at(4, 'ftyp')) return 'm4a';
  if (d[0] === 0x1a && d[1] === 0x45 && d[2] === 0xdf && d[3] === 0xa3) return 'webm';
  return null;
}

/**
 * Validates an audio request's form (OpenAI's `/v1/audio/transcriptions` and `/translations`
 * fields) and maps it: a 400 naming the field for anything wrong, before anything is held.
 * `stream=true` is refused: the whole transcript is read before the caller sees a byte (so a
 * failing channel can still fail over), which a stream of deltas would only pretend otherwise.
 */
export function readAudioForm(form: MultipartForm, task: 'transcribe' | 'translate'): { model: string; speech: SpeechRequest } {
  const { known, extra } = collectFields(form);
  const parsed = audioFormSchema.safeParse(known);
  if (!parsed.success) {
    const issue = firstIssue(parsed.error);
    throw gatewayErrors.invalidRequest(`Invalid value for '${issue.field}': ${issue.message.slice(issue.field.length + 2)}`, issue.field);
  }
  const fields = parsed.data;
  if (fields.stream === 'true') {
    throw gatewayErrors.invalidRequest('Streaming transcriptions are not supported: leave `stream` out and the whole transcript comes back at once.', 'stream');
  }
  const file = form.file;
  if (!file) throw gatewayErrors.invalidRequest("Missing required parameter: 'file' (the audio, as a multipart file part).", 'file');
  if (file.field !== 'file') throw gatewayErrors.invalidRequest(`The audio goes in a part named 'file', not '${file.field.slice(0, 64)}'.`, 'file');
  if (file.data.length === 0) throw gatewayErrors.invalidRequest('The audio file is empty.', 'file');
  const format = formatOf(file);
  if (!format) throw gatewayErrors.invalidRequest(`Invalid file format. Supported formats: ${FORMATS.join(', ')}.`, 'file');
  return {
    model: fields.model,
    speech: {
      data: file.data,
      format,
      responseFormat: fields.response_format,
      options: {
        task,
        ...(fields.language !== undefined ? { language: fields.language } : {}),
        ...(fields.prompt ? { prompt: fields.prompt } : {}),
        ...(fields.temperature !== undefined ? { temperature: fields.temperature } : {}),
        ...(fields.timestamp_granularities ? { timestampGranularities: fields.timestamp_granularities } : {}),
        ...(extra.length ? { extraFields: extra } : {}),
      },
    },
  };
}
