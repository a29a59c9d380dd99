"""Conquian over HTTP: a person against the greedy bot to the end under a
real `iceberg serve`, and two people playing at random through the API; after
every move, every reader's table, view and events of the hand being played
are searched for a card that reader may not know. And a game whose second seat
is taken by invite, timed, with turns left to time out, whose export passes
`iceberg verify`.

What a reader may know is modelled here from the rules alone, from the
admin's log: the ten cards it was dealt, and every card that moved after the
deal (each is face up: the upcard, a card turned from the stock, turned down,
declined, left, discarded or melded). The stock's order and the other hand
are secret. Once a hand has ended it is public, all of it.
"""

import random
import time

from domain.kernel.cards import RANK
from service.runtime.redis_server import free_port
from tests.api_client import ADMIN
from tests.serve_process import Serve, request

SEEN = ("StockCardTurned", "CardTurnedDown", "CardDeclined", "CardForced", "ForceWaived", "CardLeft",
        "CardDiscarded")


def card_codes(value) -> set[str]:
    if isinstance(value, str):
        return {value} if value in RANK else set()
    if isinstance(value, dict):
        return set().union(*(card_codes(v) for v in value.values()))
    if isinstance(value, list):
        return set().union(*(card_codes(v) for v in value))
    return set()


class Knowledge:
    """What each reader (a seat, or None: anyone) may know at each version, from the admin's log."""

    def __init__(self):
        self.log, self._at = [], {}

    def add(self, events):
        self.log += [e for e in events if not self.log or e["version"] > self.log[-1]["version"]]

    def at(self, version: int) -> tuple[int, dict]:
        """(the version of the HandStarted of the hand in play at `version`, reader -> cards known)."""
        if version not in self._at:
            self._at[version] = self._fold(version)
        return self._at[version]

    def _fold(self, version: int) -> tuple[int, dict]:
        start, known = 0, {None: set(), 0: set(), 1: set()}
        for event in self.log:
            if event["version"] > version:
                break
            kind, data = event["type"], event["data"]
            if kind == "HandStarted":
                start, deck, first = event["version"], data["deck"], 1 - data["dealer"]
                known = {None: set(), **{seat: {deck[k] for k in range(20) if (first + k) % 2 == seat}
                                         for seat in (0, 1)}}
                public = [data["upcard"]] if data["upcard"] else []
            elif kind in SEEN:
                public = [data["card"]]
            elif kind == "ExposedCardMelded":
                public = [c for meld in data["melds"] for c in meld]
            else:
                public = []
            for cards in known.values():
                cards.update(public)
        assert self.log and self.log[-1]["version"] >= version, "the admin's log is behind what a reader saw"
        return start, known


def _catch_up(get, game: str, know: Knowledge) -> None:
    know.add(get(f"/games/{game}/events?after={know.log[-1]['version'] if know.log else 0}&limit=1000",
                 ADMIN)["events"])


def check_readers(get, game: str, tokens: dict, know: Knowledge) -> int:
    """Every reader's table, view and events of the hand in play, against what it may know. `get(path, token)`."""
    checked = 0
    for reader, token in tokens.items():
        table = get(f"/games/{game}", token)
        view = get(f"/games/{game}/view", token) if reader is not None else None
        _catch_up(get, game, know)
        start, _ = know.at(table["version"])
        events = get(f"/games/{game}/events?after={start - 1}&limit=1000", token)["events"] if start else []
        _catch_up(get, game, know)  # (a bot may have moved meanwhile)
        for payload, version, in_hand in [(table, table["version"], table["turn"] is not None),
                                          *([(view, view["version"], view["turn"] is not None)] if view else [])]:
            if in_hand:
                _, known = know.at(version)
                shown = dict(payload, rules=None)
                leaked = card_codes(shown) - known[reader]
                assert not leaked, f"reader {reader} sees {sorted(leaked)} at version {version}"
        if any(e["type"] == "HandEnded" for e in events):
            events = []  # the hand had ended when they were read (a bot's move may end it): public, all of it
        for event in events:
            _, known = know.at(event["version"])
            leaked = card_codes(event["data"]) - known[reader]
            assert not leaked, f"reader {reader} sees {sorted(leaked)} in {event['type']} v{event['version']}"
        checked += 1
    return checked


def _prefer_takes(actions, rng):
    takes = [a for a in actions if a["type"] == "take"]
    return max(takes, key=lambda a: sum(len(m) for m in a["melds"])) if takes and rng.random() < 0.8 \
        else rng.choice(actions)


def test_a_person_plays_the_greedy_bot_to_the_end_under_iceberg_serve_and_nobody_sees_a_hidden_card(tmp_path):
    serve = Serve(tmp_path / "data", free_port(), ICEBERG_ADMIN_TOKEN=ADMIN)
    try:
        serve.wait_healthy()

        def get(path, token=None):
            status, body = request(serve.url + path, token=token)
            assert status == 200, (path, body)
            return body

        status, created = request(serve.url + "/games", "POST", {
            "variant": "conquian", "players": [{"name": "Ann"}, {"name": "Bot", "bot": "greedy"}],
            "rules": {"target_score": 2, "max_hands": 6}})
        assert status == 201, created
        game, token = created["id"], created["seats"][0]["token"]
        know, rng, checked, moves = Knowledge(), random.Random(11), 0, 0
        for _ in range(2000):
            view = get(f"/games/{game}/view", token)
            if view["status"] == "finished":
                break
            checked += check_readers(get, game, {None: None, 0: token}, know)
            if view["actions"]:  # Ann's turn, or her answer to the bot's decline
                assert view["turn"]["seat"] == 0
                status, answer = request(f"{serve.url}/games/{game}/actions", "POST",
                                         _prefer_takes(view["actions"], rng), token)
                assert status == 201, answer
                moves += 1
            else:  # the bot's turn: the worker plays it
                assert view["turn"]["seat"] == 1
                request(f"{serve.url}/games/{game}/events?after={view['version']}&wait=10")
        assert view["status"] == "finished" and view["winners"], "the game did not finish"
        assert checked > 10 and moves > 2
        log = get(f"/games/{game}/events?limit=1000", ADMIN)["events"]
        assert log[-1]["type"] == "GameEnded" and log[-1]["data"]["reason"] in ("target", "max_hands")
        kinds = {e["type"] for e in log}
        assert {"ExposedCardMelded", "CardDeclined", "StockCardTurned", "HandEnded"} <= kinds
        hand = get(f"/games/{game}/hands/0")
        assert hand["reason"] in ("out", "drawn") and len(hand["results"]) == 2
        for _ in range(100):  # the replay is built by a job when first asked for (202 meanwhile)
            status, replay = request(f"{serve.url}/games/{game}/hands/0/replay")
            if status == 200:
                break
            time.sleep(0.1)
        assert status == 200 and replay["frames"], replay
    finally:
        serve.stop()


def test_two_people_play_at_random_through_the_api_and_neither_nor_anyone_sees_a_hidden_card(own_client):
    def get(path, token=None):
        response = own_client.get(path, token=token)
        assert response.status_code == 200, (path, response.get_json())
        return response.get_json()

    rng, checked, answers = random.Random(3), 0, 0
    for _ in range(4):  # games (the server deals at random) until one had a decline to answer
        created = own_client.post("/games", json={"variant": "conquian", "players": [{"name": "Ann"}, {"name": "Bob"}],
                                                  "rules": {"target_score": 2, "max_hands": 4}}).get_json()
        game, tokens = created["id"], {None: None, **{s["seat"]: s["token"] for s in created["seats"]}}
        know = Knowledge()
        for _ in range(1000):
            table = get(f"/games/{game}")
            if table["status"] == "finished":
                break
            seat = table["turn"]["seat"]
            view = get(f"/games/{game}/view", tokens[seat])
            assert view["actions"] and not get(f"/games/{game}/view", tokens[1 - seat])["actions"]
            if {a["type"] for a in view["actions"]} == {"force", "allow"}:  # the answering seat is the seat to act
                answers += 1
                assert view["turn"] == {"seat": seat, "phase": "answer", "deadline": None} and view["exposed"]
            response = own_client.act(game, tokens[seat], rng.choice(view["actions"]))
            assert response.status_code == 201, response.get_json()
            checked += check_readers(get, game, tokens, know)
        assert table["status"] == "finished"
        if answers:
            break
    assert checked > 50 and answers


def test_a_game_joined_by_invite_timed_with_late_turns_ends_and_its_export_verifies(redis_server, tmp_path):
    from projections.audit.verify import verify
    from service.app.signing import signature_holds
    from service.config import Config
    from tests.audit_helpers import Clock, audit_app, client_of, export_of, play_out, trusted_keys

    clock = Clock()
    app = audit_app(Config(redis_url=redis_server.url, admin_token=ADMIN), tmp_path / "keys", clock)
    try:
        client = client_of(app)
        created = client.post("/games", json={"variant": "conquian", "players": [{"name": "Ann"}, {"open": True}],
                                              "rules": {"target_score": 2, "turn_timeout_s": 60}}).get_json()
        assert created["status"] == "open"
        joined = client.post(f"/games/{created['id']}/join", json={"invite": created["invite"], "name": "Bo"})
        assert joined.status_code == 201 and joined.get_json()["status"] == "active", joined.get_json()
        final = play_out(app, created["id"], clock, seed=4, late={1, 4, 9})
        assert final.status == "finished" and max(final.totals) >= 2
        doc = export_of(client, created["id"])
        said = "\n".join(verify(doc, signature_holds, trusted_keys(client)))
        assert "every event of the log explained" in said and "signatures checked" in said
        kinds = {e["type"] for e in doc["events"]}
        assert {"SeatTaken", "DeadlineSet", "TurnTimedOut", "ExposedCardMelded"} <= kinds
    finally:
        app.extensions["iceberg"].hub.close()
