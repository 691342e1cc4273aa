import { createHash } from 'node:crypto';

/**
 * gcraStep (gcra.ts) as one Redis script: read, decide and write in one round trip, atomically
 * for every gateway process. The clock is Redis's own TIME, so processes on machines whose
 * clocks disagree still share one notion of "now" (Redis >= 5, where scripts replicate their
 * effects, so a write after TIME is allowed).
 *
 * KEYS[1] the key's state; ARGV[1] limit; ARGV[2] window in µs.
 * Returns { allowed (0/1), remaining, wait in µs }.
 * The state is written with string.format('%.0f'): Redis would turn a bare Lua number into
 * "%.14g" text and lose the microseconds of a 16-digit timestamp.
 */
export const GCRA_LUA = `
local limit = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000000 + tonumber(t[2])
local interval = math.ceil(window / limit)
local burst = interval * (limit - 1)
local tat = tonumber(redis.call('GET', KEYS[1]))
if tat == nil or tat < now then tat = now end
local backlog = tat - now
if backlog > burst then
  return { 0, 0, backlog - burst }
end
local new_tat = tat + interval
local used = new_tat - now
local slots = math.ceil(used / interval)
redis.call('SET', KEYS[1], string.format('%.0f', new_tat), 'PX', math.ceil(used / 1000))
return { 1, limit - slots, used - interval * (slots - 1) }
`;

export const GCRA_SHA1 = createHash('sha1').update(GCRA_LUA).digest('hex');
