"""Play-by-mail deadlines: the timeout check and the 80% reminder.

Both carry the deadline they were scheduled for and act only if the same turn
is still being played with that deadline; the check plays the turn (domain's
`timeout_turn`) in one append that expects the version it saw, so a timed-out
turn is played exactly once; the reminder is sent once (a SET NX marker).
"""

import random

from domain.deadlines import is_overdue, reminder_time, timeout_turn
from domain.deals import random_deal

from .append import append
from .context import context


def check_deadline(game_id: str, deadline: str) -> str:
    ctx = context()
    loaded = ctx.store.load(game_id)
    now = ctx.clock()
    if not is_overdue(loaded.state, deadline, now):
        return "not due"
    before = loaded.state
    events, state = timeout_turn(before, random.Random(f"{game_id}:{before.version}"), random_deal)
    result = append(ctx, game_id, loaded, events, state, "to")
    if result is None:
        return "moved on"
    loaded, events = result
    ctx.jobs.after_append(game_id, before, loaded.state, events)
    return f"timed out seat {events[0].seat}"


def send_reminder(game_id: str, deadline: str) -> str:
    ctx = context()
    state = ctx.store.load(game_id).state
    hand = state.hand
    if hand is None or hand.deadline != deadline or state.players[hand.turn].bot:
        return "not this turn any more"
    if ctx.clock() < reminder_time(state):
        return "not yet"
    marker = "{" + game_id + "}" + f":reminded:{deadline}"
    if not ctx.store.redis.set(marker, hand.turn, nx=True, ex=30 * 86400):
        return "already sent"
    if hand.turn in ctx.store.webhooks(game_id):
        ctx.jobs.notify(game_id, hand.turn, "reminder",
                        {"seat": hand.turn, "version": state.version, "hand": hand.number, "deadline": deadline})
    return "sent"
