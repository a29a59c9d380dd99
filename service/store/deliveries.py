"""A seat's webhook delivery log: its last few delivery attempts, newest
first, for the seat's owner to read (GET /games/{id}/seats/{seat}/webhook/deliveries).
Written by the notices worker (workers/notices.py) after every attempt. An
entry never holds the webhook's secret or the notice's body."""

import json

from . import keys
from .codec import canonical

KEEP = 20  # attempts kept per seat
TTL_S = 30 * 86400  # from the last attempt: a play-by-mail game can be slow


class Deliveries:
    def __init__(self, redis):
        self.redis = redis

    def record(self, game_id: str, seat: int, entry: dict) -> None:
        key = keys.deliveries(game_id, seat)
        pipe = self.redis.pipeline(transaction=False)
        pipe.lpush(key, canonical(entry))
        pipe.ltrim(key, 0, KEEP - 1)
        pipe.expire(key, TTL_S)
        pipe.execute()

    def of(self, game_id: str, seat: int) -> list[dict]:
        return [json.loads(entry) for entry in self.redis.lrange(keys.deliveries(game_id, seat), 0, KEEP - 1)]
