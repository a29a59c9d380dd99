"""Play-by-mail deadlines, for every variant, pure: the time is an input.

A timed game (rules option `turn_timeout_s`) gives each human turn a deadline,
recorded by `DeadlineSet` when the turn begins; a reminder is due at 80% of
the time; once the deadline has passed the turn is overdue, and the engine's
`TimeOut` command plays it (domain/engine.py). Bots get no deadline: the
workers play their turns at once.
"""

from datetime import datetime, timedelta

from .kernel.turns import REMINDER_AT, DeadlineSet, iso, parse


def seat_to_move(state, bots: bool) -> int | None:
    """The seat that must act now if it is a bot (`bots`) or a human (not `bots`)."""
    seat = state.turn_seat
    if seat is None or bool(state.players[seat].bot) != bots:
        return None
    return seat


def human_to_move(state) -> int | None:
    return seat_to_move(state, bots=False)


def bot_to_move(state) -> int | None:
    return seat_to_move(state, bots=True)


def deadline_events(variant, after, events, now: datetime) -> list:
    """[DeadlineSet] when `events` began a human seat's turn in a timed game."""
    timeout = after.rules.turn_timeout_s
    if not timeout or not any(type(e) in variant.starts_turn for e in events):
        return []
    seat = human_to_move(after)
    if seat is None:
        return []
    return [DeadlineSet(seat, iso(now + timedelta(seconds=timeout)))]


def reminder_time(state) -> datetime | None:
    deadline = state.deadline
    if deadline is None:
        return None
    return parse(deadline) - timedelta(seconds=state.rules.turn_timeout_s * (1 - REMINDER_AT))


def is_overdue(state, deadline: str, now: datetime) -> bool:
    """The turn that `deadline` was set for is still being played, and is late."""
    return human_to_move(state) is not None and state.deadline == deadline and now >= parse(deadline)
