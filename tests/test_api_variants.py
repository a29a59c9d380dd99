"""Variants over HTTP: GET /variants describes each one from the registry, a
game of each is created with `variant`, and a whole Gin game is played through
the API with every response checked against openapi.yaml."""

import random

from domain import registry
from tests.test_api_input import problem


def test_variants_are_listed_with_their_options_and_actions(own_client):
    listed = {v["name"]: v for v in own_client.get("/variants").get_json()["variants"]}
    assert set(listed) == set(registry.VARIANTS) and {"iceberg", "gin", "fortune"} <= set(listed)
    for name, variant in registry.VARIANTS.items():
        assert listed[name] == variant.describe()
    gin = listed["gin"]
    assert gin["players"] == {"min": 2, "max": 2}
    assert {o["name"]: o["default"] for o in gin["options"]}["target_score"] == 100
    assert {"pass", "draw", "discard", "knock", "show"} == set(gin["actions"])
    assert all(v["bots"] == ["expert", "greedy", "random"] for v in listed.values())  # the lobby offers these


def test_an_unknown_variant_or_another_variants_option_is_refused(own_client):
    problem(own_client.post("/games", json={"variant": "canasta", "players": [{"name": "A"}, {"name": "B"}]}),
            422, "invalid_request")
    problem(own_client.post("/games", json={"variant": "gin", "players": [{"name": "A"}, {"name": "B"}],
                                            "rules": {"ace_rule": "bonus"}}), 422, "invalid_request")
    problem(own_client.post("/games", json={"variant": "gin", "players": [{"name": c} for c in "ABC"]}),
            422, "invalid_players")


def test_a_gin_game_is_played_to_its_end_over_http(own_client):
    created = own_client.post("/games", json={"variant": "gin", "players": [{"name": "Ann"}, {"name": "Bo"}],
                                              "rules": {"target_score": 25, "max_hands": 10}}).get_json()
    game, tokens = created["id"], [s["token"] for s in created["seats"]]
    assert created["variant"] == "gin"
    rng = random.Random(8)
    for _ in range(5000):
        table = own_client.get(f"/games/{game}").get_json()
        if table["status"] == "finished":
            break
        seat = table["turn"]["seat"]
        view = own_client.get(f"/games/{game}/view", token=tokens[seat]).get_json()
        assert view["variant"] == "gin" and len(view["hand"]) in (10, 11)
        knocks = [a for a in view["actions"] if a["type"] in ("knock", "show")]
        action = knocks[0] if knocks and rng.random() < 0.7 else rng.choice(view["actions"])
        response = own_client.act(game, tokens[seat], action)
        assert response.status_code == 201, response.get_json()
    assert table["status"] == "finished" and table["winners"]
    first = own_client.get(f"/games/{game}/hands/0").get_json()
    assert first["reason"] in ("knock", "gin", "undercut", "wall") and len(first["results"]) == 2
    first_event = own_client.get(f"/games/{game}/events?limit=1").get_json()["events"][0]
    last_event = own_client.get(f"/games/{game}/events?after={table['version'] - 1}").get_json()["events"][-1]
    assert first_event["data"]["variant"] == "gin" and last_event["type"] == "GameEnded"


def test_a_fortune_game_is_played_to_its_end_over_http(own_client):
    created = own_client.post("/games", json={"variant": "fortune", "players": [{"name": n} for n in "ABC"],
                                              "rules": {"hands": 1}}).get_json()
    game, tokens = created["id"], [s["token"] for s in created["seats"]]
    rng = random.Random(5)
    for _ in range(5000):
        table = own_client.get(f"/games/{game}").get_json()
        if table["status"] == "finished":
            break
        seat = table["turn"]["seat"]
        view = own_client.get(f"/games/{game}/view", token=tokens[seat]).get_json()
        assert view["variant"] == "fortune"
        response = own_client.act(game, tokens[seat], rng.choice(view["actions"]))
        assert response.status_code == 201, response.get_json()
    assert table["status"] == "finished"
    first = own_client.get(f"/games/{game}/hands/0").get_json()
    assert first["reason"] in ("out", "exhausted") and len(first["results"]) == 3
