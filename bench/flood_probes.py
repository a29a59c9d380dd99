"""What bench/floods.py's scenarios share: the server under test (`iceberg serve` as
a real process on loopback), the requests and probes of the client that is not
flooding (from an address of its own), and their figures."""

import http.client
import json
import os
import resource
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

BIN = Path(sys.executable).parent
ADMIN = "bench-admin-" + "x" * 32
ENDLESS = {"max_hands": 1000, "target_score": 1000000}
SIX_BOTS = [{"name": f"B{i}", "bot": "greedy"} for i in range(6)]
TIMEOUT = 10.0  # a probe that takes longer counts as this long
EXTRA_ENV: dict[str, str] = {}  # --env NAME=VALUE: more settings for every server of the run
# the probes open a connection a request (no keep-alive), 15-30 a second from one address: where the
# flood is not one of new connections, the rate of new connections per address is not what is measured
PROBES_UNPACED = {"ICEBERG_CLIENT_CONNECTION_RATE": "0"}


def pct(values, q) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(q * len(values)))] if values else float("nan")


def summary(values) -> str:
    return (f"p50 {pct(values, .5) * 1000:7.1f} ms  p95 {pct(values, .95) * 1000:7.1f} ms  "
            f"max {max(values, default=float('nan')) * 1000:7.1f} ms  (n={len(values)})")


# --- the server and a client ---------------------------------------------------------------

class Server:
    """`iceberg serve` with its defaults, but for `env`, its output in data/serve.log."""

    def __init__(self, data: Path, args=(), **env):
        from service.runtime.redis_server import free_port

        self.data, self.port = data, free_port()
        environ = {k: v for k, v in os.environ.items() if not k.startswith("ICEBERG_")}
        environ.update(ICEBERG_DATA_DIR=str(data / "data"), ICEBERG_ADMIN_TOKEN=ADMIN, **EXTRA_ENV, **env)
        self.log = open(data / "serve.log", "ab")
        self.process = subprocess.Popen([str(BIN / "iceberg"), "serve", "--port", str(self.port), *args],
                                        env=environ, stdout=self.log, stderr=subprocess.STDOUT,
                                        start_new_session=True)
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            assert self.process.poll() is None, (data / "serve.log").read_text()[-3000:]
            try:
                if call(self.port, "GET", "/healthz", timeout=2)[0] == 200:
                    return
            except OSError:
                pass
            time.sleep(0.2)
        raise RuntimeError("iceberg serve did not become healthy")

    def redis(self):
        """A client of the embedded Redis (its port and password are in the data directory)."""
        from service.runtime.redis_server import REDIS_PASSWORD, REDIS_PORT
        from service.wiring import connect

        data = self.data / "data"
        port, password = (data / REDIS_PORT).read_text().strip(), (data / REDIS_PASSWORD).read_text().strip()
        return connect(f"redis://:{password}@127.0.0.1:{port}/0")

    def aof_bytes(self) -> int:
        return sum(p.stat().st_size for p in (self.data / "data").rglob("*") if "appendonly" in p.name and p.is_file())

    def stop(self) -> None:
        self.process.send_signal(signal.SIGTERM)
        try:
            self.process.wait(timeout=40)
        except subprocess.TimeoutExpired:
            os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait(timeout=10)
        self.log.close()


def call(port, method, path, body=None, token=None, source="127.0.0.1", timeout=TIMEOUT):
    """One request on its own connection: (status, parsed JSON or None, seconds)."""
    started = time.monotonic()
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout, source_address=(source, 0))
    try:
        headers = {"Content-Type": "application/json"}
        if token:
            headers["Authorization"] = f"Bearer {token}"
        conn.request(method, path, json.dumps(body) if body is not None else None, headers)
        response = conn.getresponse()
        raw = response.read()
        try:
            payload = json.loads(raw) if raw else None
        except ValueError:
            payload = None
        return response.status, payload, time.monotonic() - started
    finally:
        conn.close()


def ok(port, method, path, body=None, token=None, source="127.0.0.1"):
    status, payload, _ = call(port, method, path, body, token, source)
    assert status in (200, 201), (method, path, status, payload)
    return payload


class Table:
    """A game of people, played by whoever is to move, over HTTP."""

    def __init__(self, port, players, source="127.0.0.1", rules=None):
        self.port, self.source = port, source
        self._new(players, rules)

    def _new(self, players, rules):
        body = {"players": players} | ({"rules": rules} if rules else {})
        created = ok(self.port, "POST", "/games", body, source=self.source)
        self.id, self.tokens, self.players, self.rules = created["id"], [s.get("token") for s in created["seats"]], \
            players, rules

    def seat_to_move(self):
        table = ok(self.port, "GET", f"/games/{self.id}", source=self.source)
        if table["status"] == "finished":  # a new game in its place
            self._new(self.players, self.rules)
            table = ok(self.port, "GET", f"/games/{self.id}", source=self.source)
        return table["turn"]["seat"]

    def action_of(self, seat):
        view = ok(self.port, "GET", f"/games/{self.id}/view", token=self.tokens[seat], source=self.source)
        return next((a for kind in ("pickup", "draw", "discard") for a in view["actions"] if a["type"] == kind), None)

    def act(self) -> float:
        """One action of whoever is to move: the seconds its POST took (TIMEOUT if it failed)."""
        try:
            seat = self.seat_to_move()
            action = self.action_of(seat)
            if action is None:
                return 0.0
            status, _, took = call(self.port, "POST", f"/games/{self.id}/actions", action, self.tokens[seat],
                                   self.source)
            return took if status == 201 else TIMEOUT
        except (OSError, AssertionError):
            return TIMEOUT

    def play_turn(self, seat) -> None:
        """Pick up or draw, then discard."""
        for _ in range(4):
            action = self.action_of(seat)
            if action is None:
                return
            ok(self.port, "POST", f"/games/{self.id}/actions", action, self.tokens[seat], self.source)
            if action["type"] == "discard":
                return


def probing(fn, every: float, until: threading.Event, found: list) -> threading.Thread:
    """Run fn every `every` s until told: (when it started, seconds it took) into `found`."""

    def loop():
        while not until.is_set():
            started = time.monotonic()
            try:
                took = fn()
            except (OSError, AssertionError):
                took = TIMEOUT
            found.append((started, min(took, TIMEOUT)))
            until.wait(max(0.0, every - (time.monotonic() - started)))

    thread = threading.Thread(target=loop, daemon=True)
    thread.start()
    return thread


def health(port, source="127.0.0.1") -> float:
    status, _, took = call(port, "GET", "/healthz", source=source)
    return took if status == 200 else TIMEOUT


def lift_file_limit() -> int:
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    return hard


# --- slow bodies -----------------------------------------------------------------------------

#: a body the application waits for (registering needs no token; the create class refuses past its limit
#: before reading the body, so with the default limits most are answered 429 at once)
