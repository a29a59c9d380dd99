"""`iceberg serve --metrics-port`: one Prometheus exposition summed over every
process (two gunicorn workers here, and the RQ workers), served by a server of
its own on loopback, never on the API's port (docs/operations.md, "Metrics")."""

import shutil
import subprocess
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest
from prometheus_client import CollectorRegistry, multiprocess
from prometheus_client.parser import text_string_to_metric_families

from service.runtime.redis_server import free_port
from tests.builders import stacked_deck
from tests.serve_process import Serve, request

ADMIN = "metrics-admin-token"
NO_QUICK_OUT = stacked_deck([["2S", "2H", "5D", "9C", "KH", "7S", "4C"], ["3D", "6H", "8S", "JD", "QC", "10S", "4H"]],
                            ["9H"])
ACTIONS = 40


def scrape(port: int) -> dict:
    """{(sample name, sorted labels): value} of the exposition."""
    with urllib.request.urlopen(f"http://127.0.0.1:{port}/metrics", timeout=10) as response:
        assert response.status == 200
        text = response.read().decode()
    return {(s.name, tuple(sorted(s.labels.items()))): s.value
            for family in text_string_to_metric_families(text) for s in family.samples}


def value(samples: dict, name: str, **labels) -> float:
    return samples.get((name, tuple(sorted(labels.items()))), 0.0)


def children(pid: int) -> list[int]:
    out = subprocess.run(["ps", "-o", "pid=", "--ppid", str(pid)], capture_output=True, text=True).stdout
    return [int(p) for p in out.split()]


def gunicorn_workers(serve) -> list[int]:
    master = next(pid for pid in children(serve.process.pid)
                  if b"gunicorn" in Path(f"/proc/{pid}/cmdline").read_bytes())
    return children(master)


def per_process(directory: Path, pid: int, tmp_path: Path) -> dict:
    """What one process alone counted: its own file, summed on its own."""
    alone = tmp_path / f"alone-{pid}"
    alone.mkdir()
    for path in directory.glob(f"counter_{pid}.db"):
        shutil.copy(path, alone / path.name)
    registry = CollectorRegistry()
    multiprocess.MultiProcessCollector(registry, path=str(alone))
    return {(s.name, tuple(sorted(s.labels.items()))): s.value
            for family in registry.collect() for s in family.samples}


@pytest.fixture
def served(tmp_path):
    port = free_port()
    serve = Serve(tmp_path / "data", free_port(), log_file=tmp_path / "serve.log",
                  args=("--workers", "2", "--metrics-port", str(port)), ICEBERG_ADMIN_TOKEN=ADMIN,
                  ICEBERG_WEBHOOK_ALLOW_PRIVATE="1")
    serve.wait_healthy()
    yield serve, port
    code, output = serve.stop()
    assert code == 0, output


def play(serve, games: list[dict], actions: int) -> int:
    """Take `actions` actions, in turn over `games` (the seat to move plays its first legal action)."""
    posted = 0
    while posted < actions:
        for created in games:
            game, tokens = created["id"], [s["token"] for s in created["seats"]]
            table = request(f"{serve.url}/games/{game}")[1]
            token = tokens[table["turn"]["seat"]]
            action = request(f"{serve.url}/games/{game}/view", token=token)[1]["actions"][0]
            status, answer = request(f"{serve.url}/games/{game}/actions", "POST", action, token)
            assert status == 201, answer
            posted += 1
    return posted


def test_the_exposition_sums_every_process_and_the_api_port_has_no_metrics(served, tmp_path):
    serve, port = served
    people = {"players": [{"name": "Ann"}, {"name": "Bo"}]}
    games = [request(serve.url + "/games", "POST", people)[1] for _ in range(2)]
    closed = free_port()  # nothing listens: every notice to it fails
    hook = request(f"{serve.url}/games/{games[0]['id']}/seats/1/webhook", "PUT",
                   {"url": f"http://127.0.0.1:{closed}/hook"}, games[0]["seats"][1]["token"])
    assert hook[0] == 200, hook
    posted = play(serve, games, ACTIONS)
    workers = gunicorn_workers(serve)
    assert len(workers) == 2
    directory = tmp_path / "data" / "metrics"
    for _ in range(300):  # more plain reads until both processes have served some (the kernel picks)
        if all((directory / f"counter_{pid}.db").exists() for pid in workers):
            break
        request(f"{serve.url}/games/{games[0]['id']}")
    alone = [per_process(directory, pid, tmp_path) for pid in workers]

    samples = scrape(port)
    actions = value(samples, "iceberg_http_requests_total", route="/games/{id}/actions", method="POST", status="201")
    assert actions == posted == ACTIONS
    assert value(samples, "iceberg_action_seconds_count") == posted
    assert value(samples, "iceberg_action_seconds_bucket", le="+Inf") == posted
    # the exposition is the sum of the two processes, and both counted requests
    reads = ("iceberg_http_requests_total", (("method", "GET"), ("route", "/games/{id}"), ("status", "200")))
    assert all(counted.get(reads, 0) > 0 for counted in alone)
    assert samples[reads] >= sum(counted[reads] for counted in alone)
    assert sum(counted.get(("iceberg_http_requests_total", (("method", "POST"), ("route", "/games/{id}/actions"),
                                                            ("status", "201"))), 0) for counted in alone) == posted
    assert value(samples, "iceberg_games_active") == 2
    assert value(samples, "iceberg_redis_up") == 1
    assert ("iceberg_queue_depth", (("queue", "iceberg"),)) in samples
    assert ("iceberg_jobs_failed", (("queue", "notices"),)) in samples

    deadline = time.monotonic() + 20  # the seat's notices fail, each attempt counted by the notices worker
    while value(scrape(port), "iceberg_notices_failed_total", channel="seat") < 1:
        assert time.monotonic() < deadline, "no failed notice counted"
        time.sleep(0.2)

    status, body = request(serve.url + "/metrics")
    assert status == 404 and body["code"] == "not_found"
    with pytest.raises(urllib.error.HTTPError) as elsewhere:
        urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=5)
    assert elsewhere.value.code == 404


def test_a_bot_game_s_jobs_and_the_waiting_clients_show(served):
    serve, port = served
    bots = [{"name": f"B{i}", "bot": "greedy"} for i in range(2)]
    # a deal in which neither bot can go out on its first turn (one pair, no pair): dealt at random,
    # the first bot sometimes went out at once, the one hand ended, and one turn was all there was
    status, created = request(serve.url + "/games", "POST", {"players": bots, "rules": {"hands": 1},
                                                             "deck": list(NO_QUICK_OUT)}, token=ADMIN)
    assert status == 201, created
    deadline = time.monotonic() + 60
    while request(f"{serve.url}/games/{created['id']}")[1]["status"] != "finished":
        assert time.monotonic() < deadline
        time.sleep(0.2)
    # each bot turn is a job (a game of bots only has a queue of its own), counted
    # once it returns (just after its append): both bots played at least one
    # turn; how many depends on the deal
    deadline = time.monotonic() + 10
    while value(samples := scrape(port), "iceberg_jobs_total", queue="bot-games", job="play_bot_turn",
                outcome="ok") < 2:
        assert time.monotonic() < deadline, "the bot turns are not counted"
        time.sleep(0.1)
    assert value(samples, "iceberg_games_active") == 0

    people = request(serve.url + "/games", "POST", {"players": [{"name": "Ann"}, {"name": "Bo"}]})[1]
    game, token = people["id"], people["seats"][0]["token"]
    waited = threading.Thread(target=request, args=(f"{serve.url}/games/{game}/events?after={people['version']}"
                                                    "&wait=20",), daemon=True)
    waited.start()
    deadline = time.monotonic() + 10
    while value(scrape(port), "iceberg_waiting_clients", kind="long_poll") != 1:
        assert time.monotonic() < deadline, "the long-poll is not counted"
        time.sleep(0.1)
    action = request(f"{serve.url}/games/{game}/view", token=token)[1]["actions"][0]
    assert request(f"{serve.url}/games/{game}/actions", "POST", action, token)[0] == 201
    waited.join(timeout=10)
    assert value(scrape(port), "iceberg_waiting_clients", kind="long_poll") == 0


def listening_on(port: int) -> list[str]:
    """The IPv4 addresses a socket listens on at `port` (/proc/net/tcp: state 0A is LISTEN)."""
    found = []
    for line in Path("/proc/net/tcp").read_text().splitlines()[1:]:
        local, state = line.split()[1], line.split()[3]
        address, hex_port = local.split(":")
        if state == "0A" and int(hex_port, 16) == port:
            found.append(".".join(str(b) for b in reversed(bytes.fromhex(address))))
    return found


def test_the_metrics_server_listens_on_loopback_by_default(served):
    serve, port = served
    assert f"metrics on http://127.0.0.1:{port}/metrics" in serve.output()
    assert listening_on(port) == ["127.0.0.1"]
