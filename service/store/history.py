"""The history of games (GET /games): each game's summary beside its log, and
indexes of every game, newest first, by status, variant and player.

An index is a sorted set whose members all score 0 and so sort by their text,
"<created ms, 13 digits>:<game id>": by when the game was created, then by id.
A member never changes, so a page that starts after the last member a client
saw (its cursor) neither repeats nor skips a game, however many games are
created, move from active to finished or are listed meanwhile; one range
command reads a page whatever the index's size.

The summary is written only by a newer state than the one it shows (a
follow-up that arrives late changes nothing), then the game joins the indexes
of its status and leaves the other. Two such writes can still cross, leaving a
game in an index of a status it has left: readers check each game's status in
its summary and drop such an entry (`prune`).
"""

import json

from . import keys
from .recorder import text

STATUSES = ("active", "finished")  # the statuses GET /games filters on (an open game is in `all` only)

_PUT = """
local shown = tonumber(redis.call('HGET', KEYS[1], 'v') or '-1')
if shown >= tonumber(ARGV[1]) then return 0 end
redis.call('HSET', KEYS[1], 'v', ARGV[1], 'json', ARGV[2])
return 1
"""


def member(created_ms: int, game_id: str) -> str:
    return f"{created_ms:013d}:{game_id}"


def game_of(entry: str) -> str:
    return entry.partition(":")[2]


def facets(variant: str, status: str, players) -> tuple[list[str], list[str]]:
    """(the indexes a game of this variant, status and players is in, those of its other statuses)."""
    into = [keys.history("all"), keys.history("variant:" + variant)] + [keys.player_history(p) for p in players]
    out = []
    for each in STATUSES:
        place = [keys.history("status:" + each), keys.history(f"variant:{variant}:{each}")]
        place += [keys.player_history(p, each) for p in players]
        (into if each == status else out).extend(place)
    return into, out


class GameHistory:
    def __init__(self, redis):
        self.redis = redis
        self._put = redis.register_script(_PUT)

    def file(self, game_id: str, version: int, summary: dict, created_ms: int, players) -> bool:
        """Show the game as `summary` (its state at `version`) and index it where its
        status, variant and players put it; False if a newer state is shown already."""
        if not self._put(keys=[keys.summary(game_id)], args=[version, json.dumps(summary, separators=(",", ":"))]):
            return False
        into, out = facets(summary["variant"], summary["status"], players)
        entry = member(created_ms, game_id)
        pipe = self.redis.pipeline(transaction=False)
        for key in into:  # joined before the others are left: never in none
            pipe.zadd(key, {entry: 0})
        for key in out:
            pipe.zrem(key, entry)
        pipe.execute()
        return True

    archived_summary = None  # game id -> its summary from the archive, or None (service/wiring.py)

    def summaries(self, game_ids: list[str]) -> list[dict | None]:
        pipe = self.redis.pipeline(transaction=False)
        for game_id in game_ids:
            pipe.hget(keys.summary(game_id), "json")
        shown = [json.loads(found) if found else None for found in pipe.execute()]
        if self.archived_summary is not None:
            shown = [s if s is not None else self.archived_summary(g) for g, s in zip(game_ids, shown)]
        return shown

    def summary(self, game_id: str) -> dict | None:
        return self.summaries([game_id])[0]

    def entries(self, index: str, before: str | None, count: int) -> list[str]:
        """Up to `count` members of an index, newest first, after the member `before` (None: from the newest)."""
        found = self.redis.zrevrangebylex(index, "(" + before if before else "+", "-", start=0, num=count)
        return [text(entry) for entry in found]

    def prune(self, index: str, entry: str) -> None:
        """A game listed in an index it no longer belongs in."""
        self.redis.zrem(index, entry)

    def count(self, index: str) -> int:
        return self.redis.zcard(index)
