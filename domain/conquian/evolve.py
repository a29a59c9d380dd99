"""evolve(state, event) -> state: how each event changes a Conquian game.
Never random, never fails on a valid log; one small function per event type
of Conquian's own (the kernel evolves the shared ones: kernel/evolving.py)."""

from ..kernel import evolving
from ..kernel.cards import remove_cards
from ..kernel.deals import dealt
from ..kernel.evolving import evolver, hand_begun
from ..kernel.folding import advance, replace_at, take
from . import events as ev
from .state import ANSWER, DISCARD, FACE, FORCED, HAND_SIZE, INITIAL, TURNED, UPCARD, UPCARD_INDEX, GameState, HandState
from .stored import STORED


def _hand_started(state: GameState, e: ev.HandStarted) -> GameState:
    first = 1 - e.dealer  # dealt one at a time, the non-dealer first; the non-dealer acts first
    upcard = e.upcard is not None
    return hand_begun(state, HandState(
        number=e.hand, dealer=e.dealer, deck=e.deck, salt=e.salt, commitment=e.deck_commitment,
        stock_pos=UPCARD_INDEX + 1 if upcard else UPCARD_INDEX, hands=dealt(e.deck, first, 2, HAND_SIZE),
        melds=((), ()), dead=(), exposed=e.upcard, turn=first, phase=UPCARD if upcard else TURNED, passes=0))


def _upcard_passed(state: GameState, e: ev.UpcardPassed) -> GameState:
    h = state.hand
    # after one pass the dealer is offered it; after two it is turned down (the next event) in the dealer's turn
    passes = h.passes + 1
    return advance(state, hand=h._replace(passes=passes, turn=1 - e.seat if passes == 1 else e.seat,
                                          deadline=None))


def _turned_down(state: GameState, e: ev.CardTurnedDown) -> GameState:
    h = state.hand
    return advance(state, hand=h._replace(dead=h.dead + (e.card,), exposed=None))


def _stock_turned(state: GameState, e: ev.StockCardTurned) -> GameState:
    h = state.hand
    return advance(state, hand=h._replace(exposed=e.card, stock_pos=h.stock_pos + 1, turn=e.seat, phase=TURNED))


def _declined(state: GameState, e: ev.CardDeclined) -> GameState:
    h = state.hand
    if e.forceable:  # the opponent answers
        return advance(state, hand=h._replace(turn=1 - e.seat, phase=ANSWER, declined_in=h.phase, deadline=None))
    return advance(state, hand=h._replace(deadline=None))


def _forced(state: GameState, e: ev.CardForced) -> GameState:
    h = state.hand
    return advance(state, hand=h._replace(turn=1 - e.seat, phase=FORCED, declined_in=None, deadline=None))


def _waived(state: GameState, e: ev.ForceWaived) -> GameState:
    h = state.hand
    # the decline goes ahead, in the decliner's turn (the next events turn the card down or leave it)
    return advance(state, hand=h._replace(turn=1 - e.seat, phase=h.declined_in, declined_in=None, deadline=None))


def _left(state: GameState, e: ev.CardLeft) -> GameState:
    h = state.hand
    return advance(state, hand=h._replace(turn=1 - e.seat, phase=FACE, deadline=None))


def _melded(state: GameState, e: ev.ExposedCardMelded) -> GameState:
    h = state.hand
    rest = remove_cards(h.hands[e.seat], e.from_hand)
    assert rest is not None, f"seat {e.seat} does not hold {e.from_hand}"
    return advance(state, hand=h._replace(hands=replace_at(h.hands, e.seat, rest),
                                          melds=replace_at(h.melds, e.seat, e.melds), exposed=None,
                                          phase=DISCARD))


def _discarded(state: GameState, e: ev.CardDiscarded) -> GameState:
    h = state.hand
    return advance(state, hand=h._replace(hands=take(h, e.seat, (e.card,)), exposed=e.card, turn=1 - e.seat,
                                          phase=FACE, deadline=None))


def _hand_ended(state: GameState, e: ev.HandEnded) -> GameState:
    after = evolving.hand_ended(state, e)
    return after._replace(drawn=after.drawn + 1 if e.reason == "drawn" else 0)


evolve, fold = evolver(STORED, {
    ev.HandStarted: _hand_started,
    ev.UpcardPassed: _upcard_passed,
    ev.CardTurnedDown: _turned_down,
    ev.StockCardTurned: _stock_turned,
    ev.CardDeclined: _declined,
    ev.CardForced: _forced,
    ev.ForceWaived: _waived,
    ev.CardLeft: _left,
    ev.ExposedCardMelded: _melded,
    ev.CardDiscarded: _discarded,
    ev.HandEnded: _hand_ended,
}, INITIAL)
