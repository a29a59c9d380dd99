"""decide(state, command) -> events: Manipulation Rummy's rules as a pure function.

An illegal command raises a RuleViolation before anything is produced; a legal
one yields its events and every automatic consequence in the same batch: the
draws of a `draw` (until the seat can play, under `until_able`), the passes of
seats that cannot play once the stock is empty, the end of the hand (a seat
out, or every seat passing in a row: blocked) and the end of the game.
"""

from ..kernel import deciding
from ..kernel.deals import StartHand
from ..kernel.deciding import Batch
from ..kernel.players import CreateGame
from . import events as ev
from .bots import POLICIES
from .commands import Draw, Play
from .errors import MustPlay, StockEmpty
from .evolve import evolve
from .play import can_play, judged
from .rules import MAX_PLAYERS, MIN_PLAYERS, ONE, Rules
from .scoring import game_over, hand_results
from .state import ENDED, GameState

_ending = deciding.Ending(ev.HandEnded, game_over, hand_results)


def _create_game(state: GameState, cmd: CreateGame, batch: Batch) -> None:
    batch.emit(deciding.create(state, cmd, ev.GameCreated, (MIN_PLAYERS, MAX_PLAYERS), POLICIES, Rules))


def _start_hand(state: GameState, cmd: StartHand, batch: Batch) -> None:
    number, deck, sealed = deciding.dealing(state, cmd)
    n = len(state.players)
    first = number % n
    batch.emit(ev.HandStarted(hand=number, dealer=(first - 1) % n, first_seat=first, deck_commitment=sealed,
                              deck=deck, salt=cmd.salt))


def opening(state: GameState, seat: int) -> bool:
    """Whether the seat's next play must be an opening of its own melds (own_opening)."""
    return state.rules.own_opening and not state.hand.opened[seat]


def able(state: GameState, seat: int) -> bool:
    hand = state.hand
    return can_play(hand.table, hand.hands[seat], opening(state, seat))


def _play(state: GameState, cmd: Play, batch: Batch) -> None:
    hand = deciding.turn(state, cmd.seat)
    cards, table = judged(hand.table, hand.hands[cmd.seat], cmd.table, opening(state, cmd.seat))
    batch.emit(ev.TableRearranged(cmd.seat, cards, table))
    if not _ending.if_out(batch, cmd.seat):
        _passes(batch)


def _draw(state: GameState, cmd: Draw, batch: Batch) -> None:
    hand = deciding.turn(state, cmd.seat)
    if able(state, cmd.seat):
        raise MustPlay("you can play, so you must: submit the new table")
    if not hand.stock:
        raise StockEmpty("the stock is empty")  # (a seat facing an empty stock that cannot play has passed)
    batch.emit(ev.CardDrawn(cmd.seat, hand.stock[0]))
    if state.rules.draw_rule != ONE:
        while not able(batch.state, cmd.seat):
            if not batch.state.hand.stock:
                _pass(batch, cmd.seat)
                break
            batch.emit(ev.CardDrawn(cmd.seat, batch.state.hand.stock[0]))
    _passes(batch)


def _pass(batch: Batch, seat: int) -> None:
    batch.emit(ev.TurnPassed(seat))
    if batch.state.hand.passes >= len(batch.state.players):
        _ending.now(batch, "blocked")


def _passes(batch: Batch) -> None:
    """Each seat to move that cannot play, the stock empty, passes (the hand may end blocked)."""
    while batch.state.hand.phase != ENDED and not batch.state.hand.stock:
        seat = batch.state.hand.turn
        if able(batch.state, seat):
            return
        _pass(batch, seat)


_DECIDERS = {
    CreateGame: _create_game,
    StartHand: _start_hand,
    Draw: _draw,
    Play: _play,
}

decide, run = deciding.deciding(_DECIDERS, evolve)
