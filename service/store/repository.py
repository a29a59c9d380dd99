"""The repository: games as folded states. Loads a game from this process's
cache or its latest snapshot plus the entries after it, so the cost of a load
does not grow with the game; turns decided events into chained entries;
appends them through the recorder and keeps the cache and snapshots current."""

import json
import threading
import zlib
from collections import OrderedDict
from dataclasses import dataclass
from datetime import datetime, timezone

from domain import registry
from domain.kernel.errors import RuleViolation
from domain.kernel.eventdata import to_data

from .codec import GENESIS, chain, compact, decode_event, encode, epoch_ms, iso_ms
from .errors import GameNotFound
from .recorder import Appended, Entry, Recorder, StoredEvent, fields, last_hash, version_of

SNAPSHOT_EVERY = 100
_HAND_BOUNDS = ("HandStarted", "HandEnded")  # shared event types that carry the hand number



@dataclass(frozen=True)
class Loaded:
    state: object
    last_hash: bytes  # the chain hash of the last entry: the next entry's p

    @classmethod
    def new(cls, variant) -> "Loaded":
        """A game not created yet, of this variant."""
        return cls(variant.initial, GENESIS)


@dataclass(frozen=True)
class Prepared:
    entries: list[Entry]
    described: list[StoredEvent]  # the same events as `read` will give them back


def utc_now() -> datetime:
    return datetime.now(timezone.utc)


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

    def drop(self, game_id: str) -> None:
        with self._lock:
            self._items.pop(game_id, None)

    def put(self, game_id: str, loaded: Loaded) -> None:
        with self._lock:
            current = self._items.get(game_id)
            if current is None or current.state.version <= loaded.state.version:
                self._items[game_id] = loaded
                self._items.move_to_end(game_id)
            while len(self._items) > self.size:
                self._items.popitem(last=False)


class Repository:
    def __init__(self, recorder: Recorder, clock=utc_now, snapshot_every: int = SNAPSHOT_EVERY):
        self.recorder = recorder
        self.redis = recorder.redis
        self.clock = clock
        self.snapshot_every = snapshot_every
        self.cache = StateCache()
        self.bring_back = None  # game id -> whether it was brought back from the archive (service/wiring.py)

    # --- writing ---------------------------------------------------------------------

    def prepare(self, before: Loaded, events, actor: str) -> Prepared:
        """The entries to append, chained to `before`, and the same events as
        `read` will give them back (for a response), without decoding them."""
        spans = before.state.hand_spans
        hand = len(spans) - 1 if spans else None
        prev = before.last_hash
        at = epoch_ms(self.clock())
        at_iso = iso_ms(at)
        entries, described = [], []
        for version, event in enumerate(events, start=before.state.version + 1):
            name = type(event).__name__
            if name in _HAND_BOUNDS:
                hand = event.hand
            e = encode(event, at, actor, hand)
            entries.append((e, prev))
            described.append(StoredEvent(version, name, at_iso, actor, hand, to_data(event)))
            prev = chain(prev, e)
        return Prepared(entries, described)

    def append(self, game_id: str, before: Loaded, prepared: Prepared, after, *,
               idempotency_key: str | None = None, response: str = "", tokens: dict | None = None) -> Appended:
        """Append if the game is still at `before` (else ConcurrencyError); on
        success `after` is this process's state of the game, and the stored
        snapshot when one is due (in the same round trip)."""
        snapshot = snapshot_blob(after) if self._snapshot_due(before.state, after) else None
        appended = self.recorder.append(game_id, before.state.version, prepared.entries,
                                        idempotency_key=idempotency_key, response=response, tokens=tokens,
                                        snapshot=snapshot)
        if appended.duplicate is None:
            self.cache.put(game_id, Loaded(after, last_hash(prepared.entries)))
        return appended

    def _snapshot_due(self, before, after) -> bool:
        crossed = after.version // self.snapshot_every > before.version // self.snapshot_every
        return crossed or after.hands_played != before.hands_played or before.version == 0

    # --- reading ---------------------------------------------------------------------

    def cached(self, game_id: str) -> Loaded | None:
        """This process's last known state of the game: maybe behind the log."""
        return self.cache.get(game_id)

    def load(self, game_id: str) -> Loaded:
        """The current state: from this process's cache and the events after it
        when it has the game, else from the latest snapshot and the events after it.
        A game that is not in Redis is asked of `bring_back` (the archive:
        service/app/archiving.py), once."""
        try:
            return self._load(game_id)
        except GameNotFound:
            if self.bring_back is None or not self.bring_back(game_id):
                raise
        return self._load(game_id)

    def _load(self, game_id: str) -> Loaded:
        cached = self.cache.get(game_id)
        known = cached.state.version if cached else 0
        snap, entries = self.recorder.tail(game_id, known, self.snapshot_every)
        if cached and not snap:
            loaded = _fold_onto(cached, entries)
        else:
            loaded = self._from_snapshot(game_id, snap, entries)
        self.cache.put(game_id, loaded)
        return loaded

    def _from_snapshot(self, game_id: str, snap, entries) -> Loaded:
        if not entries:
            raise GameNotFound(game_id)
        state = snapshot_state(snap) if snap else None
        if state is None and version_of(entries[0][0]) != 1:
            entries = self.recorder.raw(game_id)
        last = GENESIS
        for entry_id, entry in entries:
            e, p = fields(entry)
            if state is None or version_of(entry_id) > state.version:
                event = decode_event(e)
                if state is None:  # from the start: GameCreated names the variant
                    state = registry.named(event.variant).initial
                state = registry.of(state).evolve(state, event)
            last = chain(p, e)
        return Loaded(state, last)


def _fold_onto(loaded: Loaded, entries) -> Loaded:
    state, last = loaded.state, loaded.last_hash
    evolve = registry.of(state).evolve
    for _, entry in entries:
        e, p = fields(entry)
        state = evolve(state, decode_event(e))
        last = chain(p, e)
    return Loaded(state, last)


def snapshot_text(state) -> str:
    """A state as its variant's snapshot, stored as compact JSON."""
    return compact(registry.of(state).snapshot[0](state))


def snapshot_blob(state) -> bytes:
    """A state's snapshot as stored: its compact JSON, zlib-compressed (a third
    of the bytes; a finished game keeps its last one for as long as it is in Redis)."""
    return zlib.compress(snapshot_text(state).encode(), 6)


def snapshot_state(snap):
    """The state of a snapshot (compressed, or plain JSON as older servers stored
    it), or None if it is of an older format (it is only a cache: the log is the truth)."""
    try:
        if isinstance(snap, bytes) and snap.startswith(b"\x78"):  # zlib's first byte; JSON's is "{"
            snap = zlib.decompress(snap)
        data = json.loads(snap)
        return registry.named(data.get("variant")).snapshot[1](data)
    except (ValueError, KeyError, TypeError, RuleViolation, zlib.error):
        return None
