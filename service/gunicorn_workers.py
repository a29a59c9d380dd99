"""gunicorn's worker classes, answering the errors gunicorn raises itself (a
request line or header section too large: 414, 431; a malformed request: 400)
as problem+json with a stable `code`, like every error of the API, instead of
gunicorn's HTML page.

gunicorn writes those answers with `gunicorn.util.write_error` before the
application sees the request; our worker classes replace that one function in
the worker process (the error handling around it, logging included, stays
gunicorn's own).
"""

import json
import uuid

import gevent
from gunicorn import util
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


class ProblemGeventWorker(GeventWorker):
    def init_process(self):
        util.write_error = write_problem
        super().init_process()

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
        util.write_error = write_problem
        super().init_process()
