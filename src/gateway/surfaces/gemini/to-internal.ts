import { effortOf, REASONING, REDACTED_PREFIX, THINKING, type CarriedReasoning, type ThinkingRequest } from '../../providers/reasoning';
import type { ChatMessage, ChatRequestBody, ContentPart, ToolCall } from '../../providers/types';
import type { GeminiPartIn, GenerateContentRequest } from './gemini-schema';

// A Gemini request in the internal (chat) shape, for channels of other protocols. Function calls
// carry no id in Gemini's history: ids are made up in order and function responses matched to
// the earliest unanswered call of the same name. Thought parts and signatures of earlier turns
// ride along (reasoning.ts), so the vendor that signed them gets them back. Deliberately dropped:
// `safetySettings` that only loosen Google's own filters (OFF, BLOCK_NONE: other vendors do not
// run them), `thinkingConfig.includeThoughts` (thoughts are always shown), and `topK`: a sampling
// preference chat completions has no field for, which Gemini CLI sends on every request (the
// answer stays a valid one without it). Refused by name: files by URI, several candidates,
// stricter safety thresholds, any other setting it cannot carry.

/** generationConfig fields that map to the internal shape (or, like includeThoughts and topK, are dropped on purpose). */
const CARRIED_CONFIG = new Set([
  'topK', 'temperature', 'topP', 'maxOutputTokens', 'stopSequences', 'candidateCount', 'responseMimeType', 'responseSchema', 'responseJsonSchema',
  'thinkingConfig', 'presencePenalty', 'frequencyPenalty', 'seed',
]);
const LOOSE_SAFETY = new Set(['OFF', 'BLOCK_NONE', 'HARM_BLOCK_THRESHOLD_UNSPECIFIED']);

function thinkingOfConfig(config: { thinkingBudget?: number; thinkingLevel?: unknown } | undefined): ThinkingRequest | undefined {
  // Gemini 3 names a level instead of a budget.
  const level = config?.thinkingLevel;
  if (typeof level === 'string' && ['minimal', 'low', 'medium', 'high'].includes(level.toLowerCase())) {
    return { budgetTokens: null, effort: level.toLowerCase() as ThinkingRequest['effort'] };
  }
  const budget = config?.thinkingBudget;
  if (budget === undefined || budget === 0) return undefined;
  // -1: "dynamic", the model decides.
  return budget < 0 ? { budgetTokens: null, effort: 'medium' } : { budgetTokens: budget, effort: effortOf(budget) };
}

function reasoningOfPart(p: GeminiPartIn, reasoning: CarriedReasoning): void {
  const signature = p.thoughtSignature;
  if (signature?.startsWith(REDACTED_PREFIX)) reasoning.redacted.push(signature.slice(REDACTED_PREFIX.length));
  else if (signature) reasoning.signature ||= signature;
  if (p.thought && p.text) reasoning.text += p.text;
}

export function geminiToInternal(request: GenerateContentRequest, model: string, stream: boolean): { body: ChatRequestBody; untranslatable: string[] } {
  const untranslatable: string[] = [];
  const messages: ChatMessage[] = [];
  const known = new Set(['contents', 'systemInstruction', 'tools', 'toolConfig', 'generationConfig', 'safetySettings']);
  for (const field of Object.keys(request)) if (!known.has(field)) untranslatable.push(`\`${field}\``);

  const system = (request.systemInstruction?.parts ?? []).map((p) => p.text ?? '').join('\n');
  if (system) messages.push({ role: 'system', content: system });

  const unanswered: ToolCall[] = [];
  let callCount = 0;
  request.contents.forEach((content, i) => {
    const parts: ContentPart[] = [];
    const calls: ToolCall[] = [];
    const reasoning: CarriedReasoning = { text: '', signature: '', redacted: [] };
    content.parts.forEach((p: GeminiPartIn, j) => {
      const at = `contents[${i}].parts[${j}]`;
      reasoningOfPart(p, reasoning);
      if (p.thought) return;
      if (p.text !== undefined) parts.push({ type: 'text', text: p.text });
      else if (p.inlineData) {
        if (p.inlineData.mimeType.startsWith('image/')) parts.push({ type: 'image_url', image_url: { url: `data:${p.inlineData.mimeType};base64,${p.inlineData.data}` } });
        else untranslatable.push(`${at}.inlineData: \`${p.inlineData.mimeType}\` data`);
      } else if (p.fileData) untranslatable.push(`${at}.fileData`);
      else if (p.functionCall) {
        const call: ToolCall = { id: p.functionCall.id ?? `call_${callCount++}`, type: 'function', function: { name: p.functionCall.name, arguments: JSON.stringify(p.functionCall.args ?? {}) } };
        calls.push(call);
        unanswered.push(call);
      } else if (p.functionResponse) {
        const response = p.functionResponse;
        const index = unanswered.findIndex((c) => (response.id ? c.id === response.id : c.function.name === response.name));
        const call = index === -1 ? undefined : unanswered.splice(index, 1)[0];
        messages.push({ role: 'tool', tool_call_id: call?.id ?? response.id ?? `call_${callCount++}`, content: JSON.stringify(response.response) });
      }
    });
    const text = parts.every((p) => p.type === 'text') ? parts.map((p) => (p as { text: string }).text).join('') : undefined;
    if (content.role === 'model') {
      const carried = reasoning.text || reasoning.signature || reasoning.redacted.length;
      if (parts.length || calls.length || carried) {
        const message: ChatMessage = { role: 'assistant', content: text ?? '', ...(calls.length ? { tool_calls: calls } : {}) };
        if (carried) message[REASONING] = reasoning;
        messages.push(message);
      }
    } else if (parts.length) messages.push({ role: 'user', content: text ?? parts });
  });

  const body: ChatRequestBody = { model, messages };
  if (stream) body.stream = true;
  request.safetySettings?.forEach((setting, i) => {
    if (!LOOSE_SAFETY.has(setting.threshold)) untranslatable.push(`safetySettings[${i}]: threshold \`${setting.threshold}\` (only Gemini runs these filters)`);
  });
  const config = request.generationConfig;
  if (config) {
    for (const key of Object.keys(config)) if (!CARRIED_CONFIG.has(key)) untranslatable.push(`\`generationConfig.${key}\``);
    if (config.presencePenalty !== undefined) body.presence_penalty = config.presencePenalty;
    if (config.frequencyPenalty !== undefined) body.frequency_penalty = config.frequencyPenalty;
    if (config.seed !== undefined) body.seed = config.seed;
    if (config.temperature !== undefined) body.temperature = config.temperature;
    if (config.topP !== undefined) body.top_p = config.topP;
    if (config.maxOutputTokens !== undefined) body.max_tokens = config.maxOutputTokens;
    if (config.stopSequences?.length) body.stop = config.stopSequences;
    if (config.candidateCount !== undefined && config.candidateCount > 1) untranslatable.push('`generationConfig.candidateCount` above 1');
    const schema = config.responseJsonSchema ?? config.responseSchema;
    if (schema) body.response_format = { type: 'json_schema', json_schema: { name: 'response', schema } };
    else if (config.responseMimeType === 'application/json') body.response_format = { type: 'json_object' };
    const thinking = thinkingOfConfig(config.thinkingConfig);
    if (thinking) body[THINKING] = thinking;
  }
  const declarations = (request.tools ?? []).flatMap((t) => t.functionDeclarations ?? []);
  (request.tools ?? []).forEach((t, i) => {
    for (const key of Object.keys(t)) if (key !== 'functionDeclarations') untranslatable.push(`tools[${i}].${key}`);
  });
  if (declarations.length) {
    body.tools = declarations.map((d) => ({
      type: 'function',
      function: { name: d.name, ...(d.description ? { description: d.description } : {}), ...((d.parametersJsonSchema ?? d.parameters) ? { parameters: (d.parametersJsonSchema ?? d.parameters) as Record<string, unknown> } : {}) },
    }));
    const calling = request.toolConfig?.functionCallingConfig;
    if (calling?.mode === 'NONE') body.tool_choice = 'none';
    else if (calling?.mode === 'ANY' && calling.allowedFunctionNames?.length === 1) body.tool_choice = { type: 'function', function: { name: calling.allowedFunctionNames[0]! } };
    else if (calling?.mode === 'ANY') body.tool_choice = 'required';
  }
  return { body, untranslatable };
}
