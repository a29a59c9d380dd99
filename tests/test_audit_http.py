"""The audit over HTTP (docs/api.md "Audit", docs/audit.md), on one Redis and on a
cluster: a game played over HTTP verifies in full from what anyone may
download; during a hand no served hash is one a reader could match against a
hidden card; the server commits before it hears a seed, and a seed changes
the deck; a deck the admin gave is marked in the public log."""

import hashlib
import json
import re

import pytest

from domain import registry
from domain.kernel.cards import full_pack
from domain.kernel.shuffle import protocol_deal
from projections.audit.entries import entry, hands_by_version
from projections.audit.statements import commitment_message
from projections.audit.verify import verify
from service.app.signing import signature_holds
from service.store import keys
from service.store.recorder import fields, stored_event, version_of
from tests.api_client import ADMIN, worked_game
from tests.audit_helpers import audit_app, client_of, export_of, outsiders_hash, trusted_keys
from tests.worked_example import BODIES

ANN, BO = "a11ce" * 8, "b0b0" * 12
HASH = re.compile(r"[0-9a-f]{64}")


@pytest.fixture
def served(backend, tmp_path):
    app = audit_app(backend, tmp_path / "data")
    yield app, client_of(app)
    app.extensions["iceberg"].hub.close()


def _committed_game(client, seeds=((0, ANN), (1, BO)), **rules):
    offered = client.post("/commitments")
    assert offered.status_code == 201
    offer = offered.get_json()
    created = client.post("/games", json={
        "players": [{"name": "Ann"}, {"name": "Bo"}], "rules": rules or {"hands": 1},
        "commitment": offer["commitment"], "seeds": [{"seat": s, "seed": seed} for s, seed in seeds]})
    assert created.status_code == 201, created.get_json()
    game = created.get_json()
    return offer, game["id"], [s["token"] for s in game["seats"]]


def _move(client, game_id, tokens) -> bool:
    """One move of the seat to move (a meld or lay-off if it has one, else a
    discard, else what it must do); False once the game is over."""
    table = client.get(f"/games/{game_id}").get_json()
    if table["status"] == "finished":
        return False
    token = tokens[table["turn"]["seat"]]
    actions = client.get(f"/games/{game_id}/view", token).get_json()["actions"]
    chosen = next((a for a in actions if a["type"] in ("meld", "layoff")), None) or \
        next((a for a in actions if a["type"] == "discard"), actions[0])
    assert client.act(game_id, token, chosen).status_code == 201
    return True


def _events(client, game_id, token=None) -> list[dict]:
    return client.get(f"/games/{game_id}/events", token).get_json()["events"]


def test_a_game_played_over_http_verifies_in_full_from_what_anyone_may_download(served):
    _, client = served
    _, game_id, tokens = _committed_game(client)
    for _ in range(500):
        if not _move(client, game_id, tokens):
            break
    # an outsider: no token, the export, the server's published keys, and nothing else
    doc = export_of(client, game_id)
    lines = verify(doc, signature_holds, trusted_keys(client))
    assert doc["complete"] and lines[-1].startswith("scores: every hand's results")
    assert any("dealt by the protocol" in line for line in lines)
    logged = _events(client, game_id)
    assert logged == doc["events"]  # /events shows the chain as the export does, once the hand has ended
    streamed = client.get(f"/games/{game_id}/stream").get_data(as_text=True)
    assert [json.loads(line[6:]) for line in streamed.splitlines() if line.startswith("data: ")] == logged
    hands = hands_by_version((e["type"], e["data"]) for e in logged)
    for event, hand in zip(logged, hands, strict=True):
        assert {"actor", "prev", "hash"} <= set(event) and "entry" not in event
        assert outsiders_hash(event, hand, doc["forms"]) == event["hash"]  # rebuilt from the page and the doc
    text = client.get(f"/games/{game_id}/export.txt")
    assert text.status_code == 200 and f"Game {game_id} (iceberg), finished" in text.get_data(as_text=True)


def _served_hashes(client, game_id, tokens) -> set[str]:
    """Every 64-hex-digit string any reader is served about the game now."""
    found = set()
    readers = [None, *tokens, ADMIN]
    for token in readers:
        for path in (f"/games/{game_id}/events", f"/games/{game_id}", f"/games/{game_id}/export",
                     f"/games/{game_id}/export.txt", f"/games/{game_id}/hands/0"):
            found |= set(HASH.findall(client.get(path, token).get_data(as_text=True)))
        if token not in (None, ADMIN):
            found |= set(HASH.findall(client.get(f"/games/{game_id}/view", token).get_data(as_text=True)))
    return found


def _candidates(app, game_id) -> tuple[set[str], set[str]]:
    """(the true hash of every event of the hand being played; the hash each
    hidden field would give with every card of the pack in it)."""
    svc = app.extensions["iceberg"]
    state = svc.repository.load(game_id).state
    variant = registry.of(state)
    first = state.hand_spans[-1][0]
    true, guessed = set(), set()
    for entry_id, raw in svc.recorder.redis.xrange(keys.events(game_id), f"0-{first}", "+"):
        e, p = fields(raw)
        true.add(hashlib.sha256(p + e).hexdigest())
        stored = stored_event(version_of(entry_id), e)
        hidden = variant.hidden.get(stored.type)
        if hidden is not None:
            for card in full_pack(state.decks):
                data = {**stored.data, hidden.field: card}
                guess = entry(variant, stored.type, stored.at, stored.actor, stored.hand, data)
                guessed.add(hashlib.sha256(p + guess).hexdigest())
    return true, guessed


def _a_hand_with_hidden_cards(app, client, at_least=3):
    """A one-hand game played until its running hand holds `at_least` events with
    a card only one seat sees (draws and discards); the game id, its tokens, and
    `_candidates`. The deal is random (the server's seed is part of it), and a
    seat that melds draws less: a hand that ends first is replaced by another."""
    for _ in range(5):
        _, game_id, tokens = _committed_game(client)
        while _move(client, game_id, tokens):
            if client.get(f"/games/{game_id}").get_json()["status"] == "finished":
                break
            true, guessed = _candidates(app, game_id)
            if len(guessed) >= 52 * at_least:
                return game_id, tokens, true, guessed
    raise AssertionError(f"no hand held {at_least} hidden cards before it ended, in 5 games")


def test_during_a_hand_no_served_hash_matches_a_hidden_card_and_after_it_they_all_show(served):
    app, client = served
    game_id, tokens, true, guessed = _a_hand_with_hidden_cards(app, client)
    served_now = _served_hashes(client, game_id, tokens)
    assert len(guessed) >= 52 * 3 and true
    assert not served_now & (true | guessed)
    shown = {e["hash"] for e in _events(client, game_id) if "hash" in e}
    assert shown and shown <= served_now  # the events before the hand do show their chain
    for _ in range(500):
        if not _move(client, game_id, tokens):
            break
    assert true <= {e["hash"] for e in _events(client, game_id)}  # once the hand has ended, every hash shows


def test_the_server_commits_before_it_hears_a_seed_and_a_seed_changes_the_deck(served):
    app, client = served
    offer, game_id, tokens = _committed_game(client, seeds=((0, ANN),))
    key = client.get("/.well-known/iceberg-keys").get_json()["keys"][0]
    assert offer["kid"] == key["kid"] and signature_holds(
        key["public"], commitment_message(offer["commitment"], offer["hands"], offer["issued"]), offer["signature"])
    log = _events(client, game_id)
    assert [e["type"] for e in log[:4]] == ["GameCreated", "DealsCommitted", "SeedContributed", "HandStarted"]
    assert log[1]["data"] == {"commitment": offer["commitment"], "hands": 1000, "supplied": []}
    assert log[2]["data"] == {"seat": 0, "seed": ANN}
    assert offer["issued"] < log[2]["at"]  # published (to its taker) before the seed was sent
    again = client.post("/games", json={"players": [{"name": "Ann"}, {"name": "Bo"}],
                                        "commitment": offer["commitment"], "seeds": [{"seat": 0, "seed": ANN}]})
    assert again.status_code == 422 and "commitment" in again.get_json()["errors"]  # one game takes it
    for _ in range(500):
        if not _move(client, game_id, tokens):
            break
    hand = export_of(client, game_id)["hands"][0]
    assert hashlib.sha256(bytes.fromhex(hand["salt"])).hexdigest() == offer["commitment"]  # hand 0's secret
    assert list(protocol_deal(1, hand["salt"], ((0, ANN),)).deck) == hand["deck"]
    assert list(protocol_deal(1, hand["salt"], ((0, BO),)).deck) != hand["deck"]  # another seed, another deck
    assert list(protocol_deal(1, hand["salt"], ()).deck) != hand["deck"]


def test_seeds_need_a_commitment_offered_first_and_only_people_give_them(served):
    _, client = served
    people = [{"name": "Ann"}, {"name": "Bot", "bot": "greedy"}]
    alone = client.post("/games", json={"players": people, "seeds": [{"seat": 0, "seed": ANN}]})
    assert alone.status_code == 422 and "commitment" in alone.get_json()["errors"]
    unknown = client.post("/games", json={"players": people, "commitment": "ab" * 32})
    assert unknown.status_code == 422 and "commitment" in unknown.get_json()["errors"]
    offer = client.post("/commitments").get_json()
    bot = client.post("/games", json={"players": people, "commitment": offer["commitment"],
                                      "seeds": [{"seat": 1, "seed": ANN}]})
    assert bot.status_code == 422 and "seeds" in bot.get_json()["errors"]
    kept = client.post("/games", json={"players": people, "commitment": offer["commitment"],
                                       "seeds": [{"seat": 0, "seed": ANN}]})
    assert kept.status_code == 201  # a refused request takes no commitment


def test_a_deck_the_admin_gave_is_marked_in_the_public_log_and_the_export(served):
    _, client = served
    created, tokens = worked_game(client, rules={"hands": 1})
    game_id = created["id"]
    committed = _events(client, game_id)[1]
    assert committed["type"] == "DealsCommitted" and committed["data"]["supplied"] == [0]
    for seat, body in BODIES:
        assert client.act(game_id, tokens[seat], body).status_code == 201
    doc = export_of(client, game_id)
    assert doc["hands"][0]["deal"] == "admin"
    lines = verify(doc, signature_holds, trusted_keys(client))
    assert any("from the admin's deck" in line for line in lines)
    assert "the admin's deck for hands [1]" in client.get(f"/games/{game_id}/export.txt").get_data(as_text=True)


def test_while_a_game_goes_on_its_export_holds_the_ended_hands_and_verifies(served):
    _, client = served
    _, game_id, tokens = _committed_game(client, hands=2)
    while client.get(f"/games/{game_id}").get_json()["hand"] == 0:
        _move(client, game_id, tokens)
    for _ in range(3):  # into the second hand: its events are not in the export
        _move(client, game_id, tokens)
    doc = export_of(client, game_id)
    assert doc["status"] == "active" and not doc["complete"] and [h["hand"] for h in doc["hands"]] == [0]
    assert doc["version"] == doc["hands"][0]["versions"]["last"] < client.get(f"/games/{game_id}").get_json()["version"]
    lines = verify(doc, signature_holds, trusted_keys(client))
    assert any(line.startswith("hand 0: commitment opens") for line in lines)
    assert export_of(client, game_id) == doc  # kept, until the game moves on
