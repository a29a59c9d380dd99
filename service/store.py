"""The event store: one Redis Stream per game, appended atomically in Lua.

Keys of a game (all share the hash tag, so one Lua script may touch them all on
a Redis Cluster):
  {g}:events    stream, entry id 0-<version>, fields e and p (see codec.py)
  {g}:meta      hash: version, snapshot version (snap)
  {g}:snap      the latest snapshot of the folded state (JSON, with its version)
  {g}:idem:<k>  the first response to Idempotency-Key k (scoped by caller), kept a day
  {g}:tokens    hash: SHA-256 of a seat token -> seat
  {g}:webhooks  hash: seat -> {url, secret}
"""

import json
import threading
from collections import OrderedDict
from dataclasses import dataclass
from datetime import datetime, timezone

from domain import snapshot
from domain.events import HandEnded, HandStarted, event_type, to_data
from domain.evolve import evolve
from domain.state import INITIAL, GameState

from .codec import GENESIS, chain, compact, decode, decode_event, encode, epoch_ms, iso_ms

SNAPSHOT_EVERY = 100
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
return {'ok', tostring(version), redis.call('HLEN', KEYS[5])}
"""

_LOAD = """
local known = tonumber(ARGV[1])
if known > 0 then
  local version = tonumber(redis.call('HGET', KEYS[2], 'version') or '0')
  if version >= known and version - known <= tonumber(ARGV[2]) then
    return {'', redis.call('XRANGE', KEYS[1], '(0-' .. known, '+')}
  end
end
local snap = redis.call('GET', KEYS[3])
local from = tonumber(redis.call('HGET', KEYS[2], 'snap') or '0')
if not snap then from = 0 end
local start = '0-1'
if from > 0 then start = '0-' .. from end
return {snap or '', redis.call('XRANGE', KEYS[1], start, '+')}
"""

_SNAPSHOT = """
local current = tonumber(redis.call('HGET', KEYS[2], 'snap') or '0')
if tonumber(ARGV[1]) > current then
  redis.call('SET', KEYS[1], ARGV[2])
  redis.call('HSET', KEYS[2], 'snap', ARGV[1])
  return 1
end
return 0
"""


class GameNotFound(LookupError):
    pass


class ConcurrencyError(Exception):
    """The game moved on since it was loaded: the expected version is stale."""

    def __init__(self, expected: int, actual: int):
        super().__init__(f"expected version {expected}, the game is at {actual}")
        self.expected, self.actual = expected, actual


@dataclass(frozen=True)
class StoredEvent:
    version: int
    type: str
    at: str
    actor: str
    hand: int | None
    data: dict


@dataclass(frozen=True)
class Loaded:
    state: GameState
    last_hash: bytes  # the chain hash of the last entry: the next entry's p


@dataclass(frozen=True)
class Appended:
    version: int
    duplicate: str | None = None  # the first response, when the key was seen before
    hooks: int = 0  # how many webhooks the game has (so notices need no look-up when none)


Entry = tuple[bytes, bytes]  # (e, p)

EMPTY = Loaded(INITIAL, GENESIS)


def keys(game_id: str) -> dict[str, str]:
    tag = "{" + game_id + "}"
    return {name: f"{tag}:{name}" for name in ("events", "meta", "snap", "tokens", "webhooks")}


def idem_key(game_id: str, scoped_key: str) -> str:
    return "{" + game_id + "}:idem:" + scoped_key


def replay_key(game_id: str, hand: int, form: str) -> str:
    return "{" + game_id + "}" + f":replay:{hand}:{form}"


def canonical(value) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def utc_now() -> datetime:
    return datetime.now(timezone.utc)


def last_hash(entries: list[Entry]) -> bytes:
    e, p = entries[-1]
    return chain(p, e)


def stored_event(version: int, e: bytes) -> StoredEvent:
    return StoredEvent(version, *decode(e))


class StateCache:
    """Folded states of recently used games, per process. Entries are immutable,
    so a cached state is always a true prefix of the log; `load` asks Redis only
    for what came after it. Bounded, least recently used out first."""

    def __init__(self, size: int = 4096):
        self.size = size
        self._items: OrderedDict[str, Loaded] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, game_id: str) -> Loaded | None:
        with self._lock:
            loaded = self._items.get(game_id)
            if loaded is not None:
                self._items.move_to_end(game_id)
            return loaded

    def put(self, game_id: str, loaded: Loaded) -> None:
        with self._lock:
            current = self._items.get(game_id)
            if current is None or current.state.version <= loaded.state.version:
                self._items[game_id] = loaded
                self._items.move_to_end(game_id)
            while len(self._items) > self.size:
                self._items.popitem(last=False)


class EventStore:
    def __init__(self, redis, clock=utc_now, snapshot_every: int = SNAPSHOT_EVERY, blocking_redis=None):
        self.redis = redis
        # long-polls block for up to a minute: they need a client whose socket
        # timeout outlasts them, apart from the short timeouts of ordinary calls
        self.blocking_redis = blocking_redis or redis
        self.clock = clock
        self.snapshot_every = snapshot_every
        self.cache = StateCache()
        self._append = redis.register_script(_APPEND)
        self._load = redis.register_script(_LOAD)
        self._snapshot = redis.register_script(_SNAPSHOT)

    # --- writing ---------------------------------------------------------------------

    def entries(self, before: Loaded, events, actor: str) -> list[Entry]:
        """The stored form of each event, chained to the one before."""
        return self.prepare(before, events, actor)[0]

    def prepare(self, before: Loaded, events, actor: str) -> tuple[list[Entry], list[StoredEvent]]:
        """The entries to append, and the same events as `read` will give them
        back (for a response), without decoding what was just encoded."""
        hand = before.state.hand.number if before.state.hand is not None else None
        prev = before.last_hash
        at = epoch_ms(self.clock())
        at_iso = iso_ms(at)
        entries, described = [], []
        for version, event in enumerate(events, start=before.state.version + 1):
            if isinstance(event, (HandStarted, HandEnded)):
                hand = event.hand
            e = encode(event, at, actor, hand)
            entries.append((e, prev))
            described.append(StoredEvent(version, event_type(event), at_iso, actor, hand, to_data(event)))
            prev = chain(prev, e)
        return entries, described

    def append(self, game_id: str, before: Loaded, entries: list[Entry], *, after: GameState | None = None,
               idempotency_key: str | None = None, response: str = "", tokens: dict | None = None) -> Appended:
        """Append the entries (from `entries`) if the game is still at `before`'s version.

        Raises ConcurrencyError when it is not. With an idempotency key seen
        before, appends nothing and returns the first response instead.
        """
        k = keys(game_id)
        pairs = [x for entry in entries for x in entry]
        extra = [x for pair in (tokens or {}).items() for x in pair]
        idem = idem_key(game_id, idempotency_key) if idempotency_key else idem_key(game_id, "-")
        status, value, hooks = self._append(
            keys=[k["events"], k["meta"], idem, k["tokens"], k["webhooks"]],
            args=[before.state.version, "1" if idempotency_key else "0", response, len(entries), *pairs,
                  IDEMPOTENCY_TTL_S, len(extra) // 2, *extra])
        status = _text(status)
        if status == "duplicate":
            return Appended(before.state.version, duplicate=_text(value))
        if status == "conflict":
            raise ConcurrencyError(before.state.version, int(value))
        if after is not None:
            self.cache.put(game_id, Loaded(after, last_hash(entries)))
            if self._snapshot_due(before.state, after):
                self.save_snapshot(game_id, after)
        return Appended(int(value), hooks=int(hooks))

    def cached(self, game_id: str) -> Loaded | None:
        """This process's last known state of the game: maybe behind the log."""
        return self.cache.get(game_id)

    def _snapshot_due(self, before: GameState, after: GameState) -> bool:
        crossed = after.version // self.snapshot_every > before.version // self.snapshot_every
        return crossed or after.hands_played != before.hands_played or before.hand is None

    def save_snapshot(self, game_id: str, state: GameState) -> None:
        k = keys(game_id)
        self._snapshot(keys=[k["snap"], k["meta"]], args=[state.version, compact(snapshot.to_data(state))])

    # --- reading ---------------------------------------------------------------------

    def load(self, game_id: str) -> Loaded:
        """The current state: from this process's cache and the events after it
        when it has the game, else from the latest snapshot and the events after it."""
        k = keys(game_id)
        cached = self.cache.get(game_id)
        known = cached.state.version if cached else 0
        snap, entries = self._load(keys=[k["events"], k["meta"], k["snap"]], args=[known, self.snapshot_every])
        if cached and not snap:
            loaded = self._fold_onto(cached, entries)
        else:
            loaded = self._from_snapshot(game_id, snap, entries)
        self.cache.put(game_id, loaded)
        return loaded

    def _fold_onto(self, loaded: Loaded, entries) -> Loaded:
        state, last = loaded.state, loaded.last_hash
        for _, fields in entries:
            e, p = _fields(fields)
            state = evolve(state, decode_event(e))
            last = chain(p, e)
        return Loaded(state, last)

    def _from_snapshot(self, game_id: str, snap, entries) -> Loaded:
        k = keys(game_id)
        if not entries:
            raise GameNotFound(game_id)
        state = INITIAL
        if snap:
            try:
                state = snapshot.from_data(json.loads(snap))
            except (ValueError, KeyError, TypeError):
                state = INITIAL  # an unreadable snapshot is only a lost cache
        if state is INITIAL and _version(entries[0][0]) != 1:
            entries = self.redis.xrange(k["events"], "0-1", "+")
        last = GENESIS
        for entry_id, fields in entries:
            e, p = _fields(fields)
            if _version(entry_id) > state.version:
                state = evolve(state, decode_event(e))
            last = chain(p, e)
        return Loaded(state, last)

    def read(self, game_id: str, after: int = 0, limit: int | None = None) -> list[StoredEvent]:
        entries = self.redis.xrange(keys(game_id)["events"], f"0-{after + 1}", "+", count=limit)
        return [stored_event(_version(i), _fields(f)[0]) for i, f in entries]

    def read_span(self, game_id: str, first: int, last: int) -> list[StoredEvent]:
        entries = self.redis.xrange(keys(game_id)["events"], f"0-{first}", f"0-{last}")
        return [stored_event(_version(i), _fields(f)[0]) for i, f in entries]

    def version(self, game_id: str) -> int:
        return int(self.redis.hget(keys(game_id)["meta"], "version") or 0)

    def exists(self, game_id: str) -> bool:
        return bool(self.redis.exists(keys(game_id)["meta"]))

    def seat_of_token_hash(self, game_id: str, token_hash: str) -> int | None:
        seat = self.redis.hget(keys(game_id)["tokens"], token_hash)
        return None if seat is None else int(seat)

    def first_response(self, game_id: str, scoped_key: str) -> str | None:
        return _text(self.redis.get(idem_key(game_id, scoped_key)))

    def wait_for(self, game_id: str, after: int, seconds: float) -> None:
        """Block until an event after version `after` exists, or `seconds` pass."""
        if seconds > 0:
            self.blocking_redis.xread({keys(game_id)["events"]: f"0-{after}"}, count=1, block=int(seconds * 1000))

    def verify(self, game_id: str) -> list[str]:
        """Walk the hash chain and the versions; the list of problems (empty if sound)."""
        problems = []
        prev = GENESIS
        expected = 1
        for entry_id, fields in self.redis.xrange(keys(game_id)["events"], "-", "+"):
            e, p = _fields(fields)
            version = _version(entry_id)
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

    # --- side records: webhooks, replays, the active-games index ----------------------

    def webhooks(self, game_id: str) -> dict[int, dict]:
        return {int(seat): json.loads(value) for seat, value in self.redis.hgetall(keys(game_id)["webhooks"]).items()}

    def set_webhook(self, game_id: str, seat: int, url: str, secret: str) -> None:
        self.redis.hset(keys(game_id)["webhooks"], str(seat), canonical({"url": url, "secret": secret}))

    def delete_webhook(self, game_id: str, seat: int) -> bool:
        return bool(self.redis.hdel(keys(game_id)["webhooks"], str(seat)))

    def replay(self, game_id: str, hand: int, form: str) -> str | None:
        return _text(self.redis.get(replay_key(game_id, hand, form)))

    def save_replay(self, game_id: str, hand: int, document: str, transcript: str) -> None:
        self.redis.set(replay_key(game_id, hand, "json"), document)
        self.redis.set(replay_key(game_id, hand, "txt"), transcript)

    def active_games(self) -> list[str]:
        return [_text(g) for g in self.redis.zrange("iceberg:active", 0, -1)]


def _fields(fields) -> tuple[bytes, bytes]:
    """(e, p) of an entry: redis-py gives a dict, a Lua reply a flat list."""
    if isinstance(fields, dict):
        return fields[b"e"], fields[b"p"]
    values = dict(zip(fields[::2], fields[1::2], strict=True))
    return values[b"e"], values[b"p"]


def _version(entry_id) -> int:
    return int(_text(entry_id).split("-", 1)[1])


def _text(value) -> str | None:
    return value.decode("utf-8") if isinstance(value, bytes) else value
