/** Gemini's `usageMetadata`, the part media requests are billed by. */
export interface GeminiMediaUsage {
  promptTokenCount?: number;
  candidatesTokenCount?: number;
  promptTokensDetails?: Array<{ modality?: string; tokenCount?: number }>;
}

const count = (n: unknown): number => (typeof n === 'number' && Number.isFinite(n) && n > 0 ? Math.floor(n) : 0);

/** Input tokens split by modality (IMAGE apart from the rest), and the output tokens. */
export function geminiMediaUsage(usage: GeminiMediaUsage | undefined): { textInputTokens: number; imageInputTokens: number; outputTokens: number } | null {
  if (!usage) return null;
  const input = count(usage.promptTokenCount);
  const image = Math.min(input, (usage.promptTokensDetails ?? []).filter((d) => d.modality === 'IMAGE').reduce((n, d) => n + count(d.tokenCount), 0));
  return { textInputTokens: input - image, imageInputTokens: image, outputTokens: count(usage.candidatesTokenCount) };
}

export interface GeminiInlinePart {
  text?: string;
  inlineData?: { mimeType?: string; data?: string };
}

export interface GeminiMediaResponse {
  candidates?: Array<{ content?: { parts?: GeminiInlinePart[] }; finishReason?: string }>;
  usageMetadata?: GeminiMediaUsage;
  promptFeedback?: { blockReason?: string };
}

/** Every inline-data part of every candidate, in order. */
export function inlineParts(response: GeminiMediaResponse): Array<{ mimeType: string; data: string }> {
  const out: Array<{ mimeType: string; data: string }> = [];
  for (const candidate of response.candidates ?? []) {
    for (const part of candidate.content?.parts ?? []) {
      if (part.inlineData?.data) out.push({ mimeType: part.inlineData.mimeType ?? 'application/octet-stream', data: part.inlineData.data });
    }
  }
  return out;
}
