"""service/runtime/gunicorn_workers.py's OneSendResponse: gunicorn's own response
writer on a real socket pair and a request gunicorn parsed, sending a
response's headers with its first body bytes in one `sendall`, and still
streaming, sending files and answering bodiless responses as gunicorn does."""

import socket

import pytest
from gunicorn.config import Config
from gunicorn.http.parser import RequestParser
from gunicorn.http.wsgi import FileWrapper

from service.runtime.gunicorn_workers import OneSendResponse


class Recording:
    """The server's end of the pair, noting each sendall (what one send puts on the wire)."""

    def __init__(self, sock):
        self.sock, self.sends = sock, []

    def sendall(self, data):
        self.sends.append(bytes(data))
        self.sock.sendall(data)

    def sendfile(self, file, offset=0, count=None):
        self.sends.append(("sendfile", count))
        return self.sock.sendfile(file, offset, count)

    def __getattr__(self, name):
        return getattr(self.sock, name)


@pytest.fixture
def pair():
    server, client = socket.socketpair()
    server.settimeout(5)
    client.settimeout(5)
    yield server, client
    server.close()
    client.close()


def response_to(pair, request: bytes) -> tuple[OneSendResponse, Recording]:
    server, client = pair
    client.sendall(request)
    cfg = Config()
    req = next(iter(RequestParser(cfg, server, ("127.0.0.1", 1))))
    recording = Recording(server)
    return OneSendResponse(req, recording, cfg), recording


def received(pair) -> bytes:
    _, client = pair
    client.settimeout(0.5)
    data = b""
    try:
        while chunk := client.recv(65536):
            data += chunk
    except TimeoutError:
        pass
    return data


def test_the_headers_and_a_whole_body_go_in_one_send(pair):
    resp, sock = response_to(pair, b"GET /games/g_1 HTTP/1.1\r\nHost: x\r\n\r\n")
    resp.start_response("200 OK", [("Content-Type", "application/json"), ("Content-Length", "11")])
    resp.write(b'{"ok":true}')
    resp.close()
    assert len(sock.sends) == 1
    assert sock.sends[0].startswith(b"HTTP/1.1 200 OK\r\n") and sock.sends[0].endswith(b'\r\n\r\n{"ok":true}')
    assert received(pair) == sock.sends[0]


def test_a_stream_sends_its_headers_with_the_first_chunk_then_each_chunk_as_it_comes(pair):
    resp, sock = response_to(pair, b"GET /games/g_1/stream HTTP/1.1\r\nHost: x\r\n\r\n")
    resp.start_response("200 OK", [("Content-Type", "text/event-stream")])  # no length: chunked
    resp.write(b"retry: 1000\n\n")
    assert len(sock.sends) == 1 and sock.sends[0].endswith(b"\r\n\r\nD\r\nretry: 1000\n\n\r\n")
    resp.write(b"id: 4\n\n")
    assert sock.sends[1] == b"7\r\nid: 4\n\n\r\n"  # at once: a stream is never held back
    resp.close()
    assert sock.sends[2] == b"0\r\n\r\n" and len(sock.sends) == 3


@pytest.mark.parametrize("method, status", [("HEAD", "200 OK"), ("GET", "304 Not Modified"), ("GET", "204 No Content")])
def test_a_response_without_a_body_sends_its_headers_once_at_the_end(pair, method, status):
    resp, sock = response_to(pair, f"{method} /games/g_1 HTTP/1.1\r\nHost: x\r\n\r\n".encode())
    resp.start_response(status, [("ETag", '"7"')])
    resp.write(b"")
    resp.close()
    assert len(sock.sends) == 1 and sock.sends[0].startswith(f"HTTP/1.1 {status}".encode())
    assert sock.sends[0].endswith(b"\r\n\r\n") and b'ETag: "7"' in sock.sends[0]


def test_a_file_goes_by_sendfile_after_its_headers(pair, tmp_path):
    page = tmp_path / "lobby.html"
    page.write_bytes(b"<!doctype html><title>Lobby</title>")
    resp, sock = response_to(pair, b"GET /play/ HTTP/1.1\r\nHost: x\r\n\r\n")
    resp.start_response("200 OK", [("Content-Type", "text/html"), ("Content-Length", "35")])
    with open(page, "rb") as f:
        resp.write_file(FileWrapper(f))
    resp.close()
    assert sock.sends[0].endswith(b"\r\n\r\n") and sock.sends[1] == ("sendfile", 35)
    assert received(pair).endswith(b"\r\n\r\n<!doctype html><title>Lobby</title>")
