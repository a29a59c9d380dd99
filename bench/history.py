"""The history of games and the leaderboards at scale: GET /games and a
leaderboard page with 100,000 games and 10,000 players, through `iceberg
serve` on loopback; and the Redis memory the indexes add per game.

    python -m bench.history [--games 100000] [--players 10000] [--requests 1000]

The games are not played (100,000 real games would take hours here): each is
filed directly through the server's own store code, as the follow-ups file a
game (`GameHistory.file`: its summary beside it and its place in the indexes
of every filter), with a random variant, 2 to 4 seats of which 1 or 2 are
registered players (the others bots), a creation time within a year, and a
status (70% finished, 25% active, 5% open). The standings are a rebuild's
(`Standings.replace`) of a standing per finished game with a registered
player, rated with OpenSkill in the order the games ended, as
`iceberg ratings --rebuild` writes them. Then one keep-alive client sends
REQUESTS requests of each kind, one at a time, and prints p50/p99/max:
the first page of GET /games, of ?status=finished, a deep page (a cursor
taken 50 pages down), ?variant=gin&status=active, ?player= (a player's games),
?player=&variant= (a filter read game by game), the first and a deep page of
a leaderboard, a profile.
"""

import argparse
import http.client
import json
import random
import time

from bench.loadgen import pct, serving
from domain import registry
from projections.ratings import Standing, ordinal, tally
from service.store import keys
from service.store.history import GameHistory
from service.store.players import Players
from service.store.standings import Standings

YEAR_MS = 365 * 86400 * 1000
START_MS = 1_735_689_600_000  # 2025-01-01
VARIANTS = sorted(registry.VARIANTS)


def iso(ms: int) -> str:
    return time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(ms / 1000)) + f".{ms % 1000:03d}Z"


def seed(redis, games: int, players: int, rng: random.Random) -> dict:
    """File the games and players; the memory the history's keys and the standings' keys took."""
    ids = [f"p_{i:016x}" for i in range(1, players + 1)]
    people = Players(redis)
    for i, player_id in enumerate(ids):
        people.create(player_id, f"Player {i}", None, f"{i:064x}", START_MS)
    history, standings = GameHistory(redis), []
    before = redis.info("memory")["used_memory"]
    for n in range(games):
        game_id = f"g_{rng.getrandbits(64):016x}"
        variant = rng.choice(VARIANTS)
        size = 2 if variant == "gin" else rng.randint(2, 4)
        seated = rng.sample(ids, rng.randint(1, min(2, size)))
        seats = [{"seat": s, "name": f"P{s}", "bot": None if s < len(seated) else rng.choice(["greedy", "random"]),
                  "player": seated[s] if s < len(seated) else None} for s in range(size)]
        created = START_MS + rng.randrange(YEAR_MS)
        status = rng.choices(["finished", "active", "open"], [70, 25, 5])[0]
        finished = status == "finished"
        ended = created + rng.randrange(86400 * 1000) if finished else None
        totals = [rng.randrange(-200, 800) for _ in range(size)] if finished else None
        winners = [max(range(size), key=lambda s: totals[s])] if finished else None
        summary = {"id": game_id, "name": f"Game {n}", "variant": variant, "status": status,
                   "created": iso(created), "ended": iso(ended) if ended else None, "hands": rng.randint(0, 9),
                   "seats": seats, "withdrawn": [], "rated": True, "winners": winners, "totals": totals,
                   "reason": "target" if finished else None}
        history.file(game_id, 10, summary, created, seated)
        if finished:
            raters = tuple(s["player"] or f"bot:{s['bot']}" for s in seats)
            order = sorted(range(size), key=lambda s: -totals[s])
            places = tuple(order.index(s) + 1 for s in range(size))
            standings.append(Standing(game_id, variant, ended, raters, tuple(winners), places))
    history_bytes = redis.info("memory")["used_memory"] - before
    indexes = sum(redis.memory_usage(k) or 0 for k in redis.scan_iter(match="iceberg:history:*", count=1000))
    indexes += sum(redis.memory_usage(k) or 0 for k in redis.scan_iter(match="iceberg:player:*:history*", count=1000))
    before = redis.info("memory")["used_memory"]
    games_of, records = tally(standings)
    order_of = {}
    for standing in standings:
        order_of.setdefault(standing.variant, {})[standing.game] = standing.ended
    board = {v: {r: ordinal(x["mu"], x["sigma"]) for r, x in mine.items() if x["rated"] >= 5}
             for v, mine in records.items()}
    Standings(redis).replace(0, VARIANTS, games_of, order_of, records, board)
    standings_bytes = redis.info("memory")["used_memory"] - before
    return {"ids": ids, "history_bytes": history_bytes, "index_bytes": indexes, "standings_bytes": standings_bytes,
            "rated": len(standings), "on_board": {v: len(b) for v, b in board.items()}}


def get(conn, path: str) -> tuple[float, dict]:
    start = time.perf_counter()
    conn.request("GET", path)
    response = conn.getresponse()
    body = response.read()
    spent = time.perf_counter() - start
    assert response.status == 200, (path, response.status, body[:300])
    return spent, json.loads(body)


def deep_cursor(conn, path: str, pages: int) -> str:
    """The cursor `pages` pages down (or of the last page there is)."""
    cursor = None
    for _ in range(pages):
        _, body = get(conn, path + (f"&cursor={cursor}" if cursor else ""))
        if body["next_cursor"] is None:
            break
        cursor = body["next_cursor"]
    return cursor


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=100_000)
    parser.add_argument("--players", type=int, default=10_000)
    parser.add_argument("--requests", type=int, default=1000)
    args = parser.parse_args()
    rng = random.Random(28)
    with serving(appendfsync="everysec") as served:
        started = time.monotonic()
        seeded = seed(served.redis, args.games, args.players, rng)
        print(f"seeded {args.games:,} games, {args.players:,} players in {time.monotonic() - started:.0f} s; "
              f"{seeded['rated']:,} rated standings; on the leaderboards: {seeded['on_board']}")
        print(f"history: used_memory grew {seeded['history_bytes'] / args.games:.0f} bytes/game "
              f"(indexes {seeded['index_bytes'] / args.games:.0f}, the rest the summaries beside the games)")
        print(f"standings: used_memory grew {seeded['standings_bytes'] / args.games:.0f} bytes/game")
        conn = http.client.HTTPConnection("127.0.0.1", served.port, timeout=30)
        someone = rng.choice(seeded["ids"])
        kinds = {
            "GET /games": "/games?limit=20",
            "GET /games?status=finished": "/games?status=finished&limit=20",
            "GET /games?status=finished (50 pages down)":
                "/games?status=finished&limit=20&cursor=" + deep_cursor(conn, "/games?status=finished&limit=20", 50),
            "GET /games?variant=gin&status=active": "/games?variant=gin&status=active&limit=20",
            "GET /games?player=": f"/games?player={someone}&limit=20",
            "GET /games?player=&variant=": f"/games?player={someone}&variant=iceberg&limit=20",
            "GET /variants/iceberg/leaderboard": "/variants/iceberg/leaderboard?limit=20",
            "GET /variants/iceberg/leaderboard (20 pages down)": "/variants/iceberg/leaderboard?limit=20&cursor="
                + deep_cursor(conn, "/variants/iceberg/leaderboard?limit=20", 20),
            "GET /players/{id}": f"/players/{someone}",
        }
        worst = 0.0
        for name, path in kinds.items():
            for _ in range(20):  # warm up
                get(conn, path)
            spent = [get(conn, path)[0] for _ in range(args.requests)]  # seconds; pct gives ms
            worst = max(worst, pct(spent, 0.99))
            print(f"{name}: p50 {pct(spent, 0.5):.2f} ms, p99 {pct(spent, 0.99):.2f} ms, "
                  f"max {max(spent) * 1000:.2f} ms")
        print(f"worst p99: {worst:.2f} ms (target <= 20)")
        print(f"keys: {served.redis.dbsize():,}; used_memory {served.redis.info('memory')['used_memory_human']}")
        assert served.redis.zcard(keys.history("all")) == args.games


if __name__ == "__main__":
    main()
