import { z } from 'zod';
import { parseDataUrl } from '../../../lib/data-url';
import { parseJsonObject } from '../../../lib/json-object';
import { gatewayErrors } from '../../gateway-error';
import { CHAT_FIELDS_CARRIED, refuseSeveralChoices, refuseUncarried, toolCallArguments } from '../openai-shape';
import { budgetOf, carriedReasoningOf, REDACTED_PREFIX, thinkingOf } from '../reasoning';
import type { ChatMessage, ChatRequestBody, ContentPart, UpstreamHttpRequest, UpstreamTarget } from '../types';
import { toGeminiParameters, toGeminiSchema } from './json-schema';
import type { GeminiContent, GeminiGenerationConfig, GeminiPart, GeminiRequest } from './wire';
import { trimTrailingSlashes } from '../../../lib/linear-text';

/**
 * Google documents the base as `https://generativelanguage.googleapis.com` with `/v1beta/...`
 * paths. A channel base that already names an API version (`.../v1beta`, `.../v1`) is used as it is.
 */
export function geminiModelUrl(baseUrl: string, model: string, stream: boolean): string {
  const trimmed = trimTrailingSlashes(baseUrl);
  const base = /\/v1(beta\d*|alpha)?$/.test(trimmed) ? trimmed : `${trimmed}/v1beta`;
  const name = encodeURIComponent(model.replace(/^models\//, ''));
  return stream ? `${base}/models/${name}:streamGenerateContent?alt=sse` : `${base}/models/${name}:generateContent`;
}

/**
 * Gemini 3 rejects replayed function calls without the thought signature it issued. The turn's
 * signature is sent back when the caller carried it (reasoning.ts); history from elsewhere gets
 * the validator bypass Google documents (https://ai.google.dev/gemini-api/docs/thought-signatures).
 */
export const REPLAYED_CALL_SIGNATURE = 'skip_thought_signature_validator';

export function buildGeminiChatRequest(body: ChatRequestBody, target: UpstreamTarget, options: { stream: boolean }): UpstreamHttpRequest {
  return {
    method: 'POST',
    url: geminiModelUrl(target.baseUrl, target.upstreamModel, options.stream),
    headers: { 'content-type': 'application/json', 'x-goog-api-key': target.apiKey },
    body: JSON.stringify(toGeminiRequest(body)),
  };
}

const CARRIED = new Set<string>([...CHAT_FIELDS_CARRIED, 'presence_penalty', 'frequency_penalty', 'seed', 'response_format']);

export function toGeminiRequest(body: ChatRequestBody): GeminiRequest {
  refuseSeveralChoices(body, 'Gemini');
  refuseUncarried(body, CARRIED, 'Gemini');
  const system: string[] = [];
  const contents: GeminiContent[] = [];
  // Tool results name the function; OpenAI's tool messages only carry the call id.
  const functionNameByCallId = new Map<string, string>();
  const append = (role: GeminiContent['role'], parts: GeminiPart[]) => {
    if (parts.length === 0) return;
    const last = contents[contents.length - 1];
    if (last?.role === role) last.parts.push(...parts);
    else contents.push({ role, parts });
  };

  body.messages.forEach((message, i) => {
    switch (message.role) {
      case 'system':
      case 'developer':
        system.push(...textsOf(message, i));
        break;
      case 'user':
        append('user', contentParts(message.content, `messages[${i}].content`));
        break;
      case 'assistant': {
        const parts = contentParts(message.content, `messages[${i}].content`);
        const signature = geminiSignatureOf(message);
        message.tool_calls?.forEach((call, j) => {
          functionNameByCallId.set(call.id, call.function.name);
          parts.push({
            functionCall: { name: call.function.name, args: toolCallArguments(call.function.arguments, `messages[${i}].tool_calls[${j}].function.arguments`) },
            ...(j === 0 ? { thoughtSignature: signature ?? REPLAYED_CALL_SIGNATURE } : {}),
          });
        });
        const last = parts[parts.length - 1];
        if (signature && !message.tool_calls?.length && last && 'text' in last) last.thoughtSignature = signature;
        append('model', parts);
        break;
      }
      case 'tool': {
        const name = message.tool_call_id ? functionNameByCallId.get(message.tool_call_id) : undefined;
        if (!name) throw gatewayErrors.invalidRequest('tool_call_id does not match a tool call of an earlier assistant message.', `messages[${i}].tool_call_id`);
        append('user', [{ functionResponse: { name, response: toolResponse(textsOf(message, i).join('')) } }]);
        break;
      }
    }
  });

  const request: GeminiRequest = { contents };
  if (system.length) request.systemInstruction = { parts: system.map((text) => ({ text })) };
  if (body.tools?.length) {
    request.tools = [{
      functionDeclarations: body.tools.map((t, i) => {
        const parameters = toGeminiParameters(t.function.parameters, `tools[${i}].function.parameters`);
        return {
          name: t.function.name,
          ...(t.function.description ? { description: t.function.description } : {}),
          ...(parameters ? { parameters } : {}),
        };
      }),
    }];
    const choice = body.tool_choice;
    if (choice === 'none') request.toolConfig = { functionCallingConfig: { mode: 'NONE' } };
    else if (choice === 'required') request.toolConfig = { functionCallingConfig: { mode: 'ANY' } };
    else if (choice && typeof choice === 'object') {
      request.toolConfig = { functionCallingConfig: { mode: 'ANY', allowedFunctionNames: [choice.function.name] } };
    }
  }
  const generationConfig = toGenerationConfig(body);
  if (Object.keys(generationConfig).length) request.generationConfig = generationConfig;
  return request;
}

/** The signature of an earlier turn's thinking, when it can be Gemini's (redacted Anthropic thinking never is). */
function geminiSignatureOf(message: ChatMessage): string | undefined {
  const signature = carriedReasoningOf(message)?.signature;
  return signature && !signature.startsWith(REDACTED_PREFIX) ? signature : undefined;
}

const responseFormatSchema = z.union([
  z.object({ type: z.literal('json_object') }),
  z.object({ type: z.literal('json_schema'), json_schema: z.object({ schema: z.record(z.string(), z.unknown()).optional() }) }),
  z.object({ type: z.literal('text') }),
]);

function toGenerationConfig(body: ChatRequestBody): GeminiGenerationConfig {
  const config: GeminiGenerationConfig = {};
  if (body.temperature != null) config.temperature = body.temperature;
  if (body.top_p != null) config.topP = body.top_p;
  const maxTokens = body.max_completion_tokens ?? body.max_tokens;
  if (maxTokens != null) config.maxOutputTokens = maxTokens;
  if (body.stop != null) config.stopSequences = typeof body.stop === 'string' ? [body.stop] : body.stop;
  if (typeof body.presence_penalty === 'number') config.presencePenalty = body.presence_penalty;
  if (typeof body.frequency_penalty === 'number') config.frequencyPenalty = body.frequency_penalty;
  if (typeof body.seed === 'number') config.seed = body.seed;
  const thinking = thinkingOf(body);
  // Thoughts are always asked for: every surface can show them, and the caller sees what the model said.
  if (thinking) config.thinkingConfig = { thinkingBudget: budgetOf(thinking), includeThoughts: true };
  const format = responseFormatSchema.safeParse(body.response_format);
  if (format.success && format.data.type === 'json_object') config.responseMimeType = 'application/json';
  if (format.success && format.data.type === 'json_schema') {
    config.responseMimeType = 'application/json';
    if (format.data.json_schema.schema) config.responseSchema = toGeminiSchema(format.data.json_schema.schema, 'response_format.json_schema.schema');
  }
  return config;
}

function textsOf(message: ChatMessage, i: number): string[] {
  if (typeof message.content === 'string') return message.content ? [message.content] : [];
  return (message.content ?? []).map((part, j) => {
    if (part.type !== 'text') throw gatewayErrors.invalidRequest(`${message.role} messages may only contain text.`, `messages[${i}].content[${j}]`);
    return part.text;
  });
}

function contentParts(content: ChatMessage['content'], param: string): GeminiPart[] {
  if (content == null) return [];
  if (typeof content === 'string') return content ? [{ text: content }] : [];
  return content.flatMap((part, j) => contentPart(part, `${param}[${j}]`));
}

function contentPart(part: ContentPart, param: string): GeminiPart[] {
  switch (part.type) {
    case 'text':
      return part.text ? [{ text: part.text }] : [];
    case 'image_url':
      return [imagePart(part.image_url.url, param)];
    case 'input_audio':
      return [{ inlineData: { mimeType: audioMimeType(part.input_audio.format), data: part.input_audio.data } }];
    default:
      throw gatewayErrors.invalidRequest(`\`${(part as { type: string }).type}\` content parts cannot be carried to this model's Gemini channel.`, param);
  }
}

function imagePart(url: string, param: string): GeminiPart {
  const data = parseDataUrl(url);
  if (data) {
    if (!data.base64) throw gatewayErrors.invalidRequest('Image data URLs must be base64-encoded.', param);
    return { inlineData: { mimeType: data.mediaType, data: data.data } };
  }
  // Gemini fetches a fileUri with the channel's own credentials (Files API URIs of the channel's
  // project, Cloud Storage): a caller's URI would read the channel's files, and the vendor's
  // refusal of a URI it may not read came back as a permission error against the channel.
  throw gatewayErrors.invalidRequest('Gemini models take images as base64 data URLs (data:image/png;base64,...); remote image URLs are not accepted.', param);
}

const AUDIO_TYPES: Record<string, string> = { wav: 'audio/wav', mp3: 'audio/mp3', aiff: 'audio/aiff', aac: 'audio/aac', ogg: 'audio/ogg', flac: 'audio/flac' };

function audioMimeType(format: string): string {
  return AUDIO_TYPES[format.toLowerCase()] ?? `audio/${format.toLowerCase()}`;
}

/** Gemini's functionResponse.response is a JSON object; tool output is any text. */
function toolResponse(text: string): Record<string, unknown> {
  const object = parseJsonObject(text);
  if (object) return object;
  try {
    return { result: JSON.parse(text) as unknown };
  } catch {
    return { result: text };
  }
}
