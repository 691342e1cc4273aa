import { reasoningSignatureOf, reasoningTextOf, REDACTED_PREFIX, redactedReasoningOf } from '../../providers/reasoning';
import type { ChatCompletion, ChatCompletionChoice, ResponseContext, Usage } from '../../providers/types';
import type { SurfaceRequest } from '../surface';
import { responsesToolName } from './tool-names';

// Internal answers as Responses objects (https://platform.openai.com/docs/api-reference/responses/object).

export type OutputItem = Record<string, unknown> & { type: string; id: string };

export function responseId(ctx: ResponseContext): string {
  return `resp_${ctx.requestId}`;
}

export function responsesUsage(usage: Usage | undefined): Record<string, unknown> {
  const u = usage ?? { promptTokens: 0, completionTokens: 0, cacheReadTokens: 0, cacheWriteTokens: 0 };
  return {
    input_tokens: u.promptTokens,
    input_tokens_details: { cached_tokens: u.cacheReadTokens },
    output_tokens: u.completionTokens,
    output_tokens_details: { reasoning_tokens: u.reasoningTokens ?? 0 },
    total_tokens: u.promptTokens + u.completionTokens,
  };
}

/** The response envelope around `output`; the request's settings are echoed as OpenAI does. */
export function responseObject(
  ctx: ResponseContext,
  request: SurfaceRequest,
  state: { status: 'in_progress' | 'completed' | 'incomplete' | 'failed'; output: OutputItem[]; usage?: Usage; finish?: ChatCompletionChoice['finish_reason']; error?: { code: string; message: string } },
): Record<string, unknown> {
  const raw = request.raw;
  const incomplete = state.status === 'incomplete' ? { reason: state.finish === 'content_filter' ? 'content_filter' : 'max_output_tokens' } : null;
  return {
    id: responseId(ctx),
    object: 'response',
    created_at: ctx.created,
    status: state.status,
    error: state.error ?? null,
    incomplete_details: incomplete,
    instructions: raw.instructions ?? null,
    max_output_tokens: raw.max_output_tokens ?? null,
    model: ctx.model,
    output: state.output,
    parallel_tool_calls: raw.parallel_tool_calls ?? true,
    previous_response_id: null,
    reasoning: raw.reasoning ?? { effort: null, summary: null },
    store: false,
    temperature: raw.temperature ?? 1,
    text: raw.text ?? { format: { type: 'text' } },
    tool_choice: raw.tool_choice ?? 'auto',
    tools: raw.tools ?? [],
    top_p: raw.top_p ?? 1,
    truncation: 'disabled',
    usage: state.status === 'in_progress' ? null : responsesUsage(state.usage),
    user: raw.user ?? null,
    metadata: raw.metadata ?? {},
  };
}

/**
 * A reasoning item: the thinking as its summary, and the vendor's signature (or redacted thinking,
 * reasoning.ts) as `encrypted_content`, which clients such as Codex send back with the next turn.
 */
export function reasoningItem(id: string, text: string, encrypted: string): OutputItem {
  return { type: 'reasoning', id, summary: text ? [{ type: 'summary_text', text }] : [], ...(encrypted ? { encrypted_content: encrypted } : {}) };
}

export function statusOf(finish: ChatCompletionChoice['finish_reason'] | undefined): 'completed' | 'incomplete' {
  return finish === 'length' || finish === 'content_filter' ? 'incomplete' : 'completed';
}

export function renderResponse(completion: ChatCompletion, usage: Usage, ctx: ResponseContext, request: SurfaceRequest): unknown {
  const choice = completion.choices[0];
  const message = choice?.message;
  const raw = (message ?? {}) as Record<string, unknown>;
  const output: OutputItem[] = [];
  const thinking = reasoningTextOf(raw);
  const signature = reasoningSignatureOf(raw);
  if (thinking || signature) output.push(reasoningItem(`rs_${ctx.requestId}`, thinking, signature));
  redactedReasoningOf(raw).forEach((data, i) => output.push(reasoningItem(`rs_${ctx.requestId}_r${i}`, '', `${REDACTED_PREFIX}${data}`)));
  if (typeof message?.content === 'string' && message.content) {
    output.push({
      type: 'message', id: `msg_${ctx.requestId}`, status: 'completed', role: 'assistant',
      content: [{ type: 'output_text', text: message.content, annotations: [] }],
    });
  }
  (message?.tool_calls ?? []).forEach((call, i) => {
    output.push({ type: 'function_call', id: `fc_${ctx.requestId}_${i}`, call_id: call.id, ...responsesToolName(request.raw, call.function.name), arguments: call.function.arguments, status: 'completed' });
  });
  return responseObject(ctx, request, { status: statusOf(choice?.finish_reason), output, usage, finish: choice?.finish_reason });
}
