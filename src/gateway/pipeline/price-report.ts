import type { IncomingMessage, ServerResponse } from 'node:http';

/** How quota units are shown to people: `quotaPerUnit` units = 1 `currency` (the runtime settings). */
export interface DisplayRate {
  currency: string;
  quotaPerUnit: bigint;
}

/** An amount of quota units in the display currency, as an exact decimal string (6 places, rounded half up). */
export function displayAmount(units: bigint, rate: DisplayRate): string {
  const micros = (units * 1_000_000n * 2n + rate.quotaPerUnit) / (2n * rate.quotaPerUnit);
  const whole = micros / 1_000_000n;
  return `${whole}.${String(micros % 1_000_000n).padStart(6, '0')}`;
}

/**
 * What a request costs its caller, told on every answer (never the upstream cost, never anyone
 * else's figures): response headers, and on request the final `usage` (see usageCostOf).
 *
 * - x-gateway-cost-held: the most the request may cost, held before the upstream is called;
 * - x-gateway-balance-remaining: what the paying bucket could still spend, within the key's cap
 *   and the spend budgets, once this request is settled (while it runs: after its hold). It is
 *   the figure the hold itself reported, moved by this request's settle; other requests of the
 *   same account running at the same time are not subtracted from it. A request admitted out of
 *   a quota lease reports what the lease still holds, a lower bound;
 * - x-gateway-cost, x-gateway-cost-amount, x-gateway-cost-currency: the charge in quota units and
 *   in the display currency.
 *
 * Headers leave with the first byte. A JSON answer is settled before that, so it carries the
 * charge. A stream's headers leave before the upstream has said what it used: they carry the
 * hold and the balance after it, and the charge travels in the stream's final usage event
 * when the caller asks for it (callerAsksForCost).
 */
export class PriceReport {
  private held = 0n;
  private spare: bigint | null = null;

  /** `res` null: an answer without HTTP headers of its own (a realtime session's responses). */
  constructor(private readonly res: ServerResponse | null, readonly rate: DisplayRate) {}

  /** The hold is in place; `spare`: what the bucket could still hold after it. */
  onHold(amount: bigint, spare: bigint): void {
    this.held = amount;
    this.spare = spare;
    this.set({ 'x-gateway-cost-held': amount.toString(), 'x-gateway-balance-remaining': spare.toString() });
  }

  /** The request was charged `charged` (the ledger's figure). */
  onCharge(charged: bigint): void {
    const headers: Record<string, string> = {
      'x-gateway-cost': charged.toString(),
      'x-gateway-cost-amount': displayAmount(charged, this.rate),
      'x-gateway-cost-currency': this.rate.currency,
    };
    if (this.spare !== null) {
      const after = this.spare + this.held - charged;
      headers['x-gateway-balance-remaining'] = (after > 0n ? after : 0n).toString();
    }
    this.set(headers);
  }

  private set(headers: Record<string, string>): void {
    if (!this.res || this.res.headersSent) return;
    for (const [name, value] of Object.entries(headers)) this.res.setHeader(name, value);
  }
}

/** The charge as OpenRouter's `usage: { include: true }` adds it to the final usage: `cost` in the display currency, plus the quota units. */
export interface UsageCost {
  cost: number;
  cost_quota: number;
  cost_currency: string;
}

export function usageCostOf(charged: bigint, rate: DisplayRate): UsageCost {
  return { cost: Number(displayAmount(charged, rate)), cost_quota: Number(charged), cost_currency: rate.currency };
}

/**
 * The request header a caller of any surface sends to get the charge in the answer's final usage.
 * A header, not a body field, because the Anthropic and Gemini APIs refuse fields they do not
 * know, and a body field would reach the upstream on pass-through; no upstream request copies the
 * caller's headers, so it never leaves the gateway.
 */
export const USAGE_COST_HEADER = 'x-gateway-usage-cost';

export function callerAsksForCost(req: IncomingMessage): boolean {
  const value = req.headers[USAGE_COST_HEADER];
  return typeof value === 'string' && value.trim().toLowerCase() === 'include';
}

/** `payload` with the charge added to its usage object at `usageKey`; an answer without one is left as it is. */
export function withUsageCost(payload: unknown, cost: UsageCost, usageKey = 'usage'): unknown {
  if (typeof payload !== 'object' || payload === null) return payload;
  const usage = (payload as Record<string, unknown>)[usageKey];
  if (typeof usage !== 'object' || usage === null) return payload;
  return { ...payload, [usageKey]: { ...usage, ...cost } };
}
