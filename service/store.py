"""The event store: one Redis Stream per game, appended atomically in Lua.

Keys of a game (all share the hash tag, so one Lua script may touch them all on
a Redis Cluster):
  {g}:events  stream, entry id 0-<version>, one field "e": the entry's canonical JSON
              {"t": type, "s": schema, "at": time, "a": actor, "h": hand, "d": data,
               "p": SHA-256 of the previous entry's JSON ("" for the first)}
  {g}:meta    hash: version, snapshot version (snap)
  {g}:snap    the latest snapshot of the folded state (JSON, with its version)
  {g}:idem    hash: "<caller>:<Idempotency-Key>" -> the first response
  {g}:tokens  hash: SHA-256 of a seat token -> seat

Tamper evidence: each entry names the hash of the one before, so changing,
dropping or reordering an entry breaks the chain that `verify` walks.
"""

import hashlib
import json
from dataclasses import dataclass
from datetime import datetime, timezone

from domain import snapshot
from domain.events import HandEnded, HandStarted, event_type, from_data, to_data
from domain.evolve import evolve
from domain.state import INITIAL, GameState

SCHEMA = 1
SNAPSHOT_EVERY = 100

_APPEND = """
local version = tonumber(redis.call('HGET', KEYS[2], 'version') or '0')
if ARGV[2] ~= '' then
  local prior = redis.call('HGET', KEYS[3], ARGV[2])
  if prior then return {'duplicate', prior} end
end
if version ~= tonumber(ARGV[1]) then return {'conflict', tostring(version)} end
local n = tonumber(ARGV[4])
for i = 1, n do
  version = version + 1
  redis.call('XADD', KEYS[1], '0-' .. version, 'e', ARGV[4 + i])
end
redis.call('HSET', KEYS[2], 'version', version)
if ARGV[2] ~= '' then redis.call('HSET', KEYS[3], ARGV[2], ARGV[3]) end
local at = 5 + n
local pairs_n = tonumber(ARGV[at] or '0')
for i = 1, pairs_n do
  redis.call('HSET', KEYS[4], ARGV[at + 2 * i - 1], ARGV[at + 2 * i])
end
return {'ok', tostring(version)}
"""

_LOAD = """
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
    last_hash: str


@dataclass(frozen=True)
class Appended:
    version: int
    duplicate: str | None = None  # the first response, when the key was seen before


def keys(game_id: str) -> dict[str, str]:
    tag = "{" + game_id + "}"
    return {name: f"{tag}:{name}" for name in ("events", "meta", "snap", "idem", "tokens", "webhooks")}


def replay_key(game_id: str, hand: int, form: str) -> str:
    return "{" + game_id + "}" + f":replay:{hand}:{form}"


def canonical(value) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def entry_hash(raw: str | bytes) -> str:
    return hashlib.sha256(raw if isinstance(raw, bytes) else raw.encode("utf-8")).hexdigest()


def utc_now() -> datetime:
    return datetime.now(timezone.utc)


def iso(moment: datetime) -> str:
    return moment.astimezone(timezone.utc).isoformat(timespec="milliseconds").replace("+00:00", "Z")


class EventStore:
    def __init__(self, redis, clock=utc_now, snapshot_every: int = SNAPSHOT_EVERY, blocking_redis=None):
        self.redis = redis
        # long-polls block for up to a minute: they need a client whose socket
        # timeout outlasts them, apart from the short timeouts of ordinary calls
        self.blocking_redis = blocking_redis or redis
        self.clock = clock
        self.snapshot_every = snapshot_every
        self._append = redis.register_script(_APPEND)
        self._load = redis.register_script(_LOAD)
        self._snapshot = redis.register_script(_SNAPSHOT)

    # --- writing ---------------------------------------------------------------------

    def entries(self, before: Loaded, events, actor: str) -> list[str]:
        """The canonical JSON of each event, chained to the one before."""
        hand = before.state.hand.number if before.state.hand is not None else None
        prev = before.last_hash
        at = iso(self.clock())
        raws = []
        for event in events:
            if isinstance(event, (HandStarted, HandEnded)):
                hand = event.hand
            raw = canonical({"t": event_type(event), "s": SCHEMA, "at": at, "a": actor, "h": hand,
                             "d": to_data(event), "p": prev})
            raws.append(raw)
            prev = entry_hash(raw)
        return raws

    def append(self, game_id: str, before: Loaded, raws: list[str], *, after: GameState | None = None,
               idempotency_key: str | None = None, response: str = "", tokens: dict | None = None) -> Appended:
        """Append the entries (from `entries`) if the game is still at `before`'s version.

        Raises ConcurrencyError when it is not. With an idempotency key seen
        before, appends nothing and returns the first response instead.
        """
        k = keys(game_id)
        extra = [x for pair in (tokens or {}).items() for x in pair]
        status, value = self._append(
            keys=[k["events"], k["meta"], k["idem"], k["tokens"]],
            args=[before.state.version, idempotency_key or "", response, len(raws), *raws,
                  len(extra) // 2, *extra])
        status = status.decode() if isinstance(status, bytes) else status
        if status == "duplicate":
            return Appended(before.state.version, duplicate=_text(value))
        if status == "conflict":
            raise ConcurrencyError(before.state.version, int(value))
        version = int(value)
        if after is not None and self._snapshot_due(before.state, after):
            self.save_snapshot(game_id, after)
        return Appended(version)

    def _snapshot_due(self, before: GameState, after: GameState) -> bool:
        crossed = after.version // self.snapshot_every > before.version // self.snapshot_every
        return crossed or after.hands_played != before.hands_played or before.hand is None

    def save_snapshot(self, game_id: str, state: GameState) -> None:
        k = keys(game_id)
        self._snapshot(keys=[k["snap"], k["meta"]], args=[state.version, canonical(snapshot.to_data(state))])

    # --- reading ---------------------------------------------------------------------

    def load(self, game_id: str) -> Loaded:
        """The current state: the latest snapshot and the events after it."""
        k = keys(game_id)
        snap, entries = self._load(keys=[k["events"], k["meta"], k["snap"]])
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
        last_raw = None
        for entry_id, fields in entries:
            raw = _raw(fields)
            if _version(entry_id) > state.version:
                state = evolve(state, _decode_event(raw))
            last_raw = raw
        return Loaded(state, entry_hash(last_raw))

    def read(self, game_id: str, after: int = 0, limit: int | None = None) -> list[StoredEvent]:
        k = keys(game_id)
        entries = self.redis.xrange(k["events"], f"0-{after + 1}", "+", count=limit)
        return [_stored(entry_id, fields[b"e"]) for entry_id, fields in entries]

    def read_span(self, game_id: str, first: int, last: int) -> list[StoredEvent]:
        entries = self.redis.xrange(keys(game_id)["events"], f"0-{first}", f"0-{last}")
        return [_stored(entry_id, fields[b"e"]) for entry_id, fields in entries]

    def version(self, game_id: str) -> int:
        return int(self.redis.hget(keys(game_id)["meta"], "version") or 0)

    def exists(self, game_id: str) -> bool:
        return bool(self.redis.exists(keys(game_id)["meta"]))

    def seat_of_token_hash(self, game_id: str, token_hash: str) -> int | None:
        seat = self.redis.hget(keys(game_id)["tokens"], token_hash)
        return None if seat is None else int(seat)

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
        pipe = self.redis.pipeline(transaction=False)
        pipe.set(replay_key(game_id, hand, "json"), document)
        pipe.set(replay_key(game_id, hand, "txt"), transcript)
        pipe.execute()

    def active_games(self) -> list[str]:
        return [_text(g) for g in self.redis.zrange("iceberg:active", 0, -1)]

    def wait_for(self, game_id: str, after: int, seconds: float) -> None:
        """Block until an event after version `after` exists, or `seconds` pass."""
        if seconds > 0:
            self.blocking_redis.xread({keys(game_id)["events"]: f"0-{after}"}, count=1, block=int(seconds * 1000))

    def read_all(self, game_id: str) -> list:
        """Every event of the game as domain events, in order (replays, audits)."""
        return [_decode_event(fields[b"e"]) for _, fields in self.redis.xrange(keys(game_id)["events"], "-", "+")]

    def first_response(self, game_id: str, idempotency_key: str) -> str | None:
        return _text(self.redis.hget(keys(game_id)["idem"], idempotency_key))

    def verify(self, game_id: str) -> list[str]:
        """Walk the hash chain and the versions; the list of problems (empty if sound)."""
        problems = []
        prev = ""
        expected = 1
        for entry_id, fields in self.redis.xrange(keys(game_id)["events"], "-", "+"):
            raw = fields[b"e"]
            version = _version(entry_id)
            if version != expected:
                problems.append(f"version {expected} is missing (found {version})")
            entry = json.loads(raw)
            if entry["p"] != prev:
                problems.append(f"version {version} does not follow the hash of the entry before it")
            prev = entry_hash(raw)
            expected = version + 1
        stored = self.version(game_id)
        if stored != expected - 1:
            problems.append(f"meta says version {stored}, the log ends at {expected - 1}")
        return problems


def _raw(fields) -> bytes:
    """The entry's JSON: redis-py gives a dict, a Lua reply a flat [field, value] list."""
    return fields[b"e"] if isinstance(fields, dict) else fields[1]


def _version(entry_id) -> int:
    text = entry_id.decode() if isinstance(entry_id, bytes) else entry_id
    return int(text.split("-", 1)[1])


def _text(value) -> str | None:
    return value.decode("utf-8") if isinstance(value, bytes) else value


def _decode_event(raw):
    entry = json.loads(raw)
    return from_data(entry["t"], entry["d"])


def _stored(entry_id, raw) -> StoredEvent:
    entry = json.loads(raw)
    return StoredEvent(_version(entry_id), entry["t"], entry["at"], entry["a"], entry["h"], entry["d"])
