"""The side records kept beside a game's log: seat tokens, webhooks, replays,
the due-time index of games not finished, and reminder markers. None of
them is a fact of the game (the log is); each is small and has one owner."""

import json
import zlib

from . import keys
from .codec import canonical
from .recorder import text
from .repository import snapshot_state, snapshot_text

REMINDER_TTL_S = 30 * 86400
CREATION_TTL_S = 86400
REPLAY_KEPT_S = 86400  # a replay, transcript or hand's end state is kept a day after it was built


class Tokens:
    """Seat tokens, as their SHA-256 (recorded with the game's first append)."""

    def __init__(self, redis):
        self.redis = redis
        self._seats: dict[tuple[str, str], int] = {}

    def seat_of(self, game_id: str, token_hash: str) -> int | None:
        """The seat a token hash stands for. Cached: a token's seat never changes,
        and only found ones are kept, so a new game's tokens are never missed."""
        key = (game_id, token_hash)
        seat = self._seats.get(key)
        if seat is None:
            found = self.redis.hget(keys.tokens(game_id), token_hash)
            if found is not None:
                seat = int(found)
                if len(self._seats) > 100_000:
                    self._seats.clear()
                self._seats[key] = seat
        return seat


class Webhooks:
    def __init__(self, redis):
        self.redis = redis

    def of(self, game_id: str) -> dict[int, dict]:
        return {int(seat): json.loads(value) for seat, value in self.redis.hgetall(keys.webhooks(game_id)).items()
                if seat.isdigit()}  # not the `players` marker (store/players.py)

    def notified(self, game_id: str) -> dict[int, dict]:
        """The seats that get notices: those with a webhook (seat -> it), and,
        when the game has players (the marker), the seats that have one (seat
        -> {}: the notices worker finds that player's webhook and e-mail)."""
        found = self.redis.hgetall(keys.webhooks(game_id))
        seats = {int(seat): json.loads(value) for seat, value in found.items() if seat.isdigit()}
        if b"players" in found:
            for name, seat in self.redis.hgetall(keys.tokens(game_id)).items():
                if name.startswith(b"p:"):
                    seats.setdefault(int(seat), {})
        return seats

    def set(self, game_id: str, seat: int, url: str, secret: str) -> None:
        self.redis.hset(keys.webhooks(game_id), str(seat), canonical({"url": url, "secret": secret}))

    def delete(self, game_id: str, seat: int) -> bool:
        return bool(self.redis.hdel(keys.webhooks(game_id), str(seat)))


class Replays:
    """Finished hands' replays and transcripts, and the state at each hand's end
    that the next hand's replay starts from (so building one reads that hand's
    own events, not the whole log).

    They are a cache, never a record: the log rebuilds every one of them
    (workers/replays.py, on demand: a request for one that is not kept is
    answered 202 and queues its build). So each is kept compressed (zlib) and
    for REPLAY_KEPT_S after it was built. Replays stored by a server before this
    one (plain text, kept for ever) are read as they are and dropped once
    (`drop_legacy`, when a game worker starts)."""

    def __init__(self, redis):
        self.redis = redis

    def save_end(self, game_id: str, hand: int, state) -> None:
        self.redis.set(keys.replay(game_id, hand, "end"), _packed(snapshot_text(state)), ex=REPLAY_KEPT_S)

    def end_of(self, game_id: str, hand: int):
        """The state at the end of `hand` as its replay left it, or None."""
        found = self.redis.get(keys.replay(game_id, hand, "end"))
        return snapshot_state(_unpacked(found)) if found else None

    def drop_end(self, game_id: str, hand: int) -> None:
        self.redis.delete(keys.replay(game_id, hand, "end"))

    def get(self, game_id: str, hand: int, form: str) -> str | None:
        found = self.redis.get(keys.replay(game_id, hand, form))
        return None if found is None else _unpacked(found)

    def save(self, game_id: str, hand: int, document: str, transcript: str) -> None:
        pipe = self.redis.pipeline(transaction=False)
        pipe.set(keys.replay(game_id, hand, "json"), _packed(document), ex=REPLAY_KEPT_S)
        pipe.set(keys.replay(game_id, hand, "txt"), _packed(transcript), ex=REPLAY_KEPT_S)
        pipe.execute()

    def drop_legacy(self, batch: int = 500) -> int:
        """Drop every replay kept without a time to live (stored before replays were a
        cache): the log rebuilds each on demand. How many keys were dropped."""
        dropped, doomed = 0, []
        for key in self.redis.scan_iter(match=keys.REPLAY_PATTERN, count=batch):
            doomed.append(key)
            if len(doomed) >= batch:
                dropped += self._drop_unbounded(doomed)
                doomed = []
        return dropped + (self._drop_unbounded(doomed) if doomed else 0)

    def _drop_unbounded(self, found: list) -> int:
        pipe = self.redis.pipeline(transaction=False)
        for key in found:
            pipe.ttl(key)
        unbounded = [key for key, ttl in zip(found, pipe.execute()) if ttl == -1]
        pipe = self.redis.pipeline(transaction=False)
        for key in unbounded:  # one by one: on a cluster the keys live in many slots
            pipe.unlink(key)
        pipe.execute()
        return len(unbounded)


ZLIB = b"\x78"  # every zlib stream starts so; a replay's JSON with "{" and its transcript with a letter


def _packed(text_: str) -> bytes:
    return zlib.compress(text_.encode(), 6)


def _unpacked(found: bytes) -> str:
    return zlib.decompress(found).decode() if found.startswith(ZLIB) else found.decode()


class DueGames:
    """When each game not finished next needs the workers (service/app/due.py).

    Appends can only bring a due time forward (ZADD LT), so a game's entry is
    never later than what its newest state needs; the ticker claims the games
    that are due by moving them a lease ahead, and the check that follows
    settles the real next time unless an append has moved the entry since.
    Nothing is written when nothing is due."""

    _CLAIM = """
local due = redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', ARGV[1], 'LIMIT', 0, tonumber(ARGV[3]))
for _, game in ipairs(due) do redis.call('ZADD', KEYS[1], ARGV[2], game) end
return due
"""
    # settled unless an append moved the entry below the claim's lease since; a later claim's
    # lease (made while this check still waited on the queue, which then enqueued none) counts
    # as ours: the check looked at the game after it
    _SETTLE = """
local at = redis.call('ZSCORE', KEYS[1], ARGV[1])
if at and tonumber(at) >= tonumber(ARGV[2]) then redis.call('ZADD', KEYS[1], ARGV[3], ARGV[1]) end
"""

    def __init__(self, redis):
        self.redis = redis
        self._claim = redis.register_script(self._CLAIM)
        self._settle = redis.register_script(self._SETTLE)

    def no_later_than(self, game_id: str, at_ms: int) -> None:
        self.redis.zadd(keys.DUE, {game_id: at_ms}, lt=True)

    def remove(self, game_id: str) -> None:
        pipe = self.redis.pipeline(transaction=False)
        pipe.zrem(keys.DUE, game_id)
        pipe.srem(keys.BOT_ONLY, game_id)
        pipe.execute()

    def bot_only(self, game_ids: list[str]) -> set[str]:
        """Which of these games have no person in them (store/creators.py marks them):
        their checks wait, like their bots, for every game with a person."""
        if not game_ids:
            return set()
        return {g for g, member in zip(game_ids, self.redis.smismember(keys.BOT_ONLY, game_ids)) if member}

    def claim(self, now_ms: int, lease_ms: int, limit: int = 500) -> list[str]:
        """The games due by `now_ms`, each moved to `lease_ms` (so another ticker
        does not take it too, and a check that dies is retried then)."""
        if not self.redis.zrangebyscore(keys.DUE, "-inf", now_ms, start=0, num=1):
            return []  # the common case, a read only
        return [text(g) for g in self._claim(keys=[keys.DUE], args=[now_ms, lease_ms, limit])]

    def settle(self, game_id: str, lease_ms: int, at_ms: int) -> None:
        """The check after a claim found the next due time: set it, unless an
        append moved the entry off the lease in between (then its time stands)."""
        self._settle(keys=[keys.DUE], args=[game_id, str(lease_ms), at_ms])

    def when(self, game_id: str) -> int | None:
        score = self.redis.zscore(keys.DUE, game_id)
        return None if score is None else int(score)

    def count(self) -> int:
        return self.redis.zcard(keys.DUE)

    def adopt_legacy(self, now_ms: int) -> int:
        """Games of the index that came before this one are due now, once."""
        games = self.redis.zrange(keys.LEGACY_ACTIVE, 0, -1)
        if games:
            self.redis.zadd(keys.DUE, {g: now_ms for g in games}, nx=True)
        self.redis.delete(keys.LEGACY_ACTIVE, keys.LEGACY_SWEEP)
        return len(games)


class Reminders:
    def __init__(self, redis):
        self.redis = redis

    def mark(self, game_id: str, deadline: str, seat: int) -> bool:
        """Record that this deadline's reminder goes out: False if it already has."""
        return bool(self.redis.set(keys.reminded(game_id, deadline), seat, nx=True, ex=REMINDER_TTL_S))


class Creations:
    """Idempotency keys of POST /games, kept by a hash of the key (service/app/sealing.py):
    a claim while the game is being created, then the game and its sealed answer."""

    def __init__(self, redis):
        self.redis = redis

    def claim(self, lookup: str, fingerprint: str, game_id: str) -> dict | None:
        """Claim the key for this request: None if claimed, else the record
        that was there first (its request's fingerprint, game, answer if done)."""
        record = canonical({"fingerprint": fingerprint, "game": game_id, "sealed": None})
        if self.redis.set(keys.created(lookup), record, nx=True, ex=CREATION_TTL_S):
            return None
        found = self.redis.get(keys.created(lookup))
        return json.loads(found) if found else self.claim(lookup, fingerprint, game_id)

    def complete(self, lookup: str, fingerprint: str, game_id: str, sealed: str) -> None:
        record = canonical({"fingerprint": fingerprint, "game": game_id, "sealed": sealed})
        self.redis.set(keys.created(lookup), record, ex=CREATION_TTL_S)

    def release(self, lookup: str) -> None:
        """The claimed request created nothing (it was refused): the key is free again."""
        self.redis.delete(keys.created(lookup))


class Upgrades:
    """The one-off steps a data set written by an older server needs, each done once."""

    def __init__(self, redis):
        self.redis = redis

    def first(self, name: str) -> bool:
        """Whether `name` is still to do."""
        return not self.redis.hexists(keys.UPGRADES, name)

    def done(self, name: str) -> None:
        self.redis.hset(keys.UPGRADES, name, "1")
