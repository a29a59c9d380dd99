"""Kalooki over HTTP: a person plays a whole game against two greedy bots (the
bots' turns run by the game worker's own job code on the test Redis), every
response checked against openapi.yaml, and after every move each reader (the
person, and anyone without a token) is searched for a card of the hand being
played that it may not know. What a reader may know is modelled here from the
rules, apart from the code under test: its dealt cards, the cards it drew,
the upcard, every discard, and everything laid on the table."""

import random

from rq import SimpleWorker
from rq.serializers import JSONSerializer

from domain.kernel.cards import RANK
from tests.api_client import ADMIN

STAND_INS = {"wild", "as", "stand_in"}  # what a joker stands for: values, not cards in play


def card_codes(value) -> set[str]:
    if isinstance(value, str):
        return {value} if value in RANK or value == "JK" else set()
    if isinstance(value, dict):
        return set().union(*(card_codes(v) for k, v in value.items() if k not in STAND_INS))
    if isinstance(value, list):
        return set().union(*(card_codes(v) for v in value))
    return set()


class Knowledge:
    """What each reader may know of the hand being played, from the admin's log."""

    def __init__(self, players: int):
        self.players, self.out, self.start, self.version, self.known = players, set(), 0, 0, {}

    def follow(self, events):
        for event in events:
            self._see(event["type"], event["data"], event["version"])
            self.version = event["version"]

    def _see(self, kind, data, version):
        if kind == "HandStarted":
            seats_in = [s for s in range(self.players) if s not in self.out]
            size = {5: 13, 6: 11}.get(len(seats_in), 15)
            start = seats_in.index(data["first_seat"])
            order = seats_in[start:] + seats_in[:start]
            deck = data["deck"]
            self.start = version
            self.known = {None: set(), **{seat: set() for seat in range(self.players)}}
            for k in range(size * len(order)):
                self.known[order[k % len(order)]].add(deck[k])
            self._public([deck[size * len(order)]])
        elif kind == "CardDrawn":
            self.known[data["seat"]].add(data["card"])
        elif kind == "CardDiscarded":
            self._public([data["card"]])
        elif kind in ("MeldLaid", "CardsLaidOff"):
            self._public(data["cards"])
        elif kind == "JokerSwapped":
            self._public([data["card"], "JK"])
        elif kind == "HandEnded":  # a hand over is public, all of it
            self._public(data["deck"])
        elif kind == "PlayerEliminated":
            self.out.add(data["seat"])

    def _public(self, cards):
        for known in self.known.values():
            known.update(cards)

    def leaks(self, reader, payload) -> set[str]:
        return card_codes(payload) - self.known[reader]


def _choose(actions, rng):
    """A person who opens, melds and lays off when offered, and otherwise plays at random."""
    for kind in ("open", "swap", "meld", "layoff"):
        found = [a for a in actions if a["type"] == kind]
        if found and rng.random() < 0.9:
            return rng.choice(found)
    return rng.choice(actions)


def test_a_person_plays_kalooki_against_two_greedy_bots_to_the_end_and_sees_nothing_hidden(
        own_redis, own_app, own_client, monkeypatch):
    from tests.workers_helpers import use_context

    ctx = use_context(monkeypatch, own_redis.url)
    client, rng = own_client, random.Random(26)
    created = client.post("/games", json={
        "variant": "kalooki", "players": [{"name": "Ann"}, {"name": "B1", "bot": "greedy"},
                                          {"name": "B2", "bot": "greedy"}],
        "rules": {"max_hands": 3}}).get_json()
    game, token = created["id"], created["seats"][0]["token"]
    know, moves, checked = Knowledge(3), 0, 0
    for _ in range(3000):
        table = client.get(f"/games/{game}").get_json()
        if table["status"] == "finished":
            break
        if table["turn"]["seat"] != 0:
            SimpleWorker([ctx.jobs.queue], connection=ctx.jobs.queue.connection,
                         serializer=JSONSerializer).work(burst=True)
        else:
            view = client.get(f"/games/{game}/view", token=token).get_json()
            assert view["variant"] == "kalooki" and view["actions"]
            response = client.act(game, token, _choose(view["actions"], rng))
            assert response.status_code == 201, response.get_json()
            moves += 1
        know.follow(client.get(f"/games/{game}/events?after={know.version}", token=ADMIN).get_json()["events"])
        if table["status"] == "finished" or table["turn"] is None:
            continue
        for reader, reader_token in ((None, None), (0, token)):
            shown = [client.get(f"/games/{game}").get_json()]
            if reader_token:
                shown.append(client.get(f"/games/{game}/view", token=reader_token).get_json())
            events = client.get(f"/games/{game}/events?after={know.start - 1}", token=reader_token).get_json()
            if all(e["version"] >= know.start for e in events["events"]):
                shown.append([e["data"] for e in events["events"]])
            leaked = know.leaks(reader, shown)
            assert not leaked, f"reader {reader} sees {sorted(leaked)} at version {know.version}"
            checked += 1
    table = client.get(f"/games/{game}").get_json()
    assert table["status"] == "finished" and table["winners"] and moves > 10 and checked > 20
    ended = client.get(f"/games/{game}/events?after={table['version'] - 1}").get_json()["events"][-1]
    assert ended["type"] == "GameEnded" and ended["data"]["reason"] in ("target", "max_hands")
    first = client.get(f"/games/{game}/hands/0").get_json()
    assert first["reason"] in ("out", "exhausted") and len(first["results"]) == 3
    assert own_app.extensions["iceberg"].repository.recorder.verify(game) == []
