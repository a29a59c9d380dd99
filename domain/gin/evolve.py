"""evolve(state, event) -> state: how each event changes a Gin game. Never
random, never fails on a valid log; one small function per event type of
Gin's own (the kernel evolves the shared ones: kernel/evolving.py). Gin keeps
its hand points apart (`points`): the totals are the points until the game's
end adds the bonuses."""

from ..kernel import evolving
from ..kernel.deals import dealt
from ..kernel.evolving import evolver, hand_begun
from ..kernel.folding import advance, replace_at, take
from . import events as ev
from .cards import sorted_cards
from .state import (
    DISCARD,
    DRAW,
    FROM_STOCK,
    HAND_SIZE,
    INITIAL,
    PASSED,
    SHOW,
    TAKEN,
    THROWN,
    UPCARD,
    UPCARD_INDEX,
    GameState,
    HandState,
    KnockSpread,
    Move,
    ShownHand,
)
from .stored import STORED


def _game_created(state: GameState, e: ev.GameCreated) -> GameState:
    return evolving.game_created(state, e)._replace(points=(0,) * len(e.players))


def _hand_started(state: GameState, e: ev.HandStarted) -> GameState:
    first = 1 - e.dealer  # dealt one at a time, the non-dealer first
    return hand_begun(state, HandState(
        number=e.hand, dealer=e.dealer, deck=e.deck, salt=e.salt, commitment=e.deck_commitment,
        stock_pos=UPCARD_INDEX + 1, hands=dealt(e.deck, first, 2, HAND_SIZE),
        discards=(e.deck[UPCARD_INDEX],), turn=first, phase=UPCARD, passes=0, taken=None))


def _upcard_passed(state: GameState, e: ev.UpcardPassed) -> GameState:
    h = state.hand
    passes = h.passes + 1
    # after one pass the dealer is offered the upcard; after two the non-dealer draws from the stock
    return advance(state, hand=h._replace(passes=passes, turn=1 - e.seat, phase=UPCARD if passes == 1 else DRAW,
                                          deadline=None, record=h.record + (Move(e.seat, PASSED, h.discards[-1]),)))


def _card_drawn(state: GameState, e: ev.CardDrawn) -> GameState:
    h = state.hand
    hands = replace_at(h.hands, e.seat, h.hands[e.seat] + (e.card,))
    # the first draw of the hand ends the first-upcard protocol: `passes` goes back to 0
    if e.source == "stock":
        return advance(state, hand=h._replace(hands=hands, stock_pos=h.stock_pos + 1, phase=DISCARD, taken=None,
                                              passes=0, record=h.record + (Move(e.seat, FROM_STOCK, ""),)))
    return advance(state, hand=h._replace(hands=hands, discards=h.discards[:-1], phase=DISCARD, taken=e.card,
                                          passes=0, record=h.record + (Move(e.seat, TAKEN, e.card),)))


def _card_discarded(state: GameState, e: ev.CardDiscarded) -> GameState:
    h = state.hand
    return advance(state, hand=h._replace(
        hands=take(h, e.seat, (e.card,)), discards=h.discards + (e.card,),
        turn=1 - e.seat, phase=DRAW, taken=None, deadline=None, record=h.record + (Move(e.seat, THROWN, e.card),)))


def _knocked(state: GameState, e: ev.Knocked) -> GameState:
    h = state.hand
    spread = KnockSpread(e.seat, e.card, e.melds, e.deadwood, e.deadwood_points, e.gin)
    return advance(state, hand=h._replace(
        hands=replace_at(h.hands, e.seat, ()), knock=spread, turn=1 - e.seat, phase=SHOW, taken=None,
        deadline=None))


def _hand_shown(state: GameState, e: ev.HandShown) -> GameState:
    h = state.hand
    shown = ShownHand(e.seat, e.melds, tuple((x.meld, x.cards) for x in e.layoffs), e.deadwood,
                      e.deadwood_points)
    used = [c for m in e.melds for c in m] + [c for x in e.layoffs for c in x.cards] + list(e.deadwood)
    assert sorted_cards(used) == sorted_cards(h.hands[e.seat]), "the shown cards are the defender's hand"
    return advance(state, hand=h._replace(hands=replace_at(h.hands, e.seat, ()), shown=shown, deadline=None))


def _hand_ended(state: GameState, e: ev.HandEnded) -> GameState:
    after = evolving.hand_ended(state, e)
    return after._replace(points=after.totals)


def _game_ended(state: GameState, e: ev.GameEnded) -> GameState:
    return evolving.game_ended(state, e)._replace(bonuses=e.bonuses)


evolve, fold = evolver(STORED, {
    ev.GameCreated: _game_created,
    ev.HandStarted: _hand_started,
    ev.UpcardPassed: _upcard_passed,
    ev.CardDrawn: _card_drawn,
    ev.CardDiscarded: _card_discarded,
    ev.Knocked: _knocked,
    ev.HandShown: _hand_shown,
    ev.HandEnded: _hand_ended,
    ev.GameEnded: _game_ended,
}, INITIAL)
