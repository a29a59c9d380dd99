"""The HTTP edge's metrics (service/app/metrics.py): every answered request by
its route template (`/games/{id}/actions`, never a game id: a label per game
would grow without end), method and status, and the time each action took."""

import re
import time

from flask import Flask, g, request

from ..app.metrics import ACTION_SECONDS, REQUESTS

ACTION = "games.post_action"
_PARAMETER = re.compile(r"<(?:\w+:)?(\w+)>")


def route_template(rule: str) -> str:
    """Flask's `/games/<game:game_id>/hands/<int:number>` as openapi.yaml writes it: `/games/{id}/hands/{n}`."""
    names = {"game_id": "id", "number": "n"}
    return _PARAMETER.sub(lambda m: "{" + names.get(m.group(1), m.group(1)) + "}", rule)


def install(app: Flask) -> None:
    templates: dict[str, str] = {}

    @app.before_request
    def _started():
        g.started = time.perf_counter()

    @app.after_request
    def _counted(response):
        rule = request.url_rule
        route = templates.get(rule.rule) if rule else "unmatched"  # a 404 of no route: one label for all
        if route is None:
            route = templates[rule.rule] = route_template(rule.rule)
        REQUESTS.labels(route, request.method, str(response.status_code)).inc()
        if request.endpoint == ACTION and "started" in g:
            ACTION_SECONDS.observe(time.perf_counter() - g.started)
        return response
