import type { IncomingMessage } from 'node:http';
import { chatProviderFor } from '../../../src/gateway/providers/registry';
import type { ChatCompletionChunk, ResponseContext, Usage } from '../../../src/gateway/providers/types';
import { anthropicSurface } from '../../../src/gateway/surfaces/anthropic';
import { chatSurface } from '../../../src/gateway/surfaces/chat-surface';
import { geminiSurface } from '../../../src/gateway/surfaces/gemini';
import { responsesSurface } from '../../../src/gateway/surfaces/responses';
import type { Surface, SurfaceRequestInfo } from '../../../src/gateway/surfaces/surface';
import { PROTOCOLS, RECORDED, TEXT, THINKING, TOOL } from '../../support/matrix-fixtures';
import { allSplits, replay } from '../../support/stream-replay';
import { answerOfStream, expectedAnswer, SURFACES, type SurfaceKind } from '../../support/surface-answers';

// The stream half of the surface x channel matrix at the level of the real mapper functions: each
// vendor's recorded stream, cut at every byte offset, decodes to the same internal chunks, and
// every surface's encoder renders those chunks so that its clients read exactly what the
// upstream said (thinking and its signature, text, the tool call, every usage count).

const ctx: ResponseContext = { model: 'matrix-model', requestId: 'req_matrix', created: 1_764_130_000 };

const SURFACE: Record<SurfaceKind, Surface> = { chat: chatSurface, messages: anthropicSurface, responses: responsesSurface, gemini: geminiSurface };

function requestBody(surface: SurfaceKind): unknown {
  switch (surface) {
    case 'chat':
      return { model: 'matrix-model', stream: true, stream_options: { include_usage: true }, messages: [{ role: 'user', content: 'Weather?' }] };
    case 'messages':
      return { model: 'matrix-model', stream: true, max_tokens: 1000, messages: [{ role: 'user', content: 'Weather?' }] };
    case 'responses':
      return { model: 'matrix-model', stream: true, input: 'Weather?' };
    case 'gemini':
      return { contents: [{ role: 'user', parts: [{ text: 'Weather?' }] }] };
  }
}

function encode(surface: SurfaceKind, chunks: ChatCompletionChunk[], usage: Usage | undefined): string {
  const info: SurfaceRequestInfo = { req: { headers: {} } as IncomingMessage, pathModel: 'matrix-model', pathStream: true, query: new URLSearchParams('alt=sse') };
  const request = SURFACE[surface].parse(requestBody(surface), info);
  const encoder = SURFACE[surface].streamEncoder(request, ctx, info);
  // Encoders may edit chunks (chat strips usage it was not asked for): each surface gets its own copy.
  return structuredClone(chunks).map((chunk) => encoder.chunk(chunk)).join('') + encoder.finish(usage, undefined);
}

describe.each(PROTOCOLS)('a recorded %s stream', (protocol) => {
  const recorded = RECORDED[protocol];
  const bytes = new TextEncoder().encode(recorded.stream);
  const mapper = () => chatProviderFor(protocol)!.createStreamMapper(ctx);
  const whole = replay(bytes, [], mapper());

  it('decodes to the same chunks, usage and end whatever byte offsets it arrives split at', () => {
    expect(whole.done).toBe(true);
    expect(whole.errors).toEqual([]);
    expect(whole.usage).toEqual(recorded.usage);
    const expected = JSON.stringify(whole);
    for (const cuts of allSplits(bytes.length)) {
      const out = replay(bytes, cuts, mapper());
      if (JSON.stringify(out) !== expected) expect({ cuts, out }).toEqual({ cuts, out: whole });
    }
  });

  it.each(SURFACES)('reaches a %s caller exactly as the upstream said it', (surface) => {
    const answer = answerOfStream(surface, encode(surface, whole.chunks, whole.usage));
    if (!recorded.toolCallId) {
      expect(answer.calls[0]!.id).toEqual(expect.any(String));
      answer.calls[0]!.id = null;
    }
    expect(answer).toEqual(expectedAnswer(surface, { thinking: THINKING, signature: recorded.signature, text: TEXT, toolCallId: recorded.toolCallId, tool: TOOL, usage: recorded.usage }));
  });
});
