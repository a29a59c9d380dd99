"""evolve(state, event) -> state: how each event changes a Gin game. Never
random, never fails on a valid log; one small function per event type."""

from ..kernel import seats, shuffle
from ..kernel.folding import advance, replace_at
from . import events as ev
from .cards import sorted_cards
from .state import (
    DISCARD,
    DRAW,
    ENDED,
    FINISHED,
    HAND_SIZE,
    INITIAL,
    SHOW,
    UPCARD,
    UPCARD_INDEX,
    GameState,
    HandState,
    KnockSpread,
    ShownHand,
)


def _without(cards: tuple, gone) -> tuple:
    gone = set(gone)
    rest = tuple(c for c in cards if c not in gone)
    assert len(rest) == len(cards) - len(gone), f"{gone} not all in {cards}"
    return rest


def _game_created(state: GameState, e: ev.GameCreated) -> GameState:
    n = len(e.players)
    return advance(state, players=e.players, rules=e.rules, decks=1, **seats.created(e.players),
                 totals=(0,) * n, points=(0,) * n, variant=e.variant)


def _hand_started(state: GameState, e: ev.HandStarted) -> GameState:
    dealer = e.dealer
    first = 1 - dealer
    dealt = ([], [])
    for k in range(2 * HAND_SIZE):  # one at a time, the non-dealer first
        dealt[(first + k) % 2].append(e.deck[k])
    hand = HandState(
        number=e.hand, dealer=dealer, deck=e.deck, salt=e.salt, commitment=e.deck_commitment,
        stock_pos=UPCARD_INDEX + 1, hands=(tuple(dealt[0]), tuple(dealt[1])),
        discards=(e.deck[UPCARD_INDEX],), turn=first, phase=UPCARD, passes=0, taken=None)
    return advance(state, hand=hand, hand_spans=state.hand_spans + ((state.version + 1, 0),))


def _upcard_passed(state: GameState, e: ev.UpcardPassed) -> GameState:
    h = state.hand
    passes = h.passes + 1
    # after one pass the dealer is offered the upcard; after two the non-dealer draws from the stock
    return advance(state, hand=h._replace(passes=passes, turn=1 - e.seat, phase=UPCARD if passes == 1 else DRAW,
                                        deadline=None))


def _card_drawn(state: GameState, e: ev.CardDrawn) -> GameState:
    h = state.hand
    hands = replace_at(h.hands, e.seat, h.hands[e.seat] + (e.card,))
    # the first draw of the hand ends the first-upcard protocol: `passes` goes back to 0
    if e.source == "stock":
        return advance(state, hand=h._replace(hands=hands, stock_pos=h.stock_pos + 1, phase=DISCARD, taken=None,
                                            passes=0))
    return advance(state, hand=h._replace(hands=hands, discards=h.discards[:-1], phase=DISCARD, taken=e.card,
                                        passes=0))


def _card_discarded(state: GameState, e: ev.CardDiscarded) -> GameState:
    h = state.hand
    return advance(state, hand=h._replace(
        hands=replace_at(h.hands, e.seat, _without(h.hands[e.seat], (e.card,))), discards=h.discards + (e.card,),
        turn=1 - e.seat, phase=DRAW, taken=None, deadline=None))


def _knocked(state: GameState, e: ev.Knocked) -> GameState:
    h = state.hand
    spread = KnockSpread(e.seat, e.card, e.melds, e.deadwood, e.deadwood_points, e.gin)
    return advance(state, hand=h._replace(
        hands=replace_at(h.hands, e.seat, _without(h.hands[e.seat], h.hands[e.seat])), knock=spread,
        turn=1 - e.seat, phase=SHOW, taken=None, deadline=None))


def _hand_shown(state: GameState, e: ev.HandShown) -> GameState:
    h = state.hand
    shown = ShownHand(e.seat, e.melds, tuple((x.meld, x.cards) for x in e.layoffs), e.deadwood,
                      e.deadwood_points)
    used = [c for m in e.melds for c in m] + [c for x in e.layoffs for c in x.cards] + list(e.deadwood)
    assert sorted_cards(used) == sorted_cards(h.hands[e.seat]), "the shown cards are the defender's hand"
    return advance(state, hand=h._replace(hands=replace_at(h.hands, e.seat, ()), shown=shown, deadline=None))


def _deadline_set(state: GameState, e) -> GameState:
    return advance(state, hand=state.hand._replace(deadline=e.deadline))


def _turn_timed_out(state: GameState, e) -> GameState:
    return advance(state)  # the turn that follows is played with ordinary events


def _hand_ended(state: GameState, e: ev.HandEnded) -> GameState:
    points = tuple(p + r.score for p, r in zip(state.points, e.results, strict=True))
    first, _ = state.hand_spans[-1]
    return advance(state, totals=points, points=points, results=state.results + (e.results,),
                 hand=state.hand._replace(phase=ENDED, deadline=None),
                 hand_spans=state.hand_spans[:-1] + ((first, state.version + 1),))


def _game_ended(state: GameState, e: ev.GameEnded) -> GameState:
    return advance(state, status=FINISHED, winners=e.winners, totals=e.totals, bonuses=e.bonuses)


_HANDLERS = {
    ev.GameCreated: _game_created,
    ev.HandStarted: _hand_started,
    ev.UpcardPassed: _upcard_passed,
    ev.CardDrawn: _card_drawn,
    ev.CardDiscarded: _card_discarded,
    ev.Knocked: _knocked,
    ev.HandShown: _hand_shown,
    ev.HandEnded: _hand_ended,
    ev.GameEnded: _game_ended,
    ev.DeadlineSet: _deadline_set,
    ev.TurnTimedOut: _turn_timed_out,
    **seats.EVOLVERS,
    **shuffle.EVOLVERS,
}
# a seat's own actions: the first by a human seat ends the time an abort is allowed
_HANDLERS = seats.noting_moves(_HANDLERS, (ev.UpcardPassed, ev.CardDrawn, ev.CardDiscarded, ev.Knocked,
                                           ev.HandShown))


def evolve(state: GameState, event) -> GameState:
    return _HANDLERS[type(event)](state, event)


def fold(events, state: GameState = INITIAL) -> GameState:
    for event in events:
        state = evolve(state, event)
    return state
