"""No input gives a 5xx: each family of hostile input gets its exact 4xx, its
stable code, and changes nothing (no game made, no event appended)."""

import json

import pytest

from service.wiring import connect
from tests.api_client import worked_game


def problem(response, status, code):
    assert response.status_code == status, response.get_data(as_text=True)
    assert response.mimetype == "application/problem+json"
    assert response.get_json()["code"] == code
    return response.get_json()


def games(redis_url) -> int:
    return sum(1 for _ in connect(redis_url).scan_iter(match="{g_*}:meta"))


def raw_post(client, path, text, token=None, headers=None):
    headers = {"Content-Type": "application/json", **(headers or {})}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    return client.call("POST", path, data=text.encode("utf-8", "surrogatepass"), headers=headers)


@pytest.fixture
def game(own_client):
    created, tokens = worked_game(own_client)
    return created["id"], tokens


def test_json_nested_twenty_thousand_deep_is_a_bad_request(own_client, own_redis, game):
    game_id, tokens = game
    before = games(own_redis.url)
    deep = '{"players": ' + "[" * 20000 + "]" * 20000 + "}"
    problem(raw_post(own_client, "/games", deep), 400, "invalid_request")
    version = own_client.get(f"/games/{game_id}").get_json()["version"]
    deep_action = '{"type": "draw", "x": ' + "{\"a\": " * 50 + "1" + "}" * 50 + "}"
    problem(raw_post(own_client, f"/games/{game_id}/actions", deep_action, tokens[0]), 400, "invalid_request")
    assert games(own_redis.url) == before
    assert own_client.get(f"/games/{game_id}").get_json()["version"] == version


@pytest.mark.parametrize("text", [
    '{"players": [{"name": "\\ud800"}, {"name": "B"}]}',  # a lone surrogate, escaped
    '{"players": [{"name": "A\\udfff"}, {"name": "B"}], "rules": {"\\ud83d": 1}}',
])
def test_a_lone_surrogate_anywhere_is_a_bad_request(own_client, own_redis, text):
    before = games(own_redis.url)
    problem(raw_post(own_client, "/games", text), 400, "invalid_request")
    assert games(own_redis.url) == before


def test_a_lone_surrogate_in_a_webhook_url_is_a_bad_request(own_client, game):
    game_id, tokens = game
    response = own_client.call("PUT", f"/games/{game_id}/seats/0/webhook", tokens[0],
                               data=b'{"url": "http://example.org/\\udc80"}',
                               headers={"Content-Type": "application/json"})
    problem(response, 400, "invalid_request")
    assert own_client.call("DELETE", f"/games/{game_id}/seats/0/webhook", tokens[0]).status_code == 404


@pytest.mark.parametrize("query", ["after=%C2%B2", "after=%D9%A3", "limit=%C2%B9", "after=1e3", "after=-1",
                                   "after=10000000000001", "wait=%EF%BC%93", "limit=0"])
def test_whole_numbers_in_the_query_are_ascii_digits_in_range(own_client, game, query):
    game_id, _ = game
    problem(own_client.get(f"/games/{game_id}/events?{query}"), 400, "invalid_request")


def test_the_admin_seat_argument_is_ascii_digits(own_client, game):
    from tests.api_client import ADMIN

    game_id, _ = game
    problem(own_client.get(f"/games/{game_id}/view?seat=%C2%B2", token=ADMIN), 400, "invalid_request")


@pytest.mark.parametrize("url", ["http://example.org:99999/hook", "http://example.org:-1/hook",
                                 "http://example.org:x/hook", "https://[::1]:70000/"])
def test_a_webhook_port_out_of_range_is_refused(own_client, game, url):
    game_id, tokens = game
    problem(own_client.call("PUT", f"/games/{game_id}/seats/0/webhook", tokens[0], json={"url": url}),
            422, "webhook_url_refused")
    assert own_client.call("DELETE", f"/games/{game_id}/seats/0/webhook", tokens[0]).status_code == 404


@pytest.mark.parametrize("name, kept", [
    ("Ann\nB wins.", "AnnB wins."),  # a newline would forge a transcript line
    ("e\u0301mile", "\u00e9mile"),  # NFC
    ("\u202eBo\u202c", "Bo"),  # bidi controls
    ("  Cy\u200b ", "Cy"),  # zero-width space, ends trimmed
])
def test_names_are_normalised_and_stripped_of_what_does_not_print(own_client, name, kept):
    created = own_client.create([{"name": name}, {"name": "Other"}])
    table = own_client.get(f"/games/{created['id']}").get_json()
    assert created["seats"][0]["name"] == table["seats"][0]["name"] == kept


@pytest.mark.parametrize("name", ["\n\t", "\u202e\u202c", "\u200b\u200b", "\u2028", "\u0095\u200d\u2060"])
def test_a_name_with_nothing_visible_is_refused(own_client, own_redis, name):
    before = games(own_redis.url)
    body = json.dumps({"players": [{"name": name}, {"name": "B"}]})
    problem(raw_post(own_client, "/games", body), 422, "invalid_request")
    assert games(own_redis.url) == before


# --- every query and body field checked as documented, for every caller -----------------------

@pytest.mark.parametrize("seat", ["-1", "abc", "100", "1.0", ""])
def test_a_view_with_a_malformed_seat_is_a_bad_request_for_a_seat_token_too(own_client, game, seat):
    game_id, tokens = game
    problem(own_client.get(f"/games/{game_id}/view?seat={seat}", token=tokens[0]), 400, "invalid_request")
    assert own_client.get(f"/games/{game_id}/view?seat=0", token=tokens[0]).status_code == 200


def _player(client) -> str:
    response = client.post("/players", json={"name": "Ann", "email": "ann@example.org"})
    assert response.status_code == 201
    return response.get_json()["token"]


@pytest.mark.parametrize("query", ["limit=0", "limit=1001", "limit=x", "status=finished&limit=0",
                                   "status=active&limit=1001", "status=done"])
def test_my_games_with_a_limit_out_of_range_is_a_bad_request_whatever_the_status(own_client, query):
    token = _player(own_client)
    problem(own_client.get(f"/me/games?{query}", token=token), 400, "invalid_request")
    assert own_client.get("/me/games?limit=1000", token=token).status_code == 200


@pytest.mark.parametrize("value", ["yes", "true", 1, 0, None, "on", []])
def test_notices_are_switched_with_a_json_boolean_only(own_client, value):
    token = _player(own_client)
    before = own_client.get("/me", token=token).get_json()
    assert before["notices"] == {"email": True}
    problem(own_client.call("PATCH", "/me", token, json={"notices": {"email": value}}), 422, "invalid_request")
    assert own_client.get("/me", token=token).get_json() == before
    switched = own_client.call("PATCH", "/me", token, json={"notices": {"email": False}})
    assert switched.status_code == 200 and switched.get_json()["notices"] == {"email": False}


@pytest.mark.parametrize("field, value", [("listed", "yes"), ("listed", 1), ("open", "true")])
def test_booleans_of_a_new_game_are_json_booleans(own_client, own_redis, field, value):
    before = games(own_redis.url)
    players = [{"name": "Ann"}, {"open": value} if field == "open" else {"name": "Bo"}]
    body = {"players": players, **({field: value} if field != "open" else {})}
    problem(own_client.post("/games", json=body), 422, "invalid_request")
    assert games(own_redis.url) == before
