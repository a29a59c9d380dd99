"""decide(state, command) -> events: the rules as a pure function.

A command is checked against the state; an illegal one raises a RuleViolation
before anything is produced. A legal one yields its events *and* every automatic
consequence (ace reveals after a draw, the end of the hand, the end of the game),
so the log never stops half-way through a consequence. Dealing the next hand
needs a deck, which is an input: callers go through `domain.engine.play`.
"""

from ..kernel import deciding, tables
from ..kernel import errors as err
from ..kernel.cards import ACES, sorted_cards
from ..kernel.deals import StartHand
from ..kernel.deciding import Batch, held
from ..kernel.players import CreateGame
from . import events as ev
from .bots import POLICIES
from .commands import Discard, Draw, LayOff, Meld, Pickup
from .errors import MustPickUp
from .evolve import evolve
from .melds import classify, extend
from .rules import MAX_PLAYERS, MIN_PLAYERS, Rules
from .scoring import hand_results
from .state import DRAW, PICKUP, PLAY, GameState, HandState

_ending = deciding.Ending(ev.HandEnded, deciding.scoring_over(ev.GameEnded), hand_results)


_create_game = deciding.creating(ev.GameCreated, (MIN_PLAYERS, MAX_PLAYERS), POLICIES, Rules)


def _start_hand(state: GameState, cmd: StartHand, batch: Batch) -> None:
    number, deck, sealed = deciding.dealing(state, cmd)
    batch.emit(ev.HandStarted(hand=number, first_seat=number % len(state.players), deck_commitment=sealed,
                              deck=deck, salt=cmd.salt))


def _pickup(state: GameState, cmd: Pickup, batch: Batch) -> None:
    hand = deciding.turn(state, cmd.seat)
    if hand.phase == DRAW:
        raise err.MustDraw("no passed card waits for you: draw")
    if hand.phase == PLAY:
        raise err.AlreadyDrawn("you have already picked up and drawn this turn")
    batch.emit(ev.CardPickedUp(cmd.seat, hand.waiting[cmd.seat]))


def _draw(state: GameState, cmd: Draw, batch: Batch) -> None:
    hand = deciding.turn(state, cmd.seat)
    if hand.phase == PICKUP:
        raise MustPickUp("a passed card waits for you: pick it up first")
    if hand.phase == PLAY:
        raise err.AlreadyDrawn("you have already drawn this turn")
    if hand.stock == 0:
        raise err.InvariantBroken("the stock ran out before the last ace was up")
    batch.emit(ev.CardDrawn(cmd.seat, hand.deck[hand.stock_pos]))
    # Compulsory and automatic: every ace in the hand goes face up, dealt ones too.
    for card in batch.state.hand.hands[cmd.seat]:
        if card in ACES:  # (is_ace, without a call for each card: every draw looks at the whole hand)
            batch.emit(ev.AceRevealed(cmd.seat, card))
    _ending.if_out(batch, cmd.seat)  # only aces were held: nothing is left to play


def _meld(state: GameState, cmd: Meld, batch: Batch) -> None:
    hand = _playing(state, cmd.seat)
    cards = held(hand.hands[cmd.seat], cmd.cards)
    shape = classify(cards)
    if shape is None:
        raise err.InvalidMeld(f"{' '.join(cards)} is not a pair, set, run or special meld")
    kind, points = shape
    batch.emit(ev.MeldLaid(cmd.seat, f"m{hand.next_meld}", kind, sorted_cards(cards), points))
    _ending.if_out(batch, cmd.seat)


def _lay_off(state: GameState, cmd: LayOff, batch: Batch) -> None:
    hand = _playing(state, cmd.seat)
    meld = tables.named(hand.table, cmd.meld_id)
    cards = held(hand.hands[cmd.seat], cmd.cards)
    result = extend(meld.kind, meld.cards, cards)
    if result is None:
        why = "special melds are never extended" if meld.kind == "special" else "it would not stay a valid meld"
        raise err.InvalidLayoff(f"cannot lay {' '.join(cards)} off on {meld.id}: {why}")
    batch.emit(ev.CardsLaidOff(cmd.seat, meld.id, sorted_cards(cards), result[2]))
    _ending.if_out(batch, cmd.seat)


def _discard(state: GameState, cmd: Discard, batch: Batch) -> None:
    hand = _playing(state, cmd.seat)
    (card,) = held(hand.hands[cmd.seat], (cmd.card,))
    batch.emit(ev.CardDiscarded(cmd.seat, (cmd.seat - 1) % len(state.players), card))
    if not batch.state.hand.hands[cmd.seat]:
        _ending.now(batch, "out")
    elif hand.last_ace:
        _ending.now(batch, "last_ace")  # the player who turned the last ace up has finished


def _playing(state: GameState, seat: int) -> HandState:
    hand = deciding.turn(state, seat)
    if hand.phase == PICKUP:
        raise MustPickUp("a passed card waits for you: pick it up first")
    if hand.phase == DRAW:
        raise err.MustDraw("draw from the stock first")
    return hand


_DECIDERS = {
    CreateGame: _create_game,
    StartHand: _start_hand,
    Pickup: _pickup,
    Draw: _draw,
    Meld: _meld,
    LayOff: _lay_off,
    Discard: _discard,
}

decide, run = deciding.deciding(_DECIDERS, evolve)
