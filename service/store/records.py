"""The side records kept beside a game's log: seat tokens, webhooks, replays,
the index of active games the sweeper walks, and reminder markers. None of
them is a fact of the game (the log is); each is small and has one owner."""

import json

from . import keys
from .codec import canonical
from .recorder import text

REMINDER_TTL_S = 30 * 86400


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
