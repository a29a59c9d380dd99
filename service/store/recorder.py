"""The recorder: the log itself, and the only module that reads or writes it
(`{g}:events`, `{g}:meta`, `{g}:snap`): the repository folds and caches over
what it gives, the audit asks it for the stored bytes.

It appends a batch of entries atomically in Lua (the expected version, the
idempotency key, the whole batch, the key's first response, a snapshot of the
state the batch leaves when one is due, and a message on the channel
`iceberg:appended` that wakes waiting clients: service/app/waiting.py), reads
entries back (a span, a page, or a load's tail in one round trip), and walks
the hash chain. It knows entries and snapshots as text, not states."""

from dataclasses import dataclass

from . import keys
from .codec import GENESIS, at_ms, chain, decode
from .errors import ConcurrencyError, GameNotFound

IDEMPOTENCY_TTL_S = 86400

_APPEND = """
local version = tonumber(redis.call('HGET', KEYS[2], 'version') or '0')
local keyed = ARGV[2] == '1'
if keyed then
  local prior = redis.call('GET', KEYS[3])
  if prior then return {'duplicate', prior, 0} end
end
if version ~= tonumber(ARGV[1]) then return {'conflict', tostring(version), 0} end
local n = tonumber(ARGV[4])
for i = 0, n - 1 do
  version = version + 1
  redis.call('XADD', KEYS[1], '0-' .. version, 'e', ARGV[5 + 2 * i], 'p', ARGV[6 + 2 * i])
end
redis.call('HSET', KEYS[2], 'version', version)
if keyed then redis.call('SET', KEYS[3], ARGV[3], 'EX', ARGV[5 + 2 * n]) end
local at = 6 + 2 * n
local pairs_n = tonumber(ARGV[at] or '0')
for i = 1, pairs_n do
  redis.call('HSET', KEYS[4], ARGV[at + 2 * i - 1], ARGV[at + 2 * i])
end
redis.call('PUBLISH', 'iceberg:appended', ARGV[at + 2 * pairs_n + 1] .. ' ' .. version)
local snapshot = ARGV[at + 2 * pairs_n + 2]
if snapshot and version > tonumber(redis.call('HGET', KEYS[2], 'snap') or '0') then
  redis.call('SET', KEYS[6], snapshot)
  redis.call('HSET', KEYS[2], 'snap', version)
end
return {'ok', tostring(version), redis.call('HLEN', KEYS[5])}
"""

_TAIL = """
local known = tonumber(ARGV[1])
if known > 0 then
  local version = tonumber(redis.call('HGET', KEYS[2], 'version') or '0')
  if version >= known and version - known <= tonumber(ARGV[2]) then
    return {'', redis.call('XRANGE', KEYS[1], '(0-' .. known, '+')}
  end
end
local snap = redis.call('GET', KEYS[3])
if known > 0 and not snap and redis.call('EXISTS', KEYS[1]) == 0 then
  return {'', {}, 'gone'}  -- not "nothing new": the log left Redis (sealed or archived)
end
local from = tonumber(redis.call('HGET', KEYS[2], 'snap') or '0')
if not snap then from = 0 end
local start = '0-1'
if from > 0 then start = '0-' .. from end
return {snap or '', redis.call('XRANGE', KEYS[1], start, '+')}
"""

Entry = tuple[bytes, bytes]  # (e, p)


@dataclass(frozen=True)
class StoredEvent:
    version: int
    type: str
    at: str
    actor: str
    hand: int | None
    data: dict


@dataclass(frozen=True)
class Appended:
    version: int
    duplicate: str | None = None  # the first response, when the key was seen before
    hooks: int = 0  # how many webhooks the game has (so notices need no look-up when none)


def stored_event(version: int, e: bytes) -> StoredEvent:
    return StoredEvent(version, *decode(e))


def last_hash(entries: list[Entry]) -> bytes:
    e, p = entries[-1]
    return chain(p, e)


class Recorder:
    def __init__(self, redis):
        self.redis = redis
        self._append = redis.register_script(_APPEND)
        self._tail = redis.register_script(_TAIL)

    def append(self, game_id: str, expected: int, entries: list[Entry], *, idempotency_key: str | None = None,
               response: str = "", tokens: dict | None = None, snapshot: str | bytes | None = None) -> Appended:
        """Append the entries if the game is still at version `expected`; else
        ConcurrencyError. With an idempotency key seen before, appends nothing
        and returns the first response instead. `tokens` (hash -> seat) are
        recorded with the entries (a game's first append); `snapshot`: the
        state after them, stored in the same round trip."""
        pairs = [x for entry in entries for x in entry]
        extra = [x for pair in (tokens or {}).items() for x in pair]
        idem = keys.idempotency(game_id, idempotency_key or "-")
        status, value, hooks = self._append(
            keys=[keys.events(game_id), keys.meta(game_id), idem, keys.tokens(game_id), keys.webhooks(game_id),
                  keys.snap(game_id)],
            args=[expected, "1" if idempotency_key else "0", response, len(entries), *pairs,
                  IDEMPOTENCY_TTL_S, len(extra) // 2, *extra, game_id, *([snapshot] if snapshot else [])])
        status = text(status)
        if status == "duplicate":
            return Appended(expected, duplicate=text(value))
        if status == "conflict":
            raise ConcurrencyError(expected, int(value))
        return Appended(int(value), hooks=int(hooks))

    def first_response(self, game_id: str, scoped_key: str) -> str | None:
        return text(self.redis.get(keys.idempotency(game_id, scoped_key)))

    def read(self, game_id: str, after: int = 0, limit: int | None = None) -> list[StoredEvent]:
        entries = self.redis.xrange(keys.events(game_id), f"0-{after + 1}", "+", count=limit)
        return [stored_event(version_of(i), fields(f)[0]) for i, f in entries]

    def read_span(self, game_id: str, first: int, last: int) -> list[StoredEvent]:
        entries = self.redis.xrange(keys.events(game_id), f"0-{first}", f"0-{last}")
        return [stored_event(version_of(i), fields(f)[0]) for i, f in entries]

    def raw(self, game_id: str, first: int = 1):
        """(entry id, fields) from version `first` on, undecoded."""
        return self.redis.xrange(keys.events(game_id), f"0-{first}", "+")

    def entries(self, game_id: str, first: int, last: int | None = None, count: int | None = None):
        """(entry id, fields) of versions `first` to `last` (the end if None), at
        most `count`, undecoded: the audit's chain is over these exact bytes."""
        return self.redis.xrange(keys.events(game_id), f"0-{first}", "+" if last is None else f"0-{last}",
                                 count=count)

    def tail(self, game_id: str, known: int, max_gap: int):
        """(snapshot text or b'', entries) to bring a state at version `known` up
        to date in one round trip: the entries after `known` when the log is at
        most `max_gap` ahead of it, else the latest snapshot and the entries
        from its version on (every entry when there is none)."""
        found = self._tail(keys=[keys.events(game_id), keys.meta(game_id), keys.snap(game_id)],
                           args=[known, max_gap])
        if len(found) > 2:  # a state of it is cached, but its log is no longer in Redis
            raise GameNotFound(game_id)
        return found[0], found[1]

    def last_at(self, game_id: str) -> int | None:
        """When the game's last entry was appended (ms since the epoch), None if no entry."""
        entries = self.redis.xrevrange(keys.events(game_id), "+", "-", count=1)
        return at_ms(fields(entries[0][1])[0]) if entries else None

    def version(self, game_id: str) -> int:
        return int(self.redis.hget(keys.meta(game_id), "version") or 0)

    def games(self):
        """Every game's id, archived ones too (a SCAN of the store and of the archive's
        index: for rebuilding projections, not for requests)."""
        seen = set()
        for key in self.redis.scan_iter(match="{g_*}:meta", count=1000):
            seen.add(text(key)[1:-len("}:meta")])
            yield text(key)[1:-len("}:meta")]
        for key in self.redis.scan_iter(match="{g_*}:sealed", count=1000):
            if text(key)[1:-len("}:sealed")] not in seen:
                seen.add(text(key)[1:-len("}:sealed")])
                yield text(key)[1:-len("}:sealed")]
        for game_id, _at in self.redis.hscan_iter(keys.ARCHIVED, count=1000):
            if text(game_id) not in seen:
                yield text(game_id)

    def exists(self, game_id: str) -> bool:
        return bool(self.redis.exists(keys.meta(game_id)))

    def verify(self, game_id: str) -> list[str]:
        """Walk the hash chain and the versions; the list of problems (empty if sound)."""
        problems = []
        prev = GENESIS
        expected = 1
        for entry_id, entry in self.redis.xrange(keys.events(game_id), "-", "+"):
            e, p = fields(entry)
            version = version_of(entry_id)
            if version != expected:
                problems.append(f"version {expected} is missing (found {version})")
            if p != prev:
                problems.append(f"version {version} does not follow the hash of the entry before it")
            prev = chain(p, e)
            expected = version + 1
        stored = self.version(game_id)
        if stored != expected - 1:
            problems.append(f"meta says version {stored}, the log ends at {expected - 1}")
        return problems


def fields(entry) -> tuple[bytes, bytes]:
    """(e, p) of an entry: redis-py gives a dict, a Lua reply a flat list."""
    if isinstance(entry, dict):
        return entry[b"e"], entry[b"p"]
    values = dict(zip(entry[::2], entry[1::2], strict=True))
    return values[b"e"], values[b"p"]


def version_of(entry_id) -> int:
    return int(text(entry_id).split("-", 1)[1])


def text(value) -> str | None:
    return value.decode() if isinstance(value, bytes) else value
