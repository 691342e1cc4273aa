import { parseDataUrl } from '../../lib/data-url';
import { pdfPageCount } from '../../lib/pdf-pages';
import { InputInventory } from '../pipeline/input-inventory';
import type { ChatRequestBody } from '../providers/types';

type Part = { type?: unknown; [field: string]: unknown };

const record = (value: unknown): Record<string, unknown> => (value !== null && typeof value === 'object' ? (value as Record<string, unknown>) : {});

/** OpenAI `{"type":"file"}`: a file id the upstream looks up, or the file itself (OpenAI does not bill PDFs by the page). */
function filePart(inputs: InputInventory, param: string, part: Part): void {
  const file = record(part.file);
  if (typeof file.file_id === 'string') return inputs.cannotMeasure(param, 'FILE_ID', 'a file by id');
  const data = typeof file.file_data === 'string' ? parseDataUrl(file.file_data) : null;
  const pdf = data?.base64 && pdfPageCount(Buffer.from(data.data, 'base64')) !== null;
  inputs.cannotMeasure(param, pdf ? 'DOCUMENT' : 'UNKNOWN_MEDIA', pdf ? 'a PDF file' : 'a file');
}

/**
 * The non-text inputs of a chat completions body. OpenAI channels receive this body as it came,
 * so every part type counts, not only those the adapters of other protocols translate.
 */
export function chatInputs(body: ChatRequestBody): InputInventory {
  const inputs = new InputInventory();
  body.messages.forEach((message, i) => {
    if (!Array.isArray(message.content)) return;
    (message.content as Part[]).forEach((part, j) => {
      const param = `messages[${i}].content[${j}]`;
      if (part.type === 'text' || part.type === 'input_audio') return; // text is estimated; audio has its own path
      if (part.type === 'image_url') {
        const image = record(part.image_url);
        inputs.imageUrl(param, image.url as string, typeof image.detail === 'string' ? image.detail : undefined);
      } else if (part.type === 'file') filePart(inputs, param, part);
      else inputs.cannotMeasure(param, 'UNKNOWN_MEDIA', `a \`${String(part.type)}\` part`);
    });
  });
  // Search models search on every request that carries it, at a price per search.
  const raw = body as unknown as Record<string, unknown>;
  if (raw.web_search_options != null) inputs.serverTool('web_search_options', 'web search', 1);
  return inputs;
}
