import type { ChannelProtocol } from '../../db/entities';
import type { ChannelInfo } from '../../domain/routing/channel.types';
import type { UpstreamErrorInfo, UpstreamHttpRequest } from '../providers/types';
import { AttemptControl } from '../upstream/attempt-control';
import { failureFromError, openUpstream, type AttemptFailure } from '../upstream/upstream-call';
import type { UpstreamClient } from '../upstream/upstream-client';
import type { ClientConnection } from './client-connection';
import type { AttemptOutcome } from './failover';

export function noAdapterFailure(protocol: ChannelProtocol, what: string): AttemptFailure {
  return { kind: 'ERROR', status: null, message: `no ${what} adapter for protocol ${protocol}`, retryable: true, keyInvalid: false };
}

/**
 * One attempt whose whole answer is read before the caller sees a byte, so every failure may
 * still fail over. The body is JSON, or text for upstreams that answer plain text (a
 * transcription with `response_format=text`); `parse` judges it and throws when it is malformed.
 * `build` may throw a 4xx GatewayError when the request cannot be expressed for this channel.
 */
export async function attemptJson<T>(
  upstream: UpstreamClient,
  channel: ChannelInfo,
  /** The catalogue model asked for: the channel's overrides for it apply. */
  modelId: string,
  client: ClientConnection,
  adapter: { classifyError(status: number, body: unknown): UpstreamErrorInfo },
  build: () => UpstreamHttpRequest,
  parse: (body: unknown) => T,
): Promise<AttemptOutcome<T>> {
  const control = new AttemptControl(channel, client);
  try {
    const request = build();
    const opened = await openUpstream(upstream, adapter, channel, request, control, { firstByteOnHeaders: true, modelId });
    if (!opened.ok) return { kind: 'failed', failure: opened.failure };
    let text: string;
    try {
      text = await opened.response.body.text();
    } catch (err) {
      return { kind: 'failed', failure: failureFromError(err, control) };
    }
    try {
      return { kind: 'served', value: parse(jsonOrText(text)) };
    } catch (err) {
      return { kind: 'failed', failure: { kind: 'ERROR', status: 200, message: (err as Error).message, retryable: true, keyInvalid: false } };
    }
  } finally {
    control.dispose();
  }
}

function jsonOrText(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}
