"""evolve(state, event) -> state: how each Rummy event changes the game. Never
random, never fails on a valid log; one small function per event type of
Rummy's own (the kernel evolves the shared ones: kernel/evolving.py, and the
renewed stock: kernel/piles.py)."""

from ..kernel import piles, tables
from ..kernel.commands import DISCARD_PILE
from ..kernel.deals import dealt
from ..kernel.evolving import evolver, hand_begun
from ..kernel.folding import advance, replace_at, take
from ..kernel.tables import TableMeld
from . import events as ev
from .melds import table_order
from .rules import hand_size
from .state import DRAW, INITIAL, PLAY, GameState, HandState
from .stored import STORED


def _hand_started(state: GameState, e: ev.HandStarted) -> GameState:
    n = len(state.players)
    size = hand_size(n)
    used = size * n
    return hand_begun(state, HandState(
        number=e.hand, dealer=e.dealer, first_seat=e.first_seat, deck=e.deck, salt=e.salt,
        commitment=e.deck_commitment, stock=e.deck[used + 1:], pile=(e.deck[used],),
        hands=dealt(e.deck, e.first_seat, n, size), table=(), points=(0,) * n, turn=e.first_seat, phase=DRAW,
        renewals=0, next_meld=1, taken=None, melds_now=0, played_now=False, played=(False,) * n,
        bare=(False,) * n))


def _card_drawn(state: GameState, e: ev.CardDrawn) -> GameState:
    h = state.hand
    hands = replace_at(h.hands, e.seat, h.hands[e.seat] + (e.card,))
    if e.source == DISCARD_PILE:
        return advance(state, hand=h._replace(hands=hands, pile=h.pile[:-1], taken=e.card, phase=PLAY))
    return advance(state, hand=h._replace(hands=hands, stock=h.stock[1:], phase=PLAY))


def _meld_laid(state: GameState, e: ev.MeldLaid) -> GameState:
    state = tables.laid(state, e, TableMeld(e.meld, e.seat, e.kind, e.cards))
    h = state.hand
    return state._replace(hand=h._replace(melds_now=h.melds_now + 1, played_now=True))


def _cards_laid_off(state: GameState, e: ev.CardsLaidOff) -> GameState:
    state = tables.laid_off(state, e, lambda m: TableMeld(m.id, m.owner, m.kind, table_order(m.cards + e.cards)))
    return state._replace(hand=state.hand._replace(played_now=True))


def _turn_over(state: GameState, seat: int, **changes) -> GameState:
    """The seat's turn is over: the next seat draws."""
    h = state.hand
    played = replace_at(h.played, seat, h.played[seat] or h.played_now)
    return advance(state, hand=h._replace(
        turn=(seat + 1) % len(state.players), phase=DRAW, taken=None, melds_now=0, played_now=False, played=played,
        deadline=None, **changes))


def _card_discarded(state: GameState, e: ev.CardDiscarded) -> GameState:
    h = state.hand
    return _turn_over(state, e.seat, hands=take(h, e.seat, (e.card,)), pile=h.pile + (e.card,))


def _turn_ended_empty_handed(state: GameState, e: ev.TurnEndedEmptyHanded) -> GameState:
    return _turn_over(state, e.seat, bare=replace_at(state.hand.bare, e.seat, True))


evolve, fold = evolver(STORED, {
    ev.HandStarted: _hand_started,
    ev.CardDrawn: _card_drawn,
    ev.StockRenewed: piles.stock_renewed,
    ev.MeldLaid: _meld_laid,
    ev.CardsLaidOff: _cards_laid_off,
    ev.CardDiscarded: _card_discarded,
    ev.TurnEndedEmptyHanded: _turn_ended_empty_handed,
}, INITIAL)
