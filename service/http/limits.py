"""Rate limits per client address on what costs the server: creating things,
actions, waiting, changing one's settings (every view that writes has a class)
and exports, counted by their cost (flask-limiter, its counters in the queue's
Redis).

A breach is a 429 problem+json `rate_limited` with `Retry-After` (API.md,
"Limits and conventions"). The limits are settings (service/config.py): the
defaults let a few players behind one address play at human speed, and
`ICEBERG_RATE_LIMITS=off` turns them off (benchmarks). A Config built directly
(tests, embedding) has none unless it says so.

The client is the connection's address: behind a reverse proxy every client
would share the proxy's, so a proxy must do its own limiting or the server
must be told to trust its X-Forwarded-For (not done here).
"""

import time

from flask import Flask
from flask_limiter import Limiter, RequestLimit
from flask_limiter.util import get_remote_address

from .problems import problem_response


def limited(kind: str, exempt_when=None, cost=None):
    """Declare a view's rate-limit class (a key of RATE_LIMIT_DEFAULTS, service/config.py); `exempt_when()`
    true lets a request through uncounted; `cost()` is what a request counts for (1 without it).
    `install` applies the marks."""
    def mark(view):
        view.rate_limit = (kind, exempt_when, cost)
        return view
    return mark


def limit_of(view) -> str | None:
    """The rate-limit class a view declares, if any."""
    marked = getattr(view, "rate_limit", None)
    return marked[0] if marked else None


def install(app: Flask, limits: dict[str, str] | None, storage_uri: str | None) -> None:
    if not limits:
        return
    limiter = Limiter(key_func=get_remote_address, app=app, storage_uri=storage_uri or "memory://",
                      strategy="fixed-window", key_prefix="iceberg:limits", on_breach=_breached,
                      swallow_errors=True)  # a limiter whose store fails lets requests through
    for endpoint, view in list(app.view_functions.items()):
        marked = getattr(view, "rate_limit", None)
        if marked is not None:
            kind, exempt, cost = marked
            app.view_functions[endpoint] = limiter.limit(limits[kind], scope=kind, exempt_when=exempt,
                                                         cost=cost or 1)(view)


def _breached(limit: RequestLimit):
    retry = max(1, int(limit.reset_at - time.time()))
    response = problem_response(429, "rate_limited", f"too many requests from this address: {limit.limit}; "
                                f"try again in {retry} s")
    response.headers["Retry-After"] = str(retry)
    return response
