import type { ChannelAttempt, UsageOutcome } from '../../db/entities';
import type { SettleResult } from '../../domain/billing/billing.types';
import type { VerifiedKey } from '../../domain/tokens/key-verification.types';
import type { UsageLogRow } from '../../domain/usage/usage-log.types';
import { attemptOutcome } from '../../domain/usage/attempt-outcome';
import type { TraceSpan } from '../../lib/tracing';
import { toGatewayError } from '../error-handler';
import type { SurfaceName, SurfaceRequestInfo } from '../surfaces/surface';

/**
 * A request as the pipeline's steps see it: the surface's view plus its trace, which the gateway
 * router owns and turns into the usage row, access line and metrics once the request has ended,
 * rejected or served.
 */
export interface TracedRequestInfo extends SurfaceRequestInfo {
  trace: RequestTrace;
}

/**
 * Everything one request's usage-log row needs, gathered as the request runs and written once
 * at the end (every outcome after authentication, rejections included).
 */
export class RequestTrace {
  key: VerifiedKey | undefined;
  /** The client-facing protocol the request came in on. */
  surface: SurfaceName = 'chat.completions';
  modelId: string | null = null;
  stream = false;
  readonly attempts: ChannelAttempt[] = [];
  promptTokens = 0;
  completionTokens = 0;
  cachedTokens = 0;
  audioMs = 0;
  /** Images delivered and characters spoken (the media surfaces). */
  images = 0;
  characters = 0;
  /** Server-tool uses the upstream reported and the request was charged for. */
  serverToolUses = 0;
  /** The ledger charge; `uncoveredCost` what the priced usage came to beyond it. */
  cost = 0n;
  uncoveredCost = 0n;
  /** What the upstreams billed the operator for this request (every attempt they billed); never shown to the caller. */
  upstreamCost = 0n;
  private chargeUnknown = false;
  bucket: 'FREE' | 'SUBSCRIPTION' | null = null;
  subscriptionId: number | null = null;
  outcome: UsageOutcome = 'SUCCESS';
  httpStatus = 200;
  errorCode: string | null = null;
  private firstTokenAt: number | undefined;
  private attemptSpan: TraceSpan | undefined;
  private sealedRow: UsageLogRow | undefined;

  /** `span`: the request's trace span, undefined when tracing is off. */
  constructor(readonly requestId: string, readonly span?: TraceSpan, private readonly startedAt: number = performance.now()) {}

  /** An upstream attempt begins (its span, when traced, ends with the attempt's `addAttempt`). */
  startAttempt(channelId: number): void {
    if (this.span) this.attemptSpan = this.span.child('gateway.upstream_attempt', { 'gateway.channel.id': channelId, 'gateway.attempt': this.attempts.length + 1 });
  }

  addAttempt(attempt: ChannelAttempt): void {
    this.attempts.push(attempt);
    const span = this.attemptSpan;
    if (!span) return;
    this.attemptSpan = undefined;
    const outcome = attemptOutcome(attempt);
    if (outcome !== 'success') span.fail(outcome);
    span.end({ 'gateway.attempt.outcome': outcome, 'http.response.status_code': attempt.status ?? undefined });
  }

  firstToken(): void {
    this.firstTokenAt ??= performance.now();
  }

  fail(thrown: unknown, outcome?: UsageOutcome): void {
    const err = toGatewayError(thrown);
    if (err) {
      this.httpStatus = err.status;
      this.errorCode = err.code;
      const noChannel = err.code === 'no_available_channel';
      this.outcome = outcome ?? (noChannel ? 'NO_CHANNEL' : err.status === 504 ? 'UPSTREAM_TIMEOUT' : err.status === 502 ? 'UPSTREAM_ERROR' : 'REJECTED');
    } else {
      this.httpStatus = 500;
      this.errorCode = 'internal_error';
      this.outcome = outcome ?? 'UPSTREAM_ERROR';
    }
  }

  /** The caller left before the answer was complete (nginx's 499, for lack of a standard code). */
  clientGone(): void {
    this.outcome = 'CLIENT_ABORTED';
    this.httpStatus = 499;
    this.errorCode = 'client_closed_request';
  }

  /** The request span's attributes, from its finished row: ids and counts, nothing a caller sent. */
  annotateSpan(span: TraceSpan, row: UsageLogRow): void {
    span.set({
      'gateway.surface': row.surface,
      'gateway.model': row.modelId,
      'gateway.stream': row.stream,
      'gateway.user_id': row.userId,
      'gateway.token_id': row.tokenId,
      'gateway.group': row.groupName,
      'gateway.channel.id': row.channelId,
      'gateway.attempts': row.attempts.length,
      'gateway.outcome': row.outcome,
      'gateway.error_code': row.errorCode,
      'gateway.cost': Number(row.cost),
      'gen_ai.usage.input_tokens': row.promptTokens,
      'gen_ai.usage.output_tokens': row.completionTokens,
    });
    // The status line said 200, but the stream ended in an error event.
    if (row.outcome === 'UPSTREAM_FAILED_MID_STREAM') span.fail(row.errorCode ?? 'upstream_error');
  }

  /**
   * Fixes the row as it is when the pipeline's handler returns: a relay still draining an
   * abandoned upstream must not change a row whose charge is already settled.
   */
  seal(): void {
    this.sealedRow ??= this.toRow();
  }

  /**
   * The row's cost is what settle charged, the ledger's figure, never the priced usage it was
   * asked to charge. A settle whose outcome is unknown (undefined: the database did not answer)
   * records the price; recovery or the journal replay corrects the row when the charge lands.
   */
  billed(cost: bigint, settled: SettleResult | undefined): void {
    this.cost = settled ? settled.charged : cost;
    this.uncoveredCost = settled && !settled.alreadySettled ? settled.uncovered : 0n;
    this.chargeUnknown = settled === undefined && cost > 0n;
  }

  /** An upstream billed the operator `amount` for an attempt of this request. */
  upstreamBilled(amount: bigint): void {
    this.upstreamCost += amount;
  }

  toRow(): UsageLogRow {
    if (this.sealedRow) return this.sealedRow;
    const now = performance.now();
    return {
      requestId: this.requestId,
      surface: this.surface,
      userId: this.key?.userId ?? null,
      tokenId: this.key?.tokenId ?? null,
      groupName: this.key?.groupName ?? null,
      modelId: this.modelId,
      attempts: this.attempts,
      channelId: this.attempts.length ? this.attempts[this.attempts.length - 1]!.channelId : null,
      stream: this.stream,
      promptTokens: this.promptTokens,
      completionTokens: this.completionTokens,
      cachedTokens: this.cachedTokens,
      audioMs: this.audioMs,
      images: this.images,
      characters: this.characters,
      serverToolUses: this.serverToolUses,
      cost: this.cost,
      uncoveredCost: this.uncoveredCost,
      upstreamCost: this.upstreamCost,
      chargeUnknown: this.chargeUnknown,
      bucket: this.bucket,
      subscriptionId: this.subscriptionId,
      outcome: this.outcome,
      httpStatus: this.httpStatus,
      errorCode: this.errorCode,
      latencyMs: Math.round(now - this.startedAt),
      ttftMs: this.firstTokenAt === undefined ? null : Math.round(this.firstTokenAt - this.startedAt),
      createdAt: new Date(),
    };
  }
}
