"""Rate limits per client address on what costs the server: creating games,
actions and waiting (flask-limiter, its counters in the queue's Redis).

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

from flask import Flask, request
from flask_limiter import Limiter, RequestLimit
from flask_limiter.util import get_remote_address

from .problems import problem_response

#: endpoint -> the kind of limit that applies to it
LIMITED = {"api.create_game": "create", "api.post_action": "actions",
           "api.get_events": "waits", "api.get_stream": "waits",
           # each makes a token (a player's, a seat's) like creating a game does; the rest are moves
           "people.create_player": "create", "people.join_game": "create",
           "people.resign": "actions", "people.abort": "actions", "people.extend": "actions",
           "audit.post_commitment": "create",  # a secret kept an hour, like a game's creation
           "audit.get_export": "waits", "audit.get_export_text": "waits"}  # a new one replays the game
DEFAULTS = {"create": "20/minute;200/hour", "actions": "300/minute", "waits": "300/minute"}


def install(app: Flask, limits: dict[str, str] | None, storage_uri: str | None) -> None:
    if not limits:
        return
    limiter = Limiter(key_func=get_remote_address, app=app, storage_uri=storage_uri or "memory://",
                      strategy="fixed-window", key_prefix="iceberg:limits", on_breach=_breached,
                      swallow_errors=True)  # a limiter whose store fails lets requests through
    for endpoint, kind in LIMITED.items():
        exempt = _not_waiting if endpoint == "api.get_events" else None
        app.view_functions[endpoint] = limiter.limit(limits[kind], scope=kind, exempt_when=exempt)(
            app.view_functions[endpoint])


def _not_waiting() -> bool:
    """GET /events without ?wait= answers at once: a read, not a wait."""
    return not request.args.get("wait")


def _breached(limit: RequestLimit):
    retry = max(1, int(limit.reset_at - time.time()))
    response = problem_response(429, "rate_limited", f"too many requests from this address: {limit.limit}; "
                                f"try again in {retry} s")
    response.headers["Retry-After"] = str(retry)
    return response
