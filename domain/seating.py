"""What people decide about a game beside playing it, for every variant, pure:
taking an open seat, resigning, aborting, extending a deadline, and a timeout
that forfeits (domain/kernel/seats.py has the commands and events). The engine
(domain/engine.py) calls `decide` for the seat commands and `forfeit` for a
timeout under `on_timeout: "forfeit"`; it deals the first hand when the last
open seat is taken, as it deals every hand.

Withdrawing (resigning, forfeiting): the seat is played by the greedy bot from
then on and cannot win. The game ends at once, with the reason `resigned` or
`forfeit`, when that leaves
- one seat in the game (a two-player game, say): that seat wins;
- no human seat in the game (only bots would play on): the highest total among
  the seats still in wins (ties share the win).
Otherwise it goes on, and when it ends by its rules its winners are the
highest totals among the seats still in.
"""

from datetime import datetime, timedelta

from .deadlines import human_to_move
from .kernel import errors as err
from .kernel.ending import leaders
from .kernel.folding import check_game
from .kernel.players import MAX_NAME, clean_name
from .kernel.seats import (
    Abort,
    DeadlineExtended,
    Extend,
    GameAborted,
    Resign,
    SeatForfeited,
    SeatResigned,
    SeatTaken,
    TakeSeat,
)
from .kernel.turns import iso, parse


def decide(variant, state, command, now: datetime | None) -> tuple[list, object]:
    """(events, state after them) of a seat command; a RuleViolation if refused."""
    kind = type(command)
    if kind is TakeSeat:
        return _fold(variant, state, [_take_seat(state, command)])
    if kind is Resign:
        _human_in_play(state, command.seat)
        return withdraw(variant, state, SeatResigned(command.seat), "resigned")
    if kind is Abort:
        return _abort(variant, state, command.seat)
    if kind is Extend:
        return _fold(variant, state, [_extend(state, command.seat, now)])
    raise TypeError(f"not a seat command: {command!r}")


def forfeit(variant, state, seat: int) -> tuple[list, object]:
    """The late seat forfeits (its TurnTimedOut is already folded into `state`)."""
    return withdraw(variant, state, SeatForfeited(seat), "forfeit")


def withdraw(variant, state, event, reason: str) -> tuple[list, object]:
    """The seat of `event` withdraws; the game ends when too few are left (above)."""
    events, after = _fold(variant, state, [event])
    staying = still_in(after)
    if len(staying) > 1 and any(after.players[s].bot is None for s in staying):
        return events, after
    ended = variant.end_game(after, reason, leaders(after.totals, after.people.withdrawn))
    return events + [ended], variant.evolve(after, ended)


def still_in(state) -> list[int]:
    """The seats that have not withdrawn."""
    return [seat for seat in range(len(state.players)) if seat not in state.people.withdrawn]


def _fold(variant, state, events) -> tuple[list, object]:
    for event in events:
        state = variant.evolve(state, event)
    return events, state


def _seat(state, seat) -> None:
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < len(state.players):
        raise err.NoSuchSeat(f"no seat {seat!r}")


def _take_seat(state, command: TakeSeat) -> SeatTaken:
    if state.status == "new":
        raise err.NoGame("the game has not been created")
    if state.status == "finished":
        raise err.GameOver("the game is over")
    if state.status != "open":
        raise err.NoOpenSeat("every seat is taken: the game has started")
    _seat(state, command.seat)
    if state.players[command.seat].name is not None:
        raise err.SeatNotOpen(f"seat {command.seat} is taken")
    name = command.name
    if not isinstance(name, str) or clean_name(name) != name or not name or len(name) > MAX_NAME:
        raise err.InvalidPlayers(f"a player's name is 1 to {MAX_NAME} visible characters, without controls")
    return SeatTaken(command.seat, name)


def _human_in_play(state, seat: int) -> None:
    """The seat is a human's, in a game being played, and has not withdrawn."""
    check_game(state)
    _seat(state, seat)
    if seat in state.people.withdrawn:
        raise err.Withdrawn(f"seat {seat} has withdrawn already")
    if state.players[seat].bot is not None:
        raise err.NotHuman(f"seat {seat} is a bot's")


def _abort(variant, state, seat: int) -> tuple[list, object]:
    if state.status != "open":
        _human_in_play(state, seat)
        if state.hands_played or state.people.moved:
            raise err.AbortRefused("a human has moved in this game: it can be resigned, not aborted")
    else:
        _seat(state, seat)
        if state.players[seat].name is None or state.players[seat].bot is not None:
            raise err.NotHuman(f"seat {seat} has no human in it")
    events, after = _fold(variant, state, [GameAborted(seat)])
    ended = variant.end_game(after, "aborted", ())
    return events + [ended], variant.evolve(after, ended)


def _extend(state, seat: int, now: datetime | None) -> DeadlineExtended:
    _human_in_play(state, seat)
    deadline = state.deadline
    if deadline is None:
        raise err.NoDeadline("no deadline is running: the game is not timed, or no turn is being played")
    if human_to_move(state) != seat:
        raise err.NotYourTurn(f"it is seat {state.turn_seat}'s turn: a seat extends its own deadline only")
    if now is None:
        raise TypeError("a timed game needs the time: pass now=")
    if now >= parse(deadline):
        raise err.LateTurn(f"the deadline {deadline} has passed: the turn is played by the timeout")
    used = state.people.extensions[seat] if state.people.extensions else 0
    if used >= state.rules.extensions:
        raise err.NoExtensionsLeft(f"seat {seat} has used its {state.rules.extensions} extension(s)")
    return DeadlineExtended(seat, iso(parse(deadline) + timedelta(seconds=state.rules.extension_s)))
