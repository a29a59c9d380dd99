"""The one wiring function: the store's parts, the queue, the clock and the
config, built the same way for the Flask app, the workers and the CLI."""

from dataclasses import dataclass
from datetime import datetime, timezone
from typing import Callable

import redis

from .commands import GameCommands
from .config import Config
from .followups import FollowUps
from .jobs import Jobs
from .store.recorder import Recorder
from .store.records import ActiveGames, Reminders, Replays, Tokens, Webhooks
from .store.repository import Repository


def utc_now() -> datetime:
    return datetime.now(timezone.utc)


@dataclass
class Services:
    config: Config
    clock: Callable[[], datetime]
    recorder: Recorder
    repository: Repository
    tokens: Tokens
    webhooks: Webhooks
    replays: Replays
    active: ActiveGames
    reminders: Reminders
    jobs: Jobs | None  # None: follow-ups are not enqueued (no queue)
    follow_ups: FollowUps
    commands: GameCommands
    queue_redis: object = None

    def health(self) -> dict:
        checks = {"store": _pings(self.recorder.redis)}
        if self.queue_redis is not None:
            checks["queue"] = _pings(self.queue_redis)
        return checks


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


def wire(config: Config | None = None, *, store_redis=None, queue_redis=None, clock=None,
         jobs: bool = True) -> Services:
    """Everything the app, a worker or the CLI needs. With `jobs`, follow-ups
    (bots, deadlines, replays, notices) are enqueued on the queue Redis."""
    config = config or Config.from_env()
    clock = clock or utc_now
    blocking = None
    if store_redis is None:
        if not config.redis_url:
            raise RuntimeError("no ICEBERG_REDIS_URL: `iceberg serve` starts an embedded Redis and sets it")
        store_redis = connect_store(config)
        blocking = connect_store(config, socket_timeout=config.max_wait_s + 10)
    if queue_redis is None and config.effective_queue_url:
        queue_redis = connect(config.effective_queue_url)
    recorder = Recorder(store_redis, blocking_redis=blocking)
    repository = Repository(recorder, clock=clock, snapshot_every=config.snapshot_every)
    active, webhooks = ActiveGames(store_redis), Webhooks(store_redis)
    queue = Jobs(queue_redis, clock, config.webhook_retry_s) if jobs and queue_redis is not None else None
    follow_ups = FollowUps(queue, active, webhooks)
    return Services(
        config=config, clock=clock, recorder=recorder, repository=repository, tokens=Tokens(store_redis),
        webhooks=webhooks, replays=Replays(store_redis), active=active, reminders=Reminders(store_redis),
        jobs=queue, follow_ups=follow_ups, commands=GameCommands(repository, follow_ups, clock),
        queue_redis=queue_redis)


def _pings(client) -> bool:
    try:
        return bool(client.ping())
    except redis.RedisError:
        return False
