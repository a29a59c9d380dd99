"""What happens after events are safely stored, read at one place: a table
from event type to reactions, plus the reactions to the state a batch leaves
(a bot to move; the game's next due time) and to a turn that begins (its
player's notice).

Every caller of the application service gets the same follow-ups, whether the
events came from an HTTP request or a worker's job.
"""

import logging

import redis

from domain import registry
from domain.deadlines import bot_to_move, human_to_move
from domain.kernel.events import DUE, GAME_ENDED, HAND_ENDED, REPLAY

from .due import next_due
from .store.codec import epoch_ms

log = logging.getLogger("iceberg.followups")


class FollowUps:
    def __init__(self, jobs, due, webhooks, clock, repair_s: float, abandon_s: float):
        self.jobs, self.due, self.webhooks, self.clock = jobs, due, webhooks, clock
        self.repair_s, self.abandon_s = repair_s, abandon_s
        self.on_event = {  # what follows an event, as its type declares (kernel/events.py)
            REPLAY: [self._build_replay], HAND_ENDED: [self._notify_hand_ended], GAME_ENDED: [self._notify_game_ended],
        }

    def after_append(self, game_id: str, before, after, events, hooks: int | None = None) -> None:
        """`hooks`: the game's number of webhooks if known (0 spares the look-ups)."""
        if self.jobs is None:
            return
        try:
            context = _Context(game_id, after, self.webhooks, hooks)
            for event in events:
                for follow in registry.follow_ups(event):
                    for react in self.on_event.get(follow, ()):
                        react(context, event)
            if bot_to_move(after) is not None:
                self.jobs.bot_turn(game_id, after.version)
            if self._moves_due_time(events, after):
                self._index(game_id, after)
            if any(type(e) in registry.of(after).starts_turn for e in events):
                self._notify_turn(context)
        except redis.RedisError:
            log.warning("could not enqueue follow-ups for %s at %s; the sweeper will", game_id, after.version)

    # --- reactions ----------------------------------------------------------------------

    @staticmethod
    def _moves_due_time(events, state) -> bool:
        """Whether this batch can bring the game's due time forward. A human's move
        in a turn without a new deadline cannot: its due time is the abandonment,
        later than the one already indexed (the check that comes then looks at the
        last action's time). So most human actions write nothing here."""
        if state.status == "finished" or bot_to_move(state) is not None:
            return True
        return any(DUE in registry.follow_ups(e) for e in events)

    def _index(self, game_id: str, state) -> None:
        """Bring the game's due time forward to what this state needs (service/due.py)."""
        now = self.clock()
        due = next_due(state, now, now, self.repair_s, self.abandon_s)
        if due is None:
            self.due.remove(game_id)
        else:
            self.due.no_later_than(game_id, epoch_ms(due))

    def _build_replay(self, c, event) -> None:
        self.jobs.replay(c.game_id, event.hand, unless_pending=False)  # it has just ended

    def _notify_turn(self, c) -> None:
        seat = human_to_move(c.state)
        if seat is not None and seat in c.hooks():
            self.jobs.notice(c.game_id, seat, "your_turn", {"seat": seat, "version": c.state.version,
                                                          "hand": c.state.hands_played, "deadline": c.state.deadline})

    def _notify_hand_ended(self, c, event) -> None:
        for seat in c.hooks():
            self.jobs.notice(c.game_id, seat, "hand_ended", {"hand": event.hand, "reason": event.reason,
                                                            "results": [r.to_dict() for r in event.results]})

    def _notify_game_ended(self, c, event) -> None:
        for seat in c.hooks():
            self.jobs.notice(c.game_id, seat, "game_ended", {"winners": list(event.winners),
                                                            "totals": list(event.totals)})


class _Context:
    """One batch's follow-ups: the game, the state after it, the seats notices go to (looked up once,
    if at all): those with a webhook, and those whose player has notices of their own (store/players.py)."""

    def __init__(self, game_id, state, webhooks, count):
        self.game_id, self.state = game_id, state
        self._webhooks, self._count, self._hooks = webhooks, count, None

    def hooks(self) -> dict:
        if self._hooks is None:
            self._hooks = {} if self._count == 0 else self._webhooks.notified(self.game_id)
        return self._hooks
