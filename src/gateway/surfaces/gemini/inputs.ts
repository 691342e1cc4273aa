import { pdfPageCount } from '../../../lib/pdf-pages';
import { InputInventory } from '../../pipeline/input-inventory';
import { GEMINI_AUDIO_TOKENS_PER_SECOND, GEMINI_PDF_PAGE_TOKENS } from '../../providers/gemini/input-tokens';
import type { GeminiPartIn, GenerateContentRequest } from './gemini-schema';

// The non-text inputs of a Gemini request, as Gemini channels receive it (forwarded as it came).

function inlineData(inputs: InputInventory, param: string, data: { mimeType: string; data: string }): void {
  const mediaType = data.mimeType.toLowerCase();
  const bytes = Buffer.from(data.data, 'base64');
  if (mediaType.startsWith('image/')) return inputs.imageBytes(param, bytes);
  if (mediaType.startsWith('audio/')) return void inputs.audio.push({ param, data: bytes, mediaType, tokensPerSecond: GEMINI_AUDIO_TOKENS_PER_SECOND });
  if (mediaType.startsWith('text/')) return inputs.text(bytes.toString('utf8'));
  if (mediaType === 'application/pdf') {
    const pages = pdfPageCount(bytes);
    if (pages !== null) inputs.mediaTokens += pages * GEMINI_PDF_PAGE_TOKENS;
    else inputs.cannotMeasure(param, 'DOCUMENT', 'a PDF whose pages cannot be counted');
    return;
  }
  inputs.cannotMeasure(param, 'UNKNOWN_MEDIA', `\`${data.mimeType}\` data`);
}

function parts(inputs: InputInventory, path: string, list: GeminiPartIn[]): void {
  list.forEach((part, j) => {
    const param = `${path}[${j}]`;
    if (part.inlineData) inlineData(inputs, param, part.inlineData);
    else if (part.fileData) inputs.cannotMeasure(param, 'URL', 'a file by URI');
  });
}

/**
 * Cached content is a prompt stored at Google, of any length; tools other than function
 * declarations (`googleSearch`, `codeExecution`, `urlContext`...) run at Google as it decides.
 */
export function geminiInputs(request: GenerateContentRequest): InputInventory {
  const inputs = new InputInventory();
  request.contents.forEach((content, i) => parts(inputs, `contents[${i}].parts`, content.parts));
  if (request.systemInstruction) parts(inputs, 'systemInstruction.parts', request.systemInstruction.parts);
  const raw = request as Record<string, unknown>;
  if (raw.cachedContent != null) inputs.cannotMeasure('cachedContent', 'CACHED_CONTENT', 'cached content');
  request.tools?.forEach((tool, i) => {
    for (const key of Object.keys(tool)) if (key !== 'functionDeclarations') inputs.serverTool(`tools[${i}].${key}`, `the tool \`${key}\``, undefined);
  });
  return inputs;
}
