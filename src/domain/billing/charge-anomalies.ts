import type { Logger } from '../../lib/logger';

/**
 * Upstreams that reported more usage than the request allowed (e.g. 100 000 completion tokens
 * for `max_tokens: 64`). The charge never exceeds the request's hold (the most it could cost);
 * each such report is logged with its channel and counted here, for metrics to read.
 */
export class ChargeAnomalies {
  /** Charges capped at their hold, in total and per channel (0: channel unknown). */
  overHold = 0;
  readonly overHoldByChannel = new Map<number, number>();
  /** Reports of more completion tokens than the request held for (charged at the cap), in total and per channel. */
  completionOverCap = 0;
  readonly completionOverCapByChannel = new Map<number, number>();

  constructor(private readonly logger: Logger | undefined) {}

  recordOverHold(details: { requestId: string; channelId: number | null; cost: bigint; hold: bigint }): void {
    this.overHold++;
    const channel = details.channelId ?? 0;
    this.overHoldByChannel.set(channel, (this.overHoldByChannel.get(channel) ?? 0) + 1);
    this.logger?.warn('upstream anomaly: reported usage costs more than the request allowed; charged at its hold', {
      requestId: details.requestId,
      channelId: details.channelId,
      cost: details.cost.toString(),
      hold: details.hold.toString(),
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
}
