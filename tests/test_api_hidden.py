"""Hidden information: random games of every variant through the API; after
every action, every response each seat and an anonymous caller get (table,
view, events, the action's own response) is searched for a card that reader
may not know.

What a reader may know in the hand being played is modelled here from each
variant's rules, apart from the code under test (one Knowledge class per
variant). Iceberg: the cards it was dealt, drew or picked up, the card it
passed, and everything public (melds, lay-offs, aces face up). Gin: its cards,
the upcard and every face-up discard, a card taken from the discard pile, the
melds and deadwood a knock and a show lay down. Finished hands are public. Any
other card code in the current hand's part of a response is a leak.
"""

import json
import random
import re

import pytest
from rq import SimpleWorker
from rq.serializers import JSONSerializer

from domain.kernel.cards import RANK
from service.app.tokens import token_hash
from tests.api_client import ADMIN
from tests.log_checks import check_log

PUBLIC_EVENTS = {"MeldLaid", "CardsLaidOff", "AceRevealed"}


#: fields that name what a wild card counts as (Fortune's deuces): values, not cards in play
STAND_INS = {"wild", "as"}


def card_codes(value) -> set[str]:
    found = set()
    if isinstance(value, str):
        if value in RANK:
            found.add(value)
    elif isinstance(value, dict):
        for key, v in value.items():
            if key not in STAND_INS:
                found |= card_codes(v)
    elif isinstance(value, list):
        for v in value:
            found |= card_codes(v)
    return found


class Knowledge:
    """What each reader may know of Iceberg's current hand, from the admin's log."""

    def __init__(self, players):
        self.players = players
        self.start = 0
        self.known = {}
        self.version = 0

    def follow(self, admin_events):
        for event in admin_events:
            self._see(event, self.players)
            self.version = event["version"]

    def _see(self, event, players):
        data = event["data"]
        if event["type"] == "HandStarted":
            self.start = event["version"]
            deck, first = data["deck"], data["first_seat"]
            self.known = {None: set()}
            for seat in range(players):
                self.known[seat] = {deck[k] for k in range(7 * players) if (first + k) % players == seat}
        elif event["type"] in PUBLIC_EVENTS:
            for reader in self.known.values():
                reader.update(data.get("cards") or [data["card"]])
        elif event["type"] in ("CardDrawn", "CardPickedUp", "CardDiscarded"):
            self.known[data["seat"]].add(data["card"])

    def leaks(self, reader_seat, payload) -> set[str]:
        return card_codes(payload) - self.known[reader_seat]


class GinKnowledge(Knowledge):
    """What each reader may know of Gin's current hand, from the admin's log."""

    def _see(self, event, players):
        data = event["data"]
        kind = event["type"]
        if kind == "HandStarted":
            self.start = event["version"]
            deck, first = data["deck"], 1 - data["dealer"]
            self.known = {None: set()}
            for seat in range(players):  # ten each, one at a time, the non-dealer first
                self.known[seat] = {deck[k] for k in range(20) if (first + k) % 2 == seat}
            self._public([deck[20]])  # the upcard
        elif kind == "CardDrawn":
            self.known[data["seat"]].add(data["card"])
            if data["from"] == "discard":
                self._public([data["card"]])
        elif kind == "CardDiscarded":
            self._public([data["card"]])
        elif kind in ("Knocked", "HandShown"):
            laid = [c for meld in data["melds"] for c in meld] + list(data["deadwood"])
            laid += [c for layoff in data.get("layoffs", []) for c in layoff["cards"]]
            self._public(laid)

    def _public(self, cards):
        for reader in self.known.values():
            reader.update(cards)


class FortuneKnowledge(GinKnowledge):
    """What each reader may know of Fortune Rummy's current hand: its eleven
    cards, the pile (every discard is face up), a pile taken, and the table."""

    def _see(self, event, players):
        data = event["data"]
        kind = event["type"]
        if kind == "HandStarted":
            self.start = event["version"]
            deck, first = data["deck"], data["first_seat"]
            self.known = {None: set()}
            for seat in range(players):  # eleven rounds, from the first seat
                self.known[seat] = {deck[k] for k in range(11 * players) if (first + k) % players == seat}
            self._public([deck[11 * players]])  # the card that starts the pile
        elif kind == "CardDrawn":
            self.known[data["seat"]].add(data["card"])
        elif kind in ("CardDiscarded",):
            self._public([data["card"]])
        elif kind in ("PileTaken", "MeldLaid", "CardsLaidOff"):
            self._public(data["cards"])


KNOWLEDGE = {"iceberg": Knowledge, "gin": GinKnowledge, "fortune": FortuneKnowledge}


def current_hand_events(events, start):
    return [e for e in events if e["version"] >= start]


def play_and_check(client, store, rng, players, rules, variant="iceberg"):
    created = client.post("/games", json={"variant": variant, "players": [{"name": f"P{i}"} for i in range(players)],
                                          "rules": rules}).get_json()
    game = created["id"]
    tokens = [s["token"] for s in created["seats"]]
    checked = 0
    know = KNOWLEDGE[variant](players)
    for _ in range(3000):
        table = client.get(f"/games/{game}").get_json()
        if table["status"] == "finished":
            if variant == "iceberg":
                check_log(store.recorder, game)  # every invariant of the rules tests, and the hash chain
            assert store.recorder.verify(game) == []
            return checked
        seat = table["turn"]["seat"]
        view = client.get(f"/games/{game}/view", token=tokens[seat]).get_json()
        ends_hand = [a for a in view["actions"] if a["type"] in ("knock", "show")]
        action = ends_hand[0] if ends_hand and rng.random() < 0.8 else rng.choice(view["actions"])
        response = client.act(game, tokens[seat], action)
        assert response.status_code == 201, response.get_json()
        know.follow(client.get(f"/games/{game}/events?after={know.version}", token=ADMIN).get_json()["events"])
        state = store.load(game).state
        in_hand = state.turn_seat is not None
        # the action's own response, as its seat sees it
        mine = current_hand_events(response.get_json()["events"], know.start) if in_hand else []
        assert not know.leaks(seat, [e["data"] for e in mine]), "action response leaks"
        for reader in [None, *range(players)]:
            token = None if reader is None else tokens[reader]
            payloads = [client.get(f"/games/{game}").get_json()]
            if reader is not None:
                payloads.append(client.get(f"/games/{game}/view", token=token).get_json())
            if in_hand:
                after = know.start - 1
                current = client.get(f"/games/{game}/events?after={after}", token=token).get_json()["events"]
                for e in current:
                    if e["type"] == "HandStarted":
                        assert "deck" not in e["data"] and "salt" not in e["data"]
                payloads.append([e["data"] for e in current])
                leaked = know.leaks(reader, payloads)
                assert not leaked, f"reader {reader} sees {leaked} at version {state.version}"
            checked += 1
    raise AssertionError("the game did not finish")


ENOUGH = 20  # reader checks a test must make at least
GAMES = 5  # games it may play to make them: the deals are random, and a hand may end at once


def check_games(client, app, seed, players, rules, variant="iceberg") -> int:
    """Play games (random deals, choices from `seed`) until ENOUGH reader checks were made."""
    store, rng, checked = app.extensions["iceberg"].repository, random.Random(seed), 0
    for _ in range(GAMES):
        checked += play_and_check(client, store, rng, players, rules, variant)
        if checked >= ENOUGH:
            break
    return checked


@pytest.mark.parametrize("seed, players, rules", [
    (1, 2, {"hands": 2}), (2, 3, {"hands": 1}), (3, 4, {"hands": 1, "decks": 1}), (4, 3, {"hands": 1, "decks": 2}),
])
def test_no_reader_ever_sees_a_card_the_rules_hide(client, app, seed, players, rules):
    assert check_games(client, app, seed, players, rules) >= ENOUGH


@pytest.mark.parametrize("seed, players", [(1, 3)])
def test_no_reader_of_a_fortune_game_ever_sees_a_card_the_rules_hide(client, app, seed, players):
    assert check_games(client, app, seed, players, {"hands": 1}, variant="fortune") >= ENOUGH


@pytest.mark.parametrize("seed", [1, 2])
def test_no_reader_of_a_gin_game_ever_sees_a_card_the_rules_hide(client, app, seed):
    assert check_games(client, app, seed, 2, {"max_hands": 2}, variant="gin") >= ENOUGH


def test_tokens_never_reach_the_log_or_the_logs(client, app, caplog):
    caplog.set_level("DEBUG")
    created = client.create([{"name": "P0"}, {"name": "P1"}], rules={"hands": 1})
    game = created["id"]
    tokens = [s["token"] for s in created["seats"]]
    client.act(game, tokens[0], {"type": "draw"})
    client.get(f"/games/{game}/view", token=tokens[1])
    client.get(f"/games/{game}/view", token="st_wrong-token")
    redis = app.extensions["iceberg"].recorder.redis
    stored = b"".join(fields[b"e"] + fields[b"p"] for _, fields in redis.xrange("{" + game + "}:events"))
    hashes = redis.hgetall("{" + game + "}:tokens")
    for token in tokens:
        assert token.encode() not in stored
        assert token not in caplog.text
        assert token.encode() not in b"".join(hashes) and token_hash(token).encode() in hashes
    log = json.dumps(client.get(f"/games/{game}/events", token=ADMIN).get_json())
    assert not any(token in log for token in tokens)


# --- players, the lobby and their notices ----------------------------------------------------

CARD_IN_TEXT = re.compile(r"\b(?:10|[2-9JQKA])[SHDC]\b")


def _players_game(client, rng, players: int):
    """A game of registered players (each with an address and a webhook of their
    own), created with open seats and joined by invite: (game, player tokens)."""
    made = [client.post("/players", json={"name": f"P{i}", "email": f"p{i}@example.org"}).get_json()
            for i in range(players)]
    created = client.post("/games", token=made[0]["token"], json={
        "players": [{"player": "me"}] + [{"open": True}] * (players - 1), "listed": True,
        "rules": {"hands": 2, "turn_timeout_s": 86400, "extensions": 2, "extension_s": 60}}).get_json()
    for player in made[1:]:
        lobby = client.get("/lobby").get_json()
        assert not card_codes(lobby)
        joined = client.post(f"/games/{created['id']}/join", token=player["token"], json={})
        assert joined.status_code == 201 and not card_codes(joined.get_json())
    return created["id"], [p["token"] for p in made]


@pytest.mark.parametrize("seed", [4, 5])
def test_no_player_endpoint_or_notice_ever_shows_a_card_its_reader_may_not_know(own_redis, own_app, own_client,
                                                                                 monkeypatch, seed):
    """A random game of three registered players, one of whom resigns half-way:
    after every action, each player's /me, /me/games and the lobby, the answers
    to resign and extend, and every notice their webhooks and mailboxes got
    (run by the notices worker's code) are searched for a card that player
    may not know: their own cards and whatever the public log shows."""
    from tests.receivers import Receiver
    from tests.smtp_sink import SmtpSink
    from tests.workers_helpers import use_context

    sink, hook = SmtpSink(), Receiver().start()
    try:
        ctx = use_context(monkeypatch, own_redis.url, ICEBERG_SMTP_URL=sink.url)
        rng, client = random.Random(seed), own_client
        checked, resigned = 0, False
        # the deals are random: a game may end before seat 2 can resign; then another
        for _ in range(3):
            game, tokens, table, more, resigned = _one_game(client, rng, ctx, sink, hook)
            checked += more
            if resigned and checked >= 25:
                break
        assert table["status"] == "finished" and resigned
        assert checked >= 25 and sink.received and hook.received
        side = client.post("/games", token=tokens[0], json={"players": [{"player": "me"}, {"open": True}]})
        aborted = client.post(f"/games/{side.get_json()['id']}/abort", token=tokens[0])
        assert aborted.status_code == 201 and not card_codes([side.get_json(), aborted.get_json()])
    finally:
        sink.close()
        hook.close()


def _one_game(client, rng, ctx, sink, hook):
    """One game of three registered players (seat 2 resigns half-way), every
    page and notice checked: (game, tokens, its last table, checks made, resigned)."""
    from tests.notices_helpers import run_notices

    game, tokens = _players_game(client, rng, 3)
    for token in tokens:
        assert client.call("PUT", "/me/webhook", token, json={"url": hook.url}).status_code == 200
    know, seen_hooks, seen_mail, checked, resigned = Knowledge(3), len(hook.received), len(sink.received), 0, False
    for _ in range(3000):
        table = client.get(f"/games/{game}").get_json()
        if table["status"] == "finished":
            break
        seat = table["turn"]["seat"]
        if table["seats"][seat]["bot"]:  # the resigned seat: greedy plays it (the game queue, here)
            SimpleWorker([ctx.jobs.queue], connection=ctx.jobs.queue.connection,
                         serializer=JSONSerializer).work(burst=True)
        else:
            if rng.random() < 0.1:
                extended = client.post(f"/games/{game}/extend", token=tokens[seat])
                assert extended.status_code in (201, 409)
                assert not card_codes(extended.get_json())
            view = client.get(f"/games/{game}/view", token=tokens[seat]).get_json()
            response = client.act(game, tokens[seat], rng.choice(view["actions"]))
            assert response.status_code == 201, response.get_json()
            if not resigned and seat == 2 and table["version"] > 20:
                answer = client.post(f"/games/{game}/resign", token=tokens[2])
                assert answer.status_code == 201 and not card_codes(answer.get_json()["events"])
                resigned = True
        run_notices(ctx)
        know.follow(client.get(f"/games/{game}/events?after={know.version}", token=ADMIN).get_json()["events"])
        public = card_codes([e["data"] for e in client.get(f"/games/{game}/events").get_json()["events"]])
        for reader, token in enumerate(tokens):
            mine = [client.get(path, token=token).get_json()
                    for path in ("/me", "/me/games", "/me/games?status=finished", "/lobby",
                                 "/me/webhook", "/me/webhook/deliveries")]
            assert not card_codes(mine), f"player {reader}'s own pages show a card"
        for _, body in hook.received[seen_hooks:]:
            notice = json.loads(body)
            leaked = card_codes(notice["data"]) - know.known[notice["seat"]] - public
            assert not leaked, f"a notice to seat {notice['seat']} shows {leaked}"
            checked += 1
        seen_hooks = len(hook.received)
        for recipients, mail in sink.received[seen_mail:]:
            reader = int(recipients[0][1])  # p<seat>@example.org: the seat is the player's number
            leaked = set(CARD_IN_TEXT.findall(mail.get_content())) - know.known[reader] - public
            assert not leaked, f"an e-mail to seat {reader} shows {leaked}"
            checked += 1
        seen_mail = len(sink.received)
    return game, tokens, table, checked, resigned
