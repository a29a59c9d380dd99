"""Loading cost is flat: the time of one action early in a game and late in it.

    python -m bench.load_cost [--late 5000] [--window 60]

Starts its own redis-server (appendfsync always, as `iceberg serve` does), plays
one two-player game through the API in process (Flask's test client, so HTTP
parsing is the same and no network is timed), and times each POST /actions in a
window of actions around version ~50 and around version ~LATE. Loading a game
reads its latest snapshot and the events after it, so the two should match:
the target is a ratio (late / early, medians) of at most 1.2.
"""

import argparse
import random
import statistics
import tempfile
import time

from service.config import Config
from service.http.app import create_app
from service.runtime.redis_server import RedisServer


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--early", type=int, default=50)
    parser.add_argument("--late", type=int, default=5000)
    parser.add_argument("--window", type=int, default=60, help="actions timed around each point")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as data, RedisServer(data, appendfsync="always") as redis:
        app = create_app(Config(redis_url=redis.url))
        http = app.test_client()
        created = http.post("/games", json={"players": [{"name": "A"}, {"name": "B"}],
                                            "rules": {"hands": 1000}}).get_json()
        game, tokens = created["id"], [s["token"] for s in created["seats"]]
        rng = random.Random(1)
        timings = {"early": [], "late": []}
        version = created["version"]
        while version < args.late + args.window:
            table = http.get(f"/games/{game}").get_json()
            seat = table["turn"]["seat"]
            auth = {"Authorization": f"Bearer {tokens[seat]}"}
            actions = http.get(f"/games/{game}/view", headers=auth).get_json()["actions"]
            start = time.perf_counter()
            response = http.post(f"/games/{game}/actions", json=rng.choice(actions), headers=auth)
            elapsed = time.perf_counter() - start
            assert response.status_code == 201, response.get_json()
            for name, point in (("early", args.early), ("late", args.late)):
                if point <= version < point + args.window:
                    timings[name].append(elapsed)
            version = response.get_json()["version"]
    early, late = (statistics.median(timings[k]) * 1000 for k in ("early", "late"))
    print(f"one action at version ~{args.early}: median {early:.3f} ms over {len(timings['early'])} actions")
    print(f"one action at version ~{args.late}: median {late:.3f} ms over {len(timings['late'])} actions")
    print(f"ratio late/early: {late / early:.3f} (target <= 1.2)")


if __name__ == "__main__":
    main()
