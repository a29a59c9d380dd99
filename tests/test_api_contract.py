"""The HTTP contract: routes match openapi.yaml, auth, ETag/If-Match,
Idempotency-Key, redaction, and hostile input (always problem+json 4xx with a
code, never a 500, and nothing changes)."""

import pytest

from tests.api_client import ADMIN, worked_game


def problem(response, status, code=None):
    assert response.status_code == status, response.get_data(as_text=True)
    assert response.mimetype == "application/problem+json"
    body = response.get_json()
    assert {"type", "title", "status", "detail", "code"} <= set(body) and body["status"] == status
    if code:
        assert body["code"] == code, body
    return body


# --- routes and the spec -------------------------------------------------------------------

def test_every_route_is_in_openapi_and_every_path_is_served(app):
    import re

    import yaml

    from tests.spec import SPEC_PATH

    spec = yaml.safe_load(SPEC_PATH.read_text())
    spec_paths = {path: {m.upper() for m in ops if m in ("get", "post", "put", "delete", "patch")}
                  for path, ops in spec["paths"].items()}
    served = {}
    for rule in app.url_map.iter_rules():
        if rule.endpoint == "static" or rule.endpoint.startswith("play."):
            continue  # the web client's pages (service/http/play.py) are HTML for browsers, not the API
        path = re.sub(r"<(?:\w+:)?(\w+)>", r"{\1}", rule.rule).replace("{game_id}", "{id}").replace("{number}", "{n}")
        served.setdefault(path, set()).update(rule.methods - {"HEAD", "OPTIONS"})
    assert served == spec_paths


def test_health(client):
    response = client.get("/healthz")
    assert response.status_code == 200 and response.get_json()["status"] == "ok"


# --- auth ----------------------------------------------------------------------------------

def test_tokens_are_shown_once_for_human_seats_only(client):
    created = client.create([{"name": "Ann"}, {"name": "Bot", "bot": "greedy"}])
    seats = created["seats"]
    assert "token" in seats[0] and "token" not in seats[1]
    assert "token" not in client.get(f"/games/{created['id']}").get_data(as_text=True)


def test_the_view_needs_a_token_of_this_game(client):
    created, tokens = worked_game(client)
    other = client.create([{"name": "X"}, {"name": "Y"}])
    game = created["id"]
    problem(client.get(f"/games/{game}/view"), 401, "unauthorized")
    problem(client.get(f"/games/{game}/view", token="nonsense"), 401, "unauthorized")
    problem(client.get(f"/games/{game}/view", headers={"Authorization": "Basic abc"}), 401, "unauthorized")
    problem(client.get(f"/games/{game}/view", token=other["seats"][0]["token"]), 401, "unauthorized")
    view = client.get(f"/games/{game}/view", token=tokens[1]).get_json()
    assert view["seat"] == 1 and view["hand"] == ["KS", "JS", "3S", "QH", "JD", "8D", "JC"]
    admin = client.get(f"/games/{game}/view?seat=2", token=ADMIN).get_json()
    assert admin["seat"] == 2 and admin["hand"][0] == "6S"


def test_only_the_admin_may_give_a_deck(client):
    from tests.builders import stacked_deck

    deck = stacked_deck([["9S", "8S", "7S", "JH", "3H", "QD", "AD"], ["KS", "JS", "3S", "QH", "JD", "8D", "JC"]])
    body = {"players": [{"name": "A"}, {"name": "B"}], "deck": list(deck)}
    problem(client.post("/games", json=body), 403, "forbidden")
    problem(client.post("/games", token="st_not-admin", json=body), 403, "forbidden")
    assert client.post("/games", token=ADMIN, json=body).status_code == 201


def test_actions_need_a_seat_token(client):
    created, tokens = worked_game(client)
    game = created["id"]
    problem(client.act(game, None, {"type": "draw"}), 401, "unauthorized")
    problem(client.act(game, ADMIN, {"type": "draw"}), 403, "forbidden")
    problem(client.act(game, tokens[1], {"type": "draw"}), 409, "not_your_turn")  # another seat's token
    assert client.get(f"/games/{game}").get_json()["version"] == created["version"]


# --- versions --------------------------------------------------------------------------------

def test_etag_is_the_version_and_a_stale_if_match_gets_412(client):
    created, tokens = worked_game(client)
    game = created["id"]
    response = client.get(f"/games/{game}")
    version = response.get_json()["version"]
    assert response.headers["ETag"] == f'"{version}"'
    problem(client.act(game, tokens[0], {"type": "draw"}, headers={"If-Match": f'"{version - 1}"'}), 412,
            "version_conflict")
    assert client.get(f"/games/{game}").get_json()["version"] == version
    ok = client.act(game, tokens[0], {"type": "draw"}, headers={"If-Match": f'"{version}"'})
    assert ok.status_code == 201 and ok.headers["ETag"] == f'"{ok.get_json()["version"]}"'


def test_a_retried_idempotency_key_returns_the_first_response_and_appends_nothing(client):
    created, tokens = worked_game(client)
    game = created["id"]
    first = client.act(game, tokens[0], {"type": "draw"}, headers={"Idempotency-Key": "k-1"})
    assert first.status_code == 201
    version = client.get(f"/games/{game}").get_json()["version"]
    again = client.act(game, tokens[0], {"type": "draw"}, headers={"Idempotency-Key": "k-1"})
    assert again.status_code == 201 and again.get_json() == first.get_json()
    assert again.headers["Idempotent-Replayed"] == "true"
    assert client.get(f"/games/{game}").get_json()["version"] == version
    # the same key from another seat is another key
    problem(client.act(game, tokens[1], {"type": "draw"}, headers={"Idempotency-Key": "k-1"}), 409,
            "not_your_turn")


# --- redaction -------------------------------------------------------------------------------

def test_the_log_is_redacted_for_each_reader(client):
    created, tokens = worked_game(client)
    game = created["id"]
    client.act(game, tokens[0], {"type": "draw"})
    client.act(game, tokens[0], {"type": "discard", "card": "JH"})

    def events(token=None):
        return {e["type"]: e["data"] for e in client.get(f"/games/{game}/events", token=token).get_json()["events"]}

    public, mine, theirs, admin = events(), events(tokens[0]), events(tokens[2]), events(ADMIN)
    assert "deck" not in public["HandStarted"] and "salt" not in public["HandStarted"]
    assert public["CardDrawn"]["card"] is None and theirs["CardDrawn"]["card"] is None
    assert mine["CardDrawn"]["card"] == "3C" and mine["CardDiscarded"]["card"] == "JH"
    assert theirs["CardDiscarded"]["card"] is None  # face down until picked up
    assert public["AceRevealed"]["card"] == "AD"  # aces are face up
    assert admin["HandStarted"]["deck"][:3] == ["9S", "KS", "6S"]


def test_a_finished_hand_is_public(client):
    from tests.worked_example import BODIES

    created, tokens = worked_game(client)
    game = created["id"]
    for seat, action in BODIES:
        assert client.act(game, tokens[seat], action).status_code == 201
    log = client.get(f"/games/{game}/events").get_json()["events"]
    first_hand = [e for e in log if e["version"] <= next(e["version"] for e in log if e["type"] == "HandEnded")]
    assert all(e["data"].get("card", "x") is not None for e in first_hand)
    assert next(e for e in first_hand if e["type"] == "HandStarted")["data"]["deck"][0] == "9S"
    current = [e for e in log if e["type"] == "HandStarted"][-1]
    assert "deck" not in current["data"]


# --- hostile input ---------------------------------------------------------------------------

@pytest.mark.parametrize("body, status, code", [
    (b"{not json", 400, "invalid_request"),
    (b"[1, 2]", 400, "invalid_request"),
    (b"", 400, "invalid_request"),
    (b'{"type": 5}', 422, "invalid_request"),
    (b'{"type": "fly"}', 422, "invalid_request"),
    (b'{"type": "discard"}', 422, "invalid_request"),
    (b'{"type": "discard", "card": "JH", "extra": 1}', 422, "invalid_request"),
    (b'{"type": "draw", "cards": ["JH"]}', 422, "invalid_request"),
    (b'{"type": "meld", "cards": "9S"}', 422, "invalid_request"),
    (b'{"type": "discard", "card": "ZZ"}', 409, "must_draw"),
])
def test_malformed_and_ill_typed_actions(client, body, status, code):
    created, tokens = worked_game(client)
    game = created["id"]
    response = client.call("POST", f"/games/{game}/actions", tokens[0], data=body,
                           headers={"Content-Type": "application/json"})
    problem(response, status, code)
    assert client.get(f"/games/{game}").get_json()["version"] == created["version"]


@pytest.mark.parametrize("action, status, code", [
    ({"type": "discard", "card": "ZZ"}, 422, "invalid_card"),
    ({"type": "discard", "card": "KS"}, 422, "card_not_in_hand"),
    ({"type": "meld", "cards": ["JH", "QD"]}, 422, "invalid_meld"),
    ({"type": "layoff", "meld": "m7", "cards": ["JH"]}, 422, "no_such_meld"),
    ({"type": "draw"}, 409, "already_drawn"),
    ({"type": "pickup"}, 409, "already_drawn"),
])
def test_illegal_moves_get_the_rules_code_and_change_nothing(client, action, status, code):
    created, tokens = worked_game(client)
    game = created["id"]
    drawn = client.act(game, tokens[0], {"type": "draw"}).get_json()["version"]
    problem(client.act(game, tokens[0], action), status, code)
    assert client.get(f"/games/{game}").get_json()["version"] == drawn


def test_oversized_bodies_get_413(client):
    created, tokens = worked_game(client)
    body = b'{"type": "meld", "cards": [' + b'"9S",' * 20000 + b'"9S"]}'
    response = client.call("POST", f"/games/{created['id']}/actions", tokens[0], data=body,
                           headers={"Content-Type": "application/json"})
    problem(response, 413, "payload_too_large")


@pytest.mark.parametrize("body, code", [
    ({"players": [{"name": "solo"}]}, "invalid_players"),
    ({"players": [{"name": f"P{i}"} for i in range(7)]}, "invalid_players"),
    ({"players": [{"name": "A"}, {"name": "B", "bot": "clever"}]}, "invalid_request"),
    ({"players": [{"name": "A"}, {"name": "B"}], "rules": {"decks": 3}}, "invalid_request"),
    ({"players": [{"name": "A"}, {"name": "B"}], "rules": {"ace_rule": "double"}}, "invalid_request"),
    ({"players": [{"name": "A"}, {"name": "B"}], "rules": {"target_score": "5000"}}, "invalid_request"),
    ({"players": "A and B"}, "invalid_request"),
    ({}, "invalid_request"),
])
def test_impossible_games_are_refused(client, body, code):
    problem(client.post("/games", json=body), 422, code)


def test_an_explicit_deck_that_is_not_the_pack_is_refused(client):
    body = {"players": [{"name": "A"}, {"name": "B"}], "deck": ["9S"] * 52}
    problem(client.post("/games", token=ADMIN, json=body), 422, "invalid_deck")


def test_unknown_routes_methods_and_games(app):
    from tests.api_client import ApiClient

    raw = ApiClient(app.test_client(), validate=False)  # these paths are not in the spec, by design
    problem(raw.get("/nowhere"), 404, "not_found")
    problem(raw.call("DELETE", "/games"), 405, "method_not_allowed")
    problem(raw.call("PUT", "/games/g_0123456789abcdef"), 405, "method_not_allowed")
    problem(raw.get("/games/g_0123456789abcdef"), 404, "not_found")
    problem(raw.get("/games/not-an-id"), 404, "not_found")
    problem(raw.get("/games/g_0123456789abcdef/hands/0"), 404, "not_found")


def test_bad_query_and_header_values(client):
    created, tokens = worked_game(client)
    game = created["id"]
    problem(client.get(f"/games/{game}/events?after=-1"), 400, "invalid_request")
    problem(client.get(f"/games/{game}/events?after=x"), 400, "invalid_request")
    problem(client.get(f"/games/{game}/events?limit=0"), 400, "invalid_request")
    problem(client.act(game, tokens[0], {"type": "draw"}, headers={"If-Match": "soon"}), 400, "invalid_request")
    problem(client.act(game, tokens[0], {"type": "draw"}, headers={"Idempotency-Key": "k" * 201}), 400,
            "invalid_request")
    assert client.get(f"/games/{game}").get_json()["version"] == created["version"]
