"""decide(state, command) -> events: the rules as a pure function.

A command is checked against the state; an illegal one raises a RuleViolation
before anything is produced. A legal one yields its events *and* every automatic
consequence (ace reveals after a draw, the end of the hand, the end of the game),
so the log never stops half-way through a consequence. Dealing the next hand
needs a deck, which is an input: callers go through `domain.engine.play`.
"""

from ..kernel import errors as err
from ..kernel.cards import full_pack, is_ace, is_card, remove_cards, sorted_cards
from ..kernel.deals import StartHand, commitment
from ..kernel.deciding import Batch, deciding
from ..kernel.ending import scoring_end
from ..kernel.folding import check_game
from ..kernel.players import CreateGame, seat_players
from .bots import POLICIES
from .commands import Discard, Draw, LayOff, Meld, Pickup
from .errors import MustPickUp
from .events import (
    AceRevealed,
    CardDiscarded,
    CardDrawn,
    CardPickedUp,
    CardsLaidOff,
    GameCreated,
    GameEnded,
    HandEnded,
    HandStarted,
    MeldLaid,
)
from .evolve import evolve
from .melds import classify, extend
from .rules import MAX_PLAYERS, MIN_PLAYERS, Rules
from .scoring import hand_results
from .state import DRAW, ENDED, PICKUP, PLAY, GameState, HandState


def _create_game(state: GameState, cmd: CreateGame, batch: Batch) -> None:
    batch.emit(GameCreated(*seat_players(state, cmd, MIN_PLAYERS, MAX_PLAYERS, POLICIES, Rules)))


def _start_hand(state: GameState, cmd: StartHand, batch: Batch) -> None:
    check_game(state)
    if not state.needs_deal:
        raise err.HandInProgress("a hand is being played")
    pack = full_pack(state.decks)
    if len(cmd.deck) != len(pack) or sorted(cmd.deck) != sorted(pack):
        raise err.InvalidDeck(f"the deck must be exactly the {len(pack)} cards of {state.decks} deck(s)")
    if not isinstance(cmd.salt, str) or not cmd.salt:
        raise err.InvalidDeck("a deal needs a salt")
    number = state.hands_played
    deck = tuple(cmd.deck)
    batch.emit(HandStarted(hand=number, first_seat=number % len(state.players),
                           deck_commitment=commitment(deck, cmd.salt), deck=deck, salt=cmd.salt))


def _pickup(state: GameState, cmd: Pickup, batch: Batch) -> None:
    hand = _turn(state, cmd.seat)
    if hand.phase == DRAW:
        raise err.MustDraw("no passed card waits for you: draw")
    if hand.phase == PLAY:
        raise err.AlreadyDrawn("you have already picked up and drawn this turn")
    batch.emit(CardPickedUp(cmd.seat, hand.waiting[cmd.seat]))


def _draw(state: GameState, cmd: Draw, batch: Batch) -> None:
    hand = _turn(state, cmd.seat)
    if hand.phase == PICKUP:
        raise MustPickUp("a passed card waits for you: pick it up first")
    if hand.phase == PLAY:
        raise err.AlreadyDrawn("you have already drawn this turn")
    if hand.stock == 0:
        raise err.InvariantBroken("the stock ran out before the last ace was up")
    batch.emit(CardDrawn(cmd.seat, hand.deck[hand.stock_pos]))
    # Compulsory and automatic: every ace in the hand goes face up, dealt ones too.
    for card in batch.state.hand.hands[cmd.seat]:
        if is_ace(card):
            batch.emit(AceRevealed(cmd.seat, card))
    if not batch.state.hand.hands[cmd.seat]:
        _end_hand(batch, "out")  # only aces were held: nothing is left to play


def _meld(state: GameState, cmd: Meld, batch: Batch) -> None:
    hand = _playing(state, cmd.seat)
    cards = _held(hand, cmd.seat, cmd.cards)
    shape = classify(cards)
    if shape is None:
        raise err.InvalidMeld(f"{' '.join(cards)} is not a pair, set, run or special meld")
    kind, points = shape
    batch.emit(MeldLaid(cmd.seat, f"m{hand.next_meld}", kind, sorted_cards(cards), points))
    _maybe_out(batch, cmd.seat)


def _lay_off(state: GameState, cmd: LayOff, batch: Batch) -> None:
    hand = _playing(state, cmd.seat)
    meld = hand.meld(cmd.meld_id)
    if meld is None:
        raise err.NoSuchMeld(f"no meld {cmd.meld_id!r} on the table")
    cards = _held(hand, cmd.seat, cmd.cards)
    result = extend(meld.kind, meld.cards, cards)
    if result is None:
        why = "special melds are never extended" if meld.kind == "special" else "it would not stay a valid meld"
        raise err.InvalidLayoff(f"cannot lay {' '.join(cards)} off on {meld.id}: {why}")
    batch.emit(CardsLaidOff(cmd.seat, meld.id, sorted_cards(cards), result[2]))
    _maybe_out(batch, cmd.seat)


def _discard(state: GameState, cmd: Discard, batch: Batch) -> None:
    hand = _playing(state, cmd.seat)
    (card,) = _held(hand, cmd.seat, (cmd.card,))
    batch.emit(CardDiscarded(cmd.seat, (cmd.seat - 1) % len(state.players), card))
    if not batch.state.hand.hands[cmd.seat]:
        _end_hand(batch, "out")
    elif hand.last_ace:
        _end_hand(batch, "last_ace")  # the player who turned the last ace up has finished


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
    if not isinstance(seat, int) or not 0 <= seat < len(state.players):
        raise err.NoSuchSeat(f"no seat {seat!r}")
    if seat != hand.turn:
        raise err.NotYourTurn(f"it is seat {hand.turn}'s turn")
    return hand


def _playing(state: GameState, seat: int) -> HandState:
    hand = _turn(state, seat)
    if hand.phase == PICKUP:
        raise MustPickUp("a passed card waits for you: pick it up first")
    if hand.phase == DRAW:
        raise err.MustDraw("draw from the stock first")
    return hand


def _held(hand: HandState, seat: int, cards) -> tuple[str, ...]:
    cards = tuple(cards)
    for card in cards:
        if not is_card(card):
            raise err.InvalidCard(f"{card!r} is not a card")
    if remove_cards(hand.hands[seat], cards) is None:
        raise err.CardNotInHand(f"you do not hold {' '.join(cards)}")
    return cards


_DECIDERS = {
    CreateGame: _create_game,
    StartHand: _start_hand,
    Pickup: _pickup,
    Draw: _draw,
    Meld: _meld,
    LayOff: _lay_off,
    Discard: _discard,
}

decide, run = deciding(_DECIDERS, evolve)
