"""What a job needs, built once per worker process from the environment."""

from functools import lru_cache

from service.app import connect, connect_store
from service.config import Config
from service.jobs import Jobs
from service.store import EventStore


class Context:
    def __init__(self, config: Config, store: EventStore, jobs: Jobs):
        self.config, self.store, self.jobs = config, store, jobs

    @property
    def clock(self):
        return self.store.clock


@lru_cache(maxsize=1)
def context() -> Context:
    config = Config.from_env()
    store = EventStore(connect_store(config), snapshot_every=config.snapshot_every)
    return Context(config, store, Jobs(connect(config.effective_queue_url), store, config.webhook_retry_s))
