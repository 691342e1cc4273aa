import type { PriceMultiplier } from '../../domain/billing/billing.types';
import { maxCostOf } from '../../domain/billing/pricing';
import type { CatalogueEntry } from '../../domain/catalogue/catalogue.types';
import type { RouteGroup } from '../../domain/groups/group.types';
import type { ChannelInfo } from '../../domain/routing/channel.types';
import type { VerifiedKey } from '../../domain/tokens/key-verification.types';
import type { ChannelAttempt } from '../../db/entities';
import type { UsageLogRow } from '../../domain/usage/usage-log.types';
import { deliveredOf, realtimeUsageOf, type RealtimeEvent, type RealtimeUsageBlock } from '../providers/openai-realtime/events';
import type { ChargeOnce } from '../pipeline/charge-once';
import type { GatewayDeps } from '../pipeline/gateway-deps';
import { PriceReport } from '../pipeline/price-report';
import { newRequestId } from '../request-id';
import { RequestTrace } from '../pipeline/request-trace';
import { hold } from '../pipeline/surface-handler';
import { settleCostOf } from '../pipeline/settle-cost';

// Estimates for a response the upstream never reported usage for (the caller left and the
// upstream did not answer the cancel in time): text at the pipeline's fair 4 bytes per token,
// audio (PCM16 at 24 kHz, 48,000 bytes a second) at the 20 output tokens a second OpenAI bills.
const CHARGE_BYTES_PER_TOKEN = 4;
const AUDIO_BYTES_PER_SECOND = 48_000;
const AUDIO_TOKENS_PER_SECOND = 20;

/** One response of a session: its own request id, hold, ledger charge and usage row. */
export interface ResponseBill {
  trace: RequestTrace;
  charge: ChargeOnce;
  /** The output tokens the hold covers; the charge never goes above it. */
  cap: number;
  textBytes: number;
  audioBase64Chars: number;
}

export interface SessionBilling {
  deps: GatewayDeps;
  key: VerifiedKey;
  model: CatalogueEntry;
  /** The groups that may serve the session (failover), and the dearest of their multipliers, which every response is priced at. */
  route: RouteGroup[];
  multiplier: PriceMultiplier;
  /** The channel serving the session, recorded on every response's row. */
  attempt: ChannelAttempt;
  /** Its cost basis, which prices what the upstream bills for each response (null until connected). */
  channel: Pick<ChannelInfo, 'cost'> | null;
  /** The responses settled so far and what they were charged, for the session's access line. */
  responses: number;
  charged: bigint;
}

/**
 * Holds for one response before the upstream can start it: `cap` output tokens at the dearest
 * output rate, and as many input tokens as the conversation's last response read (each
 * response re-reads the conversation; what it reads beyond that is charged in full at settle,
 * from the unreserved balance, as for any request's prompt above its estimate).
 * Rejects with the 402 GatewayError when the bucket cannot cover it.
 */
export async function holdResponse(billing: SessionBilling, cap: number, lastInputTokens: number): Promise<ResponseBill> {
  const trace = new RequestTrace(newRequestId());
  trace.surface = 'realtime';
  trace.stream = true;
  trace.key = billing.key;
  trace.modelId = billing.model.modelId;
  const amount = maxCostOf(billing.model.prices, { promptTokens: lastInputTokens, maxCompletionTokens: cap, audioMs: 0 }, billing.multiplier);
  const charge = hold(billing.deps, billing.key, trace, billing.model, amount, new PriceReport(null, billing.deps.displayRate()));
  await charge.admitted;
  return { trace, charge, cap, textBytes: 0, audioBase64Chars: 0 };
}

/** Counts what the caller received of a response, for the estimate if its usage never comes. */
export function noteDelivered(bill: ResponseBill, event: RealtimeEvent): void {
  const delivered = deliveredOf(event);
  if (!delivered) return;
  if (bill.textBytes === 0 && bill.audioBase64Chars === 0) {
    bill.charge.delivering();
    bill.trace.firstToken();
  }
  bill.textBytes += delivered.textBytes;
  bill.audioBase64Chars += delivered.audioBase64Chars;
}

/**
 * Settles a response to the usage its `response.done` reported (or, without one, to an estimate
 * of what was delivered) and writes its usage row: the row's cost is the ledger charge.
 * Returns the input tokens it read, the next response's hold estimate.
 */
export async function settleResponse(billing: SessionBilling, bill: ResponseBill, usage: RealtimeUsageBlock | undefined, outcome: 'SUCCESS' | 'CLIENT_ABORTED' | 'UPSTREAM_FAILED_MID_STREAM'): Promise<number> {
  const reported = realtimeUsageOf(usage) ?? estimateDelivered(bill);
  const { billed, cost, completionOverCap, upstreamCost } = settleCostOf(billing.model, reported, { completionCap: bill.cap }, billing.multiplier, billing.channel);
  if (completionOverCap > 0) {
    billing.deps.chargeAnomalies.recordCompletionOverCap({ requestId: bill.trace.requestId, channelId: billing.attempt.channelId, reported: reported.completionTokens, cap: bill.cap });
  }
  const trace = bill.trace;
  trace.upstreamBilled(upstreamCost);
  trace.billed(cost, await bill.charge.settle(cost, billing.attempt.channelId));
  trace.attempts.push(billing.attempt);
  trace.promptTokens = billed.promptTokens;
  trace.completionTokens = billed.completionTokens;
  trace.cachedTokens = billed.cacheReadTokens;
  if (outcome === 'CLIENT_ABORTED') trace.clientGone();
  else if (outcome !== 'SUCCESS') {
    trace.outcome = outcome;
    trace.errorCode = 'upstream_error';
  }
  const row = trace.toRow();
  billing.deps.usageLog.write(row);
  billing.responses += 1;
  billing.charged += trace.cost;
  observeQuietly(billing.deps, row);
  return billed.promptTokens;
}

/** A hold no response used: released, no charge and no row. */
export async function releaseHold(bill: ResponseBill): Promise<void> {
  await bill.charge.release();
}

function estimateDelivered(bill: ResponseBill) {
  const audioBytes = Math.floor((bill.audioBase64Chars * 3) / 4);
  const audioTokens = Math.ceil((audioBytes / AUDIO_BYTES_PER_SECOND) * AUDIO_TOKENS_PER_SECOND);
  const textTokens = Math.ceil(bill.textBytes / CHARGE_BYTES_PER_TOKEN);
  return {
    promptTokens: 0, completionTokens: audioTokens + textTokens, cacheReadTokens: 0, cacheWriteTokens: 0, audioMs: 0, audioCompletionTokens: audioTokens,
  };
}

/** A response's access line and metrics (surface `realtime`), as the router gives every HTTP request; observing never fails the session. */
export function observeQuietly(deps: Pick<GatewayDeps, 'requestObserver'>, row: UsageLogRow): void {
  try {
    deps.requestObserver.finished(row, 'realtime');
  } catch {
    // a broken log destination is pino's to report
  }
}
