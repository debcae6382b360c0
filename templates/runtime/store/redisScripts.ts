/**
 * Lua scripts for the Redis backend. Each runs atomically on the server, which is what makes the dedupe
 * claim and the version check safe across replicas. They never decode the record JSON (cjson mangles empty
 * arrays and large numbers): the fields they decide on are kept beside it in the job hash.
 *
 * Job hash fields: data (record JSON), v (version), state, phase, du (dedupeUntil), fam, part,
 * hk (name of the key-claim key while this job holds it, else ''), m (list-index member), exp (expiresAt).
 * Index sorted sets (all members scored 0, ordered by member `<createdAt padded>|<id>`): all, fam:<family>,
 * state:<state>, part:<partition>. `exp` is scored by expiresAt with the job id as member.
 * `counts` is a hash `<family>\n<state>` → number of jobs, kept by the same scripts (metrics read it in O(1)).
 * Leases: hash `lease:<id>` {o: owner, u: until} and the sorted set `leases` (member id, scored by until).
 */

/** Same rule as isDedupeTarget in recordRules.ts. */
const IS_LIVE = `
local function is_live(state, phase, du, now)
  if tonumber(du) <= now or phase == 'rejected' then return false end
  return phase == 'interrupted' or phase == 'unknown' or (state ~= 'failed' and state ~= 'cancelled')
end
`;

/**
 * KEYS[1] job hash, KEYS[2] key-claim key (ignored when ARGV[9] is '').
 * ARGV: id, data, v, state, phase, du, fam, part, hk, m, exp, now, prefix, lease owner ('' for none), lease until.
 * Returns {1} when created (with its lease), {0, existingData} when a live holder keeps the key.
 */
export const CREATE_SCRIPT = `${IS_LIVE}
local id, hk, prefix = ARGV[1], ARGV[9], ARGV[13]
if redis.call('EXISTS', KEYS[1]) == 1 then return redis.error_reply('job id already exists: ' .. id) end
if hk ~= '' then
  local holder = redis.call('GET', KEYS[2])
  if holder then
    local hkey = prefix .. 'job:' .. holder
    local h = redis.call('HMGET', hkey, 'state', 'phase', 'du', 'data')
    if h[4] then
      if is_live(h[1], h[2], h[3], tonumber(ARGV[12])) then return {0, h[4]} end
      redis.call('HSET', hkey, 'hk', '')
    end
  end
  redis.call('SET', KEYS[2], id)
end
redis.call('HSET', KEYS[1], 'data', ARGV[2], 'v', ARGV[3], 'state', ARGV[4], 'phase', ARGV[5], 'du', ARGV[6],
  'fam', ARGV[7], 'part', ARGV[8], 'hk', hk, 'm', ARGV[10], 'exp', ARGV[11])
local m = ARGV[10]
redis.call('ZADD', prefix .. 'all', 0, m)
redis.call('ZADD', prefix .. 'fam:' .. ARGV[7], 0, m)
redis.call('ZADD', prefix .. 'state:' .. ARGV[4], 0, m)
redis.call('ZADD', prefix .. 'part:' .. ARGV[8], 0, m)
redis.call('ZADD', prefix .. 'exp', ARGV[11], id)
redis.call('HINCRBY', prefix .. 'counts', ARGV[7] .. '\\n' .. ARGV[4], 1)
if ARGV[14] ~= '' then
  redis.call('HSET', prefix .. 'lease:' .. id, 'o', ARGV[14], 'u', ARGV[15])
  redis.call('ZADD', prefix .. 'leases', ARGV[15], id)
end
return {1}
`;

/**
 * KEYS[1] job hash. ARGV: expectedVersion, data, v, state, phase, du, part, exp, release ('1'/'0'), id, prefix.
 * Returns 1 when written, 0 on a version mismatch or missing job.
 */
export const UPDATE_SCRIPT = `
local cur = redis.call('HMGET', KEYS[1], 'v', 'state', 'part', 'm', 'hk', 'fam')
if not cur[1] or cur[1] ~= ARGV[1] then return 0 end
local prefix, m, id = ARGV[11], cur[4], ARGV[10]
if cur[2] ~= ARGV[4] then
  redis.call('ZREM', prefix .. 'state:' .. cur[2], m)
  redis.call('ZADD', prefix .. 'state:' .. ARGV[4], 0, m)
  redis.call('HINCRBY', prefix .. 'counts', cur[6] .. '\\n' .. cur[2], -1)
  redis.call('HINCRBY', prefix .. 'counts', cur[6] .. '\\n' .. ARGV[4], 1)
end
if cur[3] ~= ARGV[7] then
  redis.call('ZREM', prefix .. 'part:' .. cur[3], m)
  redis.call('ZADD', prefix .. 'part:' .. ARGV[7], 0, m)
end
if ARGV[9] == '1' and cur[5] ~= '' then
  if redis.call('GET', cur[5]) == id then redis.call('DEL', cur[5]) end
  redis.call('HSET', KEYS[1], 'hk', '')
end
redis.call('HSET', KEYS[1], 'data', ARGV[2], 'v', ARGV[3], 'state', ARGV[4], 'phase', ARGV[5], 'du', ARGV[6],
  'part', ARGV[7], 'exp', ARGV[8])
redis.call('ZADD', prefix .. 'exp', ARGV[8], id)
return 1
`;

/**
 * ARGV: now, prefix, batch. Deletes up to `batch` expired jobs with their index entries and key claims;
 * returns how many. The caller repeats until fewer than `batch` come back.
 */
export const EXPIRE_SCRIPT = `
local now, prefix, batch = ARGV[1], ARGV[2], tonumber(ARGV[3])
local ids = redis.call('ZRANGEBYSCORE', prefix .. 'exp', '-inf', now, 'LIMIT', 0, batch)
for _, id in ipairs(ids) do
  local key = prefix .. 'job:' .. id
  local h = redis.call('HMGET', key, 'fam', 'state', 'part', 'm', 'hk')
  if h[4] then
    redis.call('ZREM', prefix .. 'all', h[4])
    redis.call('ZREM', prefix .. 'fam:' .. h[1], h[4])
    redis.call('ZREM', prefix .. 'state:' .. h[2], h[4])
    redis.call('ZREM', prefix .. 'part:' .. h[3], h[4])
    if h[5] ~= '' and redis.call('GET', h[5]) == id then redis.call('DEL', h[5]) end
    redis.call('HINCRBY', prefix .. 'counts', h[1] .. '\\n' .. h[2], -1)
    redis.call('DEL', key)
  end
  redis.call('ZREM', prefix .. 'exp', id)
  redis.call('DEL', prefix .. 'lease:' .. id)
  redis.call('ZREM', prefix .. 'leases', id)
end
return #ids
`;

/**
 * The conditional claim. KEYS[1] lease hash. ARGV: owner, until, now, id, prefix. Takes the lease when there
 * is none, when it lapsed (u <= now) or when `owner` holds it; returns 1 then, else 0.
 */
export const CLAIM_LEASE_SCRIPT = `
local cur = redis.call('HMGET', KEYS[1], 'o', 'u')
if cur[1] and cur[1] ~= ARGV[1] and tonumber(cur[2]) > tonumber(ARGV[3]) then return 0 end
redis.call('HSET', KEYS[1], 'o', ARGV[1], 'u', ARGV[2])
redis.call('ZADD', ARGV[5] .. 'leases', ARGV[2], ARGV[4])
return 1
`;

/** KEYS[1] lease hash. ARGV: owner, until, id, prefix. Extends the lease while `owner` holds it; 1 or 0. */
export const RENEW_LEASE_SCRIPT = `
if redis.call('HGET', KEYS[1], 'o') ~= ARGV[1] then return 0 end
redis.call('HSET', KEYS[1], 'u', ARGV[2])
redis.call('ZADD', ARGV[4] .. 'leases', ARGV[2], ARGV[3])
return 1
`;

/** KEYS[1] lease hash. ARGV: owner, id, prefix. Drops the lease if `owner` holds it. */
export const RELEASE_LEASE_SCRIPT = `
if redis.call('HGET', KEYS[1], 'o') ~= ARGV[1] then return 0 end
redis.call('DEL', KEYS[1])
redis.call('ZREM', ARGV[3] .. 'leases', ARGV[2])
return 1
`;

/**
 * KEYS[1] hold key. ARGV: until (ms since epoch). Raises an upstream credential's hold to `until`, never lowers
 * it; the key lapses by itself at its hold.
 */
export const HOLD_SCRIPT = `
local current = tonumber(redis.call('GET', KEYS[1]) or '0')
if tonumber(ARGV[1]) > current then redis.call('SET', KEYS[1], ARGV[1], 'PXAT', ARGV[1]) end
return 1
`;
