"""Ratings, records and leaderboards (projections/ratings.py), kept in one
Redis hash slot (keys.STANDINGS) so that one script commits everything a
game's end changes, on a Redis Cluster too:

- `games`: hash, game id -> its standing as recorded, with each seat's
  rating before the game when it was rated (what a game recorded late needs
  to replay the games that ended after it: service/app/standings.py);
- `order:<variant>`: sorted set, the rated games of a variant -> when they
  ended (ms): the order ratings move in (equal times by game id);
- `records:<variant>`: hash, player id or `bot:<name>` -> their record in the
  variant: games, wins, rated games, mu, sigma;
- `board:<variant>`: sorted set, those with at least 5 rated games -> ordinal;
- `seq`: a counter of commits. A commit names the count it was computed at
  and is refused if another came in between (then it is computed again), so
  two workers never interleave their updates of one rating.

A rebuild (`iceberg ratings --rebuild`) writes every key anew under
`<key>:new` and renames them over the old ones in one script, refused in the
same way if a game was recorded meanwhile.
"""

import json

from . import keys
from .recorder import text

_COMMIT = """
if tonumber(redis.call('GET', KEYS[1]) or '0') ~= tonumber(ARGV[1]) then return 0 end
local i = 3
for _ = 1, tonumber(ARGV[2]) do
  redis.call('HSET', KEYS[2], ARGV[i], ARGV[i + 1])
  if ARGV[i + 2] ~= '' then redis.call('ZADD', KEYS[3], ARGV[i + 2], ARGV[i]) end
  i = i + 3
end
local n = tonumber(ARGV[i]); i = i + 1
for _ = 1, n do redis.call('HSET', KEYS[4], ARGV[i], ARGV[i + 1]); i = i + 2 end
n = tonumber(ARGV[i]); i = i + 1
for _ = 1, n do redis.call('ZADD', KEYS[5], ARGV[i + 1], ARGV[i]); i = i + 2 end
return redis.call('INCR', KEYS[1])
"""

_SWAP = """
if tonumber(redis.call('GET', KEYS[1]) or '0') ~= tonumber(ARGV[1]) then return 0 end
for i = 2, #KEYS, 2 do
  if redis.call('EXISTS', KEYS[i]) == 1 then redis.call('RENAME', KEYS[i], KEYS[i + 1])
  else redis.call('DEL', KEYS[i + 1]) end
end
return redis.call('INCR', KEYS[1])
"""

NEW = ":new"
WRITE_CHUNK = 1000


def dumps(value) -> str:
    return json.dumps(value, separators=(",", ":"))


class Standings:
    def __init__(self, redis):
        self.redis = redis
        self._commit = redis.register_script(_COMMIT)
        self._swap = redis.register_script(_SWAP)

    # --- reading -------------------------------------------------------------------------------

    def seq(self) -> int:
        return int(self.redis.get(keys.STANDINGS_SEQ) or 0)

    def recorded(self, game_id: str) -> dict | None:
        """A game's standing as recorded (with `before` when rated), or None."""
        found = self.redis.hget(keys.STANDINGS_GAMES, game_id)
        return json.loads(found) if found else None

    def records(self, variant: str, raters) -> dict[str, dict]:
        """rater -> record in the variant, for those that have one."""
        raters = list(raters)
        if not raters:
            return {}
        found = self.redis.hmget(keys.standings_records(variant), raters)
        return {rater: json.loads(value) for rater, value in zip(raters, found) if value}

    def profile(self, variants, rater: str) -> dict[str, dict]:
        """variant -> the rater's record there, for the variants they have one in (one round trip)."""
        variants = list(variants)
        pipe = self.redis.pipeline(transaction=False)
        for variant in variants:
            pipe.hget(keys.standings_records(variant), rater)
            pipe.zrevrank(keys.leaderboard(variant), rater)
        found = pipe.execute()
        return {variant: {**json.loads(record), "position": position}
                for variant, record, position in zip(variants, found[::2], found[1::2]) if record}

    def later(self, variant: str, ended: int, game_id: str) -> list[tuple[str, dict]]:
        """The rated games of the variant that come after (ended, game_id), in order, as recorded."""
        found = self.redis.zrangebyscore(keys.standings_order(variant), ended, "+inf", withscores=True)
        after = [text(g) for g, score in found if (int(score), text(g)) > (ended, game_id)]
        if not after:
            return []
        data = self.redis.hmget(keys.STANDINGS_GAMES, after)
        return [(game, json.loads(value)) for game, value in zip(after, data)]

    def board(self, variant: str, after: tuple[float, str] | None, count: int) -> list[tuple[str, float]]:
        """Up to `count` of the leaderboard, best first, after the entry `after` (ordinal, rater)."""
        key = keys.leaderboard(variant)
        top = "+inf" if after is None else repr(after[0])
        found, offset = [], 0
        while len(found) < count:
            batch = self.redis.zrevrangebyscore(key, top, "-inf", start=offset, num=count + 1, withscores=True)
            if not batch:
                break
            offset += len(batch)
            for rater, score in batch:
                rater = text(rater)
                if after is not None and score == after[0] and rater >= after[1]:
                    continue  # an equal ordinal: those at or before the cursor (reverse order of ids)
                found.append((rater, score))
                if len(found) == count:
                    break
        return found

    def position(self, variant: str, rater: str) -> int | None:
        """0 for the leader."""
        return self.redis.zrevrank(keys.leaderboard(variant), rater)

    def on_board(self, variant: str) -> int:
        return self.redis.zcard(keys.leaderboard(variant))

    # --- writing -------------------------------------------------------------------------------

    def commit(self, seq: int, variant: str, games: dict[str, tuple[dict, int | None]], records: dict[str, dict],
               board: dict[str, float]) -> bool:
        """Write, if nothing was committed since `seq`: games (id -> (standing, ended ms
        if rated)), records (rater -> record), board (rater -> ordinal)."""
        args = [seq, len(games)]
        for game_id, (data, ended) in games.items():
            args += [game_id, dumps(data), "" if ended is None else ended]
        args.append(len(records))
        for rater, record in records.items():
            args += [rater, dumps(record)]
        args.append(len(board))
        for rater, score in board.items():
            args += [rater, repr(score)]
        found = self._commit(keys=[keys.STANDINGS_SEQ, keys.STANDINGS_GAMES, keys.standings_order(variant),
                                   keys.standings_records(variant), keys.leaderboard(variant)], args=args)
        return bool(found)

    def replace(self, seq: int, variants, games: dict[str, dict], order: dict[str, dict[str, int]],
                records: dict[str, dict[str, dict]], board: dict[str, dict[str, float]]) -> bool:
        """Replace everything (a rebuild), if nothing was committed since `seq`."""
        written = [keys.STANDINGS_GAMES]
        self._write_hash(keys.STANDINGS_GAMES + NEW, {g: dumps(d) for g, d in games.items()})
        for variant in variants:
            self._write_zset(keys.standings_order(variant) + NEW, order.get(variant, {}))
            self._write_hash(keys.standings_records(variant) + NEW,
                             {r: dumps(d) for r, d in records.get(variant, {}).items()})
            self._write_zset(keys.leaderboard(variant) + NEW, board.get(variant, {}))
            written += [keys.standings_order(variant), keys.standings_records(variant), keys.leaderboard(variant)]
        pairs = [k for key in written for k in (key + NEW, key)]
        if self._swap(keys=[keys.STANDINGS_SEQ, *pairs], args=[seq]):
            return True
        self.redis.delete(*[key + NEW for key in written])
        return False

    def _write_hash(self, key: str, mapping: dict) -> None:
        self.redis.delete(key)
        items = list(mapping.items())
        for i in range(0, len(items), WRITE_CHUNK):
            self.redis.hset(key, mapping=dict(items[i:i + WRITE_CHUNK]))

    def _write_zset(self, key: str, mapping: dict) -> None:
        self.redis.delete(key)
        items = list(mapping.items())
        for i in range(0, len(items), WRITE_CHUNK):
            self.redis.zadd(key, dict(items[i:i + WRITE_CHUNK]))
