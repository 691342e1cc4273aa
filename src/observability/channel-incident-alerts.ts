import type { ChannelIncidents } from '../domain/routing/channel-status';
import type { AlertNotifier } from './alert-notifier';

/**
 * Channel incidents -> alerts: a channel disabled automatically at once; a breaker only when it
 * has stayed open for `breakerAlertAfterMs` (a breaker that closes again before that was a blip),
 * once per open period of this process.
 */
export class ChannelIncidentAlerts implements ChannelIncidents {
  private readonly openTimers = new Map<number, NodeJS.Timeout>();

  constructor(private readonly alerts: AlertNotifier, private readonly breakerAlertAfterMs: number) {}

  channelDisabled(channelId: number, reason: string): void {
    this.alerts.notify({ event: 'channel_disabled', channelId, reason });
  }

  breakerChanged(channelId: number, state: 'OPEN' | 'CLOSED', lastError: string | null): void {
    if (state === 'CLOSED') {
      clearTimeout(this.openTimers.get(channelId));
      this.openTimers.delete(channelId);
      return;
    }
    if (this.openTimers.has(channelId)) return;
    const timer = setTimeout(() => {
      this.openTimers.delete(channelId);
      this.alerts.notify({ event: 'channel_breaker_open', channelId, openForMs: this.breakerAlertAfterMs, lastError });
    }, this.breakerAlertAfterMs);
    timer.unref();
    this.openTimers.set(channelId, timer);
  }

  close(): void {
    for (const timer of this.openTimers.values()) clearTimeout(timer);
    this.openTimers.clear();
  }
}
