"""How fast one address may open connections to a gevent worker
(service/runtime/connection_rate.py): a burst at once, then a rate; every
address (an IPv6 /64) counted apart; none counted behind trusted proxies.
The refusal itself, under `iceberg serve`: tests/test_serve_floods.py."""

import time

from freezegun import freeze_time

from service.config import Config
from service.http.clients import client_key
from service.runtime.connection_rate import NewConnections

T0 = "2026-11-26 12:00:00"


def admitted(bucket, key, tries) -> int:
    return sum(bucket.admit(key) for _ in range(tries))


def test_a_burst_is_admitted_at_once_then_one_connection_per_tick_of_the_rate():
    with freeze_time(T0) as clock:
        bucket = NewConnections(rate=8, burst=20, clock=time.monotonic)
        assert admitted(bucket, "10.0.0.1", 50) == 20
        clock.tick(0.0625)
        assert admitted(bucket, "10.0.0.1", 5) == 0  # half a connection's time
        clock.tick(0.0625)
        assert admitted(bucket, "10.0.0.1", 5) == 1
        clock.tick(1.0)
        assert admitted(bucket, "10.0.0.1", 50) == 8
        clock.tick(60)
        assert admitted(bucket, "10.0.0.1", 50) == 20  # never more than the burst saved up


def test_each_address_has_its_own_bucket_and_an_ipv6_slash_64_is_one_address():
    with freeze_time(T0):
        bucket = NewConnections(rate=1, burst=3, clock=time.monotonic)
        assert admitted(bucket, client_key("2001:db8:1:2::1"), 2) == 2
        assert admitted(bucket, client_key("2001:db8:1:2:ffff::7"), 5) == 1  # the same /64
        assert admitted(bucket, client_key("2001:db8:1:3::1"), 5) == 3  # the next /64
        assert admitted(bucket, client_key("10.0.0.2"), 5) == 3
        assert admitted(bucket, client_key("::ffff:10.0.0.2"), 5) == 0  # the IPv4 address it maps


def test_an_address_whose_bucket_filled_up_again_is_forgotten():
    with freeze_time(T0) as clock:
        bucket = NewConnections(rate=10, burst=20, clock=time.monotonic)
        for n in range(1000):
            bucket.admit(f"10.1.{n // 256}.{n % 256}")
        assert len(bucket.buckets) == 1000
        clock.tick(2.0)  # 20 connections' time: all full again
        bucket.admit("10.0.0.1")
        assert list(bucket.buckets) == ["10.0.0.1"]


def test_the_rate_comes_from_the_environment_and_is_off_behind_trusted_proxies():
    default = Config.from_env({})
    assert (default.client_connection_rate, default.client_connection_burst) == (20.0, 40)
    assert Config.from_env({"ICEBERG_TRUSTED_PROXIES": "1"}).client_connection_rate == 0
    assert Config.from_env({"ICEBERG_TRUSTED_PROXIES": "1", "ICEBERG_CLIENT_CONNECTION_RATE": "500"}
                           ).client_connection_rate == 500
    given = Config.from_env({"ICEBERG_CLIENT_CONNECTION_RATE": "5", "ICEBERG_CLIENT_CONNECTION_BURST": "8"})
    assert (given.client_connection_rate, given.client_connection_burst) == (5.0, 8)
