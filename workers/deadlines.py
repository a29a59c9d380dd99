"""Play-by-mail deadlines: the timeout check and the 80% reminder.

The due-game check (workers/sweeper.py) calls them with the running turn's
deadline; each acts only if that same turn is still being played. The check has the application
service apply the engine's `TimeOut` command, expecting the version it saw, so
a timed-out turn is played exactly once; the reminder is sent once (a marker).
"""

from domain.deadlines import human_to_move, is_overdue, reminder_time
from domain.kernel.errors import NotDue
from domain.kernel.turns import TimeOut
from service.app.commands import TIMEOUT_ACTOR
from service.store.errors import ConcurrencyError

from .context import context


def check_deadline(game_id: str, deadline: str) -> str:
    ctx = context()
    state = ctx.repository.load(game_id).state
    if not is_overdue(state, deadline, ctx.clock()):
        return "not due"
    try:
        outcome = ctx.commands.handle(game_id, TimeOut(deadline), TIMEOUT_ACTOR, expected=state.version)
    except (ConcurrencyError, NotDue):
        return "moved on"
    return f"timed out seat {outcome.events[0].seat}"


def send_reminder(game_id: str, deadline: str) -> str:
    ctx = context()
    state = ctx.repository.load(game_id).state
    seat = human_to_move(state)
    if seat is None or state.deadline != deadline:
        return "not this turn any more"
    now = ctx.clock()
    if now < reminder_time(state):
        return "not yet"
    if is_overdue(state, deadline, now):
        return "too late: the deadline has passed"
    if not ctx.reminders.mark(game_id, deadline, seat):
        return "already sent"
    if seat in ctx.webhooks.notified(game_id):
        ctx.jobs.notice(game_id, seat, "reminder",
                        {"seat": seat, "version": state.version, "hand": state.hands_played, "deadline": deadline})
    return "sent"
