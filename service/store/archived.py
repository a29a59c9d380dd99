"""The two indexes of the archive in Redis (service/app/archiving.py): the
finished games waiting for their time to be archived, and the games archived."""

from . import keys
from .recorder import text


class ArchivedGames:
    _CLAIM = """
local due = redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', ARGV[1], 'LIMIT', 0, tonumber(ARGV[3]))
for _, game in ipairs(due) do redis.call('ZADD', KEYS[1], ARGV[2], game) end
return due
"""

    def __init__(self, redis):
        self.redis = redis
        self._claim = redis.register_script(self._CLAIM)

    def finished(self, game_id: str, ended_ms: int, seal: bool = True, again: bool = False) -> None:
        """A finished game, its end settled: sealed, then archived, once `ended_ms` is far enough behind.
        `again`: a game written to after it was sealed or archived, counted from `ended_ms` anew."""
        pipe = self.redis.pipeline(transaction=False)
        pipe.zadd(keys.FINISHED, {game_id: ended_ms}, nx=not again)
        if seal:
            pipe.zadd(keys.SEALING, {game_id: ended_ms}, nx=not again)
        if again:
            pipe.hdel(keys.ARCHIVED, game_id)
        pipe.execute()

    def claim(self, before_ms: int, lease_ms: int, limit: int, index: str = keys.FINISHED) -> list[str]:
        """The games of `index` that ended before `before_ms`, each moved to `lease_ms` so no
        other worker takes it too (and one whose archiving died is tried again then)."""
        if not self.redis.zrangebyscore(index, "-inf", before_ms, start=0, num=1):
            return []  # the common case: a read only
        return [text(g) for g in self._claim(keys=[index], args=[before_ms, lease_ms, limit])]

    def seal_later(self, game_id: str, at_ms: int) -> None:
        self.redis.zadd(keys.SEALING, {game_id: at_ms}, xx=True)

    def sealed(self, game_id: str) -> None:
        self.redis.zrem(keys.SEALING, game_id)

    def archived(self, game_id: str, at_ms: int) -> None:
        pipe = self.redis.pipeline(transaction=False)
        pipe.hset(keys.ARCHIVED, game_id, at_ms)
        pipe.zrem(keys.FINISHED, game_id)
        pipe.zrem(keys.SEALING, game_id)
        pipe.execute()

    def is_archived(self, game_id: str) -> bool:
        return bool(self.redis.hexists(keys.ARCHIVED, game_id))

    def count(self) -> int:
        return self.redis.hlen(keys.ARCHIVED)

    def all(self):
        for game_id, _at in self.redis.hscan_iter(keys.ARCHIVED, count=1000):
            yield text(game_id)
