"""The HTTP basics clients expect: Allow on 405, 415 for a body that is not
JSON, 413 for any body over the limit (chunked too), WWW-Authenticate on 401,
If-None-Match -> 304 with Vary, If-Match: *, CORS for configured origins, and
an X-Request-Id on every response."""

import io
import re

import pytest

from service.config import Config
from service.http.app import create_app
from tests.api_client import ADMIN, ApiClient, worked_game
from tests.test_api_input import games, problem


@pytest.fixture
def game(own_client):
    created, tokens = worked_game(own_client)
    return created["id"], tokens


def test_405_says_which_methods_the_path_allows(own_client):
    response = own_client.http.delete("/games")  # not an operation of the spec: unvalidated
    problem(response, 405, "method_not_allowed")
    assert set(response.headers["Allow"].split(", ")) == {"POST", "GET", "HEAD", "OPTIONS"}


def test_a_body_that_is_not_declared_json_is_415_and_creates_nothing(own_client, own_redis):
    before = games(own_redis.url)
    for content_type in ("text/plain", "application/x-www-form-urlencoded", None):
        headers = {"Content-Type": content_type} if content_type else {}
        response = own_client.call("POST", "/games", data=b'{"players": [{"name": "A"}, {"name": "B"}]}',
                                   headers=headers)
        problem(response, 415, "unsupported_media_type")
    assert own_client.call("POST", "/games", data=b'{"players": [{"name": "A"}, {"name": "B"}]}',
                           headers={"Content-Type": "application/merge-patch+json"}).status_code == 201
    assert games(own_redis.url) == before + 1


def test_a_chunked_body_over_the_limit_is_413(own_client, own_redis):
    before = games(own_redis.url)
    big = b'{"players": [{"name": "A"}, {"name": "B"}], "deck": ["' + b"x" * 70_000 + b'"]}'
    # as gunicorn passes a chunked body: no length, the input marked as terminated
    response = own_client.http.post("/games", input_stream=io.BytesIO(big),
                                    headers={"Content-Type": "application/json", "Transfer-Encoding": "chunked"},
                                    environ_overrides={"wsgi.input_terminated": True})
    problem(response, 413, "payload_too_large")
    problem(own_client.call("POST", "/games", data=big, headers={"Content-Type": "application/json"}),
            413, "payload_too_large")
    assert games(own_redis.url) == before


def test_401_says_how_to_authenticate(own_client, game):
    game_id, _ = game
    missing = own_client.get(f"/games/{game_id}/view")
    problem(missing, 401, "unauthorized")
    assert missing.headers["WWW-Authenticate"] == 'Bearer realm="iceberg"'
    refused = own_client.get(f"/games/{game_id}/view", token="st_not-a-token")
    problem(refused, 401, "unauthorized")
    assert refused.headers["WWW-Authenticate"] == 'Bearer realm="iceberg", error="invalid_token"'


def test_if_none_match_gives_304_while_the_game_has_not_moved(own_client, game):
    game_id, tokens = game
    for path, token in ((f"/games/{game_id}", None), (f"/games/{game_id}/view", tokens[0]),
                        (f"/games/{game_id}/events", tokens[1])):
        first = own_client.get(path, token=token)
        assert first.status_code == 200 and "Authorization" in first.headers["Vary"]
        etag = first.headers["ETag"]
        same = own_client.get(path, token=token, headers={"If-None-Match": etag})
        assert same.status_code == 304 and same.get_data() == b"" and same.headers["ETag"] == etag
        assert own_client.get(path, token=token, headers={"If-None-Match": '"1"'}).status_code == 200
    own_client.act(game_id, tokens[0], {"type": "draw"})
    moved = own_client.get(f"/games/{game_id}", headers={"If-None-Match": etag})
    assert moved.status_code == 200 and moved.headers["ETag"] != etag


def test_if_match_star_matches_any_current_version(own_client, game):
    game_id, tokens = game
    response = own_client.act(game_id, tokens[0], {"type": "draw"}, headers={"If-Match": "*"})
    assert response.status_code == 201
    problem(own_client.act(game_id, tokens[0], {"type": "discard", "card": "JH"}, headers={"If-Match": "**"}),
            400, "invalid_request")


def test_every_response_carries_a_request_id_and_echoes_a_sane_one(own_client, game):
    game_id, _ = game
    given = own_client.get(f"/games/{game_id}", headers={"X-Request-Id": "client-42.a:b"})
    assert given.headers["X-Request-Id"] == "client-42.a:b"
    for response in (own_client.get(f"/games/{game_id}"), own_client.get("/games/nope"),
                     own_client.get(f"/games/{game_id}", headers={"X-Request-Id": "has spaces; and = signs"}),
                     own_client.get(f"/games/{game_id}", headers={"X-Request-Id": "x" * 200})):
        assert re.fullmatch(r"[0-9a-f]{32}", response.headers["X-Request-Id"])


def test_cors_answers_configured_origins_only(own_redis):
    config = Config(redis_url=own_redis.url, admin_token=ADMIN, cors_origins=("https://play.example",))
    client = ApiClient(create_app(config).test_client(), validate=False)
    preflight = client.call("OPTIONS", "/games/g_0123456789abcdef/actions", headers={
        "Origin": "https://play.example", "Access-Control-Request-Method": "POST",
        "Access-Control-Request-Headers": "Authorization, Content-Type, Idempotency-Key"})
    assert preflight.headers["Access-Control-Allow-Origin"] == "https://play.example"
    allowed = {h.strip().lower() for h in preflight.headers["Access-Control-Allow-Headers"].split(",")}
    assert {"authorization", "content-type", "idempotency-key"} <= allowed
    created = client.call("POST", "/games", json={"players": [{"name": "A"}, {"name": "B"}]},
                          headers={"Origin": "https://play.example"})
    assert created.headers["Access-Control-Allow-Origin"] == "https://play.example"
    assert "ETag" in created.headers["Access-Control-Expose-Headers"]
    other = client.call("GET", f"/games/{created.get_json()['id']}", headers={"Origin": "https://evil.example"})
    assert "Access-Control-Allow-Origin" not in other.headers


def test_without_configured_origins_there_is_no_cors(own_client, game):
    game_id, _ = game
    response = own_client.get(f"/games/{game_id}", headers={"Origin": "https://play.example"})
    assert "Access-Control-Allow-Origin" not in response.headers
