"""evolve(state, event) -> state: how each Manipulation event changes the game.
Never random, never fails on a valid log; one small function per event type of
its own (the kernel evolves the shared ones: kernel/evolving.py)."""

from ..kernel.deals import dealt
from ..kernel.evolving import evolver, hand_begun
from ..kernel.folding import advance, replace_at, take
from . import events as ev
from .rules import HAND_SIZE, ONE
from .state import INITIAL, PLAY, GameState, HandState
from .stored import STORED


def _hand_started(state: GameState, e: ev.HandStarted) -> GameState:
    n = len(state.players)
    return hand_begun(state, HandState(
        number=e.hand, dealer=e.dealer, first_seat=e.first_seat, deck=e.deck, salt=e.salt,
        commitment=e.deck_commitment, stock=e.deck[HAND_SIZE * n:], hands=dealt(e.deck, e.first_seat, n, HAND_SIZE),
        table=(), opened=(False,) * n, passes=0, turn=e.first_seat, phase=PLAY))


def _next(state: GameState, seat: int) -> int:
    return (seat + 1) % len(state.players)


def _card_drawn(state: GameState, e: ev.CardDrawn) -> GameState:
    h = state.hand
    hand = h._replace(hands=replace_at(h.hands, e.seat, h.hands[e.seat] + (e.card,)), stock=h.stock[1:])
    if state.rules.draw_rule == ONE:  # one card, and the turn is over
        hand = hand._replace(turn=_next(state, e.seat), passes=0, deadline=None)
    return advance(state, hand=hand)


def _table_rearranged(state: GameState, e: ev.TableRearranged) -> GameState:
    h = state.hand
    return advance(state, hand=h._replace(
        hands=take(h, e.seat, e.cards), table=e.table, opened=replace_at(h.opened, e.seat, True), passes=0,
        turn=_next(state, e.seat), deadline=None))


def _turn_passed(state: GameState, e: ev.TurnPassed) -> GameState:
    h = state.hand
    return advance(state, hand=h._replace(passes=h.passes + 1, turn=_next(state, e.seat), deadline=None))


evolve, fold = evolver(STORED, {
    ev.HandStarted: _hand_started,
    ev.CardDrawn: _card_drawn,
    ev.TableRearranged: _table_rearranged,
    ev.TurnPassed: _turn_passed,
}, INITIAL)
