import { createHash } from 'node:crypto';

/**
 * gcraStep (gcra.ts) as one Redis script over one or more budgets: read, decide and write in one
 * round trip, atomically for every gateway process, so a request is spent from all of its
 * budgets or, when one refuses, from none. The clock is Redis's own TIME, so processes on
 * machines whose clocks disagree still share one notion of "now" (Redis >= 5, where scripts
 * replicate their effects, so a write after TIME is allowed).
 *
 * KEYS the budgets' states (distinct); ARGV[1] window in µs; ARGV[1 + i] the limit of KEYS[i].
 * Returns { 0, i, wait in µs } when KEYS[i] is the first to refuse (nothing written), else
 * { 1, remaining 1, wait 1 in µs, remaining 2, ... }.
 * The state is written with string.format('%.0f'): Redis would turn a bare Lua number into
 * "%.14g" text and lose the microseconds of a 16-digit timestamp.
 */
export const GCRA_LUA = `
local window = tonumber(ARGV[1])
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000000 + tonumber(t[2])
local tats = {}
for i, key in ipairs(KEYS) do
  local limit = tonumber(ARGV[i + 1])
  local interval = math.ceil(window / limit)
  local burst = interval * (limit - 1)
  local tat = tonumber(redis.call('GET', key))
  if tat == nil or tat < now then tat = now end
  local backlog = tat - now
  if backlog > burst then
    return { 0, i, backlog - burst }
  end
  tats[i] = tat
end
local reply = { 1 }
for i, key in ipairs(KEYS) do
  local limit = tonumber(ARGV[i + 1])
  local interval = math.ceil(window / limit)
  local new_tat = tats[i] + interval
  local used = new_tat - now
  local slots = math.ceil(used / interval)
  redis.call('SET', key, string.format('%.0f', new_tat), 'PX', math.ceil(used / 1000))
  reply[#reply + 1] = limit - slots
  reply[#reply + 1] = used - interval * (slots - 1)
end
return reply
`;

export const GCRA_SHA1 = createHash('sha1').update(GCRA_LUA).digest('hex');
