"""evolve(state, event) -> state: how each event changes the game. Never random,
never fails on a valid log; one small function per event type."""

from ..kernel import seats, shuffle
from ..kernel.folding import advance, replace_at, take
from . import events as ev
from .melds import extend
from .state import DRAW, ENDED, FINISHED, HAND_SIZE, INITIAL, PICKUP, PLAY, GameState, HandState, TableMeld


def _game_created(state: GameState, e: ev.GameCreated) -> GameState:
    n = len(e.players)
    return advance(state, players=e.players, rules=e.rules, **seats.created(e.players),
                 decks=e.rules.deck_count(n), totals=(0,) * n, variant=e.variant)


def _hand_started(state: GameState, e: ev.HandStarted) -> GameState:
    n = len(state.players)
    dealt = [[] for _ in range(n)]
    for k in range(HAND_SIZE * n):
        dealt[(e.first_seat + k) % n].append(e.deck[k])
    hand = HandState(
        number=e.hand, first_seat=e.first_seat, deck=e.deck, salt=e.salt,
        commitment=e.deck_commitment, stock_pos=HAND_SIZE * n,
        hands=tuple(tuple(cards) for cards in dealt), aces=((),) * n, waiting=(None,) * n,
        table=(), points=(0,) * n, turn=e.first_seat, phase=DRAW, aces_up=0,
        last_ace=False, next_meld=1)
    return advance(state, hand=hand, hand_spans=state.hand_spans + ((state.version + 1, 0),))


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
    h = state.hand
    meld = TableMeld(e.meld, e.seat, e.kind, e.cards)
    return advance(state, hand=h._replace(
        hands=take(h, e.seat, e.cards), table=h.table + (meld,),
        points=replace_at(h.points, e.seat, h.points[e.seat] + e.points), next_meld=h.next_meld + 1))


def _cards_laid_off(state: GameState, e: ev.CardsLaidOff) -> GameState:
    h = state.hand
    table = list(h.table)
    for i, meld in enumerate(table):
        if meld.id == e.meld:
            kind, cards, _ = extend(meld.kind, meld.cards, e.cards)
            table[i] = TableMeld(meld.id, meld.owner, kind, cards)
            break
    return advance(state, hand=h._replace(
        hands=take(h, e.seat, e.cards), table=tuple(table),
        points=replace_at(h.points, e.seat, h.points[e.seat] + e.points)))


def _card_discarded(state: GameState, e: ev.CardDiscarded) -> GameState:
    h = state.hand
    waiting = replace_at(h.waiting, e.to_seat, e.card)
    nxt = (e.seat + 1) % len(state.players)
    return advance(state, hand=h._replace(
        hands=take(h, e.seat, (e.card,)), waiting=waiting, turn=nxt,
        phase=PICKUP if waiting[nxt] is not None else DRAW, deadline=None))


def _deadline_set(state: GameState, e: ev.DeadlineSet) -> GameState:
    return advance(state, hand=state.hand._replace(deadline=e.deadline))


def _turn_timed_out(state: GameState, e: ev.TurnTimedOut) -> GameState:
    return advance(state)  # the turn that follows is played with ordinary events


def _hand_ended(state: GameState, e: ev.HandEnded) -> GameState:
    totals = tuple(t + r.total for t, r in zip(state.totals, e.results, strict=True))
    first, _ = state.hand_spans[-1]
    return advance(state, totals=totals, results=state.results + (e.results,),
                 hand=state.hand._replace(phase=ENDED),
                 hand_spans=state.hand_spans[:-1] + ((first, state.version + 1),))


def _game_ended(state: GameState, e: ev.GameEnded) -> GameState:
    return advance(state, status=FINISHED, winners=e.winners)


_HANDLERS = {
    ev.GameCreated: _game_created,
    ev.HandStarted: _hand_started,
    ev.CardPickedUp: _card_picked_up,
    ev.CardDrawn: _card_drawn,
    ev.AceRevealed: _ace_revealed,
    ev.MeldLaid: _meld_laid,
    ev.CardsLaidOff: _cards_laid_off,
    ev.CardDiscarded: _card_discarded,
    ev.HandEnded: _hand_ended,
    ev.GameEnded: _game_ended,
    ev.DeadlineSet: _deadline_set,
    ev.TurnTimedOut: _turn_timed_out,
    **seats.EVOLVERS,
    **shuffle.EVOLVERS,
}
# a seat's own actions: the first by a human seat ends the time an abort is allowed
_HANDLERS = seats.noting_moves(_HANDLERS, (ev.CardPickedUp, ev.CardDrawn, ev.MeldLaid, ev.CardsLaidOff,
                                           ev.CardDiscarded))


def evolve(state: GameState, event) -> GameState:
    return _HANDLERS[type(event)](state, event)


def fold(events, state: GameState = INITIAL) -> GameState:
    for event in events:
        state = evolve(state, event)
    return state
