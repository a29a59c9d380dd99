"""The HTTP server's edge under `iceberg serve` (gunicorn, gevent): a body
that trickles is cut at its deadline, one address holds at most its share of
the connections, a malformed chunked body is a 400 problem and no traceback,
and no token of any kind reaches the log, the access log included."""

import json
import re
import socket
import time

import pytest

from service.runtime.redis_server import free_port
from tests.serve_process import Serve, request

READ_S = 2  # the body's deadline here (ICEBERG_REQUEST_READ_S; 30 s by default)
CAP = 20  # connections of one address (ICEBERG_CLIENT_CONNECTIONS; 1,000 by default)
TOKEN = re.compile(r"\b(un|st|pt|iv|whsec)_[A-Za-z0-9_-]{6,}")


@pytest.fixture(scope="module")
def serve(tmp_path_factory):
    data = tmp_path_factory.mktemp("edge")
    server = Serve(data / "data", free_port(), log_file=data / "serve.log", ICEBERG_REQUEST_READ_S=str(READ_S),
                   ICEBERG_CLIENT_CONNECTIONS=str(CAP), ICEBERG_ACCESS_LOG="1", ICEBERG_RATE_LIMITS="off")
    server.wait_healthy()
    yield server
    server.stop()


def port_of(serve) -> int:
    return int(serve.url.rsplit(":", 1)[1])


def answer(sock, timeout: float) -> tuple[int, dict, bytes]:
    """(status, headers, body) of the one response the server sends, then closes (or -1 if none came)."""
    sock.settimeout(timeout)
    data = b""
    try:
        while chunk := sock.recv(65536):
            data += chunk
            head, sep, body = data.partition(b"\r\n\r\n")
            if sep:
                headers = dict(line.split(": ", 1) for line in head.decode("latin-1").split("\r\n")[1:])
                if len(body) >= int(headers.get("Content-Length", 0)):
                    return int(head.split()[1]), headers, body
    except (TimeoutError, ConnectionResetError):
        pass
    return -1, {}, data


def exchange(port: int, raw: bytes, timeout: float = 10, then_closed: bool = False) -> tuple[int, dict, bytes]:
    """One request's answer; with `then_closed`, also that nothing follows it before the server closes."""
    with socket.create_connection(("127.0.0.1", port), timeout=timeout) as s:
        s.sendall(raw)
        found = answer(s, timeout)
        if then_closed:
            s.settimeout(timeout)
            assert s.recv(65536) == b"", "more than one answer to one request"
        return found


MALFORMED = {
    "a chunk size that is not hex": b"zz\r\n{}\r\n0\r\n\r\n",
    "a chunk longer than its size": b"2\r\n{}{}{}\r\n0\r\n\r\n",
    "a chunk extension with a control": b"2;a\x01b\r\n{}\r\n0\r\n\r\n",
    "a negative size": b"-2\r\n{}\r\n0\r\n\r\n",
}


@pytest.mark.parametrize("form", sorted(MALFORMED))
def test_a_malformed_chunked_body_is_a_400_problem_and_no_traceback(serve, form):
    status, player = request(serve.url + "/players", "POST", {"name": "Ann"})
    assert status == 201
    status, game = request(serve.url + "/games", "POST", {"players": [{"player": "me"}, {"open": True}]},
                           player["token"])
    assert status == 201
    for method, path, token in (("POST", "/players", None), ("POST", "/games", None),
                                ("POST", f"/games/{game['id']}/join", None), ("PATCH", "/me", player["token"]),
                                ("POST", "/commitments", None)):
        auth = f"Authorization: Bearer {token}\r\n" if token else ""
        head = (f"{method} {path} HTTP/1.1\r\nHost: t\r\nContent-Type: application/json\r\n{auth}"
                "Transfer-Encoding: chunked\r\n\r\n").encode()
        status, headers, body = exchange(port_of(serve), head + MALFORMED[form], then_closed=True)
        if path == "/commitments":  # takes no body: answered, and the connection closed on what is left
            assert status == 201, (path, status, body)
            continue
        assert (status, headers.get("Content-Type")) == (400, "application/problem+json"), (path, status, body)
        assert json.loads(body)["code"] == "invalid_request"
    assert request(serve.url + "/healthz")[0] == 200
    assert "Traceback" not in serve.output()


SMUGGLING = {  # request framings that two servers could read differently: each hides a second request
    "a length and chunked": b"Content-Length: 4\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n",
    "two lengths": b"Content-Length: 0\r\nContent-Length: 44\r\n\r\n",
    "chunked disguised": b"Transfer-Encoding: xchunked\r\n\r\n",
    "chunked twice": b"Transfer-Encoding: chunked\r\nTransfer-Encoding: identity\r\n\r\n0\r\n\r\n",
    "a space before the colon": b"Transfer-Encoding : chunked\r\n\r\n0\r\n\r\n",
}


@pytest.mark.parametrize("form", sorted(SMUGGLING))
def test_an_ambiguous_framing_is_refused_and_what_it_hides_is_never_answered(serve, form):
    hidden = b"GET /healthz HTTP/1.1\r\nHost: t\r\n\r\n"
    raw = b"POST /players HTTP/1.1\r\nHost: t\r\nContent-Type: application/json\r\n" + SMUGGLING[form] + hidden
    with socket.create_connection(("127.0.0.1", port_of(serve)), timeout=10) as s:
        s.sendall(raw)
        status, headers, body = answer(s, 5)
        s.settimeout(5)
        rest = s.recv(65536)
    expected = 501 if form == "chunked disguised" else 400  # a coding it does not know: not implemented
    assert status == expected and headers.get("Content-Type") == "application/problem+json", (status, body)
    assert rest == b"", rest  # closed: the hidden request got no answer


def test_a_body_that_trickles_is_cut_at_its_deadline_with_a_408(serve):
    status, player = request(serve.url + "/players", "POST", {"name": "Slow"})
    head = (f"PATCH /me HTTP/1.1\r\nHost: t\r\nContent-Type: application/json\r\nContent-Length: 60000\r\n"
            f"Authorization: Bearer {player['token']}\r\n\r\n{{").encode()
    with socket.create_connection(("127.0.0.1", port_of(serve)), timeout=10) as s:
        s.sendall(head)
        started = time.monotonic()
        s.setblocking(False)
        while time.monotonic() - started < READ_S + 6:
            try:
                s.send(b" ")  # a byte every 0.2 s: never idle, never done
            except OSError:
                break  # the server closed it
            try:
                if s.recv(1, socket.MSG_PEEK):
                    break  # its answer has come
            except BlockingIOError:
                pass
            time.sleep(0.2)
        took = time.monotonic() - started
        s.setblocking(True)
        status, headers, body = answer(s, 5)
    assert status == 408 and json.loads(body)["code"] == "request_timeout", (status, body)
    assert READ_S - 0.5 <= took <= READ_S + 3, f"cut after {took:.1f} s"
    assert request(serve.url + "/me", token=player["token"])[1]["name"] == "Slow"  # nothing changed


def from_another_address(port: int) -> socket.socket:
    s = socket.socket()
    s.bind(("127.0.0.2", 0))
    s.settimeout(5)
    s.connect(("127.0.0.1", port))
    return s


def test_one_address_holds_at_most_its_share_of_connections_and_another_address_is_served(serve):
    port, held = port_of(serve), []
    try:
        for _ in range(CAP):  # each waiting for the body it announced
            held.append(from_another_address(port))
            held[-1].sendall(b"POST /players HTTP/1.1\r\nHost: t\r\nContent-Type: application/json\r\n"
                             b"Content-Length: 100\r\n\r\n{")
        time.sleep(0.3)  # all taken by the worker (within READ_S: none cut yet)
        with from_another_address(port) as one_more:
            status, headers, body = answer(one_more, 5)  # refused before a byte of it is read
        assert (status, json.loads(body)["code"], headers["Retry-After"]) == (429, "rate_limited", "1"), body
        assert request(serve.url + "/healthz")[0] == 200  # 127.0.0.1 is another client
    finally:
        for s in held:
            s.close()


def test_headers_that_trickle_are_cut_within_seconds(serve):
    with socket.create_connection(("127.0.0.1", port_of(serve)), timeout=10) as s:
        s.sendall(b"GET /healthz HTTP/1.1\r\nHost: t\r\n")
        started = time.monotonic()
        cut = False
        while time.monotonic() - started < 10 and not cut:
            try:
                s.sendall(b"X-Slow: 1\r\n")
                s.settimeout(0.3)
                cut = s.recv(1) == b""
            except TimeoutError:
                pass
            except OSError:
                cut = True
        took = time.monotonic() - started
    assert cut and took < 5, f"headers trickled for {took:.1f} s"


def test_no_token_of_any_kind_is_written_to_the_log(serve):
    status, player = request(serve.url + "/players", "POST", {"name": "Ann", "email": "ann@example.org"})
    status, game = request(serve.url + "/games", "POST", {"players": [{"player": "me"}, {"open": True}],
                                                          "name": "Logged"}, player["token"])
    status, joined = request(f"{serve.url}/games/{game['id']}/join", "POST", {"invite": game["invite"],
                                                                              "name": "Bo"})
    seat_token = joined["token"]
    link = "/unsubscribe/un_" + "A1b2C3d4" * 4  # as mails carry them (never one of a real player here)
    port = port_of(serve)
    exchange(port, f"GET {link} HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n".encode())
    # the page posts to itself: its address is also the Referer
    form = b"List-Unsubscribe=One-Click"
    exchange(port, (f"POST {link} HTTP/1.1\r\nHost: t\r\nReferer: http://t{link}\r\nConnection: close\r\n"
                    f"Content-Type: application/x-www-form-urlencoded\r\nContent-Length: {len(form)}\r\n\r\n"
                    ).encode() + form)
    with socket.create_connection(("127.0.0.1", port), timeout=10) as s:  # a stream opened by a browser
        s.sendall(f"GET /games/{game['id']}/stream?access_token={seat_token} HTTP/1.1\r\nHost: t\r\n\r\n".encode())
        s.settimeout(5)
        assert s.recv(1024).startswith(b"HTTP/1.1 200")
    exchange(port, f"GET /games/{seat_token} HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n".encode())
    exchange(port, f"GET /me?token={player['token']} HTTP/1.1\r\nHost: t\r\nReferer: http://t/?invite="
                   f"{game['invite']}\r\nConnection: close\r\n\r\n".encode())
    deadline = time.monotonic() + 10
    while "/me" not in serve.output() and time.monotonic() < deadline:
        time.sleep(0.1)  # the access log is written as each request ends
    log = serve.output()
    assert "/unsubscribe/un_…" in log and "/games/st_…" in log  # the requests were logged, without their tokens
    assert TOKEN.findall(log) == [] and player["token"] not in log and seat_token not in log
