"""Rate limits per client address on what costs the server: creating things,
actions, waiting, changing one's settings (every view that writes has a class)
and exports, counted by their cost (flask-limiter, its counters in the queue's
Redis).

A breach is a 429 problem+json `rate_limited` with `Retry-After` (docs/api.md,
"Rate limits"). The limits are settings (service/config.py): the
defaults let a few players behind one address play at human speed, and
`ICEBERG_RATE_LIMITS=off` turns them off (benchmarks). A Config built directly
(tests, embedding) has none unless it says so.

A request with a player or seat token counts against that player or seat,
one without (or with a token that stands for nobody) against the client's
address: `auth.rate_key`. Behind reverse proxies the address is the one they
forwarded, when the server is told how many to trust (ICEBERG_TRUSTED_PROXIES,
werkzeug's ProxyFix in service/http/app.py); else every client behind a proxy
would share the proxy's.
"""

import time

from flask import Flask
from flask_limiter import Limiter, RequestLimit

from .auth import rate_key
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
    limiter = Limiter(key_func=rate_key, app=app, storage_uri=storage_uri or "memory://",
                      strategy="fixed-window", key_prefix="iceberg:limits", on_breach=_breached,
                      swallow_errors=True)  # a limiter whose store fails lets requests through
    for endpoint, view in list(app.view_functions.items()):
        marked = getattr(view, "rate_limit", None)
        if marked is not None and marked[0] in limits:  # a class the settings leave out is not limited
            kind, exempt, cost = marked
            app.view_functions[endpoint] = limiter.limit(limits[kind], scope=kind, exempt_when=exempt,
                                                         cost=cost or 1)(view)


def _breached(limit: RequestLimit):
    retry = max(1, int(limit.reset_at - time.time()))
    response = problem_response(429, "rate_limited", f"too many requests from this client: {limit.limit}; "
                                f"try again in {retry} s")
    response.headers["Retry-After"] = str(retry)
    return response
