import type { Dispatcher } from 'undici';
import type { ChannelInfo } from '../../domain/routing/channel.types';
import { GatewayError, type OpenAIErrorType } from '../gateway-error';
import type { ChatProvider, UpstreamErrorInfo, UpstreamHttpRequest } from '../providers/types';
import { AttemptAborted, type AttemptControl } from './attempt-control';
import { ConnectionWaitError, type UpstreamClient } from './upstream-client';
import { withOverrides } from './request-overrides';

/** Why one attempt on one channel did not produce an answer. */
export interface AttemptFailure {
  kind: 'TIMEOUT' | 'ERROR' | 'CLIENT_GONE';
  status: number | null;
  message: string;
  /** Another channel may succeed where this one failed. */
  retryable: boolean;
  /** The upstream refused the channel's key. */
  keyInvalid: boolean;
  /** The caller's request is at fault: answer with this, do not fail over. */
  callerError?: GatewayError;
  /** Cut by this process's shutdown, not the channel's fault. */
  shutdown?: boolean;
  /**
   * Nothing was sent: the attempt waited for one of the gateway's own connections to the host and
   * got none in time. The gateway's queueing, never counted against the channel's breaker.
   */
  gatewayBusy?: boolean;
}

export type OpenedUpstream = { ok: true; response: Dispatcher.ResponseData } | { ok: false; failure: AttemptFailure };

const ERROR_BODY_LIMIT = 64 * 1024;
const KNOWN_TYPES = new Set<string>(['invalid_request_error', 'authentication_error', 'permission_error', 'not_found_error', 'rate_limit_error', 'server_error']);

/** A thrown error of an attempt, classified; the abort cause wins over whatever undici reports. */
export function failureFromError(err: unknown, control: AttemptControl): AttemptFailure {
  const cause = control.cause ?? (err instanceof AttemptAborted ? err.abortCause : undefined);
  // A refusal is the request's own end, like the caller leaving; the exchange answers with the refusal itself.
  if (cause === 'CLIENT_GONE') return { kind: 'CLIENT_GONE', status: null, message: new AttemptAborted(cause).message, retryable: false, keyInvalid: false };
  if (cause === 'SHUTDOWN') return { kind: 'TIMEOUT', status: null, message: new AttemptAborted(cause).message, retryable: false, keyInvalid: false, shutdown: true };
  // Even when the attempt's own budget ran out meanwhile: it ran out in our queue, not upstream.
  if (err instanceof ConnectionWaitError) return { kind: 'TIMEOUT', status: null, message: err.message, retryable: true, keyInvalid: false, gatewayBusy: true };
  if (cause) return { kind: 'TIMEOUT', status: null, message: new AttemptAborted(cause).message, retryable: true, keyInvalid: false };
  const code = typeof err === 'object' && err !== null && 'code' in err ? String((err as { code: unknown }).code) : '';
  const message = err instanceof Error ? err.message : String(err);
  const timeout = code === 'UND_ERR_HEADERS_TIMEOUT' || code === 'UND_ERR_BODY_TIMEOUT' || code === 'UND_ERR_CONNECT_TIMEOUT';
  return { kind: timeout ? 'TIMEOUT' : 'ERROR', status: null, message: code ? `${code}: ${message}` : message, retryable: true, keyInvalid: false };
}

export function failureFromInfo(info: UpstreamErrorInfo): AttemptFailure {
  const failure: AttemptFailure = { kind: 'ERROR', status: info.status, message: info.message, retryable: info.retryable, keyInvalid: info.keyInvalid };
  if (info.callerFault) {
    const type = (KNOWN_TYPES.has(info.type) ? info.type : 'invalid_request_error') as OpenAIErrorType;
    failure.callerError = new GatewayError(info.status, info.code ?? 'invalid_request_error', info.message, type, info.param);
  }
  return failure;
}

async function readErrorBody(body: Dispatcher.ResponseData['body']): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of body) {
      const buf = chunk as Buffer;
      size += buf.length;
      if (size > ERROR_BODY_LIMIT) break;
      chunks.push(buf);
    }
  } catch {
    // A body that breaks while we read an error adds nothing to the error itself.
  }
  const text = Buffer.concat(chunks).toString('utf8');
  try {
    return JSON.parse(text);
  } catch {
    return { error: { message: text.slice(0, 500) || 'no error body' } };
  }
}

/**
 * Sends one upstream request and sorts the answer into "go on reading" (2xx) or a classified
 * failure. `firstByteOnHeaders`: JSON answers count their headers as the first byte; streams
 * wait for their first event, which the relay reports itself. This is where every request leaves
 * for a channel, so the channel's request overrides for `modelId` (the catalogue id) apply here.
 */
export async function openUpstream(
  client: UpstreamClient,
  provider: Pick<ChatProvider, 'classifyError'>,
  channel: ChannelInfo,
  request: UpstreamHttpRequest,
  control: AttemptControl,
  options: { firstByteOnHeaders: boolean; modelId: string },
): Promise<OpenedUpstream> {
  let response: Dispatcher.ResponseData;
  if (channel.overrides.length) request = withOverrides(request, channel.overrides, options.modelId);
  try {
    // undici's own timers are a backstop behind the attempt's budgets.
    response = await client.send(request, {
      signal: control.signal,
      headersTimeoutMs: channel.firstByteTimeoutMs + 1_000,
      bodyTimeoutMs: channel.totalTimeoutMs + 1_000,
      excuseWait: (wait) => control.excusing(wait),
    });
  } catch (err) {
    return { ok: false, failure: failureFromError(err, control) };
  }
  if (options.firstByteOnHeaders) control.firstByte();
  if (response.statusCode >= 200 && response.statusCode < 300) return { ok: true, response };
  const body = await readErrorBody(response.body);
  if (control.cause) return { ok: false, failure: failureFromError(undefined, control) };
  return { ok: false, failure: failureFromInfo(provider.classifyError(response.statusCode, body)) };
}
