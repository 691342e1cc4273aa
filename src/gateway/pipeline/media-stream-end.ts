import type { PickedChannel } from '../../domain/routing/channel-picker';
import type { AttemptFailure } from '../upstream/upstream-call';
import { redactFailure } from './failover';
import type { GatewayDeps } from './gateway-deps';
import type { RequestTrace } from './request-trace';

/** How a media stream (image events, speech audio) ended once it had reached the caller. */
export type MediaStreamEnd = { status: 'COMPLETED' } | { status: 'CLIENT_GONE' } | { status: 'FAILED'; failure: AttemptFailure };

/**
 * Tells the channel's breaker and the trace how a committed media stream ended (the charge is
 * the exchange's): a completed stream is the channel's success, a caller who left is nobody's
 * verdict, an upstream that failed mid-stream is the channel's failure. Returns the error code.
 */
export function recordStreamEnd(deps: Pick<GatewayDeps, 'breakers'>, picked: PickedChannel, trace: RequestTrace, end: MediaStreamEnd): string | null {
  const channelId = picked.channel.id;
  if (end.status === 'COMPLETED') {
    deps.breakers.onSuccess(channelId);
    return null;
  }
  if (end.status === 'CLIENT_GONE') {
    deps.breakers.onInconclusive(channelId);
    trace.clientGone();
    return null;
  }
  trace.outcome = 'UPSTREAM_FAILED_MID_STREAM';
  if (end.failure.shutdown) {
    deps.breakers.onInconclusive(channelId);
    trace.errorCode = 'server_shutting_down';
    return trace.errorCode;
  }
  deps.breakers.onFailure(channelId, redactFailure(end.failure, picked.key).message);
  trace.errorCode = end.failure.kind === 'TIMEOUT' ? 'upstream_timeout' : 'upstream_error';
  return trace.errorCode;
}
