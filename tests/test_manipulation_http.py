"""Manipulation Rummy over the API (every response checked against
openapi.yaml by the test client): a game of three people played to its end
from the listed actions, bad play bodies refused with their codes, the table
in the public table, the view, the replay frames and the transcript."""

import random

from tests.test_api_input import problem


def _game(client, rules):
    created = client.post("/games", json={"variant": "manipulation", "players": [{"name": n} for n in ("Ann", "Bo", "Cy")],
                                          "rules": rules}).get_json()
    return created["id"], [s["token"] for s in created["seats"]]


def test_a_manipulation_game_is_played_to_its_end_over_http(own_client):
    game, tokens = _game(own_client, {"hands": 1, "draw_rule": "one"})
    rng = random.Random(26)
    for _ in range(3000):
        table = own_client.get(f"/games/{game}").get_json()
        if table["status"] == "finished":
            break
        seat = table["turn"]["seat"]
        view = own_client.get(f"/games/{game}/view", token=tokens[seat]).get_json()
        assert view["variant"] == "manipulation" and view["rules"]["draw_rule"] == "one"
        assert [m["cards"] for m in view["table"]] == [m["cards"] for m in table["table"]]
        kinds = {a["type"] for a in view["actions"]}
        assert kinds in ({"draw"}, {"play"})  # a draw only when it is the sole move
        response = own_client.act(game, tokens[seat], rng.choice(view["actions"]))
        assert response.status_code == 201, response.get_json()
    assert table["status"] == "finished" and table["winners"]
    hand = own_client.get(f"/games/{game}/hands/0").get_json()
    assert hand["reason"] in ("out", "blocked") and [r["seat"] for r in hand["results"]] == [0, 1, 2]
    assert all(r["total"] == r["penalty"] for r in hand["results"])  # the first hand: the totals are its penalties


def test_bad_play_bodies_are_refused_with_their_codes_and_change_nothing(own_client):
    game, tokens = _game(own_client, {})
    seat = own_client.get(f"/games/{game}").get_json()["turn"]["seat"]
    view = own_client.get(f"/games/{game}/view", token=tokens[seat]).get_json()
    version = view["version"]
    hand = view["hand"]
    problem(own_client.act(game, tokens[seat], {"type": "play", "table": [hand[:2]]}), 422, "invalid_meld")
    problem(own_client.act(game, tokens[seat], {"type": "play", "table": [["AS", "AH", "AD"], ["AS", "AH", "AD"],
                                                                         ["AC", "KC", "QC"]]}),
            422, "card_not_in_hand")
    problem(own_client.act(game, tokens[seat], {"type": "play", "table": "4C 5C 6C"}), 422, "invalid_request")
    problem(own_client.act(game, tokens[seat], {"type": "play"}), 422, "invalid_request")
    problem(own_client.act(game, tokens[seat], {"type": "draw", "from": "stock"}), 422, "invalid_request")
    other = (seat + 1) % 3
    problem(own_client.act(game, tokens[other], {"type": "draw"}), 409, "not_your_turn")
    assert own_client.get(f"/games/{game}").get_json()["version"] == version
