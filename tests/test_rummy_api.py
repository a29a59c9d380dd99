"""Rummy through the API (every response checked against openapi.yaml): its
options in GET /variants and at creation (a bad combination refused with a
stable code), a stacked deal played by two people, each of Rummy's own rule
codes answered with its status, and the table and views showing what the
rules page says."""

from tests.api_client import ADMIN
from tests.rummy_builders import stacked_deck
from tests.test_api_input import problem

# seat 0: two melds and a spare 4S to lay off; seat 1: the 8S that fits seat 0's run
A = ["5S", "6S", "7S", "KH", "KD", "KC", "9D", "2C", "JC", "4H"]
B = ["8S", "3D", "6H", "QC", "AD", "10H", "JS", "9C", "2H", "5D"]
DECK = stacked_deck([A, B], "4S", stock=["QD", "3C", "7H"])


def game(client, **rules):
    response = client.post("/games", token=ADMIN, json={
        "variant": "rummy", "players": [{"name": "Ann"}, {"name": "Bo"}], "rules": rules, "deck": list(DECK)})
    assert response.status_code == 201, response.get_json()
    created = response.get_json()
    return created["id"], [s["token"] for s in created["seats"]]


def test_the_variant_is_listed_with_its_options(own_client):
    listed = {v["name"]: v for v in own_client.get("/variants").get_json()["variants"]}
    rummy = listed["rummy"]
    assert rummy["title"] == "Rummy" and rummy["players"] == {"min": 2, "max": 6}
    defaults = {o["name"]: o["default"] for o in rummy["options"]}
    assert defaults | {"max_hands": 100} == {
        "melds_per_turn": 1, "layoff_after_own_meld": False, "rummy_bonus": "none", "discard_to_go_out": False,
        "scoring": "collect", "target_score": 100, "hands": None, "stock_renewals": 1, "max_hands": 100,
        "turn_timeout_s": None, "on_timeout": "bot", "extensions": 0, "extension_s": 86400, "rated": True}
    assert sorted(rummy["actions"]) == ["discard", "draw", "layoff", "meld"]


def test_bad_rules_are_refused_with_a_stable_code(own_client):
    players = [{"name": "Ann"}, {"name": "Bo"}]
    bonus = own_client.post("/games", json={"variant": "rummy", "players": players,
                                            "rules": {"scoring": "penalty", "rummy_bonus": "double"}})
    problem(bonus, 422, "invalid_rules")
    for rules in ({"melds_per_turn": 2}, {"melds_per_turn": "1"}, {"scoring": "lowball"}, {"stock_renewals": -1}):
        problem(own_client.post("/games", json={"variant": "rummy", "players": players, "rules": rules}),
                422, "invalid_request")
    problem(own_client.post("/games", json={"variant": "rummy", "players": [{"name": c} for c in "ABCDEFG"]}),
            422, "invalid_players")
    made = own_client.post("/games", json={"variant": "rummy", "players": players, "rules": {"melds_per_turn": "any"}})
    assert made.status_code == 201


def test_a_stacked_hand_over_http_with_each_rule_code(own_client):
    gid, (ann, bo) = game(own_client, layoff_after_own_meld=True)
    view = own_client.get(f"/games/{gid}/view", token=ann).get_json()
    assert sorted(view["hand"]) == sorted(A) and view["pile"] == {"size": 1, "top": "4S"}
    assert view["actions"] == [{"type": "draw", "from": "stock"}, {"type": "draw", "from": "discard"}]
    problem(own_client.act(gid, ann, {"type": "draw", "from": "table"}), 422, "invalid_request")
    assert own_client.act(gid, ann, {"type": "draw", "from": "discard"}).status_code == 201
    table = own_client.get(f"/games/{gid}").get_json()
    assert table["taken"] == "4S" and table["pile"] == {"size": 0, "top": None}
    problem(own_client.act(gid, ann, {"type": "discard", "card": "4S"}), 422, "taken_card")
    assert own_client.act(gid, ann, {"type": "meld", "cards": ["4S", "5S", "6S", "7S"]}).status_code == 201
    problem(own_client.act(gid, ann, {"type": "meld", "cards": ["KH", "KD", "KC"]}), 409, "meld_limit")
    problem(own_client.act(gid, ann, {"type": "meld", "cards": ["9D", "2C", "JC"]}), 422, "invalid_meld")
    assert own_client.act(gid, ann, {"type": "discard", "card": "9D"}).status_code == 201
    assert own_client.act(gid, bo, {"type": "draw", "from": "stock"}).status_code == 201
    problem(own_client.act(gid, bo, {"type": "layoff", "meld": "m1", "cards": ["8S"]}), 409, "no_own_meld")
    problem(own_client.act(gid, bo, {"type": "layoff", "meld": "m7", "cards": ["8S"]}), 422, "no_such_meld")
    seen = own_client.get(f"/games/{gid}", token=None).get_json()
    assert seen["table"] == [{"id": "m1", "owner": 0, "kind": "run", "cards": ["4S", "5S", "6S", "7S"]}]
    assert [s["hand_size"] for s in seen["seats"]] == [6, 11] and seen["stock"] == 52 - 21 - 1


def test_an_empty_handed_seat_must_lay_off_over_http(own_client):
    hand = ["5S", "6S", "7S", "KH", "KD", "KC", "9D", "9C", "9H", "8S"]
    other = ["AD", "3D", "6D", "JD", "QC", "5H", "2H", "8C", "10H", "4C"]
    deck = stacked_deck([hand, other], "4S", stock=["QH", "3S", "2D"])
    created = own_client.post("/games", token=ADMIN, json={
        "variant": "rummy", "players": [{"name": "Ann"}, {"name": "Bo"}], "deck": list(deck),
        "rules": {"discard_to_go_out": True, "melds_per_turn": "any"}}).get_json()
    gid, (ann, bo) = created["id"], [s["token"] for s in created["seats"]]
    for action in ({"type": "draw", "from": "discard"}, {"type": "meld", "cards": ["4S", "5S", "6S", "7S", "8S"]},
                   {"type": "meld", "cards": ["KH", "KD", "KC"]}, {"type": "meld", "cards": ["9D", "9C", "9H"]}):
        assert own_client.act(gid, ann, action).status_code == 201
    events = own_client.get(f"/games/{gid}/events?after=0").get_json()["events"]
    assert events[-1]["type"] == "TurnEndedEmptyHanded" and events[-1]["data"] == {"seat": 0}
    assert own_client.get(f"/games/{gid}").get_json()["seats"][0]["empty_handed"] is True
    assert own_client.act(gid, bo, {"type": "draw", "from": "stock"}).status_code == 201
    assert own_client.act(gid, bo, {"type": "discard", "card": "QH"}).status_code == 201
    problem(own_client.act(gid, ann, {"type": "draw", "from": "discard"}), 409, "must_draw")
    assert own_client.act(gid, ann, {"type": "draw", "from": "stock"}).status_code == 201  # 3S: on 4S-8S
    view = own_client.get(f"/games/{gid}/view", token=ann).get_json()
    assert view["hand"] == ["3S"] and view["actions"] == [{"type": "layoff", "meld": "m1", "cards": ["3S"]}]
    problem(own_client.act(gid, ann, {"type": "discard", "card": "3S"}), 409, "must_lay_off")
