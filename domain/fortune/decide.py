"""decide(state, command) -> events: Fortune's rules as a pure function.

An illegal command raises a RuleViolation before anything is produced; a legal
one yields its events and every automatic consequence (the stock renewed from
the pile, the end of the hand, the end of the game) in the same batch.
"""

from ..kernel import deciding, tables
from ..kernel import errors as err
from ..kernel import wild as wild_cards
from ..kernel.deals import StartHand
from ..kernel.deciding import Batch, cards_of, held
from ..kernel.players import CreateGame
from . import events as ev
from .bots import POLICIES
from .commands import Discard, Draw, LayOff, Meld, TakePile
from .errors import QueenOfSpades
from .evolve import evolve
from .melds import QS, analyse, extend, is_deuce, may_discard_queen
from .rules import HAND_SIZE, MAX_PLAYERS, MIN_PLAYERS, Rules
from .scoring import hand_results
from .state import DRAW, PLAY, GameState, HandState

_ending = deciding.Ending(ev.HandEnded, deciding.scoring_over(ev.GameEnded), hand_results)


_create_game = deciding.creating(ev.GameCreated, (MIN_PLAYERS, MAX_PLAYERS), POLICIES, Rules)


def _start_hand(state: GameState, cmd: StartHand, batch: Batch) -> None:
    deal = deciding.rotating(state, cmd)
    batch.emit(ev.HandStarted(**deal, upcard=deal["deck"][HAND_SIZE * len(state.players)]))


def _draw(state: GameState, cmd: Draw, batch: Batch) -> None:
    hand = _drawing(state, cmd.seat)
    if not hand.stock:
        if hand.renewals >= state.rules.stock_renewals or len(hand.pile) < 2:
            _ending.now(batch, "exhausted")  # the safety rule: the stock cannot be renewed
            return
        batch.emit(ev.StockRenewed(len(hand.pile) - 1))
        hand = batch.state.hand
    batch.emit(ev.CardDrawn(cmd.seat, hand.stock[0]))


def _take_pile(state: GameState, cmd: TakePile, batch: Batch) -> None:
    hand = _drawing(state, cmd.seat)
    if not hand.pile:
        raise err.PileEmpty("the discard pile is empty: draw from the stock")
    cards = held(hand.hands[cmd.seat], cmd.cards)
    if len(cards) < 2:
        raise err.InvalidMeld("taking the pile melds its top card with at least two cards from your hand")
    top = hand.pile[-1]
    shape = _meld_shape(cards + (top,), cmd.wild)
    batch.emit(ev.PileTaken(cmd.seat, hand.pile))
    batch.emit(ev.MeldLaid(cmd.seat, f"m{hand.next_meld}", shape.kind, shape.cards, shape.wild, shape.points))
    _ending.if_out(batch, cmd.seat)


def _meld(state: GameState, cmd: Meld, batch: Batch) -> None:
    hand = _playing(state, cmd.seat)
    cards = held(hand.hands[cmd.seat], cmd.cards)
    shape = _meld_shape(cards, cmd.wild)
    batch.emit(ev.MeldLaid(cmd.seat, f"m{hand.next_meld}", shape.kind, shape.cards, shape.wild, shape.points))
    _ending.if_out(batch, cmd.seat)


def _meld_shape(cards, wild):
    shape = analyse(cards, cards_of(wild))
    if shape is None:
        raise wild_cards.refused(cards, wild, sum(1 for c in cards if is_deuce(c)), "deuce",
                                 "a set of 3-4 or a run of 3+ with a natural card")
    return shape


def _lay_off(state: GameState, cmd: LayOff, batch: Batch) -> None:
    hand = _playing(state, cmd.seat)
    meld = tables.named(hand.table, cmd.meld_id)
    if meld.owner != cmd.seat:
        raise err.NotYourMeld(f"{meld.id} is seat {meld.owner}'s: lay off on your own melds only")
    cards = held(hand.hands[cmd.seat], cmd.cards)
    result = extend(meld.shape, cards, cards_of(cmd.wild))
    if result is None:
        raise err.InvalidLayoff(f"cannot lay {' '.join(cards)} (deuces as {' '.join(cmd.wild) or 'nothing'}) "
                                f"off on {meld.id}: it would not stay a valid meld")
    batch.emit(ev.CardsLaidOff(cmd.seat, meld.id, result.cards, result.wild, result.points))
    _ending.if_out(batch, cmd.seat)


def _discard(state: GameState, cmd: Discard, batch: Batch) -> None:
    hand = _playing(state, cmd.seat)
    (card,) = held(hand.hands[cmd.seat], (cmd.card,))
    if card == QS and not may_discard_queen(hand.hands[cmd.seat]):
        raise QueenOfSpades("the queen of spades is discarded only as your last card, going out")
    batch.emit(ev.CardDiscarded(cmd.seat, card))
    _ending.if_out(batch, cmd.seat)


def _drawing(state: GameState, seat: int) -> HandState:
    return deciding.turn_in(state, seat, DRAW, err.AlreadyDrawn, "you have already drawn or taken the pile this turn")


def _playing(state: GameState, seat: int) -> HandState:
    return deciding.turn_in(state, seat, PLAY, err.MustDraw, "draw from the stock or take the pile first")


_DECIDERS = {
    CreateGame: _create_game,
    StartHand: _start_hand,
    Draw: _draw,
    TakePile: _take_pile,
    Meld: _meld,
    LayOff: _lay_off,
    Discard: _discard,
}

decide, run = deciding.deciding(_DECIDERS, evolve)
