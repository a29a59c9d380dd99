"""Rummy over HTTP under `iceberg serve`: people against the greedy bot play
whole games to their end, and after every human turn no reader (anyone, each
person's seat) sees a card the rules hide, in the table, the view, the current
hand's events or an action's answer; the finished game's log passes the
referee (tests/rummy_referee.py) and its export `iceberg verify`.

What a reader may know of the hand being played is modelled here from the
rules (docs/rules/rummy.md), apart from the code under test: the cards it was
dealt and drew, the upcard, every card drawn from the discard pile, every
discard, and every card melded or laid off."""

import json
import random
import subprocess
import time
import urllib.request

import pytest

from service.runtime.redis_server import free_port
from tests.rummy_referee import Referee
from tests.serve_process import BIN, Serve, request
from tests.test_api_hidden import card_codes

ADMIN = "admin-rummy-0123456789abcdef"


class Knowledge:
    """What each reader may know of the current hand, from the admin's log."""

    def __init__(self, players: int):
        self.players, self.start, self.version, self.known = players, 0, 0, {}

    def follow(self, events):
        for event in events:
            self._see(event["type"], event["data"], event["version"])
            self.version = event["version"]

    def _see(self, kind, data, version):
        if kind == "HandStarted":
            n = self.players
            size = 10 if n == 2 else 7 if n <= 4 else 6
            deck, first = data["deck"], data["first_seat"]
            self.start = version
            self.known = {None: set()}
            for seat in range(n):
                self.known[seat] = {deck[k] for k in range(size * n) if (first + k) % n == seat}
            self._public([deck[size * n]])  # the upcard
        elif kind == "CardDrawn":
            self.known[data["seat"]].add(data["card"])
            if data["from"] == "discard":
                self._public([data["card"]])
        elif kind == "CardDiscarded":
            self._public([data["card"]])
        elif kind in ("MeldLaid", "CardsLaidOff"):
            self._public(data["cards"])

    def _public(self, cards):
        for seen in self.known.values():
            seen.update(cards)

    def leaks(self, reader, payload) -> set[str]:
        return card_codes(payload) - self.known[reader]


def choose(actions, rng):
    """A person who melds and lays off what is offered, draws from the stock, and discards at random."""
    for kind in ("meld", "layoff"):
        found = [a for a in actions if a["type"] == kind]
        if found:
            return max(found, key=lambda a: len(a["cards"]))
    draws = [a for a in actions if a["type"] == "draw"]
    if draws:
        return next((a for a in draws if a["from"] == "stock"), draws[0])
    return rng.choice(actions)


def check_readers(url, game, tokens, know, in_hand):
    for reader in [None, *tokens]:
        token = tokens.get(reader)
        payloads = [request(f"{url}/games/{game}")[1]]
        if token:
            payloads.append(request(f"{url}/games/{game}/view", token=token)[1])
        if in_hand:
            events = request(f"{url}/games/{game}/events?after={know.start - 1}&limit=1000", token=token)[1]["events"]
            for e in events:
                if e["type"] == "HandStarted":
                    assert "deck" not in e["data"] and "salt" not in e["data"]
            payloads.append([e["data"] for e in events])
            leaked = know.leaks(reader, payloads)
            assert not leaked, f"reader {reader} sees {leaked} at version {know.version}"


def play(serve, seats, rules, seed):
    """Play a game of `seats` (people and greedy bots) to its end; returns (game id, readers checked)."""
    status, created = request(serve.url + "/games", "POST", {"variant": "rummy", "players": seats, "rules": rules})
    assert status == 201, created
    game = created["id"]
    tokens = {s["seat"]: s["token"] for s in created["seats"] if s.get("token")}
    know, rng, checks = Knowledge(len(seats)), random.Random(seed), 0
    for _ in range(4000):
        table = request(f"{serve.url}/games/{game}")[1]
        if table["status"] == "finished":
            return game, checks
        seat = table["turn"]["seat"] if table["turn"] else None
        if seat not in tokens:  # a bot's turn, or between hands: the worker plays on
            request(f"{serve.url}/games/{game}/events?after={table['version']}&wait=10")
            continue
        # a person's turn: nothing moves until they act, so the admin's log is the whole story so far
        know.follow(request(f"{serve.url}/games/{game}/events?after={know.version}&limit=1000",
                            token=ADMIN)[1]["events"])
        check_readers(serve.url, game, tokens, know, in_hand=True)
        checks += 1
        view = request(f"{serve.url}/games/{game}/view", token=tokens[seat])[1]
        status, answer = request(f"{serve.url}/games/{game}/actions", "POST", choose(view["actions"], rng),
                                 tokens[seat])
        assert status == 201, answer
        if not any(e["type"] == "HandEnded" for e in answer["events"]):  # (an ended hand is public)
            know.follow(request(f"{serve.url}/games/{game}/events?after={know.version}&limit=1000",
                                token=ADMIN)[1]["events"])
            mine = [e["data"] for e in answer["events"] if e["version"] >= know.start]
            assert not know.leaks(seat, mine), "the action's answer leaks"
    raise AssertionError("the game did not finish")


@pytest.mark.parametrize("seats, rules", [
    ([{"name": "Ann"}, {"name": "Bot", "bot": "greedy"}], {"target_score": 40, "max_hands": 3}),
    ([{"name": "Ann"}, {"name": "Bo"}, {"name": "Bot", "bot": "greedy"}],
     {"hands": 2, "melds_per_turn": "any", "discard_to_go_out": True, "scoring": "penalty"}),
])
def test_people_against_the_greedy_bot_play_to_the_end_and_nobody_sees_a_hidden_card(tmp_path, seats, rules):
    serve = Serve(tmp_path / "data", free_port(), ICEBERG_ADMIN_TOKEN=ADMIN)
    try:
        serve.wait_healthy()
        game, checks = play(serve, seats, rules, seed=len(seats))
        assert checks >= 10
        table = request(f"{serve.url}/games/{game}")[1]
        assert table["status"] == "finished" and table["winners"]
        events = request(f"{serve.url}/games/{game}/events?limit=1000")[1]["events"]
        assert events[-1]["type"] == "GameEnded"
        Referee().replay(request(f"{serve.url}/games/{game}/events?limit=1000", token=ADMIN)[1]["events"])
        assert {e["type"] for e in events} >= {"HandStarted", "CardDrawn", "CardDiscarded", "HandEnded"}
        status, hand = request(f"{serve.url}/games/{game}/hands/0")
        assert status == 200 and len(hand["results"]) == len(seats)
        for _ in range(100):  # the replay is built by a job once the hand has ended (202 meanwhile)
            status, replay = request(f"{serve.url}/games/{game}/hands/0/replay")
            if status == 200:
                break
            time.sleep(0.1)
        assert status == 200 and all(frame["narration"] for frame in replay["frames"])
        with urllib.request.urlopen(f"{serve.url}/games/{game}/hands/0/replay.txt", timeout=10) as answer:
            told = answer.read().decode()
        assert told.startswith("Hand 1.") and ("went out" in told or "nobody scores" in told)
        status, export = request(f"{serve.url}/games/{game}/export")
        assert status == 200 and export["complete"]
        (tmp_path / "game.json").write_text(json.dumps(export))
        checked = subprocess.run([str(BIN / "iceberg"), "verify", str(tmp_path / "game.json")],
                                 capture_output=True, text=True, timeout=120)
        assert checked.returncode == 0, checked.stdout + checked.stderr
    finally:
        serve.stop()
