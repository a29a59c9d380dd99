"""decide(state, command) -> events: Fortune's rules as a pure function.

An illegal command raises a RuleViolation before anything is produced; a legal
one yields its events and every automatic consequence (the stock renewed from
the pile, the end of the hand, the end of the game) in the same batch.
"""

from ..kernel import errors as err
from ..kernel.cards import full_pack, is_card, remove_cards
from ..kernel.deals import StartHand, commitment
from ..kernel.deciding import Batch, deciding
from ..kernel.ending import scoring_end
from ..kernel.folding import check_game
from ..kernel.players import CreateGame, seat_players
from .bots import POLICIES
from .commands import Discard, Draw, LayOff, Meld, TakePile
from .errors import QueenOfSpades
from .events import (
    CardDiscarded,
    CardDrawn,
    CardsLaidOff,
    GameCreated,
    GameEnded,
    HandEnded,
    HandStarted,
    MeldLaid,
    PileTaken,
    StockRenewed,
)
from .evolve import evolve
from .melds import QS, analyse, extend, is_deuce, may_discard_queen
from .rules import HAND_SIZE, MAX_PLAYERS, MIN_PLAYERS, Rules
from .scoring import hand_results
from .state import DRAW, ENDED, PLAY, GameState, HandState


def _create_game(state: GameState, cmd: CreateGame, batch: Batch) -> None:
    batch.emit(GameCreated(*seat_players(state, cmd, MIN_PLAYERS, MAX_PLAYERS, POLICIES, Rules)))


def _start_hand(state: GameState, cmd: StartHand, batch: Batch) -> None:
    check_game(state)
    if not state.needs_deal:
        raise err.HandInProgress("a hand is being played")
    pack = full_pack(state.decks)
    if len(cmd.deck) != len(pack) or sorted(cmd.deck) != sorted(pack):
        raise err.InvalidDeck(f"the deck must be exactly the {len(pack)} cards of {state.decks} decks")
    if not isinstance(cmd.salt, str) or not cmd.salt:
        raise err.InvalidDeck("a deal needs a salt")
    number = state.hands_played
    n = len(state.players)
    deck = tuple(cmd.deck)
    first = number % n
    batch.emit(HandStarted(hand=number, dealer=(first - 1) % n, first_seat=first, upcard=deck[HAND_SIZE * n],
                           deck_commitment=commitment(deck, cmd.salt), deck=deck, salt=cmd.salt))


def _draw(state: GameState, cmd: Draw, batch: Batch) -> None:
    hand = _drawing(state, cmd.seat)
    if not hand.stock:
        if hand.renewals >= state.rules.stock_renewals or len(hand.pile) < 2:
            _end_hand(batch, "exhausted")  # the safety rule: the stock cannot be renewed
            return
        batch.emit(StockRenewed(len(hand.pile) - 1))
        hand = batch.state.hand
    batch.emit(CardDrawn(cmd.seat, hand.stock[0]))


def _take_pile(state: GameState, cmd: TakePile, batch: Batch) -> None:
    hand = _drawing(state, cmd.seat)
    if not hand.pile:
        raise err.PileEmpty("the discard pile is empty: draw from the stock")
    cards = _held(hand, cmd.seat, cmd.cards)
    if len(cards) < 2:
        raise err.InvalidMeld("taking the pile melds its top card with at least two cards from your hand")
    top = hand.pile[-1]
    shape = _meld_shape(cards + (top,), cmd.wild)
    batch.emit(PileTaken(cmd.seat, hand.pile))
    batch.emit(MeldLaid(cmd.seat, f"m{hand.next_meld}", shape.kind, shape.cards, shape.wild, shape.points))
    _maybe_out(batch, cmd.seat)


def _meld(state: GameState, cmd: Meld, batch: Batch) -> None:
    hand = _playing(state, cmd.seat)
    cards = _held(hand, cmd.seat, cmd.cards)
    shape = _meld_shape(cards, cmd.wild)
    batch.emit(MeldLaid(cmd.seat, f"m{hand.next_meld}", shape.kind, shape.cards, shape.wild, shape.points))
    _maybe_out(batch, cmd.seat)


def _meld_shape(cards, wild):
    shape = analyse(cards, _cards_of(wild))
    if shape is None:
        deuces = sum(1 for c in cards if is_deuce(c))
        if len(tuple(wild)) != deuces:
            raise err.InvalidMeld(f"name one stand-in in 'wild' for each of the {deuces} deuce(s)")
        raise err.InvalidMeld(f"{' '.join(cards)} (deuces as {' '.join(wild) or 'nothing'}) is not a set "
                              f"of 3-4 or a run of 3+ with a natural card")
    return shape


def _lay_off(state: GameState, cmd: LayOff, batch: Batch) -> None:
    hand = _playing(state, cmd.seat)
    meld = hand.meld(cmd.meld_id)
    if meld is None:
        raise err.NoSuchMeld(f"no meld {cmd.meld_id!r} on the table")
    if meld.owner != cmd.seat:
        raise err.NotYourMeld(f"{meld.id} is seat {meld.owner}'s: lay off on your own melds only")
    cards = _held(hand, cmd.seat, cmd.cards)
    result = extend(meld.shape, cards, _cards_of(cmd.wild))
    if result is None:
        raise err.InvalidLayoff(f"cannot lay {' '.join(cards)} (deuces as {' '.join(cmd.wild) or 'nothing'}) "
                                f"off on {meld.id}: it would not stay a valid meld")
    batch.emit(CardsLaidOff(cmd.seat, meld.id, result.cards, result.wild, result.points))
    _maybe_out(batch, cmd.seat)


def _discard(state: GameState, cmd: Discard, batch: Batch) -> None:
    hand = _playing(state, cmd.seat)
    (card,) = _held(hand, cmd.seat, (cmd.card,))
    held = hand.hands[cmd.seat]
    if card == QS and not may_discard_queen(held):
        raise QueenOfSpades("the queen of spades is discarded only as your last card, going out")
    batch.emit(CardDiscarded(cmd.seat, card))
    _maybe_out(batch, cmd.seat)


def _maybe_out(batch: Batch, seat: int) -> None:
    if not batch.state.hand.hands[seat]:
        _end_hand(batch, "out")


def _end_hand(batch: Batch, reason: str) -> None:
    state = batch.state
    hand = state.hand
    batch.emit(HandEnded(hand.number, reason, hand_results(state), hand.deck, hand.salt))
    state = batch.state
    over = scoring_end(state.rules, state.totals, state.hands_played, state.people.withdrawn)
    if over is not None:
        batch.emit(GameEnded(over[0], state.totals, over[1]))


def _turn(state: GameState, seat: int) -> HandState:
    check_game(state)
    hand = state.hand
    if hand is None or hand.phase == ENDED:
        raise err.HandOver("the hand is over")
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < len(state.players):
        raise err.NoSuchSeat(f"no seat {seat!r}")
    if seat != hand.turn:
        raise err.NotYourTurn(f"it is seat {hand.turn}'s turn")
    return hand


def _drawing(state: GameState, seat: int) -> HandState:
    hand = _turn(state, seat)
    if hand.phase != DRAW:
        raise err.AlreadyDrawn("you have already drawn or taken the pile this turn")
    return hand


def _playing(state: GameState, seat: int) -> HandState:
    hand = _turn(state, seat)
    if hand.phase != PLAY:
        raise err.MustDraw("draw from the stock or take the pile first")
    return hand


def _cards_of(cards) -> tuple[str, ...]:
    cards = tuple(cards) if isinstance(cards, (tuple, list)) else (cards,)
    for card in cards:
        if not is_card(card):
            raise err.InvalidCard(f"{card!r} is not a card")
    return cards


def _held(hand: HandState, seat: int, cards) -> tuple[str, ...]:
    cards = _cards_of(cards)
    if remove_cards(hand.hands[seat], cards) is None:
        raise err.CardNotInHand(f"you do not hold {' '.join(cards)}")
    return cards


_DECIDERS = {
    CreateGame: _create_game,
    StartHand: _start_hand,
    Draw: _draw,
    TakePile: _take_pile,
    Meld: _meld,
    LayOff: _lay_off,
    Discard: _discard,
}

decide, run = deciding(_DECIDERS, evolve)
