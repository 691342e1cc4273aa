import { z } from 'zod';

// Gemini's GenerateContentRequest (https://ai.google.dev/api/generate-content), validated whole
// at the edge; loose objects, so fields Google adds later reach Gemini channels untouched.

const part = z.looseObject({
  text: z.string().optional(),
  inlineData: z.looseObject({ mimeType: z.string().min(1), data: z.string() }).optional(),
  fileData: z.looseObject({ mimeType: z.string().optional(), fileUri: z.string().min(1) }).optional(),
  functionCall: z.looseObject({ name: z.string().min(1), args: z.record(z.string(), z.unknown()).optional(), id: z.string().optional() }).optional(),
  functionResponse: z.looseObject({ name: z.string().min(1), response: z.record(z.string(), z.unknown()), id: z.string().optional() }).optional(),
  thought: z.boolean().optional(),
  thoughtSignature: z.string().optional(),
});

const content = z.looseObject({ role: z.enum(['user', 'model', 'function']).optional(), parts: z.array(part) });

const functionDeclaration = z.looseObject({
  name: z.string().min(1),
  description: z.string().optional(),
  parameters: z.record(z.string(), z.unknown()).optional(),
  parametersJsonSchema: z.unknown().optional(),
});

const generationConfig = z.looseObject({
  temperature: z.number().min(0).max(2).optional(),
  topP: z.number().min(0).max(1).optional(),
  topK: z.number().int().min(1).optional(),
  maxOutputTokens: z.number().int().min(1).optional(),
  stopSequences: z.array(z.string()).optional(),
  // Gemini's own ceiling; each candidate is output the reservation covers (issue 12.2).
  candidateCount: z.number().int().min(1).max(8).optional(),
  responseMimeType: z.string().optional(),
  responseSchema: z.record(z.string(), z.unknown()).optional(),
  responseJsonSchema: z.unknown().optional(),
  presencePenalty: z.number().optional(),
  frequencyPenalty: z.number().optional(),
  seed: z.number().int().optional(),
  thinkingConfig: z.looseObject({ thinkingBudget: z.number().int().optional(), includeThoughts: z.boolean().optional() }).optional(),
});

export const generateContentSchema = z.looseObject({
  contents: z.array(content).min(1),
  systemInstruction: z.looseObject({ parts: z.array(part) }).optional(),
  tools: z.array(z.looseObject({ functionDeclarations: z.array(functionDeclaration).optional() })).optional(),
  toolConfig: z.looseObject({
    functionCallingConfig: z.looseObject({ mode: z.enum(['AUTO', 'ANY', 'NONE', 'VALIDATED', 'MODE_UNSPECIFIED']).optional(), allowedFunctionNames: z.array(z.string()).optional() }).optional(),
  }).optional(),
  generationConfig: generationConfig.optional(),
  safetySettings: z.array(z.looseObject({ category: z.string(), threshold: z.string() })).optional(),
});
export type GenerateContentRequest = z.infer<typeof generateContentSchema>;
export type GeminiPartIn = z.infer<typeof part>;

/** `:countTokens` takes the request itself or wrapped in `generateContentRequest`. */
export const countTokensSchema = z.looseObject({
  contents: z.array(content).optional(),
  generateContentRequest: z.looseObject({}).optional(),
});
