import { anthropicMessages } from './anthropic-wire';
import { openAIEmbeddings } from './embeddings-wire';
import { geminiGenerateContent } from './gemini-wire';
import type { RecordedRequest } from './behaviour';
import type { RouteHandler } from './http-helpers';
import { anthropicModels, geminiModels, isAnthropicRequest } from './model-lists';
import { openAIChatCompletions, openAIModels } from './openai-wire';
import { openAITranscriptions, openAITranslations } from './transcription-wire';
import { rerank } from './rerank-wire';
import { openAIImages, openAIModerations, openAISpeech } from './media-wire';

export interface FakeRoute {
  method: 'GET' | 'POST';
  /** Matched against the path without the query string. */
  path: RegExp;
  /** Only requests this accepts (when two protocols share a path). */
  when?: (req: RecordedRequest) => boolean;
  handle: RouteHandler;
}

/** Every wire format the fake upstream speaks; each protocol adds its routes here. */
export const FAKE_ROUTES: FakeRoute[] = [
  { method: 'POST', path: /^\/v1\/chat\/completions$/, handle: openAIChatCompletions },
  { method: 'GET', path: /^\/v1\/models$/, when: isAnthropicRequest, handle: anthropicModels },
  { method: 'GET', path: /^\/v1\/models$/, handle: openAIModels },
  { method: 'POST', path: /^\/v1\/embeddings$/, handle: openAIEmbeddings },
  { method: 'POST', path: /^\/v1\/rerank$/, handle: rerank },
  { method: 'GET', path: /^\/v1beta\/models$/, handle: geminiModels },
  { method: 'POST', path: /^\/v1\/audio\/transcriptions$/, handle: openAITranscriptions },
  { method: 'POST', path: /^\/v1\/audio\/translations$/, handle: openAITranslations },
  { method: 'POST', path: /^\/v1\/messages$/, handle: anthropicMessages },
  { method: 'POST', path: /^\/v1\/images\/generations$/, handle: openAIImages('image_generation') },
  { method: 'POST', path: /^\/v1\/images\/edits$/, handle: openAIImages('image_edit') },
  { method: 'POST', path: /^\/v1\/audio\/speech$/, handle: openAISpeech },
  { method: 'POST', path: /^\/v1\/moderations$/, handle: openAIModerations },
  { method: 'POST', path: /^\/v1beta\/models\/[^/:]+:(generateContent|streamGenerateContent)$/, handle: geminiGenerateContent },
];
