import type { Logger } from '../../lib/logger';

/** Told of every charge that could not be covered in full (the operator's alert webhook). */
export type UncoveredChargeListener = (details: UncoveredCharge) => void;

export interface UncoveredCharge {
  requestId: string;
  channelId: number | null;
  cost: bigint;
  charged: bigint;
  uncovered: bigint;
}

/**
 * Charges that went wrong in a way an operator must hear about, counted for metrics.
 *
 * - Over a cap: an upstream reported more completion than the request allowed (e.g. 100 000
 *   tokens for `max_tokens: 64`), or more audio than the file it was sent holds; the data plane
 *   charges the cap and reports it here.
 * - Uncovered: the request's cost (prompt tokens above the estimate are charged in full) exceeded
 *   its hold plus what the bucket could spare beyond other holds, or the key's quota cap. The
 *   ledger shows what was charged; the rest is on the usage row (uncovered_cost), counted here,
 *   logged as an error and passed to the alert listeners.
 */
export class ChargeAnomalies {
  /** Reports of more audio than the measured file holds (charged at the file's bound), in total and per channel (0: channel unknown). */
  audioOverCap = 0;
  readonly audioOverCapByChannel = new Map<number, number>();
  /** Reports of more completion tokens than the request held for (charged at the cap), in total and per channel. */
  completionOverCap = 0;
  readonly completionOverCapByChannel = new Map<number, number>();
  /** Charges not covered in full, and the quota units left unpaid. */
  uncoveredCharges = 0;
  uncoveredUnits = 0n;
  private readonly listeners = new Set<UncoveredChargeListener>();

  constructor(private readonly logger: Logger | undefined) {}

  /** `listener` hears every uncovered charge from now on; returns an unsubscribe. */
  onUncovered(listener: UncoveredChargeListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  recordAudioOverCap(details: { requestId: string; channelId: number | null; reportedMs: number; capMs: number }): void {
    this.audioOverCap++;
    const channel = details.channelId ?? 0;
    this.audioOverCapByChannel.set(channel, (this.audioOverCapByChannel.get(channel) ?? 0) + 1);
    this.logger?.warn('upstream anomaly: reported more audio than the file holds; charged at the file\'s measured bound', {
      requestId: details.requestId,
      channelId: details.channelId,
      audioMs: details.reportedMs,
      capMs: details.capMs,
    });
  }

  recordCompletionOverCap(details: { requestId: string; channelId: number | null; reported: number; cap: number }): void {
    this.completionOverCap++;
    const channel = details.channelId ?? 0;
    this.completionOverCapByChannel.set(channel, (this.completionOverCapByChannel.get(channel) ?? 0) + 1);
    this.logger?.warn('upstream anomaly: reported more completion tokens than the request allowed; charged at its output cap', {
      requestId: details.requestId,
      channelId: details.channelId,
      completionTokens: details.reported,
      cap: details.cap,
    });
  }

  recordUncovered(details: UncoveredCharge): void {
    this.uncoveredCharges++;
    this.uncoveredUnits += details.uncovered;
    this.logger?.error('charge not covered: the balance or the key\'s quota cap could not pay the whole cost', {
      requestId: details.requestId,
      channelId: details.channelId,
      cost: details.cost.toString(),
      charged: details.charged.toString(),
      uncovered: details.uncovered.toString(),
    });
    for (const listener of this.listeners) {
      try {
        listener(details);
      } catch (err) {
        this.logger?.warn('uncovered charge listener failed', { requestId: details.requestId, error: err as Error });
      }
    }
  }
}
