"""decide(state, command) -> events: Kalooki's rules as a pure function.

An illegal command raises a RuleViolation before anything is produced; a legal
one yields its events and every automatic consequence (the stock renewed from
the pile, the end of the hand, eliminations, the end of the game) in the same
batch.
"""

from ..kernel import deciding, piles
from ..kernel import errors as err
from ..kernel.cards import remove_cards
from ..kernel.commands import DISCARD_PILE, STOCK
from ..kernel.deals import StartHand
from ..kernel.deciding import Batch
from ..kernel.players import CreateGame
from . import events as ev
from .bots import POLICIES
from .commands import Discard, DrawFrom, LayOff, Meld, Open, Swap
from .errors import AlreadyOpened, DiscardNotInOpening, InvalidSwap, JokerMustBePlayed, NotOpened, OpeningTooLow
from .evolve import evolve, next_seat_in
from .melds import analyse, extend, is_kalooki_card, swapped
from .plays import joker_playable
from .rules import JOKER, MAX_PLAYERS, MIN_PLAYERS, Rules, deal_size
from .scoring import game_over, hand_results, newly_out
from .state import DRAW, PLAY, GameState, HandState


def _create_game(state: GameState, cmd: CreateGame, batch: Batch) -> None:
    batch.emit(deciding.create(state, cmd, ev.GameCreated, (MIN_PLAYERS, MAX_PLAYERS), POLICIES, Rules))


def _start_hand(state: GameState, cmd: StartHand, batch: Batch) -> None:
    number, deck, sealed = deciding.dealing(state, cmd)
    seats_in = state.seats_in()
    # hand 0 starts with seat 0; each later hand with the next seat still in after the last first seat
    first = seats_in[0] if state.hand is None else next_seat_in(state, state.hand.first_seat)
    dealer = seats_in[(seats_in.index(first) - 1) % len(seats_in)]
    batch.emit(ev.HandStarted(hand=number, dealer=dealer, first_seat=first,
                              upcard=deck[deal_size(len(seats_in)) * len(seats_in)],
                              deck_commitment=sealed, deck=deck, salt=cmd.salt))


def _draw(state: GameState, cmd: DrawFrom, batch: Batch) -> None:
    hand = _drawing(state, cmd.seat)
    if cmd.source == DISCARD_PILE:
        if not hand.opened[cmd.seat]:
            raise NotOpened("until you have opened, draw from the stock (or take the discard into your opening)")
        if not hand.pile:
            raise err.PileEmpty("the discard pile is empty: draw from the stock")
        batch.emit(ev.CardDrawn(cmd.seat, hand.pile[-1], DISCARD_PILE))
        return
    if cmd.source != STOCK:
        raise err.InvalidAction(f"draw from 'stock' or 'discard', not {cmd.source!r}")
    # an empty stock: the whole pile turned over, or the hand is dead (kernel/piles.py)
    if piles.renewing(hand, state.rules.stock_renewals, _ENDING, batch):
        batch.emit(ev.CardDrawn(cmd.seat, batch.state.hand.stock[0], STOCK))


def _open(state: GameState, cmd: Open, batch: Batch) -> None:
    hand = deciding.turn(state, cmd.seat)
    if hand.opened[cmd.seat]:
        raise AlreadyOpened("you have opened this hand already: meld, lay off, swap or discard")
    if not isinstance(cmd.take_discard, bool):
        raise err.InvalidAction("take_discard is true or false")
    declared = _declared(cmd.melds)
    every = tuple(card for cards, _ in declared for card in cards)
    holding = hand.hands[cmd.seat]
    if cmd.take_discard:
        if hand.phase != DRAW:
            raise err.AlreadyDrawn("you have drawn this turn: open from your hand")
        if not hand.pile:
            raise err.PileEmpty("the discard pile is empty: there is nothing to take")
        top = hand.pile[-1]
        if top not in every:
            raise DiscardNotInOpening(f"the top discard {top} must be laid in one of the opening's melds")
        holding = holding + (top,)
    elif hand.phase != PLAY:
        raise err.MustDraw("draw first, or open taking the top discard (take_discard: true)")
    if remove_cards(holding, every) is None:
        raise err.CardNotInHand(f"you do not hold {' '.join(every)}")
    melds = [_meld_shape(cards, wild, state.rules.ace_low) for cards, wild in declared]
    value = sum(m.value for m in melds)
    if value < state.rules.initial_meld:
        raise OpeningTooLow(f"the opening is worth {value}; it must be worth at least {state.rules.initial_meld}")
    if cmd.take_discard:
        batch.emit(ev.CardDrawn(cmd.seat, hand.pile[-1], DISCARD_PILE))
    ids = []
    for meld in melds:
        meld_id = f"m{batch.state.hand.next_meld}"
        ids.append(meld_id)
        batch.emit(ev.MeldLaid(cmd.seat, meld_id, meld.kind, meld.cards, meld.wild, meld.value))
    batch.emit(ev.InitialMeldMade(cmd.seat, tuple(ids), value))
    _if_out(batch, cmd.seat)


def _declared(melds) -> list[tuple[tuple, tuple]]:
    """The (cards, wild) of each meld an `open` declares, checked for shape."""
    if not isinstance(melds, (tuple, list)) or not melds:
        raise err.InvalidMeld("an opening lays one or more melds, each {\"cards\": [...], \"wild\": [...]}")
    found = []
    for meld in melds:
        if not isinstance(meld, dict) or set(meld) != {"cards", "wild"}:
            raise err.InvalidMeld("each meld of an opening is {\"cards\": [...], \"wild\": [...]}")
        cards, wild = meld["cards"], meld["wild"]
        if not isinstance(cards, (list, tuple)) or not isinstance(wild, (list, tuple)):
            raise err.InvalidMeld("a meld's cards and wild are lists of card codes")
        found.append((_cards(cards), _cards(wild)))
    return found


def _cards(cards) -> tuple[str, ...]:
    cards = tuple(cards) if isinstance(cards, (tuple, list)) else (cards,)
    for card in cards:
        if not is_kalooki_card(card):
            raise err.InvalidCard(f"{card!r} is not a card")
    return cards


def _held(holding, cards) -> tuple[str, ...]:
    cards = _cards(cards)
    if remove_cards(holding, cards) is None:
        raise err.CardNotInHand(f"you do not hold {' '.join(cards)}")
    return cards


def _meld_shape(cards, wild, ace_low):
    shape = analyse(cards, wild, ace_low)
    if shape is None:
        jokers = sum(1 for c in cards if c == JOKER)
        if len(tuple(wild)) != jokers:
            raise err.InvalidMeld(f"name one stand-in in 'wild' for each of the {jokers} joker(s)")
        raise err.InvalidMeld(f"{' '.join(cards)} (jokers as {' '.join(wild) or 'nothing'}) is not a set of 3-4 "
                              f"in distinct suits or a run of 3+ with a natural card")
    return shape


def _meld(state: GameState, cmd: Meld, batch: Batch) -> None:
    hand = _opened(state, cmd.seat)
    cards = _held(hand.hands[cmd.seat], cmd.cards)
    shape = _meld_shape(cards, _cards(cmd.wild), state.rules.ace_low)
    batch.emit(ev.MeldLaid(cmd.seat, f"m{hand.next_meld}", shape.kind, shape.cards, shape.wild, shape.value))
    _if_out(batch, cmd.seat)


def _lay_off(state: GameState, cmd: LayOff, batch: Batch) -> None:
    hand = _opened(state, cmd.seat)
    meld = hand.meld(cmd.meld_id)
    if meld is None:
        raise err.NoSuchMeld(f"no meld {cmd.meld_id!r} on the table")
    cards = _held(hand.hands[cmd.seat], cmd.cards)
    result = extend(meld, cards, _cards(cmd.wild), state.rules.ace_low)
    if result is None:
        raise err.InvalidLayoff(f"cannot lay {' '.join(cards)} (jokers as {' '.join(cmd.wild) or 'nothing'}) "
                                f"off on {meld.id}: it would not stay a valid meld")
    batch.emit(ev.CardsLaidOff(cmd.seat, meld.id, result.cards, result.wild, result.value))
    _if_out(batch, cmd.seat)


def _swap(state: GameState, cmd: Swap, batch: Batch) -> None:
    hand = _opened(state, cmd.seat)
    meld = hand.meld(cmd.meld_id)
    if meld is None:
        raise err.NoSuchMeld(f"no meld {cmd.meld_id!r} on the table")
    (card,) = _held(hand.hands[cmd.seat], (cmd.card,))
    if card == JOKER or swapped(meld, card) is None:
        raise InvalidSwap(f"no joker in {meld.id} stands for {card}")
    batch.emit(ev.JokerSwapped(cmd.seat, meld.id, card, card))


def _discard(state: GameState, cmd: Discard, batch: Batch) -> None:
    hand = _playing(state, cmd.seat)
    held = hand.hands[cmd.seat]
    (card,) = _held(held, (cmd.card,))
    piles.check_discard(card, held, hand.taken)
    if (state.rules.swapped_joker_must_be_played and hand.owed
            and joker_playable(held, hand.table, state.rules.ace_low)):
        raise JokerMustBePlayed("meld or lay off the joker you swapped this turn before you discard")
    batch.emit(ev.CardDiscarded(cmd.seat, card))
    _if_out(batch, cmd.seat)


def _drawing(state: GameState, seat: int) -> HandState:
    hand = deciding.turn(state, seat)
    if hand.phase != DRAW:
        raise err.AlreadyDrawn("you have already drawn this turn")
    return hand


def _playing(state: GameState, seat: int) -> HandState:
    hand = deciding.turn(state, seat)
    if hand.phase != PLAY:
        raise err.MustDraw("draw first")
    return hand


def _opened(state: GameState, seat: int) -> HandState:
    hand = _playing(state, seat)
    if not hand.opened[seat]:
        raise NotOpened(f"open first: melds worth {state.rules.initial_meld} or more in one `open`")
    return hand


def _if_out(batch: Batch, seat: int) -> None:
    if not batch.state.hand.hands[seat]:
        _end_hand(batch, "out")


def _end_hand(batch: Batch, reason: str) -> None:
    """The hand ends, the deal revealed; the seats now above the elimination
    score are out; then the game, if it is over."""
    state = batch.state
    hand = state.hand
    batch.emit(ev.HandEnded(hand.number, reason, hand_results(state, reason), hand.deck, hand.salt))
    for seat in newly_out(batch.state):
        batch.emit(ev.PlayerEliminated(seat, batch.state.totals[seat]))
    ended = game_over(batch.state)
    if ended is not None:
        batch.emit(ev.GameEnded(*ended))


class _Ending:
    """The hand's end as kernel/piles.py asks for it (`now(batch, reason)`)."""

    @staticmethod
    def now(batch: Batch, reason: str) -> None:
        _end_hand(batch, reason)


_ENDING = _Ending()

_DECIDERS = {
    CreateGame: _create_game,
    StartHand: _start_hand,
    DrawFrom: _draw,
    Open: _open,
    Meld: _meld,
    LayOff: _lay_off,
    Swap: _swap,
    Discard: _discard,
}

decide, run = deciding.deciding(_DECIDERS, evolve)
