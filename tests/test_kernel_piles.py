"""kernel/piles.py: the whole-pile renewal of an empty stock, the dead hand when
it cannot be renewed, and the taken-card rule (Rummy and Kalooki share them)."""

from dataclasses import dataclass
from typing import NamedTuple

import pytest

from domain.kernel import errors as err
from domain.kernel import piles
from domain.kernel.deciding import Batch
from domain.kernel.events import StockRenewed
from domain.kernel.folding import advance


class Hand(NamedTuple):
    stock: tuple
    pile: tuple
    renewals: int
    number: int = 0
    deck: tuple = ()
    salt: str = "s"
    ended: str | None = None


class State(NamedTuple):
    version: int
    hand: Hand


@dataclass(frozen=True)
class Ended:
    hand: int
    reason: str
    results: tuple
    deck: tuple
    salt: str


class Ending:
    """What kernel/deciding.py Ending does when a hand ends, kept to the event."""

    def now(self, batch, reason):
        batch.emit(Ended(batch.state.hand.number, reason, (), (), "s"))


def evolve(state, event):
    if isinstance(event, StockRenewed):
        return piles.stock_renewed(state, event)
    return advance(state, hand=state.hand._replace(ended=event.reason))


def drawing(stock, pile, renewals=0, limit=1):
    state = State(0, Hand(tuple(stock), tuple(pile), renewals))
    batch = Batch(state, evolve)
    can_draw = piles.renewing(state.hand, limit, Ending(), batch)
    return can_draw, batch


def test_a_stock_with_cards_is_drawn_from_as_it_is():
    assert piles.stock_draw(("5H",), ("2C",), 0, 1) == piles.DRAW
    can_draw, batch = drawing(("5H",), ("2C",))
    assert can_draw and batch.events == []


def test_an_empty_stock_turns_the_whole_pile_over_oldest_card_on_top():
    # given a pile laid 2C, then 9D, then KS (the top), and no stock
    can_draw, batch = drawing((), ("2C", "9D", "KS"))
    # then it is renewed with every card of it, the first discard on top, and the pile is empty
    assert can_draw
    assert batch.events == [StockRenewed(3)]
    hand = batch.state.hand
    assert hand.stock == ("2C", "9D", "KS") and hand.pile == () and hand.renewals == 1
    assert batch.state.version == 1


def test_renewals_are_counted_against_the_limit():
    assert piles.stock_draw((), ("2C",), 1, 2) == piles.RENEW
    can_draw, batch = drawing((), ("2C", "3C"), renewals=1, limit=2)
    assert can_draw and batch.state.hand.renewals == 2


def test_past_the_limit_the_hand_ends_exhausted():
    assert piles.stock_draw((), ("2C", "3C"), 1, 1) == piles.EXHAUSTED
    can_draw, batch = drawing((), ("2C", "3C"), renewals=1, limit=1)
    assert not can_draw
    assert [type(e) for e in batch.events] == [Ended] and batch.events[0].reason == "exhausted"
    assert batch.state.hand.stock == () and batch.state.hand.pile == ("2C", "3C")


def test_no_renewal_at_all_with_a_limit_of_zero():
    assert piles.stock_draw((), ("2C", "3C"), 0, 0) == piles.EXHAUSTED


def test_an_empty_pile_cannot_renew_the_stock():
    can_draw, batch = drawing((), (), renewals=0, limit=1)
    assert not can_draw and batch.events[0].reason == "exhausted"


def test_turned_over_keeps_the_order():
    assert piles.turned_over(["AS", "2S"]) == ("AS", "2S")


def test_a_logged_size_that_does_not_match_the_pile_is_a_broken_log():
    state = State(0, Hand((), ("2C", "3C"), 0))
    with pytest.raises(AssertionError):
        piles.stock_renewed(state, StockRenewed(1))


# --- the taken-card rule ------------------------------------------------------------------------

def test_the_taken_card_may_not_be_discarded_the_same_turn():
    assert not piles.may_discard("7H", ("7H", "2C"), taken="7H")
    with pytest.raises(err.TakenCard) as refused:
        piles.check_discard("7H", ("7H", "2C"), taken="7H")
    assert refused.value.code == "taken_card" and refused.value.kind == err.UNPROCESSABLE


def test_another_card_may_be_discarded():
    assert piles.may_discard("2C", ("7H", "2C"), taken="7H")
    piles.check_discard("2C", ("7H", "2C"), taken="7H")


def test_any_card_after_a_draw_from_the_stock():
    assert piles.may_discard("7H", ("7H", "2C"), taken=None)


def test_the_taken_card_may_go_as_the_last_card():
    assert piles.may_discard("7H", ("7H",), taken="7H")


def test_another_copy_of_the_taken_card_may_be_discarded():
    # two decks: the seat holds its own 7H besides the one it took
    assert piles.may_discard("7H", ("7H", "7H", "2C"), taken="7H")


def test_the_taken_copy_is_the_last_of_its_code_to_leave_the_hand():
    # one of two 7H was melded: the one left counts as the taken card
    assert not piles.may_discard("7H", ("7H", "2C"), taken="7H")
