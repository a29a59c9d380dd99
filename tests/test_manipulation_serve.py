"""Manipulation Rummy end to end under `iceberg serve`: a person against two
greedy bots, over real HTTP, to the game's end. Each time it is the person's
turn (nothing moves until they act), what the anonymous public and the person
may read (the table, the person's view, the current hand's events) is searched
for a card that reader cannot know by the rules: the person's dealt and drawn
cards, and the table (modelled here from the admin's log, apart from the code
under test). tests/test_manipulation_http.py checks every response against
openapi.yaml."""

import random
import time

from domain import registry
from domain.kernel.cards import RANK
from service.runtime.redis_server import free_port
from tests.serve_process import Serve, request

ADMIN = "manipulation-admin-token"


def card_codes(value) -> set[str]:
    if isinstance(value, str):
        return {value} if value in RANK else set()
    if isinstance(value, dict):
        return set().union(*(card_codes(v) for v in value.values())) if value else set()
    if isinstance(value, list):
        return set().union(*(card_codes(v) for v in value)) if value else set()
    return set()


class Knowledge:
    """What each reader (None: anyone; a seat) may know of the hand being played."""

    def __init__(self, players: int):
        self.players, self.start, self.known = players, 1, {None: set()}

    def follow(self, events):
        for event in events:
            data, kind = event["data"], event["type"]
            if kind == "HandStarted":
                self.start = event["version"]
                deck, first = data["deck"], data["first_seat"]
                self.known = {None: set()}
                for seat in range(self.players):  # seven each, one at a time from the first seat
                    self.known[seat] = {deck[k] for k in range(7 * self.players) if (first + k) % self.players == seat}
            elif kind == "CardDrawn":
                self.known[data["seat"]].add(data["card"])
            elif kind == "TableRearranged":
                for cards in self.known.values():
                    cards.update(c for meld in data["table"] for c in meld)

    def leaks(self, reader, payload) -> set[str]:
        return card_codes(payload) - self.known[reader] - self.known[None]


def test_a_person_against_greedy_bots_plays_manipulation_to_its_end_with_no_leak(tmp_path):
    serve = Serve(tmp_path / "data", free_port(), ICEBERG_ADMIN_TOKEN=ADMIN)
    try:
        serve.wait_healthy()
        seats = [{"name": "Ann"}, {"name": "Bo", "bot": "greedy"}, {"name": "Cy", "bot": "greedy"}]
        status, created = request(serve.url + "/games", "POST",
                                  {"variant": "manipulation", "players": seats, "rules": {"max_hands": 2}})
        assert status == 201, created
        game, token = created["id"], created["seats"][0]["token"]
        rng, know, checks, plays = random.Random(26), Knowledge(3), 0, 0
        for _ in range(2000):
            status, view = request(f"{serve.url}/games/{game}/view", token=token)
            assert status == 200
            if view["status"] == "finished":
                break
            if not view["actions"]:  # a bot's turn: wait for the worker to play it
                request(f"{serve.url}/games/{game}/events?after={view['version']}&wait=10")
                continue
            # Ann's turn: the game stands still; read everything as each reader, then check it
            _, log = request(f"{serve.url}/games/{game}/events?limit=1000", token=ADMIN)
            know.follow(log["events"])
            for reader, key in ((None, None), (0, token)):
                _, table = request(f"{serve.url}/games/{game}", token=key)
                _, events = request(f"{serve.url}/games/{game}/events?after={know.start - 1}&limit=1000", token=key)
                payload = [table, [e["data"] for e in events["events"]]]
                if reader is not None:
                    payload.append(view)
                assert not know.leaks(reader, payload), f"reader {reader} sees {know.leaks(reader, payload)}"
                checks += 1
            assert set(view["hand"]) <= know.known[0]
            assert all(m["kind"] in ("set", "run") for m in view["table"])
            plays_now = [a for a in view["actions"] if a["type"] == "play"]
            action = plays_now[0] if plays_now and rng.random() < 0.5 else rng.choice(view["actions"])
            plays += action["type"] == "play"
            status, answer = request(f"{serve.url}/games/{game}/actions", "POST", action, token)
            assert status == 201, answer
        assert view["status"] == "finished", "the game did not finish"
        assert checks >= 10 and plays >= 1
        status, last = request(f"{serve.url}/games/{game}/events?after={view['version'] - 1}")
        ended = last["events"][-1]
        assert ended["type"] == "GameEnded" and min(ended["data"]["totals"]) in (
            ended["data"]["totals"][w] for w in ended["data"]["winners"])  # the lowest total wins
        status, hand = request(f"{serve.url}/games/{game}/hands/0")
        assert status == 200 and hand["reason"] in ("out", "blocked") and len(hand["results"]) == 3
        for _ in range(100):  # the replay is built by a worker once the hand has ended
            status, replay = request(f"{serve.url}/games/{game}/hands/0/replay")
            if status == 200:
                break
            time.sleep(0.1)
        assert status == 200 and all("table" in frame["state"] for frame in replay["frames"])
        assert any(frame["event"]["type"] == "TableRearranged" for frame in replay["frames"])
        record = registry.named("manipulation")
        status, log = request(f"{serve.url}/games/{game}/events?limit=1000")
        events = [record.event(e["type"], e["data"]) for e in log["events"]]
        assert record.fold(events).version == len(events)  # the public log folds once the hands have ended
    finally:
        serve.stop()
