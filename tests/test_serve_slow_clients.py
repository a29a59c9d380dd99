"""Slow clients cannot hold the server: under `iceberg serve` (gevent workers,
one process), 100 connections trickling their headers or their bodies a few
bytes at a time do not delay a normal request by more than a second."""

import socket
import threading
import time

from service.runtime.redis_server import free_port
from tests.test_serve import Serve, request

TRICKLERS = 100


def trickle(port, stop: threading.Event, opened: list):
    """Half the connections send a header line now and then and never end their
    headers; half announce a body and send it a byte at a time."""
    sockets = []
    for i in range(TRICKLERS):
        s = socket.create_connection(("127.0.0.1", port), timeout=5)
        if i % 2:
            s.sendall(b"GET /healthz HTTP/1.1\r\nHost: x\r\n")
        else:
            s.sendall(b"POST /games HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                      b"Content-Length: 100000\r\n\r\n{")
        sockets.append(s)
    opened.append(len(sockets))
    while not stop.is_set():
        for i, s in enumerate(sockets):
            try:
                s.sendall(b"X-Slow: 1\r\n" if i % 2 else b" ")
            except OSError:
                pass  # the server may drop a client that is too slow: that is allowed
        stop.wait(0.5)
    for s in sockets:
        s.close()


def test_trickling_clients_do_not_delay_a_normal_request(tmp_path):
    # every client here is on loopback: rate limits would refuse the measuring
    # client for the tricklers' requests, which is not what this test measures
    serve = Serve(tmp_path / "data", free_port(), ICEBERG_RATE_LIMITS="off")
    stop, opened = threading.Event(), []
    try:
        serve.wait_healthy()
        port = int(serve.url.rsplit(":", 1)[1])
        slow = threading.Thread(target=trickle, args=(port, stop, opened), daemon=True)
        slow.start()
        deadline = time.monotonic() + 10
        while not opened and time.monotonic() < deadline:
            time.sleep(0.05)
        assert opened == [TRICKLERS]
        time.sleep(1)  # every slow client is in the middle of its request
        worst = 0.0
        for _ in range(10):
            started = time.monotonic()
            status, created = request(serve.url + "/games", "POST", {"players": [{"name": "A"}, {"name": "B"}]})
            assert status == 201
            status, _ = request(f"{serve.url}/games/{created['id']}")
            assert status == 200
            worst = max(worst, time.monotonic() - started)
            time.sleep(0.2)
        assert worst < 1.0, f"a normal request took {worst:.2f} s beside {TRICKLERS} slow clients"
    finally:
        stop.set()
        serve.stop()


def _raw(port: int, request: bytes) -> tuple[int, dict, dict]:
    """(status, headers, JSON body) of one raw HTTP/1.1 exchange."""
    import json

    with socket.create_connection(("127.0.0.1", port), timeout=10) as s:
        s.sendall(request)
        answer = b""
        while chunk := s.recv(65536):
            answer += chunk
    head, _, body = answer.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    headers = dict(line.split(": ", 1) for line in lines[1:])
    return int(lines[0].split()[1]), headers, json.loads(body)


def test_requests_too_large_for_the_http_server_get_problem_json(tmp_path):
    """gunicorn refuses an overlong request line (414) or header section (431)
    before the app sees it: still problem+json with a stable code, as every error."""
    serve = Serve(tmp_path / "data", free_port())
    try:
        serve.wait_healthy()
        port = int(serve.url.rsplit(":", 1)[1])
        # sizes that gunicorn reads whole before refusing: a close with unread
        # data would reset the connection and could drop the answer
        status, headers, body = _raw(port, b"GET /games/" + b"x" * 5000 + b" HTTP/1.1\r\nHost: t\r\n\r\n")
        assert (status, headers["Content-Type"], body["code"]) == (414, "application/problem+json", "uri_too_long")
        assert headers["X-Request-Id"]
        many = b"".join(b"X-F%d: y\r\n" % i for i in range(120))  # more header fields than the 100 allowed
        status, headers, body = _raw(port, b"GET /healthz HTTP/1.1\r\nHost: t\r\n" + many + b"\r\n")
        assert (status, headers["Content-Type"], body["code"]) == \
            (431, "application/problem+json", "header_fields_too_large")
        assert body["status"] == 431 and body["detail"]
    finally:
        serve.stop()
