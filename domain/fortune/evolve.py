"""evolve(state, event) -> state: how each Fortune event changes the game. Never
random, never fails on a valid log; one small function per event type."""

from ..kernel import seats, shuffle
from ..kernel.folding import advance, replace_at, take
from . import events as ev
from .melds import analyse, extend
from .rules import HAND_SIZE
from .state import DRAW, ENDED, FINISHED, INITIAL, PLAY, GameState, HandState, TableMeld


def _game_created(state: GameState, e: ev.GameCreated) -> GameState:
    n = len(e.players)
    return advance(state, players=e.players, rules=e.rules, **seats.created(e.players),
                 decks=e.rules.deck_count(n), totals=(0,) * n, variant=e.variant)


def dealt_hands(deck, first_seat: int, n: int) -> tuple[tuple[str, ...], ...]:
    """deck[k] goes to seat first_seat + k (mod n), 11 rounds."""
    dealt = [[] for _ in range(n)]
    for k in range(HAND_SIZE * n):
        dealt[(first_seat + k) % n].append(deck[k])
    return tuple(tuple(cards) for cards in dealt)


def _hand_started(state: GameState, e: ev.HandStarted) -> GameState:
    n = len(state.players)
    used = HAND_SIZE * n
    hand = HandState(
        number=e.hand, dealer=e.dealer, first_seat=e.first_seat, deck=e.deck, salt=e.salt,
        commitment=e.deck_commitment, stock=e.deck[used + 1:], pile=(e.deck[used],),
        hands=dealt_hands(e.deck, e.first_seat, n), table=(), points=(0,) * n, turn=e.first_seat,
        phase=DRAW, renewals=0, next_meld=1)
    return advance(state, hand=hand, hand_spans=state.hand_spans + ((state.version + 1, 0),))


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
    h = state.hand
    shape = analyse(e.cards, e.wild)
    meld = TableMeld(e.meld, e.seat, shape)
    return advance(state, hand=h._replace(
        hands=take(h, e.seat, e.cards), table=h.table + (meld,),
        points=replace_at(h.points, e.seat, h.points[e.seat] + e.points), next_meld=h.next_meld + 1))


def _cards_laid_off(state: GameState, e: ev.CardsLaidOff) -> GameState:
    h = state.hand
    table = list(h.table)
    for i, meld in enumerate(table):
        if meld.id == e.meld:
            table[i] = meld._replace(shape=extend(meld.shape, e.cards, e.wild).shape)
            break
    return advance(state, hand=h._replace(
        hands=take(h, e.seat, e.cards), table=tuple(table),
        points=replace_at(h.points, e.seat, h.points[e.seat] + e.points)))


def _card_discarded(state: GameState, e: ev.CardDiscarded) -> GameState:
    h = state.hand
    nxt = (e.seat + 1) % len(state.players)
    return advance(state, hand=h._replace(
        hands=take(h, e.seat, (e.card,)), pile=h.pile + (e.card,), turn=nxt, phase=DRAW, deadline=None))


def _deadline_set(state: GameState, e: ev.DeadlineSet) -> GameState:
    return advance(state, hand=state.hand._replace(deadline=e.deadline))


def _turn_timed_out(state: GameState, e: ev.TurnTimedOut) -> GameState:
    return advance(state)


def _hand_ended(state: GameState, e: ev.HandEnded) -> GameState:
    totals = tuple(t + r.total for t, r in zip(state.totals, e.results, strict=True))
    first, _ = state.hand_spans[-1]
    return advance(state, totals=totals, results=state.results + (e.results,),
                 hand=state.hand._replace(phase=ENDED, deadline=None),
                 hand_spans=state.hand_spans[:-1] + ((first, state.version + 1),))


def _game_ended(state: GameState, e: ev.GameEnded) -> GameState:
    return advance(state, status=FINISHED, winners=e.winners)


_HANDLERS = {
    ev.GameCreated: _game_created,
    ev.HandStarted: _hand_started,
    ev.CardDrawn: _card_drawn,
    ev.PileTaken: _pile_taken,
    ev.StockRenewed: _stock_renewed,
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
_HANDLERS = seats.noting_moves(_HANDLERS, (ev.CardDrawn, ev.PileTaken, ev.MeldLaid, ev.CardsLaidOff,
                                           ev.CardDiscarded))


def evolve(state: GameState, event) -> GameState:
    return _HANDLERS[type(event)](state, event)


def fold(events, state: GameState = INITIAL) -> GameState:
    for event in events:
        state = evolve(state, event)
    return state
