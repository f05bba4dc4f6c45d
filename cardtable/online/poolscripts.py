"""The cluster's quick-match pools' atomic steps (``sharedpools.RedisPools``): Lua scripts that
Redis runs whole, so no other node's step lands between a check and the writes it guards.

Each script names its keys from the prefix, its first argument (``p``): one Redis server, not a
Redis Cluster, which needs every key declared. Keys are those ``sharedpools`` lists.
"""

#: take the waves' lease if nobody holds it, or renew it if this node does: 1 if held now
_LEASE = """
local owner = redis.call('GET', KEYS[1])
if owner == ARGV[1] or not owner then
  redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
  return 1
end
return 0
"""

#: a player's one ticket: refused (0) while they are at a quick-match table
_SEEK = """
local p = ARGV[1]
if redis.call('HEXISTS', p .. 'seated', ARGV[2]) == 1 then return 0 end
local before = redis.call('HGET', p .. 'seeking', ARGV[2])
if before and before ~= ARGV[3] then redis.call('HDEL', p .. 'pool:' .. before, ARGV[2]) end
redis.call('HSET', p .. 'seeking', ARGV[2], ARGV[3])
redis.call('HSET', p .. 'pool:' .. ARGV[3], ARGV[2], ARGV[4])
return 1
"""

#: undo match ARGV[2] (if it still waits for seats): members who sat down (and all of them,
#: if its table never opened, so never heard of it) go back to their pool, except ARGV[3];
#: returns the match's fields and then the keys sent back
_CALL_OFF_BODY = """
local m = p .. 'match:' .. ARGV[2]
local fields = redis.call('HGETALL', m)
if #fields == 0 then return false end
local opened = redis.call('HEXISTS', m, 'invite') == 1
local back = {}
for i = 1, #fields, 2 do
  local name = fields[i]
  if string.sub(name, 1, 2) == 't:' then
    local key = string.sub(name, 3)
    redis.call('HDEL', p .. 'seated', key)
    local sat = redis.call('HEXISTS', m, 'c:' .. key) == 1
    if key ~= ARGV[3] and (sat or not opened) then
      local game = cjson.decode(fields[i + 1]).game
      redis.call('HSET', p .. 'pool:' .. game, key, fields[i + 1])
      redis.call('HSET', p .. 'seeking', key, game)
      back[#back + 1] = key
    end
  end
end
redis.call('DEL', m)
redis.call('SREM', p .. 'matches', ARGV[2])
return {fields, back}
"""

#: a seeker leaves: their ticket goes, and a match of theirs still confirming is called off
_CANCEL = (
    """
local p = ARGV[1]
local game = redis.call('HGET', p .. 'seeking', ARGV[3])
if game then
  redis.call('HDEL', p .. 'pool:' .. game, ARGV[3])
  redis.call('HDEL', p .. 'seeking', ARGV[3])
end
local id = redis.call('HGET', p .. 'seated', ARGV[3])
if not id then return false end
ARGV[2] = id
"""
    + _CALL_OFF_BODY
)

#: the wave runner calls a late match off, while it holds the lease (ARGV[4] its node)
_EXPIRE = (
    """
local p = ARGV[1]
if redis.call('GET', p .. 'waves') ~= ARGV[4] then return false end
"""
    + _CALL_OFF_BODY
)

#: seat a formed match, if the lease is still this node's (ARGV[2]) and every ticket is still
#: the one read: ARGV[3] the id, ARGV[4] its head, then key, game, ticket for each member
_FORM = """
local p = ARGV[1]
if redis.call('GET', p .. 'waves') ~= ARGV[2] then return -1 end
for i = 5, #ARGV, 3 do
  if redis.call('HGET', p .. 'pool:' .. ARGV[i + 1], ARGV[i]) ~= ARGV[i + 2] then return 0 end
  if redis.call('HEXISTS', p .. 'seated', ARGV[i]) == 1 then return 0 end
end
local m = p .. 'match:' .. ARGV[3]
redis.call('HSET', m, 'head', ARGV[4])
for i = 5, #ARGV, 3 do
  redis.call('HDEL', p .. 'pool:' .. ARGV[i + 1], ARGV[i])
  redis.call('HDEL', p .. 'seeking', ARGV[i])
  redis.call('HSET', p .. 'seated', ARGV[i], ARGV[3])
  redis.call('HSET', m, 't:' .. ARGV[i], ARGV[i + 2])
end
redis.call('SADD', p .. 'matches', ARGV[3])
return 1
"""

#: a member sat down: 1 once every member of the match has (it is in play, no longer kept)
_CONFIRM = """
local p = ARGV[1]
local m = p .. 'match:' .. ARGV[2]
if redis.call('HEXISTS', m, 't:' .. ARGV[3]) == 0 then return 0 end
redis.call('HSET', m, 'c:' .. ARGV[3], '1')
local members, sat = 0, 0
for _, name in ipairs(redis.call('HKEYS', m)) do
  local kind = string.sub(name, 1, 2)
  if kind == 't:' then members = members + 1 elseif kind == 'c:' then sat = sat + 1 end
end
if members ~= sat then return 0 end
redis.call('DEL', m)
redis.call('SREM', p .. 'matches', ARGV[2])
return 1
"""

#: the match's table is open: 1 if the match still stands (0: it was called off meanwhile)
_OPENED = """
local m = ARGV[1] .. 'match:' .. ARGV[2]
if redis.call('EXISTS', m) == 0 then return 0 end
redis.call('HSET', m, 'invite', ARGV[3])
return 1
"""

#: a ticket whose node died goes, unless it changed since it was read (sought again elsewhere)
_DROP = """
local p = ARGV[1]
if redis.call('HGET', p .. 'pool:' .. ARGV[3], ARGV[2]) ~= ARGV[4] then return 0 end
redis.call('HDEL', p .. 'pool:' .. ARGV[3], ARGV[2])
redis.call('HDEL', p .. 'seeking', ARGV[2])
return 1
"""

#: replace a ticket only if it is still the one read
_SWAP = """
if redis.call('HGET', KEYS[1], ARGV[1]) ~= ARGV[2] then return 0 end
redis.call('HSET', KEYS[1], ARGV[1], ARGV[3])
return 1
"""


#: every script by the name ``RedisPools`` runs it under
SCRIPTS = {
    "lease": _LEASE,
    "seek": _SEEK,
    "cancel": _CANCEL,
    "expire": _EXPIRE,
    "form": _FORM,
    "confirm": _CONFIRM,
    "opened": _OPENED,
    "swap": _SWAP,
    "drop": _DROP,
}
