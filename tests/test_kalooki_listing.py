"""Kalooki's legal-action listing and bots (domain/kalooki/actions.py, bots/):
given a seat's position, what it is offered and what the greedy bot does."""

import random

from domain.kalooki import VARIANT
from domain.kalooki.bots.greedy import choose_greedy
from domain.kalooki.commands import Discard, DrawFrom, LayOff, Open, Swap
from domain.kalooki.melds import extend, takes
from domain.kalooki.plays import _melds, melds
from domain.kalooki.rules import Rules
from domain.kalooki.views import see
from domain.kernel.cards import full_pack
from domain.selfplay import bot_game
from tests.kalooki_builders import dealt, fold, then, when

HAND = ["JS", "QS", "KS", "6H", "7H", "8H", "2D", "3D", "JK"]
OTHER = ["9C", "9D", "9S", "QH", "KH", "AH", "2C"]


def opening(*melds):
    return tuple({"cards": list(cards), "wild": list(wild)} for cards, wild in melds)


def listed(given, seat):
    return VARIANT.legal_actions(fold(given), seat)


def test_before_opening_the_draw_is_from_the_stock_or_an_opening_that_takes_the_discard():
    given = dealt([["JS", "QS", "KS", "6H", "7H", "8H", "9H"], OTHER], "10H")
    actions = listed(given, 0)
    assert actions[0] == DrawFrom(0, "stock") and DrawFrom(0, "discard") not in actions
    (take,) = [a for a in actions if isinstance(a, Open)]
    assert take.take_discard and any("10H" in m["cards"] for m in take.melds)
    assert when(given, take)[0].source == "discard"


def test_after_the_draw_the_best_opening_is_offered_when_it_reaches_51():
    given = then(dealt([HAND, OTHER], "5C", stock=["4D"]), DrawFrom(0, "stock"))
    (best,) = [a for a in listed(given, 0) if isinstance(a, Open)]
    assert not best.take_discard
    value = when(given, best)[-1].value
    assert value >= 51
    weak = then(dealt([["2D", "3D", "4D", "5S", "5H", "5C"], OTHER], "5D"), DrawFrom(0, "stock"))
    assert not [a for a in listed(weak, 0) if isinstance(a, Open)]


def _opened(must_play=False):
    given = dealt([HAND + ["9H", "10H"], OTHER], "5S", stock=["4C"], swapped_joker_must_be_played=must_play)
    given = then(given, DrawFrom(0, "stock"))
    return then(given, Open(0, opening((("JS", "QS", "KS"), ()), (("6H", "7H", "8H", "JK"), ("9H",)))))


def test_once_opened_swaps_lay_offs_and_discards_are_offered():
    actions = listed(_opened(), 0)
    assert Swap(0, "m2", "9H") in actions
    assert LayOff(0, "m2", ("10H",), ()) in actions  # after the joker standing for 9H
    assert Discard(0, "2D") in actions


def test_a_swapped_joker_that_must_be_played_hides_the_discards_until_it_is():
    given = then(_opened(must_play=True), Swap(0, "m2", "9H"))
    actions = listed(given, 0)
    assert not [a for a in actions if isinstance(a, Discard)]
    assert any(isinstance(a, LayOff) and a.cards == ("JK",) for a in actions)


def test_greedy_opens_swaps_then_sheds_its_joker_first():
    rng = random.Random(1)
    state = fold(then(dealt([HAND, OTHER], "5C", stock=["4D"]), DrawFrom(0, "stock")))
    command = choose_greedy(see(state, 0), rng)
    assert isinstance(command, Open)
    state = fold(_opened())
    assert choose_greedy(see(state, 0), rng) == Swap(0, "m2", "9H")
    state = fold(then(_opened(), Swap(0, "m2", "9H")))
    laid = choose_greedy(see(state, 0), rng)
    assert "JK" in laid.cards  # the joker costs 25 in hand: the play that sheds most holds it


def test_greedy_keeps_the_discard_it_cannot_use_and_draws_from_the_stock():
    given = then(_opened(), Discard(0, "2D"))
    given = then(given, DrawFrom(1, "stock"))
    given = then(given, Discard(1, "9C"))  # seat 0 holds 9H: no meld, and no meld on the table takes it
    view = see(fold(given), 0)
    assert view.pile[-1] == "9C"
    assert choose_greedy(view, random.Random(2)) == DrawFrom(0, "stock")


def test_greedy_discards_the_costliest_card_without_partners_and_a_joker_last():
    state = fold(_opened())
    hand = state.hand

    def discard_of(cards):
        position = state._replace(hand=hand._replace(hands=(tuple(cards), hand.hands[1]), table=()))
        return choose_greedy(see(position, 0), random.Random(3))

    assert discard_of(["5S", "6S", "2H"]) == Discard(0, "2H")  # 5S 6S are partners
    assert discard_of(["JK", "KD", "2H"]) == Discard(0, "KD")
    assert discard_of(["JK", "9C"]) == Discard(0, "9C")


def table_melds(games: int = 6) -> list:
    """Every meld seen on the table in a few greedy games (ace low and high), with its rules."""
    found = {}
    for seed in range(games):
        rules = VARIANT.rules({"max_hands": 2, "ace_low": seed % 2 == 1})

        def keep(command, events, state, rules=rules):
            if state.hand is not None:
                for meld in state.hand.table:
                    found[(meld, rules.ace_low)] = None
        bot_game(("greedy", "greedy"), rules, seed, on_step=keep, variant="kalooki")
    return list(found)


def test_the_quick_lay_off_test_agrees_with_laying_the_card_off():
    """melds.takes answers for one natural card what extend does, without building the meld."""
    seen = table_melds()
    assert len(seen) > 100 and any(m.kind == "run" for m, _ in seen) and any(low for _, low in seen)
    for meld, ace_low in seen:
        for card in full_pack(1):
            assert takes(meld, card, ace_low) == (extend(meld, (card,), (), ace_low) is not None), (meld, card)


def test_the_melds_of_a_hand_are_listed_alike_whatever_its_order():
    """plays.melds remembers its answers by the sorted hand: the listing must not depend on the order."""
    rng, pack = random.Random(3), list(Rules().pack(2))
    for _ in range(300):
        hand = rng.sample(pack, rng.randrange(3, 17))
        ace_low = rng.random() < 0.5
        listed_first = melds(hand, ace_low)
        _melds.cache_clear()
        assert melds(list(reversed(hand)), ace_low) == listed_first
