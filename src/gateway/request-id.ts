import { randomUUID } from 'node:crypto';

/**
 * Our own id for every /v1 request: the billing idempotency key and the usage-log key, so it
 * is never taken from the caller (a caller-chosen id could collide with someone else's charge).
 * randomUUID draws from a pooled entropy buffer, so this costs no syscall per request.
 */
export function newRequestId(): string {
  return `req_${randomUUID().replaceAll('-', '')}`;
}
