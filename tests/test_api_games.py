"""The API against a real Redis: the worked example over HTTP, reads, and the
contract's fields."""

from tests.builders import stacked_deck

A = ["9S", "8S", "7S", "JH", "3H", "QD", "AD"]
B = ["KS", "JS", "3S", "QH", "JD", "8D", "JC"]
C = ["6S", "10D", "9D", "4D", "2D", "KC", "QC"]
WORKED = [
    (0, {"type": "draw"}), (0, {"type": "meld", "cards": ["9S", "8S", "7S"]}), (0, {"type": "discard", "card": "JH"}),
    (1, {"type": "draw"}), (1, {"type": "meld", "cards": ["JD", "JC"]}), (1, {"type": "discard", "card": "8D"}),
    (2, {"type": "pickup"}), (2, {"type": "draw"}), (2, {"type": "layoff", "meld": "m2", "cards": ["JH"]}),
    (2, {"type": "layoff", "meld": "m1", "cards": ["6S"]}), (2, {"type": "discard", "card": "2D"}),
    (0, {"type": "pickup"}), (0, {"type": "draw"}), (0, {"type": "meld", "cards": ["3H", "3C"]}),
    (0, {"type": "meld", "cards": ["QD", "QS"]}), (0, {"type": "discard", "card": "8D"}),
]


def worked_game(client, rules=None):
    deck = stacked_deck([A, B, C], ["3C", "6C", "AC", "QS"])
    created = client.create([{"name": "A"}, {"name": "B"}, {"name": "C"}], rules=rules, deck=deck)
    return created, [s["token"] for s in created["seats"]]


def test_the_worked_example_over_http(client):
    created, tokens = worked_game(client)
    game = created["id"]
    for seat, action in WORKED:
        response = client.act(game, tokens[seat], action)
        assert response.status_code == 201, response.get_json()
    hand = client.get(f"/games/{game}/hands/0")
    assert hand.status_code == 200
    body = hand.get_json()
    assert [r["total"] for r in body["results"]] == [100, -120, -20]
    assert body["reason"] == "out"
    table = client.get(f"/games/{game}").get_json()
    assert [s["total"] for s in table["seats"]] == [100, -120, -20]
    assert table["hand"] == 1 and table["turn"] == {"seat": 1, "phase": "draw"}


def test_the_hand_is_not_there_before_it_ends(client):
    created, _ = worked_game(client)
    assert client.get(f"/games/{created['id']}/hands/0").status_code == 404
