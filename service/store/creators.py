"""Who created each bot-only game, so that a creator has at most
ICEBERG_BOT_GAMES_PER_CREATOR of them going at once (service/http/bot_games.py).

A creator is a player (`p:<id>`) or, without a player token, a client address
(`a:<its SHA-256>`: the address itself is not kept). Their games are a sorted
set by creation time, added once the game exists (a refused creation adds
nothing) and pruned as it is read: a game that has finished, or is gone,
leaves it.
"""

from . import keys
from .recorder import text


class Creators:
    def __init__(self, redis):
        self.redis = redis

    def add(self, creator: str, game_id: str, at_ms: int) -> None:
        pipe = self.redis.pipeline(transaction=False)
        pipe.zadd(keys.bot_games(creator), {game_id: at_ms})
        pipe.sadd(keys.BOT_ONLY, game_id)  # its checks are worked after the games with people (DueGames)
        pipe.execute()

    def going(self, creator: str, finished) -> list[str]:
        """The creator's bot-only games not finished (`finished(game_id)` says), the others dropped."""
        key = keys.bot_games(creator)
        games = [text(g) for g in self.redis.zrange(key, 0, -1)]
        done = [g for g in games if finished(g)]
        if done:
            self.redis.zrem(key, *done)
        return [g for g in games if g not in done]
