"""evolve(state, event) -> state: how each event changes the game. Never random,
never fails on a valid log; one small function per event type of Iceberg's
own (the kernel evolves the shared ones: kernel/evolving.py)."""

from ..kernel import tables
from ..kernel.deals import dealt
from ..kernel.evolving import evolver, hand_begun
from ..kernel.folding import advance, replace_at, take
from . import events as ev
from .melds import extend
from .state import DRAW, HAND_SIZE, INITIAL, PICKUP, PLAY, GameState, HandState, TableMeld
from .stored import STORED


def _hand_started(state: GameState, e: ev.HandStarted) -> GameState:
    n = len(state.players)
    return hand_begun(state, HandState(
        number=e.hand, first_seat=e.first_seat, deck=e.deck, salt=e.salt,
        commitment=e.deck_commitment, stock_pos=HAND_SIZE * n,
        hands=dealt(e.deck, e.first_seat, n, HAND_SIZE), aces=((),) * n, waiting=(None,) * n,
        table=(), points=(0,) * n, turn=e.first_seat, phase=DRAW, aces_up=0,
        last_ace=False, next_meld=1))


def _card_picked_up(state: GameState, e: ev.CardPickedUp) -> GameState:
    h = state.hand
    hands = replace_at(h.hands, e.seat, h.hands[e.seat] + (e.card,))
    return advance(state, hand=h._replace(hands=hands, waiting=replace_at(h.waiting, e.seat, None), phase=DRAW))


def _card_drawn(state: GameState, e: ev.CardDrawn) -> GameState:
    h = state.hand
    hands = replace_at(h.hands, e.seat, h.hands[e.seat] + (e.card,))
    return advance(state, hand=h._replace(hands=hands, stock_pos=h.stock_pos + 1, phase=PLAY))


def _ace_revealed(state: GameState, e: ev.AceRevealed) -> GameState:
    h = state.hand
    aces_up = h.aces_up + 1
    return advance(state, hand=h._replace(
        hands=take(h, e.seat, (e.card,)), aces=replace_at(h.aces, e.seat, h.aces[e.seat] + (e.card,)),
        aces_up=aces_up, last_ace=h.last_ace or aces_up == 4 * state.decks))


def _meld_laid(state: GameState, e: ev.MeldLaid) -> GameState:
    return tables.laid(state, e, TableMeld(e.meld, e.seat, e.kind, e.cards))


def _cards_laid_off(state: GameState, e: ev.CardsLaidOff) -> GameState:
    def extended(meld):
        kind, cards, _ = extend(meld.kind, meld.cards, e.cards)
        return TableMeld(meld.id, meld.owner, kind, cards)
    return tables.laid_off(state, e, extended)


def _card_discarded(state: GameState, e: ev.CardDiscarded) -> GameState:
    h = state.hand
    waiting = replace_at(h.waiting, e.to_seat, e.card)
    nxt = (e.seat + 1) % len(state.players)
    return advance(state, hand=h._replace(
        hands=take(h, e.seat, (e.card,)), waiting=waiting, turn=nxt,
        phase=PICKUP if waiting[nxt] is not None else DRAW, deadline=None))


evolve, fold = evolver(STORED, {
    ev.HandStarted: _hand_started,
    ev.CardPickedUp: _card_picked_up,
    ev.CardDrawn: _card_drawn,
    ev.AceRevealed: _ace_revealed,
    ev.MeldLaid: _meld_laid,
    ev.CardsLaidOff: _cards_laid_off,
    ev.CardDiscarded: _card_discarded,
}, INITIAL)
