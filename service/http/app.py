"""create_app(config): the Flask application, wired (service/wiring.py) to its
store and queue. Every blueprint is registered here, by name, and nowhere else."""

import logging

from flask import Flask
from werkzeug.middleware.proxy_fix import ProxyFix

from ..config import Config
from ..wiring import wire
from . import basics, inflight, limits, observed, problems
from .audit import audit
from .chat import chat
from .context import GameIdConverter, bring_back_archived
from .events import events
from .games import games
from .history import history
from .lobby import lobby
from .meta import meta
from .play import play
from .players import players
from .replays import replays
from .seats import seats
from .standings import standings
from .webhooks import hooks

BLUEPRINTS = (
    games,  # create, the table, a seat's view, actions
    events,  # the log, its long-poll and stream, a hand's result
    replays,  # a finished hand's replay and transcript
    seats,  # resign, abort, extend
    hooks,  # a seat's webhook
    players,  # accounts, /me, unsubscribing
    lobby,  # the lobby, joining, the inbox
    audit,  # exports, keys, commitments
    meta,  # variants, health, the spec
    history,  # the list of games
    standings,  # players' profiles, leaderboards
    chat,  # a game's chat
    play,  # the web client's pages
)


def create_app(config: Config | None = None, *, store_redis=None, queue_redis=None, clock=None,
               jobs: bool = True) -> Flask:
    services = wire(config, store_redis=store_redis, queue_redis=queue_redis, clock=clock, jobs=jobs)
    app = Flask("iceberg")
    app.config["MAX_CONTENT_LENGTH"] = services.config.max_body_bytes
    app.json.sort_keys = False
    app.extensions["iceberg"] = services
    app.url_map.converters["game"] = GameIdConverter
    app.before_request(bring_back_archived)
    problems.install(app)
    basics.install(app, services.config.cors_origins)
    observed.install(app)
    for blueprint in BLUEPRINTS:
        app.register_blueprint(blueprint)
    limits.install(app, services.config.rate_limits, services.config.effective_queue_url)
    behind_proxies(app, services.config.trusted_proxies)
    inflight.install(app, services.config.client_requests)
    logging.getLogger("iceberg").setLevel(logging.INFO)
    return app


def behind_proxies(app: Flask, count: int) -> None:
    """Behind `count` reverse proxies, each appending to X-Forwarded-For (and
    setting X-Forwarded-Proto), the client is the address the outermost one
    saw: werkzeug's ProxyFix takes the `count`-th from the right, so addresses
    a client writes into the header itself are never believed. Without
    proxies the header is ignored: anyone could send one."""
    if count:
        app.wsgi_app = ProxyFix(app.wsgi_app, x_for=count, x_proto=count)
