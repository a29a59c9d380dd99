"""The expert bot's determinizer and choices, over random positions of every
variant: a determinization keeps everything the seat sees and gives a hidden
place only cards the seat does not see anywhere; the expert's choice is a
legal action; the same view and generator decide the same."""

import random
from collections import Counter
from itertools import count

import pytest

from domain import registry
from domain.kernel.deals import pack_of
from domain.kernel.expert import policy
from domain.kernel.expert.determinize import deal_unseen
from domain.kernel.variant import PUBLIC
from domain.selfplay import bot_game

NAMES = sorted(registry.VARIANTS)
POSITIONS = 1500  # a variant: a few seconds


def positions(name: str, wanted: int, policies=("random", "greedy")) -> list:
    """States with a seat to move from bot games (random and greedy mixed), several games, up to `wanted`."""
    variant = registry.named(name)
    seats, found = variant.players[0], []

    def keep(command, events, state):
        if state.turn_seat is not None and len(found) < wanted:
            found.append(state)

    for seed in count():
        if len(found) >= wanted:
            return found
        names = [policies[(seed + seat) % len(policies)] for seat in range(seats)]
        bot_game(names, variant.rules({"max_hands": 3}), seed, on_step=keep, variant=name)
    return found


def form(value):
    """The types of `value` and of all it holds, its strings (cards) as one kind."""
    if isinstance(value, tuple):
        return type(value), tuple(form(v) for v in value)
    return type(value)


def seen_by(variant, state, seat: int) -> dict:
    """Place -> cards, for the places `seat` sees (its hand, the public ones)."""
    return {place: tuple(cards) for place, who, cards in variant.cards_in_play(state) if who in (PUBLIC, seat)}


@pytest.mark.parametrize("name", NAMES)
def test_a_determinization_keeps_what_the_seat_sees_and_hides_only_unseen_cards(name):
    variant, rng = registry.named(name), random.Random(name)
    for state in positions(name, POSITIONS):
        seat = rng.randrange(len(state.players))  # any seat, not only the one to move
        dealt = deal_unseen(variant, variant.expert_view(state, seat).known, rng)
        visible = seen_by(variant, state, seat)
        assert seen_by(variant, dealt, seat) == visible
        hidden = Counter(c for place, who, cards in variant.cards_in_play(dealt) if place not in visible
                         for c in cards)
        shown = Counter(c for cards in visible.values() for c in cards)
        # the hidden places hold exactly the pack less what the seat sees: no card seen elsewhere, none lost
        assert hidden == Counter(pack_of(state)) - shown
        sizes = {place: len(cards) for place, _, cards in variant.cards_in_play(state)}
        assert {place: len(cards) for place, _, cards in variant.cards_in_play(dealt)} == sizes
        assert form(dealt.hand) == form(state.hand)  # every record and tuple where the game has one


def test_the_determinizer_never_reads_a_hidden_card_a_view_does_not_hold():
    """A view's `known` holds no card of another hand or the stock: it is the determinizer's only input."""
    variant = registry.named("gin")
    state = positions("gin", 1)[0]
    assert variant.see(state, 0).known is None  # only the expert's view holds it
    known = variant.expert_view(state, 0).known
    assert set(known.hand.hands[1]).isdisjoint(state.hand.hands[1])
    assert set(known.hand.deck[known.hand.stock_pos:]).isdisjoint(state.hand.deck)


@pytest.fixture
def rounds():
    """The expert searches a fixed number of rounds: its choice does not depend on the machine's speed."""
    before = policy.configure(rounds=3, think_ms=10_000)
    yield
    policy.configure(**before)


@pytest.mark.parametrize("name", NAMES)
def test_the_expert_plays_a_legal_action_and_the_same_one_twice(name, rounds):
    variant, rng = registry.named(name), random.Random(name)
    states = positions(name, 300)
    for state in rng.sample(states, 12):
        seat = state.turn_seat
        view = variant.expert_view(state, seat)
        chosen = variant.bots["expert"](view, random.Random(f"g:{state.version}"))
        assert chosen in variant.legal_actions(state, seat)
        assert variant.bots["expert"](view, random.Random(f"g:{state.version}")) == chosen


def test_a_search_stopped_by_its_clock_decides_the_same_with_the_same_clock():
    """The time budget read from an injected clock (each reading 1 ms later): the same job, the same choice."""
    variant = registry.named("gin")
    state = next(s for s in positions("gin", 200) if len(variant.legal_actions(s, s.turn_seat)) > 2)

    def decide():
        ticks = count()
        before = policy.configure(rounds=None, think_ms=40, clock=lambda: next(ticks) / 1000)
        try:
            return variant.bots["expert"](variant.expert_view(state, state.turn_seat), random.Random(7))
        finally:
            policy.configure(**before)

    assert decide() == decide()
