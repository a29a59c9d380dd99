"""At most ICEBERG_CLIENT_REQUESTS requests of one client in flight in a
server process (a client: its token, else its address, service/http/clients.py):
one more is answered at once with 429 `rate_limited` and Retry-After. A request
is in flight from the moment the application gets it until the application has
answered it, or for a streamed answer (an event stream) until the server closes
that answer: a long-poll or a stream counts for as long as it waits.

This is WSGI middleware around the Flask app, so the refusal costs no view,
no Redis call and no body read."""

import json
import threading
import uuid
from collections import Counter

from flask import request
from werkzeug.wsgi import ClosingIterator

from .clients import requester

STREAMED = "iceberg.streamed"  # set in the environ when the answer is streamed: it is in flight until closed


class InFlight:
    def __init__(self, app, cap: int):
        self.app, self.cap = app, cap
        self.counts: Counter = Counter()
        self.lock = threading.Lock()  # a gthread worker's threads share the counts

    def __call__(self, environ, start_response):
        key = requester(environ)
        with self.lock:
            if self.counts[key] >= self.cap:
                return _refuse(start_response, self.cap)
            self.counts[key] += 1
        try:
            result = self.app(environ, start_response)
        except BaseException:
            self._done(key)
            raise
        if environ.get(STREAMED):
            return ClosingIterator(result, lambda: self._done(key))
        self._done(key)
        return result

    def _done(self, key: str) -> None:
        with self.lock:
            self.counts[key] -= 1
            if self.counts[key] <= 0:
                del self.counts[key]


def _refuse(start_response, cap: int):
    body = json.dumps({"type": "https://iceberg.invalid/problems/rate_limited", "title": "Rate limited",
                       "status": 429, "code": "rate_limited",
                       "detail": f"this client has {cap} requests in flight already; try again when one is answered"
                       }).encode()
    start_response("429 Too Many Requests", [("Content-Type", "application/problem+json"),
                                             ("Content-Length", str(len(body))), ("Retry-After", "1"),
                                             ("X-Request-Id", uuid.uuid4().hex)])
    return [body]


def install(app, cap: int) -> None:
    if not cap:
        return
    app.wsgi_app = InFlight(app.wsgi_app, cap)

    @app.after_request
    def _streamed(response):
        request.environ[STREAMED] = response.is_streamed
        return response
