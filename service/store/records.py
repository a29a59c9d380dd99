"""The side records kept beside a game's log: seat tokens, webhooks, replays,
the index of active games the sweeper walks, and reminder markers. None of
them is a fact of the game (the log is); each is small and has one owner."""

import json

from . import keys
from .codec import canonical
from .recorder import text

REMINDER_TTL_S = 30 * 86400
CREATION_TTL_S = 86400


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
        return {int(seat): json.loads(value) for seat, value in self.redis.hgetall(keys.webhooks(game_id)).items()}

    def set(self, game_id: str, seat: int, url: str, secret: str) -> None:
        self.redis.hset(keys.webhooks(game_id), str(seat), canonical({"url": url, "secret": secret}))

    def delete(self, game_id: str, seat: int) -> bool:
        return bool(self.redis.hdel(keys.webhooks(game_id), str(seat)))


class Replays:
    def __init__(self, redis):
        self.redis = redis

    def get(self, game_id: str, hand: int, form: str) -> str | None:
        return text(self.redis.get(keys.replay(game_id, hand, form)))

    def save(self, game_id: str, hand: int, document: str, transcript: str) -> None:
        self.redis.set(keys.replay(game_id, hand, "json"), document)
        self.redis.set(keys.replay(game_id, hand, "txt"), transcript)


class ActiveGames:
    """The games not finished, and the version each had at the last sweep."""

    def __init__(self, redis):
        self.redis = redis

    def add(self, game_id: str, version: int) -> None:
        self.redis.zadd(keys.ACTIVE, {game_id: version})

    def remove(self, game_id: str) -> None:
        self.redis.zrem(keys.ACTIVE, game_id)
        self.redis.hdel(keys.SWEEP, game_id)

    def all(self) -> list[str]:
        return [text(g) for g in self.redis.zrange(keys.ACTIVE, 0, -1)]

    def last_swept(self, game_id: str) -> int | None:
        seen = self.redis.hget(keys.SWEEP, game_id)
        return None if seen is None else int(seen)

    def swept(self, game_id: str, version: int) -> None:
        self.redis.hset(keys.SWEEP, game_id, version)


class Reminders:
    def __init__(self, redis):
        self.redis = redis

    def mark(self, game_id: str, deadline: str, seat: int) -> bool:
        """Record that this deadline's reminder goes out: False if it already has."""
        return bool(self.redis.set(keys.reminded(game_id, deadline), seat, nx=True, ex=REMINDER_TTL_S))


class Creations:
    """Idempotency keys of POST /games, kept by a hash of the key (service/sealing.py):
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
