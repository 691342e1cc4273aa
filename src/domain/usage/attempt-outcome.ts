import type { ChannelAttempt } from '../../db/entities';

export type AttemptOutcomeLabel = 'success' | 'no_response' | 'http_5xx' | 'http_429' | 'http_4xx';

/** One upstream attempt as a bounded label (metrics, span status): how it ended, never its message. */
export function attemptOutcome(attempt: Pick<ChannelAttempt, 'status' | 'error'>): AttemptOutcomeLabel {
  if (attempt.error === null && attempt.status !== null && attempt.status < 400) return 'success';
  if (attempt.status === null) return 'no_response';
  return attempt.status >= 500 ? 'http_5xx' : attempt.status === 429 ? 'http_429' : 'http_4xx';
}
