"""gunicorn's worker classes, answering the errors gunicorn raises itself (a
request line or header section too large: 414, 431; a malformed request: 400)
as problem+json with a stable `code`, like every error of the API, instead of
gunicorn's HTML page.

No client can hold the server by being slow or many (docs/operations.md,
"Slow and greedy clients"):

- A request's headers must arrive within gunicorn's keep-alive time (2 s by
  default: the gevent worker reads every request's headers under it) and its
  body within ICEBERG_REQUEST_READ_S (30 s) of its headers, however it
  trickles: the body's socket reads share one deadline (`Deadline`). Past it
  the application gets a `TimeoutError` (its answer: 408) and the connection
  is closed; a body whose framing is broken (a malformed chunk) is an
  `OSError` (400), the connection closed too.
- A gevent worker holds at most ICEBERG_CLIENT_CONNECTIONS (1,000)
  connections of one client address (an IPv6 address counts by its /64): the
  next is answered 429 and closed at once, so one address cannot fill the
  worker's pool (--connections, 10,000) while others wait to be accepted.
- And it takes at most ICEBERG_CLIENT_CONNECTION_RATE (20) new connections a
  second from one address, ICEBERG_CLIENT_CONNECTION_BURST (40) at once
  (service/runtime/connection_rate.py). Both are checked in gevent's accept
  loop (`AdmittingServer`), before a greenlet is spawned or a byte read: a
  refused connection is a 429 written without waiting and a close, so a
  burst of connections from one address costs the worker almost nothing
  beyond the few it takes.

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
import time
import uuid
from collections import Counter

import gevent
from gunicorn import glogging, util
from gunicorn.http import errors as http_errors
from gunicorn.http import wsgi
from gunicorn.workers import ggevent
from gunicorn.workers.ggevent import GeventWorker
from gunicorn.workers.gthread import ThreadWorker

from ..config import Config
from ..http.clients import client_key
from .connection_rate import NewConnections
from .logs import redact

#: status -> code, for the statuses gunicorn answers by itself
CODES = {400: "invalid_request", 403: "forbidden", 414: "uri_too_long", 417: "expectation_failed",
         429: "rate_limited", 431: "header_fields_too_large", 500: "internal_error", 501: "not_implemented"}


def problem_bytes(status: int, reason: str, detail: str, request_id: bool = True) -> bytes:
    code = CODES.get(status, "invalid_request")
    body = json.dumps({"type": f"https://iceberg.invalid/problems/{code}", "title": reason, "status": status,
                       "detail": detail or reason, "code": code}).encode()
    retry = "Retry-After: 1\r\n" if status == 429 else ""
    head = (f"HTTP/1.1 {status} {reason}\r\nConnection: close\r\nContent-Type: application/problem+json\r\n"
            f"Content-Length: {len(body)}\r\n{retry}")
    if request_id:
        head += f"X-Request-Id: {uuid.uuid4().hex}\r\n"
    head += "\r\n"
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


# --- a request's body within its deadline ----------------------------------------------------

class Deadline:
    """Stands in for the socket while a request's body is read: every read
    must end by `deadline` (time.monotonic()), however the bytes trickle."""

    def __init__(self, sock, deadline: float):
        self.sock, self.deadline = sock, deadline

    def recv(self, size: int) -> bytes:
        left = self.deadline - time.monotonic()
        if left <= 0:
            raise TimeoutError("the request body did not arrive in time")
        before = self.sock.gettimeout()
        self.sock.settimeout(left)
        try:
            return self.sock.recv(size)
        finally:
            self.sock.settimeout(before)

    def __getattr__(self, name):
        return getattr(self.sock, name)


class BrokenBody(OSError):
    """The body's framing is broken (a malformed chunk): what was read is not a body."""


class GuardedBody:
    """The request's body as the application reads it (wsgi.input): a read
    past the deadline raises TimeoutError, a malformed one BrokenBody, and
    either way the connection is closed after the answer (where the next
    request would start is unknown)."""

    def __init__(self, body, req):
        self.body, self.req = body, req
        self.ended = False  # read to its end

    def _guarded(self, read, size):
        try:
            found = read(size)
        except TimeoutError:
            self.req.must_close = True
            raise
        except (http_errors.ParseException, http_errors.NoMoreData) as e:
            self.req.must_close = True
            raise BrokenBody(f"the request body is malformed: {e}") from None
        if not found or size is None or (size >= 0 and len(found) < size):
            self.ended = True
        return found

    def read(self, size=None):
        return self._guarded(self.body.read, size)

    def readline(self, size=None):
        return self._guarded(self.body.readline, size)

    def readlines(self, size=None):
        return [line for line in iter(self.readline, b"")]

    def __iter__(self):
        return self

    def __next__(self):
        line = self.readline()
        if not line:
            raise StopIteration
        return line


def guard_body(req, read_s: float):
    """Give the request's body its deadline; the socket to put back once the request is answered."""
    unreader = req.unreader
    sock = unreader.sock
    unreader.sock = Deadline(sock, time.monotonic() + read_s)
    if req.body is not None:
        req.body = GuardedBody(req.body, req)
    return sock


def unguard_body(req, sock) -> None:
    """After the answer: the socket as it was; and a chunked body the application
    left unread closes the connection, rather than being read (and maybe found
    malformed, a second answer to one request) to find the next request."""
    req.unreader.sock = sock
    chunked = any(name == "TRANSFER-ENCODING" and "chunked" in value.lower() for name, value in req.headers)
    if chunked and isinstance(req.body, GuardedBody) and not req.body.ended:
        req.must_close = True


class AdmittingServer(ggevent.StreamServer):
    """gevent's server, asking its worker whether to take each connection it
    accepts before a greenlet is spawned for it: a refused one costs the
    accept loop a write that does not wait and a close, nothing more."""

    worker = None  # the ProblemGeventWorker of this process

    def do_handle(self, *args):
        if self.worker is None or self.worker.admit(*args):
            super().do_handle(*args)


class ProblemGeventWorker(GeventWorker):
    def init_process(self):
        install()
        AdmittingServer.worker = self
        ggevent.StreamServer = AdmittingServer  # the server GeventWorker.run makes, in this process
        self.settings = Config.from_env()
        self.connected = Counter()  # client key -> connections open
        rate = self.settings.client_connection_rate
        self.opening = NewConnections(rate, self.settings.client_connection_burst) if rate > 0 else None
        # a refusal's bytes made once: no request of it is read, so none has an id to log
        self.too_many = refusal(f"this address has {self.settings.client_connections} connections open already")
        self.too_fast = refusal("this address opens connections too fast: try again in a second")
        super().init_process()

    def admit(self, client, addr) -> bool:
        """A connection just accepted, in the accept loop: refused at once past its
        address's share (ICEBERG_CLIENT_CONNECTIONS) or rate (ICEBERG_CLIENT_CONNECTION_RATE),
        before a byte of it is read; else counted (until `handle` ends) and taken."""
        key = client_key(addr[0]) if isinstance(addr, tuple) else None
        if key is not None:
            cap = self.settings.client_connections
            if cap and self.connected[key] >= cap:
                refuse_connection(client, self.too_many)
                return False
            if self.opening is not None and not self.opening.admit(key):
                refuse_connection(client, self.too_fast)
                return False
        self.connected[key] += 1
        return True

    def handle(self, listener, client, addr):
        key = client_key(addr[0]) if isinstance(addr, tuple) else None
        try:
            super().handle(listener, client, addr)
        finally:
            self.connected[key] -= 1
            if not self.connected[key]:
                del self.connected[key]

    # A keep-alive connection whose next request is already waiting would be
    # served again and again without the greenlet ever blocking; yielding after
    # each request lets every other connection's turn come first.
    def handle_request(self, listener_name, req, sock, addr):
        plain = guard_body(req, self.settings.request_read_s)
        try:
            return super().handle_request(listener_name, req, sock, addr)
        finally:
            unguard_body(req, plain)
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


def refusal(detail: str) -> bytes:
    return problem_bytes(429, "Too Many Requests", detail, request_id=False)


def refuse_connection(client, answer: bytes) -> None:
    """The 429 `answer` without reading the request, and close."""
    try:
        util.write_nonblock(client, answer)
    except OSError:
        pass
    finally:
        util.close(client)


class ProblemThreadWorker(ThreadWorker):
    def init_process(self):
        install()
        self.settings = Config.from_env()
        super().init_process()

    def handle_request(self, req, conn):
        plain = guard_body(req, self.settings.request_read_s)
        try:
            return super().handle_request(req, conn)
        finally:
            unguard_body(req, plain)


class RedactingLogger(glogging.Logger):
    """gunicorn's logger (`--logger-class`), its access and error lines without
    tokens (service/runtime/logs.py)."""

    def setup(self, cfg):
        super().setup(cfg)
        redact(self.error_log)
        redact(self.access_log)
