import { createHash } from 'node:crypto';

/**
 * A request's slots as members of one sorted set per counter, scored by when they expire (Redis's
 * own clock, ms). Expired members are dropped before counting, so a process that died holding
 * slots gives them back within one lease time without anyone releasing them.
 *
 * Each process also keeps an index of the slots it holds (a hash: member -> its counters, as a
 * JSON array), written in the same script as the slots, so crash recovery can remove every slot
 * of a dead process at once (RELEASE_INSTANCE) instead of waiting out the lease.
 *
 * ACQUIRE: KEYS[1] the process's index, KEYS[2..] the counters; ARGV[1] member, ARGV[2] lease ms,
 * ARGV[3..] the limits, one per counter. Returns 0 when every slot was taken, else the 1-based
 * index (among the counters) of the first full counter (nothing taken).
 */
export const ACQUIRE_LUA = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local lease = tonumber(ARGV[2])
local counters = {}
for i = 2, #KEYS do
  local key = KEYS[i]
  redis.call('ZREMRANGEBYSCORE', key, '-inf', now)
  if redis.call('ZCARD', key) >= tonumber(ARGV[1 + i]) then return i - 1 end
  counters[#counters + 1] = key
end
for _, key in ipairs(counters) do
  redis.call('ZADD', key, now + lease, ARGV[1])
  redis.call('PEXPIRE', key, lease)
end
redis.call('HSET', KEYS[1], ARGV[1], cjson.encode(counters))
redis.call('PEXPIRE', KEYS[1], lease)
return 0
`;

/**
 * RENEW: KEYS[1] the process's index, KEYS[2..] counters; ARGV[1] lease ms, ARGV[2..] the member
 * held in each counter (same order). Pushes the expiry of slots still held; a slot that already
 * expired is not brought back. The index lives as long as the slots it lists.
 */
export const RENEW_LUA = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local lease = tonumber(ARGV[1])
for i = 2, #KEYS do
  if redis.call('ZADD', KEYS[i], 'XX', 'CH', now + lease, ARGV[i]) == 1 then redis.call('PEXPIRE', KEYS[i], lease) end
end
redis.call('PEXPIRE', KEYS[1], lease)
return 0
`;

/**
 * RELEASE_INSTANCE: KEYS[1] the index of a process crash recovery found dead; ARGV[1] leaves it
 * alone when its remaining lease (ms) is above this, i.e. its process renewed it lately (-1:
 * release whatever its lease). Removes every slot it lists and the index; returns how many slots
 * were removed. It touches counters it reads from the index rather than KEYS, which a single
 * Redis node allows (the limiter's client is one); a Redis Cluster would need the index split.
 */
export const RELEASE_INSTANCE_LUA = `
local keptIfTtlAbove = tonumber(ARGV[1])
if keptIfTtlAbove >= 0 and redis.call('PTTL', KEYS[1]) > keptIfTtlAbove then return 0 end
local entries = redis.call('HGETALL', KEYS[1])
local removed = 0
for i = 1, #entries, 2 do
  for _, key in ipairs(cjson.decode(entries[i + 1])) do
    removed = removed + redis.call('ZREM', key, entries[i])
  end
end
redis.call('DEL', KEYS[1])
return removed
`;

export const ACQUIRE_SHA1 = createHash('sha1').update(ACQUIRE_LUA).digest('hex');
export const RENEW_SHA1 = createHash('sha1').update(RENEW_LUA).digest('hex');
export const RELEASE_INSTANCE_SHA1 = createHash('sha1').update(RELEASE_INSTANCE_LUA).digest('hex');
