"""What bench/scale.py measures in process: the API (Flask's test client) and the
game worker's jobs in this process, on a Redis of its own, and the bytes a game
holds in it."""

import os
import time
from pathlib import Path

BOTS = [{"name": "A", "bot": "greedy"}, {"name": "B", "bot": "random"}, {"name": "C", "bot": "greedy"}]


class InProcess:
    """The API (Flask's test client) and the game worker's jobs, in this process, on a Redis of its own."""

    def __init__(self, data: str, appendfsync: str = "everysec", connection_class=None):
        from service.runtime.redis_server import RedisServer

        self.server = RedisServer(Path(data) / "redis", appendfsync=appendfsync).start()
        os.environ.update(ICEBERG_REDIS_URL=self.server.url, ICEBERG_DATA_DIR=data, ICEBERG_BOT_GAME_TURN_S="0",
                          ICEBERG_RATE_LIMITS="off", ICEBERG_BOT_GAMES_PER_CREATOR="100000")
        from service.config import Config
        from service.http.app import create_app
        from tests.api_client import ApiClient

        self.config = Config.from_env()
        self.app = create_app(self.config)
        self.client = ApiClient(self.app.test_client())
        self.svc = self.app.extensions["iceberg"]
        self.redis = self.svc.recorder.redis
        import redis as redis_py

        pool = redis_py.ConnectionPool.from_url(self.server.url, **({"connection_class": connection_class}
                                                                  if connection_class else {}))
        self.queue_client = redis_py.Redis(connection_pool=pool)

    def work(self) -> None:
        from rq.serializers import JSONSerializer

        from service.app.jobs import GAME_QUEUES
        from service.runtime.counting_worker import CountingWorker

        worker = CountingWorker(list(GAME_QUEUES), connection=self.queue_client, serializer=JSONSerializer,
                                worker_ttl=3600)
        worker.work(burst=True, with_scheduler=False, logging_level="ERROR")

    def play(self, games: int) -> list[str]:
        from service.store import keys

        ids = [self.client.post("/games", json={"players": BOTS, "rules": {"hands": 1}}).get_json()["id"]
               for _ in range(games)]
        for _ in range(1000):
            self.work()
            if all(self.redis.zscore(keys.FINISHED, g) is not None for g in ids):  # finished and settled
                break
        self.work()
        return ids

    def seal(self) -> int:
        """As the ticker does once the games ended ICEBERG_SEAL_AFTER_S (a minute) before."""
        return self.svc.archiver.seal_due(int(time.time() * 1000) + 3_600_000 + 60_000, limit=100_000)

    def close(self) -> None:
        self.svc.hub.close()
        self.server.stop()


def game_bytes(redis, game_id: str) -> dict:
    """MEMORY USAGE of every key of the game, by its name after `{<id>}:`."""
    from service.store import keys

    prefix = len(keys.tag(game_id)) + 1
    return {k.decode()[prefix:]: redis.memory_usage(k, samples=0)
            for k in redis.scan_iter(match=keys.GAME_PATTERN % game_id)}
