import { sha256Hex } from '../../lib/key-material';
import type { RateLimiter } from '../rate-limit/rate-limiter';

/** `limit` attempts per `windowMs`, refilling continuously (GCRA); a limit of 0 turns the rule off. */
export interface ThrottleRule {
  limit: number;
  windowMs: number;
}

export interface AccountThrottles {
  /** Sign-in attempts from one address, whatever the account: stops spraying many accounts. */
  signInPerIp: ThrottleRule;
  /** Sign-in attempts from one address at one email: stops guessing one password. */
  signInPerIpAccount: ThrottleRule;
  /** Sign-ups from one address. */
  signUpPerIp: ThrottleRule;
  /** Sign-ups from everywhere together: bounds what farming the sign-up grant can take. */
  signUpGlobal: ThrottleRule;
}

export type ThrottleDecision = { allowed: true } | { allowed: false; retryAt: Date };

/**
 * Claims one attempt under every rule before the attempt does anything (the password is not
 * verified, the account not created), so requests sent together cannot all slip past a
 * check-then-count. It runs on the gateway's rate limiter (Redis when REDIS_URL is set, so the
 * budget is shared by every instance; in-process otherwise, and while Redis is unreachable or
 * slow: never unlimited guesses). The key is derived from what the caller sent, never from
 * whether an account exists: an unknown email is throttled exactly like a real one, so the
 * throttle tells nobody which emails have accounts. Nothing is ever locked
 * globally: an attacker at one address cannot lock the owner (or the admin) out elsewhere.
 */
export async function claimAttempt(
  limiter: RateLimiter,
  rules: ReadonlyArray<{ name: string; rule: ThrottleRule; subject: string }>,
  now = Date.now(),
): Promise<ThrottleDecision> {
  for (const { name, rule, subject } of rules) {
    if (rule.limit <= 0) continue;
    // Hashed so the store's key names carry neither emails nor addresses.
    // Redis unreachable or slow: this process counts alone rather than allow unlimited guesses.
    const decision = await limiter.consume(`${name}:${sha256Hex(subject).slice(0, 32)}`, rule.limit, { windowMs: rule.windowMs, whileStoreDown: 'local' });
    if (!decision.allowed) return { allowed: false, retryAt: new Date(now + Math.max(decision.resetMs, 1000)) };
  }
  return { allowed: true };
}

/**
 * The per-account counters share one name prefix per e-mail (`signin-account:<hash of the
 * e-mail>:`), so an admin can lift every address's counter of one account at once (unlockAccount)
 * without the store ever holding an e-mail or an address in clear.
 */
function accountCounterName(normalisedEmail: string): string {
  return `signin-account:${sha256Hex(normalisedEmail).slice(0, 32)}`;
}

export function signInRules(throttles: AccountThrottles, address: string, normalisedEmail: string) {
  return [
    { name: 'signin-ip', rule: throttles.signInPerIp, subject: address },
    { name: accountCounterName(normalisedEmail), rule: throttles.signInPerIpAccount, subject: `${address}|${normalisedEmail}` },
  ];
}

/**
 * Lifts the sign-in throttle of one account from every address (the admin's "unlock"): the owner
 * who mistyped their password too often, or who shares an address with someone guessing it, can
 * sign in again at once. The per-address counter (all accounts from one address) is left alone:
 * it protects every account, not this one. Returns how many counters were cleared.
 */
export function unlockAccount(limiter: RateLimiter, normalisedEmail: string): Promise<number> {
  return limiter.resetPrefix(`${accountCounterName(normalisedEmail)}:`);
}

export function signUpRules(throttles: AccountThrottles, address: string) {
  return [
    { name: 'signup-ip', rule: throttles.signUpPerIp, subject: address },
    { name: 'signup-all', rule: throttles.signUpGlobal, subject: 'all' },
  ];
}
