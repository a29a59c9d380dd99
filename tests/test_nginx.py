"""The nginx site of docs/operations.md ("Behind a reverse proxy"), run as it is
written there (its block read from the page, only its two addresses moved to
free loopback ports) in front of a real `iceberg serve` with
ICEBERG_TRUSTED_PROXIES=1: a stream through it delivers an event within a
second of the action, and the rate limits see each client's own address
(clients connect from different loopback addresses, 127.0.0.2 and 127.0.0.3),
not nginx's, nor one a client writes into X-Forwarded-For itself.

Debian's nginx: the machine's, else installed as root with apt-get
(tests/debian.py), as the browser tests bring Chromium."""

import http.client
import json
import os
import re
import shutil
import signal
import socket
import subprocess
import threading
import time
from pathlib import Path

import pytest

from service.runtime.redis_server import free_port
from tests import debian
from tests.serve_process import Serve, request

ROOT = Path(__file__).resolve().parent.parent
ADMIN = "nginx-admin-token"


def site_from_the_docs() -> str:
    page = (ROOT / "docs" / "operations.md").read_text()
    section = page.split("## Behind a reverse proxy", 1)[1].split("\n## ", 1)[0]
    (block,) = re.findall(r"```nginx\n(.*?)```", section, re.S)
    return block


def nginx_binary() -> str:
    def found():  # /usr/sbin is not on every PATH
        return shutil.which("nginx") or shutil.which("nginx", path="/usr/sbin")

    if found() is None:
        debian.install("nginx")
    if found() is None:
        pytest.fail("these tests need nginx and found none; as root: `apt-get install nginx`", pytrace=False)
    return found()


class Nginx:
    """nginx in the foreground with the documented site, its files in `where`."""

    def __init__(self, where: Path, site: str, port: int, upstream: int):
        self.port = port
        site = site.replace("listen 80;", f"listen 127.0.0.1:{port};")
        site = site.replace("server 127.0.0.1:8000;", f"server 127.0.0.1:{upstream};")
        assert f"127.0.0.1:{port}" in site and f"127.0.0.1:{upstream}" in site, "the documented block changed"
        temp = where / "temp"
        temp.mkdir()
        paths = "\n".join(f"    {name}_temp_path {temp / name};" for name in
                          ("client_body", "proxy", "fastcgi", "uwsgi", "scgi"))
        user = "user root root;\n" if os.geteuid() == 0 else ""  # root's workers would be nobody's otherwise
        (where / "nginx.conf").write_text(
            f"{user}daemon off;\nworker_processes 1;\npid {where / 'nginx.pid'};\n"
            f"error_log {where / 'error.log'} info;\nevents {{ worker_connections 256; }}\n"
            f"http {{\n    access_log {where / 'access.log'};\n{paths}\n{site}\n}}\n")
        self.process = subprocess.Popen([nginx_binary(), "-p", str(where), "-c", str(where / "nginx.conf")],
                                        stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
        self.where = where
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            assert self.process.poll() is None, self.process.stdout.read().decode() + self.log()
            try:
                with socket.create_connection(("127.0.0.1", port), timeout=1):
                    return
            except OSError:
                time.sleep(0.05)
        raise AssertionError("nginx did not listen: " + self.log())

    def log(self) -> str:
        path = self.where / "error.log"
        return path.read_text() if path.exists() else ""

    def stop(self) -> None:
        self.process.send_signal(signal.SIGQUIT)
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()


def call(port: int, method: str, path: str, body=None, token=None, source="127.0.0.2", headers=None):
    """A request to nginx from the loopback address `source`: (status, JSON body)."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10, source_address=(source, 0))
    sent = {"Content-Type": "application/json", **(headers or {})}
    if token:
        sent["Authorization"] = f"Bearer {token}"
    try:
        connection.request(method, path, body=json.dumps(body) if body is not None else None, headers=sent)
        response = connection.getresponse()
        return response.status, json.loads(response.read() or b"null")
    finally:
        connection.close()


@pytest.fixture
def site(tmp_path):
    api = free_port()
    serve = Serve(tmp_path / "data", api, ICEBERG_ADMIN_TOKEN=ADMIN, ICEBERG_TRUSTED_PROXIES="1",
                  ICEBERG_RATE_LIMIT_CREATE="2/minute")
    serve.wait_healthy()
    (tmp_path / "nginx").mkdir()
    nginx = Nginx(tmp_path / "nginx", site_from_the_docs(), free_port(), api)
    yield nginx, serve
    nginx.stop()
    code, output = serve.stop()
    assert code == 0, output


def test_a_stream_through_the_documented_site_delivers_an_event_within_a_second(site):
    nginx, serve = site
    status, created = call(nginx.port, "POST", "/games", {"players": [{"name": "Ann"}, {"name": "Bo"}]})
    assert status == 201, created
    game, token = created["id"], created["seats"][0]["token"]
    stream = http.client.HTTPConnection("127.0.0.1", nginx.port, timeout=10)
    stream.request("GET", f"/games/{game}/stream?after={created['version']}", headers={"Authorization": f"Bearer {token}"})
    response = stream.getresponse()
    assert response.status == 200 and response.getheader("Content-Type").startswith("text/event-stream")
    assert response.readline().startswith(b"retry:")  # the opening lines came through at once, not buffered
    arrived = {}

    def read():
        for line in iter(response.readline, b""):
            if line.startswith(b"event:"):
                arrived["event"], arrived["at"] = line.decode().split(":", 1)[1].strip(), time.monotonic()
                return

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    time.sleep(0.3)  # the stream is waiting, parked in the server
    action = call(nginx.port, "GET", f"/games/{game}/view", token=token)[1]["actions"][0]
    status, answer = call(nginx.port, "POST", f"/games/{game}/actions", action, token)
    acted = time.monotonic()
    assert status == 201, answer
    reader.join(timeout=5)
    stream.close()
    assert arrived, "no event came through the proxy"
    assert arrived["event"] == answer["events"][0]["type"]
    assert arrived["at"] - acted < 1.0


def test_a_long_poll_through_the_documented_site_answers_when_the_event_comes(site):
    nginx, _ = site
    created = call(nginx.port, "POST", "/games", {"players": [{"name": "Ann"}, {"name": "Bo"}]})[1]
    game, token = created["id"], created["seats"][0]["token"]
    answer = {}

    def poll():
        answer["response"] = call(nginx.port, "GET", f"/games/{game}/events?after={created['version']}&wait=20")
        answer["at"] = time.monotonic()

    poller = threading.Thread(target=poll, daemon=True)
    poller.start()
    time.sleep(0.5)
    action = call(nginx.port, "GET", f"/games/{game}/view", token=token)[1]["actions"][0]
    assert call(nginx.port, "POST", f"/games/{game}/actions", action, token)[0] == 201
    acted = time.monotonic()
    poller.join(timeout=10)
    status, page = answer["response"]
    assert status == 200 and page["events"] and answer["at"] - acted < 1.0


def test_the_limits_see_each_client_s_own_address_through_the_documented_site(site):
    nginx, serve = site
    players = {"players": [{"name": "Ann"}, {"name": "Bo"}]}
    for _ in range(2):
        assert call(nginx.port, "POST", "/games", players, source="127.0.0.2")[0] == 201
    # an address written by the client itself is not believed: still 127.0.0.2's third
    status, refused = call(nginx.port, "POST", "/games", players, source="127.0.0.2",
                           headers={"X-Forwarded-For": "198.51.100.9"})
    assert status == 429 and refused["code"] == "rate_limited"
    assert call(nginx.port, "POST", "/games", players, source="127.0.0.3")[0] == 201  # another client
    # straight to the server, the same address nginx uses: nginx's own limit is untouched
    assert request(serve.url + "/games", "POST", players)[0] == 201
