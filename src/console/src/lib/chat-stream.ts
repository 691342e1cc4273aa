/** What a streamed chat completion delivered: its text, and the usage chunk when the gateway sent one. */
export interface StreamedAnswer {
  requestId: string | null;
  usage: { prompt_tokens: number; completion_tokens: number } | null;
}

/**
 * Calls `/v1/chat/completions` with `stream: true` like any OpenAI client and hands each content
 * piece to `onText` as it arrives. The SSE body is decoded in layers (bytes to text, text to
 * lines, `data:` lines to events), so an event split across network chunks is never lost.
 * Aborting `signal` (the stop button) cancels the request, which the gateway bills for what was delivered.
 */
export async function streamChat(
  key: string, body: Record<string, unknown>, onText: (text: string) => void, signal: AbortSignal,
): Promise<StreamedAnswer> {
  const res = await fetch('/v1/chat/completions', {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify({ ...body, stream: true, stream_options: { include_usage: true } }),
    signal,
  });
  const requestId = res.headers.get('x-request-id');
  if (!res.ok || !res.body) throw new Error(await errorMessage(res));
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  let usage: StreamedAnswer['usage'] = null;
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += value;
    let newline = buffer.indexOf('\n');
    while (newline !== -1) {
      const line = buffer.slice(0, newline).trim();
      buffer = buffer.slice(newline + 1);
      newline = buffer.indexOf('\n');
      if (!line.startsWith('data:')) continue;
      const data = line.slice(5).trim();
      if (data === '[DONE]') continue;
      const chunk = JSON.parse(data) as { choices?: Array<{ delta?: { content?: string } }>; usage?: StreamedAnswer['usage']; error?: { message?: string } };
      if (chunk.error) throw new Error(chunk.error.message ?? 'stream error');
      const text = chunk.choices?.[0]?.delta?.content;
      if (text) onText(text);
      if (chunk.usage) usage = chunk.usage;
    }
  }
  return { requestId, usage };
}

/** The gateway's error message (OpenAI's `{ error: { message } }` shape), else the status. */
export async function errorMessage(res: Response): Promise<string> {
  try {
    const body = (await res.json()) as { error?: { message?: string } };
    return body.error?.message ?? `HTTP ${res.status}`;
  } catch {
    return `HTTP ${res.status}`;
  }
}
