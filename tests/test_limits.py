"""Rate limits (service/http/limits.py): past the limit a client gets 429
`rate_limited` with Retry-After, and the refused request changes nothing."""

import time

import pytest

from service.config import Config
from service.http.app import create_app
from tests.api_client import ApiClient
from tests.conftest import ADMIN_TOKEN

PLAYERS = [{"name": "Ann"}, {"name": "Bot", "bot": "greedy"}]


@pytest.fixture
def limited(own_redis):
    config = Config(redis_url=own_redis.url, admin_token=ADMIN_TOKEN, webhook_allow_private=True,
                    rate_limits={"create": "3/minute", "actions": "2/minute", "waits": "2/minute",
                                 "settings": "2/minute", "exports": "20/minute"})
    app = create_app(config, jobs=False)
    yield ApiClient(app.test_client(), validate=False), own_redis
    app.extensions["iceberg"].hub.close()


def _games(redis) -> int:
    return sum(1 for _ in redis_client(redis).scan_iter(match="{g_*}:meta"))


def redis_client(server):
    import redis

    return redis.Redis.from_url(server.url)


def _is_rate_limited(response):
    assert response.status_code == 429
    assert response.mimetype == "application/problem+json"
    assert response.get_json()["code"] == "rate_limited"
    assert 1 <= int(response.headers["Retry-After"]) <= 60


def test_creation_past_the_limit_is_429_with_retry_after_and_creates_nothing(limited):
    client, redis = limited
    for _ in range(3):
        assert client.post("/games", json={"players": PLAYERS}).status_code == 201
    _is_rate_limited(client.post("/games", json={"players": PLAYERS}))
    assert _games(redis) == 3


def test_actions_and_waits_are_limited_but_plain_reads_are_not(limited):
    client, _ = limited
    created = client.post("/games", json={"players": [{"name": "Ann"}, {"name": "Bo"}]}).get_json()
    game, token = created["id"], created["seats"][0]["token"]
    bad = {"type": "discard", "card": "ZZ"}  # refused by the rules, still counted: it cost the server
    for _ in range(2):
        assert client.post(f"/games/{game}/actions", token, json=bad).status_code in (409, 422)
    _is_rate_limited(client.post(f"/games/{game}/actions", token, json=bad))
    for _ in range(2):
        assert client.get(f"/games/{game}/events?after=1000&wait=1").status_code == 200
    _is_rate_limited(client.get(f"/games/{game}/events?after=1000&wait=1"))
    for _ in range(5):
        assert client.get(f"/games/{game}/events").status_code == 200


def test_limits_are_on_by_default_from_the_environment_and_can_be_turned_off():
    assert Config.from_env({}).rate_limits == {"create": "20/minute;200/hour", "actions": "300/minute",
                                               "waits": "300/minute", "settings": "30/minute;300/hour",
                                               "exports": "600/minute", "chat": "20/minute;200/hour",
                                               "sign_in": "10/minute;50/hour", "mail": "30/hour"}
    assert Config.from_env({"ICEBERG_RATE_LIMIT_CHAT": "5/minute"}).rate_limits["chat"] == "5/minute"
    assert Config.from_env({"ICEBERG_RATE_LIMIT_CREATE": "5/minute"}).rate_limits["create"] == "5/minute"
    assert Config.from_env({"ICEBERG_RATE_LIMITS": "off"}).rate_limits is None


# --- whom a request counts against: the player, the seat, or the forwarded address ------------

def _limited_app(redis, **config):
    return create_app(Config(redis_url=redis.url, admin_token=ADMIN_TOKEN,
                             rate_limits={"create": "3/minute", "actions": "2/minute", "waits": "2/minute"}, **config),
                      jobs=False)


def _create_from(client, forwarded: str, proxy: str = "10.9.8.7"):
    return client.post("/games", json={"players": PLAYERS}, headers={"X-Forwarded-For": forwarded},
                       environ_base={"REMOTE_ADDR": proxy})


@pytest.mark.parametrize("proxies", [0, 1])
def test_behind_one_trusted_proxy_two_forwarded_addresses_get_separate_limits_and_without_it_one(own_redis, proxies):
    app = _limited_app(own_redis, trusted_proxies=proxies)
    client = app.test_client()
    try:
        for _ in range(3):
            assert _create_from(client, "198.51.100.1").status_code == 201
        _is_rate_limited(_create_from(client, "198.51.100.1"))
        other = _create_from(client, "198.51.100.2")
        if proxies:
            assert other.status_code == 201  # another client behind the same proxy
        else:
            _is_rate_limited(other)  # the header is not believed: one client, the proxy
    finally:
        app.extensions["iceberg"].hub.close()


def test_a_forwarded_chain_counts_the_address_the_trusted_proxy_saw_not_what_the_client_wrote(own_redis):
    app = _limited_app(own_redis, trusted_proxies=1)
    client = app.test_client()
    try:
        for spoofed in ("203.0.113.1", "203.0.113.2", "203.0.113.3"):  # the client's own header, then the proxy's entry
            assert _create_from(client, f"{spoofed}, 198.51.100.7").status_code == 201
        _is_rate_limited(_create_from(client, "203.0.113.4, 198.51.100.7"))
    finally:
        app.extensions["iceberg"].hub.close()


def test_two_players_behind_one_address_get_separate_action_limits(limited):
    client, _ = limited
    created = client.post("/games", json={"players": [{"name": "Ann"}, {"name": "Bo"}]}).get_json()
    game, tokens = created["id"], [s["token"] for s in created["seats"]]
    bad = {"type": "discard", "card": "ZZ"}  # refused by the rules, still counted
    for _ in range(2):
        assert client.post(f"/games/{game}/actions", tokens[0], json=bad).status_code in (409, 422)
    _is_rate_limited(client.post(f"/games/{game}/actions", tokens[0], json=bad))
    for _ in range(2):  # the other seat, the same address: a limit of its own
        assert client.post(f"/games/{game}/actions", tokens[1], json=bad).status_code in (409, 422)
    _is_rate_limited(client.post(f"/games/{game}/actions", tokens[1], json=bad))


def test_a_player_token_counts_against_the_player_in_every_game(limited):
    client, _ = limited
    ann, bo = (client.post("/players", json={"name": name}).get_json()["token"] for name in ("Ann", "Bo"))
    first, second = (client.post("/games", ann, json={"players": [{"player": "me"}, {"name": f"X{i}"}]}).get_json()["id"]
                     for i in range(2))
    bos = client.post("/games", bo, json={"players": [{"player": "me"}, {"name": "Y"}]}).get_json()["id"]
    bad = {"type": "discard", "card": "ZZ"}
    for _ in range(2):
        assert client.post(f"/games/{first}/actions", ann, json=bad).status_code in (409, 422)
    _is_rate_limited(client.post(f"/games/{second}/actions", ann, json=bad))  # the player's limit, not the game's
    assert client.post(f"/games/{bos}/actions", bo, json=bad).status_code in (409, 422)  # another player's


def test_made_up_tokens_count_against_the_address(limited):
    client, _ = limited
    created = client.post("/games", json={"players": [{"name": "Ann"}, {"name": "Bo"}]}).get_json()
    game = created["id"]
    for i in range(2):
        assert client.post(f"/games/{game}/actions", f"st_made-up-{i}", json={"type": "draw"}).status_code == 401
    _is_rate_limited(client.post(f"/games/{game}/actions", "st_made-up-2", json={"type": "draw"}))
    _is_rate_limited(client.post(f"/games/{game}/actions", "pt_made-up-3", json={"type": "draw"}))


def test_the_limits_key_on_ids_never_on_a_token(limited):
    client, redis = limited
    created = client.post("/games", json={"players": [{"name": "Ann"}, {"name": "Bo"}]}).get_json()
    token = created["seats"][0]["token"]
    client.post(f"/games/{created['id']}/actions", token, json={"type": "draw"})
    stored = [key.decode() for key in redis_client(redis).scan_iter(match="*iceberg:limits*")]
    assert any(f"seat:{created['id']}:0" in key for key in stored), stored
    assert not any(token in key or token[3:20] in key for key in stored), stored


def test_trusted_proxies_come_from_the_environment():
    assert Config.from_env({}).trusted_proxies == 0
    assert Config.from_env({"ICEBERG_TRUSTED_PROXIES": "2"}).trusted_proxies == 2
    with pytest.raises(ValueError):
        Config.from_env({"ICEBERG_TRUSTED_PROXIES": "yes"})
def test_every_view_that_writes_declares_a_rate_limit_class(app):
    from service.config import RATE_LIMIT_DEFAULTS
    from service.http.limits import limit_of

    unlimited = []
    for rule in app.url_map.iter_rules():
        if rule.methods - {"GET", "HEAD", "OPTIONS"}:
            kind = limit_of(app.view_functions[rule.endpoint])
            if kind not in RATE_LIMIT_DEFAULTS:
                unlimited.append(f"{sorted(rule.methods - {'HEAD', 'OPTIONS'})} {rule.rule}: {kind}")
    assert unlimited == []


def test_settings_and_webhooks_are_limited_and_a_refused_change_changes_nothing(limited):
    client, _ = limited
    ann = client.post("/players", json={"name": "Ann"}).get_json()
    for name in ("Annie", "Anna"):
        assert client.call("PATCH", "/me", ann["token"], json={"name": name}).status_code == 200
    _is_rate_limited(client.call("PATCH", "/me", ann["token"], json={"name": "Refused"}))
    assert client.get("/me", token=ann["token"]).get_json()["name"] == "Anna"
    game = client.post("/games", json={"players": [{"name": "A"}, {"name": "B"}]}).get_json()
    hook = f"/games/{game['id']}/seats/0/webhook"
    token = game["seats"][0]["token"]
    for _ in range(2):
        assert client.call("PUT", hook, token, json={"url": "http://127.0.0.1:9/h"}).status_code == 200
    _is_rate_limited(client.call("PUT", hook, token, json={"url": "http://127.0.0.1:9/other"}))
    assert client.get(hook, token=token).get_json()["url"] == "http://127.0.0.1:9/h"


def test_a_client_has_a_bounded_number_of_requests_in_flight(own_redis):
    """Two long-polls of one client wait; its third request is 429 at once; another
    client (a token of its own) is served; once the waits end the client is served again."""
    import threading

    app = create_app(Config(redis_url=own_redis.url, admin_token=ADMIN_TOKEN, client_requests=2), jobs=False)
    client = ApiClient(app.test_client(), validate=False)
    try:
        game = client.post("/games", json={"players": [{"name": "Ann"}, {"name": "Bo"}]}).get_json()
        waits = [threading.Thread(target=client.get, args=(f"/games/{game['id']}/events?after=99&wait=2",))
                 for _ in range(2)]
        for wait in waits:
            wait.start()
        hub = app.extensions["iceberg"].hub
        deadline = time.monotonic() + 5
        while hub.waiting() < 2 and time.monotonic() < deadline:
            time.sleep(0.02)
        assert hub.waiting() == 2  # both are parked in the hub
        _is_rate_limited(client.get(f"/games/{game['id']}"))
        assert client.get(f"/games/{game['id']}/view", game["seats"][0]["token"]).status_code == 200
        for wait in waits:
            wait.join()
        assert client.get(f"/games/{game['id']}").status_code == 200
    finally:
        app.extensions["iceberg"].hub.close()
