"""Play-by-mail deadlines (the `turn_timeout_s` rule), pure: the time is an input.

When a human seat's turn begins, a `DeadlineSet` event records when it must be
finished. Once that moment has passed, `timeout_turn` appends `TurnTimedOut` and
the greedy policy plays the whole turn for the absent seat, in one batch, so a
timed-out turn is played exactly once however often the check runs. Bots get no
deadline: the workers play their turns at once.
"""

import random
from datetime import datetime, timedelta, timezone

from .bots import POLICIES
from .events import CardDiscarded, DeadlineSet, HandStarted, TurnTimedOut
from .evolve import evolve
from .game import play
from .state import ENDED, FINISHED, GameState
from .views import see

REMINDER_AT = 0.8  # a reminder goes out when 80% of the time has passed


def iso(moment: datetime) -> str:
    return moment.astimezone(timezone.utc).isoformat(timespec="seconds").replace("+00:00", "Z")


def parse(text: str) -> datetime:
    return datetime.fromisoformat(text.replace("Z", "+00:00"))


def human_to_move(state: GameState) -> int | None:
    if state.status == FINISHED or state.hand is None or state.hand.phase == ENDED:
        return None
    seat = state.hand.turn
    return None if state.players[seat].bot else seat


def deadline_events(after: GameState, events, now: datetime) -> list:
    """[DeadlineSet] when `events` began a human seat's turn in a timed game."""
    timeout = after.rules.turn_timeout_s
    if not timeout or not any(isinstance(e, (CardDiscarded, HandStarted)) for e in events):
        return []
    seat = human_to_move(after)
    if seat is None:
        return []
    return [DeadlineSet(seat, iso(now + timedelta(seconds=timeout)))]


def with_deadlines(events, after: GameState, now: datetime) -> tuple[list, GameState]:
    """`events` and the state after them, plus the DeadlineSet they call for."""
    extra = deadline_events(after, events, now)
    for event in extra:
        after = evolve(after, event)
    return events + extra, after


def reminder_time(state: GameState) -> datetime | None:
    deadline = state.hand.deadline if state.hand else None
    if deadline is None:
        return None
    return parse(deadline) - timedelta(seconds=state.rules.turn_timeout_s * (1 - REMINDER_AT))


def is_overdue(state: GameState, deadline: str, now: datetime) -> bool:
    """The turn that `deadline` was set for is still being played, and is late."""
    return (human_to_move(state) is not None and state.hand.deadline == deadline
            and now >= parse(deadline))


def timeout_turn(state: GameState, rng: random.Random, dealer) -> tuple[list, GameState]:
    """TurnTimedOut, then the greedy policy's whole turn for the absent seat."""
    seat, deadline = state.hand.turn, state.hand.deadline
    events = [TurnTimedOut(seat, deadline)]
    state = evolve(state, events[0])
    greedy = POLICIES["greedy"]
    while state.status != FINISHED and state.hand.phase != ENDED and state.hand.turn == seat:
        more, state = play(state, greedy(see(state, seat), rng), dealer)
        events += more
        if any(isinstance(e, HandStarted) for e in more):
            break  # the hand ended and the next one is dealt: this turn is over
    return events, state  # the appender adds the next turn's DeadlineSet (with_deadlines)
