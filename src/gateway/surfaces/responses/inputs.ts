import { InputInventory } from '../../pipeline/input-inventory';
import type { ResponsesItem, ResponsesRequest } from './responses-schema';

type Part = { type?: unknown; image_url?: unknown; detail?: unknown };

function parts(inputs: InputInventory, path: string, content: unknown): void {
  if (!Array.isArray(content)) return;
  (content as Part[]).forEach((part, j) => {
    if (part.type === 'input_image' && typeof part.image_url === 'string') {
      inputs.imageUrl(`${path}[${j}]`, part.image_url, typeof part.detail === 'string' ? part.detail : undefined);
    }
  });
}

/**
 * The images of a Responses request (every request is translated, and to-internal.ts refuses
 * the other media parts by name; hosted tools are dropped, so none runs).
 */
export function responsesInputs(request: ResponsesRequest): InputInventory {
  const inputs = new InputInventory();
  if (Array.isArray(request.input)) {
    (request.input as ResponsesItem[]).forEach((item, i) => {
      if (item.type === undefined || item.type === 'message') parts(inputs, `input[${i}].content`, item.content);
      else if (item.type === 'function_call_output') parts(inputs, `input[${i}].output`, item.output);
    });
  }
  return inputs;
}
