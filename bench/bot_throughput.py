"""Bot throughput through the workers: complete bot hands per minute with
`iceberg serve` (production settings: embedded Redis, appendfsync always, one
RQ worker).

    python -m bench.bot_throughput [--games 20] [--players 3]

Creates GAMES all-bot one-hand games at once over HTTP and waits until every one
is finished; each bot turn is an RQ job that appends its actions one by one.
"""

import argparse
import json
import os
import signal
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

from service.runtime.redis_server import free_port


def call(url, body=None):
    data = json.dumps(body).encode() if body is not None else None
    req = urllib.request.Request(url, data=data, method="POST" if body is not None else "GET",
                                 headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=30) as response:
        return json.loads(response.read())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--players", type=int, default=3)
    args = parser.parse_args()
    port = free_port()
    with tempfile.TemporaryDirectory() as data:
        env = {k: v for k, v in os.environ.items() if not k.startswith("ICEBERG_")}
        env["ICEBERG_DATA_DIR"] = data
        # games of bots only are paced and counted per creator (docs/api.md): this measures the workers unpaced
        env.update(ICEBERG_RATE_LIMITS="off", ICEBERG_CLIENT_CONNECTION_RATE="0", ICEBERG_BOT_GAME_TURN_S="0", ICEBERG_BOT_GAMES_PER_CREATOR="100000")
        iceberg = Path(sys.executable).parent / "iceberg"
        serve = subprocess.Popen([str(iceberg), "serve", "--port", str(port)], env=env,
                                 stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
        url = f"http://127.0.0.1:{port}"
        try:
            for _ in range(150):
                try:
                    call(url + "/healthz")
                    break
                except OSError:
                    time.sleep(0.2)
            policies = ["greedy", "random"]
            players = [{"name": f"B{i}", "bot": policies[i % 2]} for i in range(args.players)]
            start = time.perf_counter()
            games = [call(url + "/games", {"players": players, "rules": {"hands": 1}})["id"] for _ in range(args.games)]
            pending = set(games)
            while pending:
                pending = {g for g in pending if call(f"{url}/games/{g}")["status"] != "finished"}
                time.sleep(0.1)
            elapsed = time.perf_counter() - start
            events = sum(call(f"{url}/games/{g}")["version"] for g in games)
        finally:
            os.killpg(serve.pid, signal.SIGTERM)
            serve.wait(timeout=60)
    print(f"{args.games} all-bot games of {args.players} players, one hand each, one worker")
    print(f"complete bot hands per minute: {args.games / elapsed * 60:,.0f}")
    print(f"events appended per second: {events / elapsed:,.0f}")
    print(f"wall time: {elapsed:.1f} s")


if __name__ == "__main__":
    main()
