import { z } from 'zod';

// The Gemini API (generativelanguage.googleapis.com, v1beta) as far as the gateway uses it:
// https://ai.google.dev/api/generate-content. Requests are typed by hand; answers narrowed with zod.

export type GeminiPart =
  | { text: string; thought?: boolean; thoughtSignature?: string }
  | { inlineData: { mimeType: string; data: string } }
  | { fileData: { mimeType: string; fileUri: string } }
  | { functionCall: { name: string; args: Record<string, unknown> }; thoughtSignature?: string }
  | { functionResponse: { name: string; response: Record<string, unknown> } };

export interface GeminiContent {
  role: 'user' | 'model';
  parts: GeminiPart[];
}

export interface GeminiFunctionDeclaration {
  name: string;
  description?: string;
  parameters?: Record<string, unknown>;
}

export interface GeminiGenerationConfig {
  temperature?: number;
  topP?: number;
  maxOutputTokens?: number;
  stopSequences?: string[];
  presencePenalty?: number;
  frequencyPenalty?: number;
  seed?: number;
  responseMimeType?: string;
  responseSchema?: Record<string, unknown>;
  thinkingConfig?: { thinkingBudget: number; includeThoughts: boolean };
}

export interface GeminiRequest {
  contents: GeminiContent[];
  systemInstruction?: { parts: Array<{ text: string }> };
  tools?: Array<{ functionDeclarations: GeminiFunctionDeclaration[] }>;
  toolConfig?: { functionCallingConfig: { mode: 'AUTO' | 'ANY' | 'NONE'; allowedFunctionNames?: string[] } };
  generationConfig?: GeminiGenerationConfig;
}

const count = z.number().int().nonnegative();

const responsePartSchema = z.object({
  text: z.string().optional(),
  /** Thought summaries (only sent when asked for): reasoning, not part of the answer's text. */
  thought: z.boolean().optional(),
  /** Signs the model's thinking so it can be sent back; on a function call part, or the last part. */
  thoughtSignature: z.string().optional(),
  functionCall: z.object({ name: z.string(), args: z.record(z.string(), z.unknown()).nullish(), id: z.string().optional() }).optional(),
});

export const geminiUsageSchema = z.object({
  promptTokenCount: count.nullish(),
  candidatesTokenCount: count.nullish(),
  cachedContentTokenCount: count.nullish(),
  thoughtsTokenCount: count.nullish(),
  toolUsePromptTokenCount: count.nullish(),
  totalTokenCount: count.nullish(),
});
export type GeminiUsage = z.infer<typeof geminiUsageSchema>;

export const geminiResponseSchema = z.object({
  candidates: z.array(z.object({
    content: z.object({ parts: z.array(responsePartSchema).nullish(), role: z.string().optional() }).nullish(),
    finishReason: z.string().nullish(),
    index: z.number().optional(),
    /** Present when the answer was grounded with Google Search; `webSearchQueries` the searches run. */
    groundingMetadata: z.object({ webSearchQueries: z.array(z.unknown()).nullish() }).passthrough().nullish(),
  })).nullish(),
  promptFeedback: z.object({ blockReason: z.string().nullish() }).nullish(),
  usageMetadata: geminiUsageSchema.nullish(),
  modelVersion: z.string().optional(),
  responseId: z.string().optional(),
});
export type GeminiResponse = z.infer<typeof geminiResponseSchema>;

export const geminiErrorSchema = z.object({
  code: z.number().optional(),
  message: z.string().optional(),
  status: z.string().optional(),
  details: z.array(z.unknown()).optional(),
});
export type GeminiError = z.infer<typeof geminiErrorSchema>;

/** Google sends `{error}`; streamed JSON arrays wrap it as `[{error}]`. */
export const geminiErrorBodySchema = z.union([
  z.object({ error: geminiErrorSchema }),
  z.array(z.object({ error: geminiErrorSchema })).min(1).transform((list) => list[0]!),
]);
