"""create_app(config): the Flask application, wired to its store and queue."""

import logging
from pathlib import Path

import redis
from flask import Flask

from . import problems
from .config import Config
from .routes import api
from .store import EventStore

SPEC = Path(__file__).resolve().parent.parent / "openapi.yaml"


class Services:
    """What the views need, in one place: the store, the config, the hooks."""

    def __init__(self, config: Config, store: EventStore, queue_redis=None, after_append=None):
        self.config = config
        self.store = store
        self.queue_redis = queue_redis
        self._after_append = after_append

    def after_append(self, game_id: str, state) -> None:
        """Follow-up work once events are safely stored (bots, deadlines, ...)."""
        if self._after_append is not None:
            self._after_append(game_id, state)

    def health(self) -> dict:
        checks = {"store": _pings(self.store.redis)}
        if self.queue_redis is not None:
            checks["queue"] = _pings(self.queue_redis)
        return checks

    def spec_text(self) -> str:
        return SPEC.read_text() if SPEC.exists() else ""


def _pings(client) -> bool:
    try:
        return bool(client.ping())
    except redis.RedisError:
        return False


def connect(url: str):
    # bytes in and out: the store hashes exact bytes; timeouts keep a dead
    # server from hanging a request forever.
    return redis.Redis.from_url(url, decode_responses=False, socket_timeout=5, socket_connect_timeout=2,
                                health_check_interval=30)


def create_app(config: Config | None = None, *, store_redis=None, queue_redis=None, clock=None,
               after_append=None) -> Flask:
    config = config or Config.from_env()
    if store_redis is None:
        if not config.redis_url:
            raise RuntimeError("no ICEBERG_REDIS_URL: `iceberg serve` starts an embedded Redis and sets it")
        store_redis = connect(config.redis_url)
    if queue_redis is None and config.effective_queue_url:
        queue_redis = connect(config.effective_queue_url)
    store = EventStore(store_redis, snapshot_every=config.snapshot_every, **({"clock": clock} if clock else {}))
    app = Flask("iceberg")
    app.config["MAX_CONTENT_LENGTH"] = config.max_body_bytes
    app.json.sort_keys = False
    app.extensions["iceberg"] = Services(config, store, queue_redis, after_append)
    problems.install(app)
    app.register_blueprint(api)
    logging.getLogger("iceberg").setLevel(logging.INFO)
    return app
