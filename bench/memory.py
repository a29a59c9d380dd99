"""Redis memory per stored event, over complete two-player games.

    python -m bench.memory [--games 6]

Plays complete games (to the default target of 5000) of greedy against greedy
and greedy against random bots, stores them exactly as the API does (the same
entries, Lua append and snapshots, seat tokens, the active-games index), and
reads MEMORY USAGE of every key of each game: the events stream, the meta hash,
the snapshot and the token hash. Prints bytes per event (target <= 150) and what
a finished game costs at rest.
"""

import argparse
import tempfile

from domain import registry
from domain.iceberg.rules import Rules
from domain.selfplay import bot_game
from service.app.tokens import new_token, token_hash
from service.runtime.redis_server import RedisServer
from service.store import keys
from service.store.recorder import Recorder
from service.store.records import DueGames
from service.store.repository import Loaded, Repository
from service.wiring import connect


def store_game(store, game_id, policies, seed) -> int:
    count = 0

    def on_step(command, events, state):
        nonlocal count
        loaded = store.load(game_id) if count else Loaded.new(registry.named("iceberg"))
        tokens = {token_hash(new_token()): seat for seat in range(len(policies))} if not count else None
        store.append(game_id, loaded, store.prepare(loaded, events, "s0"), state, tokens=tokens)
        if not count:
            DueGames(store.redis).no_later_than(game_id, 0)
        count += len(events)

    bot_game(policies, Rules(), seed, on_step=on_step)
    return count


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=6)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as data, RedisServer(data, appendfsync="everysec") as server:
        redis = connect(server.url)
        store = Repository(Recorder(redis))
        before = redis.info("memory")["used_memory"]
        totals = {"events": 0, "meta": 0, "snap": 0, "tokens": 0}
        n_events = 0
        for i in range(args.games):
            game_id = f"g_{i:016x}"
            policies = ["greedy", "greedy"] if i % 2 == 0 else ["greedy", "random"]
            count = store_game(store, game_id, policies, seed=i)
            DueGames(redis).remove(game_id)  # finished: out of the index
            named = {"events": keys.events, "meta": keys.meta, "snap": keys.snap, "tokens": keys.tokens}
            usage = {name: redis.memory_usage(named[name](game_id), samples=0) or 0 for name in totals}
            for name in totals:
                totals[name] += usage[name]
            n_events += count
            print(f"game {i} ({'/'.join(policies)}): {count} events, {sum(usage.values()):,} bytes, "
                  f"{sum(usage.values()) / count:.1f} bytes/event")
        used = redis.info("memory")["used_memory"] - before
    per_event = sum(totals.values()) / n_events
    print(f"events stored: {n_events:,} in {args.games} complete games")
    for name, size in totals.items():
        print(f"{name}: {size / n_events:.1f} bytes/event")
    print(f"bytes per event (all keys of a game): {per_event:.1f} (target <= 150)")
    print(f"a finished game at rest: {sum(totals.values()) / args.games:,.0f} bytes on average "
          f"({n_events / args.games:,.0f} events)")
    print(f"used_memory grew by {used:,} bytes ({used / n_events:.1f} per event, allocator overhead included)")


if __name__ == "__main__":
    main()
