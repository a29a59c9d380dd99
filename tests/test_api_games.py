"""The API against a real Redis: the worked example over HTTP, reads, and the
contract's fields."""

from tests.api_client import worked_game
from tests.worked_example import BODIES


def test_the_worked_example_over_http(client):
    created, tokens = worked_game(client)
    game = created["id"]
    for seat, action in BODIES:
        response = client.act(game, tokens[seat], action)
        assert response.status_code == 201, response.get_json()
    hand = client.get(f"/games/{game}/hands/0")
    assert hand.status_code == 200
    body = hand.get_json()
    assert [r["total"] for r in body["results"]] == [100, -120, -20]
    assert body["reason"] == "out"
    table = client.get(f"/games/{game}").get_json()
    assert [s["total"] for s in table["seats"]] == [100, -120, -20]
    assert table["hand"] == 1 and table["turn"] == {"seat": 1, "phase": "draw", "deadline": None}  # untimed


def test_the_hand_is_not_there_before_it_ends(client):
    created, _ = worked_game(client)
    assert client.get(f"/games/{created['id']}/hands/0").status_code == 404
