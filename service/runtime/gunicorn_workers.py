"""gunicorn's worker classes, answering the errors gunicorn raises itself (a
request line or header section too large: 414, 431; a malformed request: 400)
as problem+json with a stable `code`, like every error of the API, instead of
gunicorn's HTML page.

gunicorn writes those answers with `gunicorn.util.write_error` before the
application sees the request; our worker classes replace that one function in
the worker process (the error handling around it, logging included, stays
gunicorn's own).

They also send each response's headers together with its first body bytes
(`OneSendResponse`): gunicorn sends them in two, each a system call, and
sending was a quarter of a gevent worker's profile under load. And the gevent
worker yields after each request, so that one keep-alive client cannot be
served over and over while the others wait (docs/performance.md has both
measured).
"""

import json
import uuid

import gevent
from gunicorn import util
from gunicorn.http import wsgi
from gunicorn.workers.ggevent import GeventWorker
from gunicorn.workers.gthread import ThreadWorker

#: status -> code, for the statuses gunicorn answers by itself
CODES = {400: "invalid_request", 403: "forbidden", 414: "uri_too_long", 417: "expectation_failed",
         431: "header_fields_too_large", 500: "internal_error", 501: "not_implemented"}


def problem_bytes(status: int, reason: str, detail: str) -> bytes:
    code = CODES.get(status, "invalid_request")
    body = json.dumps({"type": f"https://iceberg.invalid/problems/{code}", "title": reason, "status": status,
                       "detail": detail or reason, "code": code}).encode()
    head = (f"HTTP/1.1 {status} {reason}\r\nConnection: close\r\nContent-Type: application/problem+json\r\n"
            f"Content-Length: {len(body)}\r\nX-Request-Id: {uuid.uuid4().hex}\r\n\r\n")
    return head.encode("latin-1") + body


def write_problem(sock, status_int, reason, mesg) -> None:
    util.write_nonblock(sock, problem_bytes(int(status_int), reason, mesg))


class _Held:
    """Stands in for the socket while gunicorn writes a response's headers: keeps them."""

    def __init__(self):
        self.parts = []

    def sendall(self, data: bytes) -> None:
        self.parts.append(data)


class OneSendResponse(wsgi.Response):
    """gunicorn's response, holding the headers back until the first body bytes
    (framed as gunicorn frames them) or the end of the response, and sending
    both in one `sendall`. A streamed response still goes out chunk by chunk:
    the headers never wait for more than the first one (gunicorn too sends them
    only at the first write)."""

    held: _Held | None = None
    hold = True  # False once a file is sent with sendfile, which writes to the socket itself

    def send_headers(self):
        if self.headers_sent or not self.hold:
            return super().send_headers()
        sock, self.sock, self.held = self.sock, _Held(), None
        try:
            super().send_headers()
            self.held = self.sock
        finally:
            self.sock = sock

    def _emit_body(self, data):
        if self.held is None:
            return super()._emit_body(data)
        held, self.held = self.held, None
        util.write(held, data, self.chunked)
        self.sock.sendall(b"".join(held.parts))

    def flush_headers(self) -> None:
        if self.held is not None:
            held, self.held = self.held, None
            self.sock.sendall(b"".join(held.parts))

    def sendfile(self, respiter):
        self.flush_headers()
        self.hold = False
        return super().sendfile(respiter)

    def close(self):
        self.send_headers()
        self.flush_headers()
        super().close()


def install() -> None:
    """In a worker process: gunicorn's own errors as problem+json, one send per response."""
    util.write_error = write_problem
    wsgi.Response = OneSendResponse  # `wsgi.create` builds the response it names


class ProblemGeventWorker(GeventWorker):
    def init_process(self):
        install()
        super().init_process()

    # A keep-alive connection whose next request is already waiting would be
    # served again and again without the greenlet ever blocking; yielding after
    # each request lets every other connection's turn come first.
    def handle_request(self, listener_name, req, sock, addr):
        try:
            return super().handle_request(listener_name, req, sock, addr)
        finally:
            gevent.sleep(0)

    # Told to stop, the worker first answers its long-polls and ends its streams
    # (the Hub's close), or its graceful shutdown would wait for each to time out.
    def handle_exit(self, sig, frame):
        gevent.spawn(release_waiters, self.wsgi)
        super().handle_exit(sig, frame)

    def handle_quit(self, sig, frame):
        gevent.spawn(release_waiters, self.wsgi)
        super().handle_quit(sig, frame)


def release_waiters(app) -> None:
    services = getattr(app, "extensions", {}).get("iceberg")
    if services is not None:
        services.hub.close()


class ProblemThreadWorker(ThreadWorker):
    def init_process(self):
        install()
        super().init_process()
