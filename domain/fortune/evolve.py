"""evolve(state, event) -> state: how each Fortune event changes the game. Never
random, never fails on a valid log; one small function per event type of
Fortune's own (the kernel evolves the shared ones: kernel/evolving.py)."""

from ..kernel import tables
from ..kernel.deals import dealt
from ..kernel.evolving import evolver, hand_begun
from ..kernel.folding import advance, replace_at, take
from . import events as ev
from .melds import analyse, extend
from .rules import HAND_SIZE
from .state import DRAW, INITIAL, PLAY, GameState, HandState, TableMeld
from .stored import STORED


def _hand_started(state: GameState, e: ev.HandStarted) -> GameState:
    n = len(state.players)
    used = HAND_SIZE * n
    return hand_begun(state, HandState(
        number=e.hand, dealer=e.dealer, first_seat=e.first_seat, deck=e.deck, salt=e.salt,
        commitment=e.deck_commitment, stock=e.deck[used + 1:], pile=(e.deck[used],),
        hands=dealt(e.deck, e.first_seat, n, HAND_SIZE), table=(), points=(0,) * n, turn=e.first_seat,
        phase=DRAW, renewals=0, next_meld=1))


def _card_drawn(state: GameState, e: ev.CardDrawn) -> GameState:
    h = state.hand
    hands = replace_at(h.hands, e.seat, h.hands[e.seat] + (e.card,))
    return advance(state, hand=h._replace(hands=hands, stock=h.stock[1:], phase=PLAY))


def _pile_taken(state: GameState, e: ev.PileTaken) -> GameState:
    h = state.hand
    hands = replace_at(h.hands, e.seat, h.hands[e.seat] + e.cards)
    return advance(state, hand=h._replace(hands=hands, pile=(), phase=PLAY))


def _stock_renewed(state: GameState, e: ev.StockRenewed) -> GameState:
    h = state.hand
    # turned over: the bottom card of the pile becomes the top of the stock
    return advance(state, hand=h._replace(stock=h.stock + h.pile[:-1], pile=h.pile[-1:], renewals=h.renewals + 1))


def _meld_laid(state: GameState, e: ev.MeldLaid) -> GameState:
    return tables.laid(state, e, TableMeld(e.meld, e.seat, analyse(e.cards, e.wild)))


def _cards_laid_off(state: GameState, e: ev.CardsLaidOff) -> GameState:
    return tables.laid_off(state, e, lambda meld: meld._replace(shape=extend(meld.shape, e.cards, e.wild).shape))


def _card_discarded(state: GameState, e: ev.CardDiscarded) -> GameState:
    h = state.hand
    nxt = (e.seat + 1) % len(state.players)
    return advance(state, hand=h._replace(
        hands=take(h, e.seat, (e.card,)), pile=h.pile + (e.card,), turn=nxt, phase=DRAW, deadline=None))


evolve, fold = evolver(STORED, {
    ev.HandStarted: _hand_started,
    ev.CardDrawn: _card_drawn,
    ev.PileTaken: _pile_taken,
    ev.StockRenewed: _stock_renewed,
    ev.MeldLaid: _meld_laid,
    ev.CardsLaidOff: _cards_laid_off,
    ev.CardDiscarded: _card_discarded,
}, INITIAL)
