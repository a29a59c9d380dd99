"""evolve(state, event) -> state: how each Kalooki event changes the game. Never
random, never fails on a valid log; one small function per event type of
Kalooki's own (the kernel evolves the shared ones: kernel/evolving.py)."""

from ..kernel import evolving, piles
from ..kernel.evolving import evolver, hand_begun
from ..kernel.folding import advance, replace_at, take
from . import events as ev
from .melds import analyse, extend, swapped
from .rules import JOKER, deal_size
from .state import DRAW, INITIAL, PLAY, GameState, HandState
from .stored import STORED


def next_seat_in(state: GameState, seat: int) -> int:
    """The seat still in the game after `seat`, in seat order."""
    n = len(state.players)
    for step in range(1, n + 1):
        other = (seat + step) % n
        if not state.out[other]:
            return other
    return seat


def _game_created(state: GameState, e: ev.GameCreated) -> GameState:
    state = evolving.game_created(state, e)
    return state._replace(out=(False,) * len(e.players))


def dealt_over(deck, seats_in: tuple[int, ...], first_seat: int, players: int, size: int):
    """Each seat's cards: one at a time, over the seats still in from `first_seat`."""
    start = seats_in.index(first_seat)
    order = seats_in[start:] + seats_in[:start]
    hands = [[] for _ in range(players)]
    for k in range(size * len(order)):
        hands[order[k % len(order)]].append(deck[k])
    return tuple(tuple(cards) for cards in hands)


def _hand_started(state: GameState, e: ev.HandStarted) -> GameState:
    n, seats_in = len(state.players), state.seats_in()
    used = deal_size(len(seats_in)) * len(seats_in)
    return hand_begun(state, HandState(
        number=e.hand, dealer=e.dealer, first_seat=e.first_seat, deck=e.deck, salt=e.salt,
        commitment=e.deck_commitment, stock=e.deck[used + 1:], pile=(e.deck[used],),
        hands=dealt_over(e.deck, seats_in, e.first_seat, n, deal_size(len(seats_in))), table=(),
        opened=(False,) * n, turn=e.first_seat, phase=DRAW, renewals=0, next_meld=1))


def _card_drawn(state: GameState, e: ev.CardDrawn) -> GameState:
    h = state.hand
    hands = replace_at(h.hands, e.seat, h.hands[e.seat] + (e.card,))
    if e.source == "discard":
        return advance(state, hand=h._replace(hands=hands, pile=h.pile[:-1], phase=PLAY, taken=e.card))
    return advance(state, hand=h._replace(hands=hands, stock=h.stock[1:], phase=PLAY))


def _played(h: HandState, seat: int, cards) -> HandState:
    """The hand once `seat` put `cards` on the table: out of its hand; a joker among
    them pays for a swapped one; the taken card is played once no copy of it is
    left in the hand (kernel/piles.py: the seat's own copies go first)."""
    jokers = sum(1 for c in cards if c == JOKER)
    hands = take(h, seat, cards)
    taken = h.taken if h.taken in hands[seat] else None
    return h._replace(hands=hands, owed=max(0, h.owed - jokers), taken=taken)


def _meld_laid(state: GameState, e: ev.MeldLaid) -> GameState:
    h = _played(state.hand, e.seat, e.cards)
    meld = analyse(e.cards, e.wild, state.rules.ace_low, e.meld, e.seat)
    return advance(state, hand=h._replace(table=h.table + (meld,), next_meld=h.next_meld + 1))


def _replaced(table, meld_id, change):
    return tuple(change(m) if m.id == meld_id else m for m in table)


def _cards_laid_off(state: GameState, e: ev.CardsLaidOff) -> GameState:
    h = _played(state.hand, e.seat, e.cards)
    ace_low = state.rules.ace_low
    table = _replaced(h.table, e.meld, lambda m: extend(m, e.cards, e.wild, ace_low).meld)
    return advance(state, hand=h._replace(table=table))


def _initial_meld_made(state: GameState, e: ev.InitialMeldMade) -> GameState:
    h = state.hand
    return advance(state, hand=h._replace(opened=replace_at(h.opened, e.seat, True), opened_now=True))


def _joker_swapped(state: GameState, e: ev.JokerSwapped) -> GameState:
    h = state.hand
    hands = take(h, e.seat, (e.card,))
    hands = replace_at(hands, e.seat, hands[e.seat] + (JOKER,))
    table = _replaced(h.table, e.meld, lambda m: swapped(m, e.card))
    taken = h.taken if h.taken in hands[e.seat] else None
    return advance(state, hand=h._replace(hands=hands, table=table, owed=h.owed + 1, taken=taken))


def _card_discarded(state: GameState, e: ev.CardDiscarded) -> GameState:
    h = state.hand
    hands = take(h, e.seat, (e.card,))
    return advance(state, hand=h._replace(
        hands=hands, pile=h.pile + (e.card,), turn=next_seat_in(state, e.seat), phase=DRAW,
        opened_now=h.opened_now and not hands[e.seat],  # (kept when going out: the hand's end reads it)
        taken=None, owed=0, deadline=None))


def _player_eliminated(state: GameState, e: ev.PlayerEliminated) -> GameState:
    return advance(state, out=replace_at(state.out, e.seat, True))


evolve, fold = evolver(STORED, {
    ev.GameCreated: _game_created,
    ev.HandStarted: _hand_started,
    ev.CardDrawn: _card_drawn,
    ev.StockRenewed: piles.stock_renewed,
    ev.MeldLaid: _meld_laid,
    ev.CardsLaidOff: _cards_laid_off,
    ev.InitialMeldMade: _initial_meld_made,
    ev.JokerSwapped: _joker_swapped,
    ev.CardDiscarded: _card_discarded,
    ev.PlayerEliminated: _player_eliminated,
}, INITIAL)
