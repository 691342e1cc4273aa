import { createHash } from 'node:crypto';

/**
 * A request's slots as members of one sorted set per counter, scored by when they expire (Redis's
 * own clock, ms). Expired members are dropped before counting, so a process that died holding
 * slots gives them back within one lease time without anyone releasing them.
 *
 * ACQUIRE: KEYS the counters; ARGV[1] member, ARGV[2] lease ms, ARGV[3..] the limits, one per key.
 * Returns 0 when every slot was taken, else the 1-based index of the first full counter (nothing taken).
 */
export const ACQUIRE_LUA = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local lease = tonumber(ARGV[2])
for i, key in ipairs(KEYS) do
  redis.call('ZREMRANGEBYSCORE', key, '-inf', now)
  if redis.call('ZCARD', key) >= tonumber(ARGV[2 + i]) then return i end
end
for _, key in ipairs(KEYS) do
  redis.call('ZADD', key, now + lease, ARGV[1])
  redis.call('PEXPIRE', key, lease)
end
return 0
`;

/**
 * RENEW: KEYS counters, ARGV[1] lease ms, ARGV[2..] the member held in each key (same order).
 * Pushes the expiry of slots still held; a slot that already expired is not brought back.
 */
export const RENEW_LUA = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local lease = tonumber(ARGV[1])
for i, key in ipairs(KEYS) do
  if redis.call('ZADD', key, 'XX', 'CH', now + lease, ARGV[1 + i]) == 1 then redis.call('PEXPIRE', key, lease) end
end
return 0
`;

export const ACQUIRE_SHA1 = createHash('sha1').update(ACQUIRE_LUA).digest('hex');
export const RENEW_SHA1 = createHash('sha1').update(RENEW_LUA).digest('hex');
