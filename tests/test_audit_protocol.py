"""The commit-reveal deals (domain/kernel/shuffle.py, docs/audit.md): given a
commitment and seeds, when a game is created and its hands end, then every
deck is the one the hand's secret and the seeds give, the secret leads to the
commitment, and nothing else can deal it."""

import json
import random
from datetime import datetime, timezone

import pytest

from domain import registry
from domain.engine import bot_move, play
from domain.kernel.cards import full_pack
from domain.kernel.deals import Deal, commitment, explicit_deal
from domain.kernel.errors import InvalidAction, InvariantBroken
from domain.kernel.eventdata import event_type
from domain.kernel.players import CreateGame, Player
from domain.kernel.shuffle import (
    CHAIN,
    Deals,
    DealsCommitted,
    SeedContributed,
    commitment_of,
    from_marks,
    hand_secret,
    marks,
    mix,
    protocol_deal,
    reaches,
    step,
)
from tests import worked_example

TIP = "7e" * 32  # the server's secret in these tests: the last of the chain
COMMITMENT = commitment_of(TIP)
SEED_A, SEED_B = "a1" * 16, "b2" * 24
NOW = datetime(2026, 11, 23, 10, 0, tzinfo=timezone.utc)


class SecretDealer:
    """The server's dealer, without a store: it knows the secret."""

    def __init__(self, tip=TIP):
        self.tip = tip

    def __call__(self, decks):
        raise AssertionError("a game with committed deals is never dealt at random")

    def hand_secret(self, commitment_, hands, hand):
        return hand_secret(self.tip, hands, hand)


def created(variant="iceberg", seeds=((0, SEED_A),), supplied=(), dealer=None, bots=("greedy",), **rules):
    v = registry.named(variant)
    players = (Player("Ann"), *(Player(f"Bot{i}", bot) for i, bot in enumerate(bots)))
    command = CreateGame(players, v.rules(rules or None), variant, deals=Deals(COMMITMENT, CHAIN, supplied, seeds))
    return play(None, command, dealer or SecretDealer(), NOW)


def test_the_chain_of_hand_secrets_leads_back_to_the_commitment_and_not_forward():
    s0, s1, s2 = (hand_secret(TIP, CHAIN, k) for k in range(3))
    assert step(s0) == COMMITMENT and step(s1) == s0 and step(s2) == s1
    assert reaches(s0, 0, COMMITMENT) and reaches(s2, 2, COMMITMENT)
    assert not reaches(s1, 0, COMMITMENT) and not reaches(s1, 2, COMMITMENT) and not reaches("zz", 0, COMMITMENT)
    assert hand_secret(TIP, CHAIN, CHAIN - 1) == TIP


@pytest.mark.parametrize("hands, every", [(CHAIN, 64), (CHAIN, 1), (CHAIN, 999), (130, 64), (64, 64), (65, 64), (1, 8)])
def test_the_kept_marks_give_every_hand_s_secret_within_every_steps(hands, every):
    kept = marks(TIP, hands, every)
    assert kept[hands - 1] == TIP and len(kept) == len({*range(0, hands, every), hands - 1})
    assert all(k == hands - 1 or k % every == 0 for k in kept)
    assert [from_marks(kept, hands, every, h) for h in range(hands)] == [hand_secret(TIP, hands, h) for h in range(hands)]


def test_a_seed_changes_the_deck_the_same_secret_deals():
    secret = hand_secret(TIP, CHAIN, 0)
    with_a = protocol_deal(1, secret, ((0, SEED_A),))
    assert sorted(with_a.deck) == sorted(full_pack(1)) and with_a.salt == secret
    assert protocol_deal(1, secret, ((0, SEED_A),)) == with_a  # the same inputs, the same deck
    assert protocol_deal(1, secret, ((0, SEED_B),)).deck != with_a.deck  # another seed: another deck
    assert protocol_deal(1, secret, ()).deck != with_a.deck  # no seed: another deck
    assert protocol_deal(1, secret, ((0, SEED_A), (1, SEED_B))).deck != protocol_deal(
        1, secret, ((1, SEED_B), (0, SEED_A))).deck  # the seeds count in log order
    assert mix(()) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"  # SHA-256 of nothing


def test_creating_commits_before_the_seeds_and_deals_from_the_first_secret():
    events, state = created(seeds=((0, SEED_A),))
    assert [event_type(e) for e in events] == ["GameCreated", "DealsCommitted", "SeedContributed", "HandStarted"]
    assert events[1] == DealsCommitted(COMMITMENT, CHAIN, ())
    assert events[2] == SeedContributed(0, SEED_A)
    started = events[3]
    expected = protocol_deal(1, hand_secret(TIP, CHAIN, 0), ((0, SEED_A),))
    assert (started.deck, started.salt) == (expected.deck, expected.salt)
    assert started.deck_commitment == commitment(expected.deck, expected.salt)
    assert state.deals == Deals(COMMITMENT, CHAIN, (), ((0, SEED_A),))


@pytest.mark.parametrize("variant, rules", [("iceberg", {"hands": 2}), ("gin", {"max_hands": 2}),
                                            ("fortune", {"hands": 2})])
def test_every_hand_of_every_variant_is_dealt_from_its_own_secret(variant, rules):
    events, state = created(variant, bots=("random",), **rules)
    log, rng = list(events), random.Random(3)
    while state.status != "finished":
        command = bot_move(state, rng) if state.players[state.turn_seat].bot else \
            rng.choice(registry.of(state).legal_actions(state, state.turn_seat))
        more, state = play(state, command, SecretDealer(), NOW)
        log += more
    started = [e for e in log if event_type(e) == "HandStarted"]
    ended = [e for e in log if event_type(e) == "HandEnded"]
    assert len(started) == len(ended) >= 1
    for n, (s, e) in enumerate(zip(started, ended, strict=True)):
        assert s.salt == e.salt == hand_secret(TIP, CHAIN, n)  # revealed when the hand ends
        assert reaches(e.salt, n, COMMITMENT)
        assert s.deck == protocol_deal(state.decks, e.salt, ((0, SEED_A),)).deck


def test_the_admin_s_deck_is_dealt_outside_the_protocol_and_marked_so():
    deck = worked_example.deck()
    admin = lambda decks: explicit_deal(deck)  # noqa: E731
    events, _ = created(seeds=(), supplied=(0,), dealer=_Both(admin), bots=("greedy", "greedy"))
    assert events[1] == DealsCommitted(COMMITMENT, CHAIN, (0,))
    assert events[2].deck == deck


class _Both(SecretDealer):
    def __init__(self, deal):
        super().__init__()
        self.deal = deal

    def __call__(self, decks):
        return self.deal(decks)


def test_a_game_with_committed_deals_is_never_dealt_without_its_secret():
    with pytest.raises(TypeError):
        created(dealer=lambda decks: Deal(full_pack(decks), "00"))  # a plain dealer knows no secret
    with pytest.raises(InvariantBroken):
        created(dealer=SecretDealer("00" * 32))  # another secret: not the one committed to


@pytest.mark.parametrize("seeds", [((1, SEED_A),), ((0, "short"),), ((0, SEED_A), (0, SEED_B)), ((5, SEED_A),)])
def test_only_people_contribute_well_formed_seeds_once(seeds):
    with pytest.raises(InvalidAction):
        created(seeds=seeds)


@pytest.mark.parametrize("variant", ["iceberg", "gin", "fortune"])
def test_a_snapshot_keeps_the_committed_deals(variant):
    _, state = created(variant, bots=("random",))
    to_data, from_data = registry.named(variant).snapshot
    assert from_data(json.loads(json.dumps(to_data(state)))) == state
    assert from_data(json.loads(json.dumps(to_data(state)))).deals.commitment == COMMITMENT
