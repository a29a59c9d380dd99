"""What one game action costs the serving process, without HTTP: the floor
under the HTTP benchmarks' "server CPU per action".

    python -m bench.action_cost [--actions 20000]

Starts its own redis-server, builds the app (`create_app`, rate limits off as
in the HTTP benchmarks) and plays two-player games with the HTTP benchmarks'
clients (bench/loadgen.py), but each request is handed straight to the app's
WSGI callable: no HTTP server, no socket to the client. It measures the CPU
this process spends inside the app per request (time.process_time around the
call), for game actions and for the no-op GET /livez, and, inside each action,
the CPU of the append's one call to Redis through redis-py (sending the script
call and reading its answer: the round trip's system calls included). The
HTTP server's share per request is the HTTP benchmarks' no-op CPU minus this
no-op's; the RQ worker's share is theirs too.
"""

import argparse
import io
import random
import tempfile
import time
from contextlib import contextmanager

from werkzeug.test import EnvironBuilder

from bench.loadgen import Client
from service.config import Config
from service.http.app import create_app
from service.runtime.redis_server import RedisServer


class Meter:
    """CPU seconds and calls of one kind of work."""

    def __init__(self):
        self.seconds, self.calls = 0.0, 0

    @contextmanager
    def timing(self):
        start = time.process_time()
        try:
            yield
        finally:
            self.seconds += time.process_time() - start
            self.calls += 1

    def per_call_ms(self) -> float:
        return self.seconds * 1000 / max(1, self.calls)


class InProcessClient(Client):
    """The benchmarks' client, its requests handed to the WSGI app; the
    environ is built before the clock starts, so only the app is timed."""

    def __init__(self, app, meters: dict[str, Meter], seed: int):
        self.app, self.meters = app, meters
        self.rng, self.game = random.Random(seed), None

    def send(self, method, path, body=None, headers=None) -> tuple[int, bytes]:
        environ = EnvironBuilder(path=path, method=method, headers=headers or {},
                                 data=body.encode() if isinstance(body, str) else body).get_environ()
        environ["wsgi.input"] = io.BytesIO(environ["wsgi.input"].read())
        status = []
        meter = self.meters["action" if method == "POST" and path.endswith("/actions") else
                            "no-op" if path == "/livez" else "other"]
        with meter.timing():
            chunks = self.app(environ, lambda s, h, exc=None: status.append(s))
            data = b"".join(chunks)
            getattr(chunks, "close", lambda: None)()
        return int(status[0].split()[0]), data


def timed_appends(app, meter: Meter) -> None:
    """Time the append script's calls (the Recorder's registered Script) with `meter`."""
    recorder = app.extensions["iceberg"].commands.repository.recorder
    script = recorder._append

    def call(*args, **kwargs):
        with meter.timing():
            return script(*args, **kwargs)

    recorder._append = call


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--actions", type=int, default=20_000)
    parser.add_argument("--noops", type=int, default=20_000)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as data, RedisServer(data, appendfsync="always") as redis:
        app = create_app(Config(redis_url=redis.url, rate_limits=None))
        meters = {kind: Meter() for kind in ("action", "no-op", "other", "append call")}
        timed_appends(app, meters["append call"])
        client = InProcessClient(app, meters, seed=1)
        warm = 500
        for _ in range(warm):
            client.act()
        for meter in meters.values():
            meter.seconds, meter.calls = 0.0, 0
        while meters["action"].calls < args.actions:
            client.act()
        for _ in range(args.noops):
            client.noop()
    figures = {"actions timed": meters["action"].calls,
               "app CPU ms/action": meters["action"].per_call_ms(),
               "  of which the append call ms": meters["append call"].seconds * 1000 / max(1, meters["action"].calls),
               "app CPU ms/no-op (GET /livez)": meters["no-op"].per_call_ms()}
    for name, value in figures.items():
        print(f"{name:32}{value:10,.3f}" if isinstance(value, float) else f"{name:32}{value:10,}")


if __name__ == "__main__":
    main()
