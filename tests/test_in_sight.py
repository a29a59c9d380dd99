"""What everyone knows a seat holds (kernel/in_sight.py): a card taken from the
face-up pile stays known in the taker's hand until a card of its kind leaves
that hand, and the expert's view (and every determinization of it) puts it
there; nothing taken from the stock is ever known."""

import random
from collections import Counter, namedtuple

from domain import registry
from domain.gin.commands import Discard, Draw, Pass
from domain.gin.evolve import fold
from domain.kernel import in_sight
from domain.kernel.expert.determinize import deal_unseen
from domain.kernel.masking import is_token
from tests.gin_builders import after, dealt
from tests.test_expert_determinize import positions

GIN = registry.named("gin")
BOB = ["AS", "2S", "3S", "4H", "4D", "4C", "7C", "8C", "9C", "KD"]
ANN = ["4S", "10C", "QH", "QS", "QD", "5H", "6H", "7H", "JC", "KC"]
WORKED = dealt(BOB, ANN, "2H", stock=["9H", "KH"])  # Ann (0) deals, Bob (1) is offered the upcard 2H


def test_a_card_taken_from_the_discard_pile_is_known_in_the_takers_hand():
    state = fold(after(WORKED, Draw(1, "discard"), Discard(1, "KD")))
    assert state.hand.in_sight == ((), ("2H",))
    ann_sees = GIN.expert_view(state, 0).known.hand.hands[1]
    assert ann_sees[0] == "2H" and all(is_token(c) for c in ann_sees[1:]) and len(ann_sees) == 10


def test_a_card_drawn_from_the_stock_is_never_known():
    state = fold(after(WORKED, Pass(1), Pass(0), Draw(1, "stock"), Discard(1, "KD")))
    assert state.hand.in_sight in ((), ((), ()))
    assert all(is_token(c) for c in GIN.expert_view(state, 0).known.hand.hands[1])


def test_a_known_card_played_again_is_no_longer_known():
    given = after(WORKED, Draw(1, "discard"), Discard(1, "KD"), Draw(0, "stock"))
    drawn = fold(given).hand.hands[0][-1]
    state = fold(after(given, Discard(0, drawn), Draw(1, "stock")))
    assert state.hand.in_sight == ((), ("2H",))
    state = fold(after(given, Discard(0, drawn), Draw(1, "stock"), Discard(1, "2H")))
    assert state.hand.in_sight == ((), ())


# --- two like cards (a two-deck pack): the kernel's rule on a bare hand ------------------------------------------

Hand = namedtuple("Hand", "hands pile in_sight")
State = namedtuple("State", "hand")
Move = namedtuple("Move", "seat take play")  # take the pile's top card in sight, and/or play a card of the hand


def _move(state, move):
    hands, pile = list(state.hand.hands), state.hand.pile
    if move.take:
        hands[move.seat] += (pile[-1],)
        pile = pile[:-1]
    if move.play:
        cards = list(hands[move.seat])
        cards.remove(move.play)
        hands[move.seat], pile = tuple(cards), pile + (move.play,)
    return State(state.hand._replace(hands=tuple(hands), pile=pile))


KEEP = in_sight.keeping(_move, "pile")


def test_of_two_like_cards_the_one_played_is_counted_the_known_one():
    """Seat 0 takes a 7H in sight while holding another: when a 7H is played nobody can tell which, so none is known."""
    state = State(Hand(hands=(("7H", "2C"), ("KD",)), pile=("5S", "7H"), in_sight=()))
    state = KEEP(state, Move(0, take=True, play="2C"))
    assert state.hand.in_sight == (("7H",), ())
    state = KEEP(state, Move(0, take=False, play="7H"))
    assert state.hand.hands[0] == ("7H",) and state.hand.in_sight == ((), ())


def test_a_card_taken_and_played_in_one_move_is_not_known():
    state = State(Hand(hands=(("2C",), ("KD",)), pile=("5S", "7H"), in_sight=()))
    assert not any(KEEP(state, Move(0, take=True, play="7H")).hand.in_sight)


# --- every variant, random positions ------------------------------------------------------------------------------

def test_known_cards_are_held_and_every_determinization_deals_them_to_their_holder():
    rng = random.Random(5)
    for name in ("gin", "rummy", "kalooki", "fortune"):
        variant, known_somewhere = registry.named(name), 0
        for state in positions(name, 600, policies=("greedy",)):
            sighted = state.hand.in_sight
            if not sighted:
                continue
            seat = rng.randrange(len(state.players))
            imagined = deal_unseen(variant, variant.expert_view(state, seat).known, rng).hand.hands
            for other, cards in enumerate(sighted):
                assert not Counter(cards) - Counter(state.hand.hands[other])  # known cards are held
                if other != seat:
                    assert not Counter(cards) - Counter(imagined[other])
                    known_somewhere += len(cards)
        assert known_somewhere > 0 or name == "kalooki", name  # (Kalooki's taken cards are mostly melded at once)
