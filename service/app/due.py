"""When a game next needs the workers: the one rule behind the due-time index
(service/store/records.py `DueGames`), used by the follow-ups after an append
and by the check that runs when a game comes due (workers/sweeper.py).

A game needs looking at:
- when a bot is to move and nothing was appended for `repair_s`: its job was
  lost (a crash between the append and the enqueue, or in the middle of a turn);
- at a timed turn's reminder time, then at its deadline;
- when nothing was appended for `abandon_s`: the game ends as `abandoned`.
A finished game needs looking at once more, `repair_s` after its end, unless
its end has been settled by then (its history and standings:
service/app/standings.py), which takes it out of the index.
"""

from datetime import datetime, timedelta

from domain.deadlines import bot_to_move, human_to_move, reminder_time
from domain.kernel.turns import parse


def next_due(state, last_at: datetime, now: datetime, repair_s: float, abandon_s: float) -> datetime:
    if state.status == "finished":
        return last_at + timedelta(seconds=repair_s)
    times = [last_at + timedelta(seconds=abandon_s)]
    if bot_to_move(state) is not None:
        times.append(last_at + timedelta(seconds=repair_s))
    if human_to_move(state) is not None and state.deadline is not None:
        remind = reminder_time(state)
        times.append(remind if remind > now else parse(state.deadline))
    return min(times)
