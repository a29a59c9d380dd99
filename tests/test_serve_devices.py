"""A revoked token is refused at once by every process: under `iceberg serve`
with two gunicorn worker processes, kept-alive connections held by both (which
process holds each is read from /proc) use a second device's token, it is
revoked, and the very next request on every connection is 401."""

import http.client
import json
import os
import time
from pathlib import Path

from service.runtime.redis_server import free_port
from tests.test_serve import Serve, request


def owner_of(connection: http.client.HTTPConnection, server_port: int) -> int | None:
    """The pid of the server process holding the other end of this connection."""
    client_port = connection.sock.getsockname()[1]
    inode = None
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        for line in Path(table).read_text().splitlines()[1:]:
            fields = line.split()
            local, remote = fields[1].rsplit(":", 1)[1], fields[2].rsplit(":", 1)[1]
            if int(local, 16) == server_port and int(remote, 16) == client_port:
                inode = fields[9]
    if inode is None:
        return None
    for pid in filter(str.isdigit, os.listdir("/proc")):
        try:
            if any(os.readlink(f"/proc/{pid}/fd/{fd}") == f"socket:[{inode}]" for fd in os.listdir(f"/proc/{pid}/fd")):
                return int(pid)
        except OSError:
            continue
    return None


def get_me(connection, token) -> int:
    connection.request("GET", "/me", headers={"Authorization": f"Bearer {token}"})
    response = connection.getresponse()
    json.loads(response.read())
    return response.status


def test_a_revoked_token_is_refused_at_once_by_both_server_processes(tmp_path):
    port = free_port()
    serve = Serve(tmp_path / "data", port, log_file=tmp_path / "serve.log", args=("--workers", "2", "--threads", "2"),
                  ICEBERG_RATE_LIMITS="off")
    connections = []
    try:
        serve.wait_healthy()
        status, ann = request(serve.url + "/players", "POST", {"name": "Ann"})
        assert status == 201
        status, phone = request(serve.url + "/me/tokens", "POST", {"label": "phone"}, ann["token"])
        assert status == 201
        owners = set()
        deadline = time.monotonic() + 30
        while len(owners) < 2:  # connections until both processes hold some, each having served the token
            assert time.monotonic() < deadline, f"one process took every connection: {owners}"
            connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
            assert get_me(connection, phone["token"]) == 200
            connections.append(connection)
            owners.add(owner_of(connection, port))
        owners.discard(None)
        assert len(owners) == 2
        revoke = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
        revoke.request("DELETE", f"/me/tokens/{phone['id']}", headers={"Authorization": f"Bearer {ann['token']}"})
        assert revoke.getresponse().status == 204
        refused = {}
        for connection in connections:
            refused[owner_of(connection, port)] = get_me(connection, phone["token"])
        seen = {pid for pid in refused if pid is not None}
        assert set(refused.values()) == {401}
        assert len(seen) == 2, f"both processes answered after the revocation: {refused}"
        assert request(serve.url + "/me", token=ann["token"])[0] == 200  # her other token still works
    finally:
        for connection in connections:
            connection.close()
        serve.stop()
