import { request } from 'undici';
import type { Logger } from '../lib/logger';

export type AlertEvent =
  | { event: 'channel_disabled'; channelId: number; reason: string }
  | { event: 'channel_breaker_open'; channelId: number; openForMs: number; lastError: string | null }
  /** A request cost more than its balance (beyond other holds) or its key's cap could pay; quota units as decimal strings. */
  | { event: 'charge_uncovered'; requestId: string; channelId: number | null; cost: string; charged: string; uncovered: string }
  /** A journaled charge the database refused for good, moved aside to DATA_DIR/refused-charges-<instanceId>.jsonl. */
  | { event: 'charge_journal_entry_refused'; requestId: string; instanceId: string; code: string; constraint: string | null; cost: string };

export interface AlertNotifierOptions {
  /** ALERT_WEBHOOK_URL; unset: alerts are only logged. */
  url: string | undefined;
  /** Tries per alert (the first included); 2xx ends them. */
  attempts?: number;
  /** Pause before the second try, doubled for each further one. */
  retryDelayMs?: number;
  timeoutMs?: number;
}

/**
 * Tells an operator's webhook about incidents: one JSON POST per incident (`{event, channelId,
 * ..., at, instance}`), retried with backoff on a failure or non-2xx answer, never blocking the
 * caller. Callers send each incident once: a channel disabled automatically is announced by the
 * process whose UPDATE changed it, a breaker open too long once per open period of this process.
 */
export class AlertNotifier {
  private readonly pending = new Set<Promise<void>>();

  constructor(private readonly options: AlertNotifierOptions, private readonly logger: Logger, private readonly instance: string) {}

  notify(alert: AlertEvent): void {
    this.logger.warn('alert', { ...alert });
    if (!this.options.url) return;
    const sending = this.deliver({ ...alert, at: new Date().toISOString(), instance: this.instance }).finally(() => this.pending.delete(sending));
    this.pending.add(sending);
  }

  /** Shutdown: waits for alerts still being delivered. */
  async close(): Promise<void> {
    await Promise.allSettled([...this.pending]);
  }

  private async deliver(body: Record<string, unknown>): Promise<void> {
    const attempts = this.options.attempts ?? 4;
    let delay = this.options.retryDelayMs ?? 1_000;
    for (let attempt = 1; attempt <= attempts; attempt++) {
      try {
        const res = await request(this.options.url!, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
          headersTimeout: this.options.timeoutMs ?? 5_000,
          bodyTimeout: this.options.timeoutMs ?? 5_000,
        });
        await res.body.dump();
        if (res.statusCode >= 200 && res.statusCode < 300) return;
        if (attempt === attempts) this.logger.error('alert webhook refused the alert', { event: body.event, status: res.statusCode });
      } catch (err) {
        if (attempt === attempts) this.logger.error('alert webhook unreachable', { event: body.event, error: err as Error });
      }
      if (attempt < attempts) {
        await new Promise((resolve) => setTimeout(resolve, delay));
        delay *= 2;
      }
    }
  }
}
