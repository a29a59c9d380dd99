"""What the lobby knows of a game beside its log: its name, whether it is
listed, its invite code (only the code's SHA-256) and when it was created;
and the index of listed games that wait for players (GET /lobby).

Written before the game's first append (the id is new, so a creation that is
then refused leaves a record nobody reaches). The lobby index is pruned as it
is read: a game that is no longer open leaves it.
"""

from . import keys
from .recorder import text


class Lobby:
    def __init__(self, redis):
        self.redis = redis
        self._names: dict[str, str] = {}

    def describe(self, game_id: str, name: str, listed: bool, invite_hash: str | None, at_ms: int,
                 creator: dict | None = None) -> None:
        """`creator`, for a bot-only game: the SHA-256 of its creator token (`token`) and the
        creating player, if one (`player`): who may end it (service/http/bot_games.py)."""
        record = {"name": name, "listed": "1" if listed else "0", "created": at_ms}
        if invite_hash:
            record["invite"] = invite_hash
        for field, value in (creator or {}).items():
            if value:
                record["creator_" + field] = value
        self.redis.hset(keys.info(game_id), mapping=record)

    def info(self, game_id: str) -> dict | None:
        found = {text(k): text(v) for k, v in self.redis.hgetall(keys.info(game_id)).items()}
        if not found:
            return None
        return {"name": found["name"], "listed": found.get("listed") == "1", "invite": found.get("invite"),
                "created": int(found.get("created") or 0),
                "creator": {"token": found.get("creator_token"), "player": found.get("creator_player")}}

    def name(self, game_id: str) -> str | None:
        """The game's name (cached: it never changes); None for a game made before names."""
        name = self._names.get(game_id)
        if name is None:
            name = text(self.redis.hget(keys.info(game_id), "name"))
            if name is not None:
                if len(self._names) > 100_000:
                    self._names.clear()
                self._names[game_id] = name
        return name

    def list_game(self, game_id: str, at_ms: int) -> None:
        self.redis.zadd(keys.LOBBY, {game_id: at_ms})

    def unlist(self, game_id: str) -> None:
        self.redis.zrem(keys.LOBBY, game_id)

    def listed(self, limit: int) -> list[str]:
        """Listed games, the newest first (some may have filled up since)."""
        return [text(g) for g in self.redis.zrevrange(keys.LOBBY, 0, limit - 1)]
