"""The floods that froze the server (issue 23), against `iceberg serve` as a
real process on loopback: what another client sees while one client is hostile.

    python -m bench.floods slow-bodies [--connections 19000] [--seconds 45] [--reopen 0]
    python -m bench.floods exports [--events 1600] [--seconds 45] [--rate 5]
    python -m bench.floods tarpits [--tarpits 12] [--notices 20]
    python -m bench.floods bot-games [--games 40] [--replies 30]

- slow-bodies: one address (127.0.0.2) opens CONNECTIONS connections as fast
  as it can, each announcing a 60,000-byte `POST /players` and sending a byte
  a second, and opens again REOPEN a second of those the server closes;
  meanwhile another address probes /healthz every 0.2 s and plays an action
  every 0.5 s, before, while the connections open, while they are held, after.
- exports: a game of six bots with EVENTS events, still going, has its export
  asked for RATE times a second from 127.0.0.3 (each client giving up after
  3 s), once with the default rate limits (most are refused: what is served
  is the allowed rate) and once with none; meanwhile another game's actions,
  and for 5 s after the flood, /healthz and actions.
- tarpits: TARPITS webhook endpoints that trickle their answer's headers a
  byte a second, in as many games kept moving; another player's turn notice,
  NOTICES times, one every 3 s: the time from the action to its arrival.
- bot-games: GAMES endless games of six greedy bots (four per creator, the
  default limit), then a game of one person and five greedy bots: the time
  from the person's discard to her next turn, REPLIES times; the AOF's growth;
  a creator and the admin each end one bot-only game.

Every loop is bounded in count and time, and the run stops by itself. The
flood's connections come from a process of its own (spawned), so that its
system calls do not queue the probes behind them.
"""

import argparse
import multiprocessing
import random
import tempfile
import threading
import time
from pathlib import Path

from bench.flood_peers import Receiver, Tarpit, slow_bodies
from bench.flood_probes import (
    ADMIN,
    ENDLESS,
    EXTRA_ENV,
    PROBES_UNPACED,
    SIX_BOTS,
    TIMEOUT,
    Server,
    Table,
    call,
    health,
    lift_file_limit,
    ok,
    probing,
    summary,
)


def run_slow_bodies(args, data: Path) -> None:
    hard = lift_file_limit()
    server = Server(data)
    try:
        game = Table(server.port, [{"name": "Ann"}, {"name": "Bo"}])
        stop, healths, actions = threading.Event(), [], []
        probes = [probing(lambda: health(server.port), 0.2, stop, healths), probing(game.act, 0.5, stop, actions)]
        time.sleep(2)
        ours, theirs = multiprocessing.get_context("spawn").Pipe()
        flood = multiprocessing.get_context("spawn").Process(
            target=slow_bodies, args=(server.port, args.connections, args.seconds, args.reopen, theirs))
        began = time.monotonic()
        flood.start()
        assert ours.poll(args.seconds) and ours.recv() == "ramped"
        ramped = time.monotonic()
        stats = ours.recv() if ours.poll(args.seconds + 30) else {}
        ended = time.monotonic()
        flood.join(timeout=10)
        time.sleep(2)
        stop.set()
        for probe in probes:
            probe.join(timeout=TIMEOUT + 1)
    finally:
        server.stop()
    print(f"slow bodies (POST /players, 60,000 bytes announced, a byte a second) from 127.0.0.2: "
          f"{stats.get('opened')} connections opened ({args.connections} at once at most, reopening "
          f"{args.reopen} a second; file limit {hard}), the first {args.connections} in {stats.get('ramp_s')} s; "
          f"{args.seconds:.0f} s in all")
    print(f"  opened {stats.get('opened')}, connect failed {stats.get('connect_failed')}, "
          f"answered 429 {stats.get('answered_429')}, 408 {stats.get('answered_408')}, "
          f"other {stats.get('answered_other')}, closed without answer {stats.get('closed_silently')}; "
          f"longest held {stats.get('longest_held_s', 0):.1f} s, open at the end {stats.get('open_at_end')}")
    if stats.get("other"):
        print(f"  other answers: {stats['other']}")
    for name, found in (("/healthz", healths), ("action", actions)):
        for phase, low, high in (("before", 0, began), ("opening", began, ramped), ("held", ramped, ended),
                                 ("after", ended, float("inf"))):
            taken = [t for at, t in found if low <= at < high]
            print(f"  {name:>8} from 127.0.0.1, {phase:>7}: {summary(taken)}, over 1 s: {sum(t > 1 for t in taken)}")


# --- exports -------------------------------------------------------------------------------

def long_game(redis_url: str, events: int, data_dir: Path) -> str:
    """A game of six greedy bots with `events` events, still going, played through the application service."""
    from domain.deadlines import bot_to_move
    from domain.engine import bot_move
    from service.config import Config
    from service.http.app import create_app

    app = create_app(Config(redis_url=redis_url, data_dir=str(data_dir)))
    client = app.test_client()
    game = client.post("/games", json={"players": SIX_BOTS, "rules": ENDLESS}).get_json()["id"]
    svc = app.extensions["iceberg"]
    while (loaded := svc.repository.load(game)).state.version < events:
        rng = random.Random(loaded.state.version)
        svc.commands.play_turn(game, loaded, lambda s, rng=rng: bot_move(s, rng), f"b{bot_to_move(loaded.state)}")
    app.extensions["iceberg"].hub.close()
    return game


def export_flood(server: Server, game: str, seconds: float, rate: float) -> dict:
    other = Table(server.port, [{"name": "Ann"}, {"name": "Bo"}])
    answers, served, stop = [], [], threading.Event()

    def export_once():
        try:  # a client that gives up after 3 s, as a browser or a script would
            status, _, took = call(server.port, "GET", f"/games/{game}/export", source="127.0.0.3", timeout=3)
            answers.append(status)
            if status == 200:
                served.append(took)
        except OSError:
            answers.append("gave up")

    def flood():
        while not stop.wait(1 / rate):
            threading.Thread(target=export_once, daemon=True).start()

    threading.Thread(target=flood, daemon=True).start()
    during, healths, probes_stop = [], [], threading.Event()
    probes = [probing(other.act, 0.1, probes_stop, during), probing(lambda: health(server.port), 0.2, probes_stop,
                                                                    healths)]
    time.sleep(seconds)
    stop.set()
    ended = time.monotonic()
    time.sleep(5)
    probes_stop.set()
    for probe in probes:
        probe.join(timeout=TIMEOUT + 1)
    after = [(at - ended, t) for at, t in during + healths if at >= ended]
    slow_after = [at for at, t in after if t > 0.1]
    return {"actions": [t for at, t in during if at < ended], "health": [t for at, t in healths if at < ended],
            "after": [t for _, t in after], "last_slow_after": max(slow_after, default=None),
            "answers": {str(k): answers.count(k) for k in sorted(set(answers), key=str)}, "served": served}


def run_exports(args, data: Path) -> None:
    from service.runtime.redis_server import RedisServer

    redis = RedisServer(data / "redis", appendfsync="everysec").start()
    try:
        started = time.monotonic()
        game = long_game(redis.url, args.events, data / "data")
        print(f"a game of six bots with {args.events} events built in {time.monotonic() - started:.0f} s; "
              f"its export asked for {args.rate:g} a second for {args.seconds:.0f} s from 127.0.0.3")
        for name, env in (("default limits", {}), ("no limits", {"ICEBERG_RATE_LIMITS": "off"})):
            server = Server(data, ICEBERG_REDIS_URL=redis.url, **PROBES_UNPACED, **env)
            try:
                _, _, first = call(server.port, "GET", f"/games/{game}/export", source="127.0.0.4")
                found = export_flood(server, game, args.seconds, args.rate)
            finally:
                server.stop()
            print(f"  {name}: exports answered {found['answers']}; first export {first * 1000:.0f} ms, "
                  f"served ones {summary(found['served'])}")
            print(f"    another game's actions during: {summary(found['actions'])}")
            print(f"    /healthz during:               {summary(found['health'])}")
            last = found["last_slow_after"]
            print(f"    the 5 s after (actions and /healthz): {summary(found['after'])}; last over 100 ms: "
                  f"{'none' if last is None else f'{last:.1f} s after the flood'}")
    finally:
        redis.stop()


# --- tarpit webhooks ------------------------------------------------------------------------

def run_tarpits(args, data: Path) -> None:
    server = Server(data, ICEBERG_WEBHOOK_ALLOW_PRIVATE="1", **PROBES_UNPACED)
    tarpits, good = [Tarpit() for _ in range(args.tarpits)], Receiver()
    three = [{"name": "P"}, {"name": "Q"}, {"name": "R"}]
    try:
        busy = []
        for n, tarpit in enumerate(tarpits):  # each from an address of its own: the create limit is per address
            table = Table(server.port, three, source=f"127.0.1.{n + 1}")
            ok(server.port, "PUT", f"/games/{table.id}/seats/1/webhook", {"url": tarpit.url}, table.tokens[1],
               table.source)
            busy.append(table)
        stop = threading.Event()

        def keep_busy():  # a round at a time in every tarpit game: seat 1's turn comes, and its notice
            while not stop.is_set():
                for table in busy:
                    try:
                        table.play_turn(table.seat_to_move())
                    except (OSError, AssertionError):
                        pass
                stop.wait(0.5)

        feeder = threading.Thread(target=keep_busy, daemon=True)
        feeder.start()
        queued, redis = [], server.redis()

        def watch():  # the notices queue and the notices put back for later
            while not stop.wait(1):
                queued.append((redis.llen("rq:queue:notices"), redis.zcard("iceberg:later")))

        threading.Thread(target=watch, daemon=True).start()
        deadline = time.monotonic() + 30
        while sum(bool(t.held) for t in tarpits) < len(tarpits) // 2 and time.monotonic() < deadline:
            time.sleep(0.1)
        game = Table(server.port, [{"name": "Ann"}, {"name": "Bo"}, {"name": "Cy"}], source="127.0.2.1")
        ok(server.port, "PUT", f"/games/{game.id}/seats/1/webhook", {"url": good.url}, game.tokens[1], game.source)
        delays, began = [], time.monotonic()
        for n in range(args.notices):
            time.sleep(max(0.0, began + n * 3 - time.monotonic()))  # one every 3 s: the tarpits keep holding
            while game.seat_to_move() != 0:
                game.play_turn(game.seat_to_move())
            before, acted = len(good.arrivals), time.monotonic()
            game.play_turn(0)  # Bo's turn begins: his notice
            while len(good.arrivals) == before and time.monotonic() - acted < 60:
                time.sleep(0.005)
            delays.append(good.arrivals[before] - acted if len(good.arrivals) > before else 60.0)
        window = time.monotonic() - began
        stop.set()
        feeder.join(timeout=30)
        held = sum(len(t.held) for t in tarpits)
        failed = (data / "serve.log").read_text().count("webhook delivery failed")
    finally:
        for tarpit in tarpits:
            tarpit.close()
        good.close()
        server.stop()
    print(f"{args.tarpits} tarpit endpoints (headers a byte a second) in {args.tarpits} games kept moving; "
          f"{held} connections to them held and {failed} deliveries to them failed in {window:.0f} s")
    print(f"  another player's notice, from the turn that sends it to its arrival: {summary(delays)}")
    print(f"  the notices queue at most {max((q for q, _ in queued), default=0)} jobs, "
          f"the notices put back for later at most {max((w for _, w in queued), default=0)}")
    print(f"  the notices' delays in turn (s): {' '.join(f'{d:.2f}' for d in delays)}")


# --- games of bots only ---------------------------------------------------------------------

def run_bot_games(args, data: Path) -> None:
    server = Server(data, **PROBES_UNPACED)
    try:
        creators, made = [], []
        for n in range((args.games + 3) // 4):  # four each, the default limit; each creator from its own address
            source = f"127.0.3.{n + 1}"
            creator = ok(server.port, "POST", "/players", {"name": f"C{n}"}, source=source)
            creators.append(creator)
            for _ in range(min(4, args.games - len(made))):
                made.append(ok(server.port, "POST", "/games", {"players": SIX_BOTS, "rules": ENDLESS},
                               creator["token"], source))
        refused = call(server.port, "POST", "/games", {"players": SIX_BOTS}, creators[0]["token"],
                       "127.0.3.1")[0] if creators else None
        time.sleep(5)  # every bot-only game under way
        versions = sum(ok(server.port, "GET", f"/games/{g['id']}")["version"] for g in made)
        aof, started = server.aof_bytes(), time.monotonic()
        queued, redis, watching = [], server.redis(), threading.Event()

        def watch():  # the game queue (games with a person) and the bot-only games' queue
            while not watching.wait(0.2):
                queued.append((redis.llen("rq:queue:iceberg"), redis.llen("rq:queue:bot-games")))

        threading.Thread(target=watch, daemon=True).start()
        ann = Table(server.port, [{"name": "Ann"}] + SIX_BOTS[:5], rules=ENDLESS, source="127.0.4.1")
        replies = []
        while len(replies) < args.replies and time.monotonic() - started < 100:
            deadline = time.monotonic() + 30
            while ann.action_of(0) is None and time.monotonic() < deadline:
                time.sleep(0.01)
            ann.play_turn(0)
            answered = time.monotonic()
            while ann.action_of(0) is None and time.monotonic() - answered < 30:
                time.sleep(0.01)
            replies.append(time.monotonic() - answered)
        window = time.monotonic() - started
        watching.set()
        appended = sum(ok(server.port, "GET", f"/games/{g['id']}")["version"] for g in made) - versions
        grown = server.aof_bytes() - aof
        if len(made) >= 2:
            by_creator = call(server.port, "POST", f"/games/{made[0]['id']}/abort", token=made[0]["creator_token"])
            by_admin = call(server.port, "POST", f"/games/{made[1]['id']}/abort", token=ADMIN)
            left = sum(ok(server.port, "GET", f"/games/{g['id']}")["status"] == "active" for g in made)
    finally:
        server.stop()
    print(f"{len(made)} endless bot-only games of six greedy bots from {len(creators)} creators "
          f"(a fifth game of one creator: {refused})")
    print(f"  a person's five bots, from her discard to her next turn: {summary(replies)}")
    print(f"  the bot-only games meanwhile: {appended} events in {window:.0f} s "
          f"({appended / window / max(1, len(made)):.2f} a second each); AOF grew {grown / 1e6 / window * 60:.1f} MB a minute")
    print(f"  the game queue at most {max((q for q, _ in queued), default=0)} jobs, the bot-games queue at most "
          f"{max((b for _, b in queued), default=0)}")
    if len(made) >= 2:
        print(f"  POST /abort by a creator token: {by_creator[0]} in {by_creator[2] * 1000:.0f} ms; by the admin: "
              f"{by_admin[0]} in {by_admin[2] * 1000:.0f} ms; {left} left going")


SCENARIOS = {"slow-bodies": run_slow_bodies, "exports": run_exports, "tarpits": run_tarpits,
             "bot-games": run_bot_games}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("scenario", choices=sorted(SCENARIOS))
    parser.add_argument("--connections", type=int, default=19000)
    parser.add_argument("--seconds", type=float, default=45)
    parser.add_argument("--reopen", type=int, default=0, help="slow-bodies: connections opened again a second")
    parser.add_argument("--events", type=int, default=1600)
    parser.add_argument("--rate", type=float, default=5)
    parser.add_argument("--tarpits", type=int, default=12)
    parser.add_argument("--notices", type=int, default=20)
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--replies", type=int, default=30)
    parser.add_argument("--log", type=int, default=0, help="print the last LOG characters of the server's log")
    parser.add_argument("--env", action="append", default=[], help="NAME=VALUE: a setting for the server")
    args = parser.parse_args()
    EXTRA_ENV.update(item.split("=", 1) for item in args.env)
    with tempfile.TemporaryDirectory(prefix="bench-floods-") as data:
        try:
            SCENARIOS[args.scenario](args, Path(data))
        finally:
            if args.log:
                print((Path(data) / "serve.log").read_text()[-args.log:])


if __name__ == "__main__":
    main()
