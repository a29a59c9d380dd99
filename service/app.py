"""create_app(config): the Flask application, wired to its store and queue."""

import logging
from pathlib import Path

import redis
from flask import Flask

from . import problems
from .config import Config
from .routes import api
from .jobs import Jobs
from .store import EventStore

SPEC = Path(__file__).resolve().parent.parent / "openapi.yaml"


class Services:
    """What the views need, in one place: the store, the config, the hooks."""

    def __init__(self, config: Config, store: EventStore, queue_redis=None, jobs=None):
        self.config = config
        self.store = store
        self.queue_redis = queue_redis
        self.jobs = jobs
        self._seats: dict[tuple[str, str], int] = {}

    def seat_of(self, game_id: str, token_hash: str) -> int | None:
        """The seat a token hash stands for. Cached: a token's seat never changes,
        and only found ones are kept, so a new game's tokens are never missed."""
        key = (game_id, token_hash)
        seat = self._seats.get(key)
        if seat is None:
            seat = self.store.seat_of_token_hash(game_id, token_hash)
            if seat is not None:
                if len(self._seats) > 100_000:
                    self._seats.clear()
                self._seats[key] = seat
        return seat

    def after_append(self, game_id: str, before, after, events, hooks: int | None = None) -> None:
        """Follow-up work once events are safely stored (bots, deadlines, ...)."""
        if self.jobs is not None:
            self.jobs.after_append(game_id, before, after, events, hooks)

    def enqueue_replay(self, game_id: str, hand: int) -> None:
        if self.jobs is not None:
            self.jobs.enqueue_replay(game_id, hand)

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


def connect(url: str, socket_timeout: float = 5, cluster: bool = False):
    # bytes in and out: the store hashes exact bytes; timeouts keep a dead
    # server from hanging a request forever.
    if cluster:
        from redis.cluster import RedisCluster

        return RedisCluster.from_url(url, decode_responses=False, socket_timeout=socket_timeout,
                                     socket_connect_timeout=2)
    return redis.Redis.from_url(url, decode_responses=False, socket_timeout=socket_timeout,
                                socket_connect_timeout=2, health_check_interval=30)


def connect_store(config: Config, socket_timeout: float = 5):
    return connect(config.redis_url, socket_timeout, cluster=config.redis_cluster)


def create_app(config: Config | None = None, *, store_redis=None, queue_redis=None, clock=None,
               jobs: bool = True) -> Flask:
    """The app. With `jobs`, follow-ups (bots, deadlines, replays, notices) are
    enqueued on the queue Redis for `iceberg worker` to run."""
    config = config or Config.from_env()
    blocking = None
    if store_redis is None:
        if not config.redis_url:
            raise RuntimeError("no ICEBERG_REDIS_URL: `iceberg serve` starts an embedded Redis and sets it")
        store_redis = connect_store(config)
        blocking = connect_store(config, socket_timeout=config.max_wait_s + 10)
    if queue_redis is None and config.effective_queue_url:
        queue_redis = connect(config.effective_queue_url)
    store = EventStore(store_redis, snapshot_every=config.snapshot_every, blocking_redis=blocking,
                       **({"clock": clock} if clock else {}))
    app = Flask("iceberg")
    app.config["MAX_CONTENT_LENGTH"] = config.max_body_bytes
    app.json.sort_keys = False
    job_queue = Jobs(queue_redis, store, config.webhook_retry_s) if jobs and queue_redis is not None else None
    app.extensions["iceberg"] = Services(config, store, queue_redis, job_queue)
    problems.install(app)
    app.register_blueprint(api)
    logging.getLogger("iceberg").setLevel(logging.INFO)
    return app
