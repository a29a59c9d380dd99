"""What happens after events are safely stored, read at one place: a table
from event type to reactions, plus the reactions to the state a batch leaves
(a bot to move; the game's next due time; its place in the history of games
and in its players' inboxes)
and to a turn that begins (its player's notice).

Every caller of the application service gets the same follow-ups, whether the
events came from an HTTP request or a worker's job.
"""

import logging

import redis

from domain import registry
from domain.deadlines import bot_to_move, human_to_move
from domain.kernel.events import DUE, FILED, GAME_ENDED, HAND_ENDED

from ..store.codec import epoch_ms
from .due import next_due

log = logging.getLogger("iceberg.followups")


def bot_only(players) -> bool:
    """A game of bots only: nobody waits on it, so its jobs come after everyone else's, at a pace."""
    return all(p.bot is not None for p in players)


class FollowUps:
    def __init__(self, jobs, due, webhooks, clock, repair_s: float, abandon_s: float, bot_game_turn_s: float = 0,
                 filing=None, inbox=None):
        self.jobs, self.due, self.webhooks, self.clock = jobs, due, webhooks, clock
        self.inbox = inbox  # service/app/inbox.py: the players' GET /me/games
        self.repair_s, self.abandon_s, self.bot_game_turn_s = repair_s, abandon_s, bot_game_turn_s
        self.filing = filing  # service/app/history.py: the history of games
        self.on_event = {  # what follows an event, as its type declares (kernel/events.py)
            # REPLAY has no reaction: a hand's replay is a cache, built when first asked for
            # (service/http/replays.py), so a hand nobody replays costs no memory
            HAND_ENDED: [self._notify_hand_ended],
            GAME_ENDED: [self._notify_game_ended, self._settle_end],
        }

    def before_append(self, game_id: str, after, events) -> None:
        """The game's due time, brought forward before the append: a batch that ends
        the game is due soon, so the workers still settle the end (service/app/standings.py),
        and one that hands the turn to a bot or sets a deadline is due when that needs
        looking at, so the sweeper still enqueues the bot's job or times the turn out,
        if this process dies, or Redis goes down, between the append and its follow-ups
        (after it, the game would wait for its abandonment). A batch that is not
        appended leaves a due time too early: the check then finds nothing to do."""
        if self.jobs is None:
            return
        try:
            if after.status == "finished":
                self.due.no_later_than(game_id, epoch_ms(self.clock()) + int(self.repair_s * 1000))
            elif self._moves_due_time(events, after):
                self._index(game_id, after)
        except redis.RedisError:
            # the append that follows most likely fails too; if it lands, its follow-ups still enqueue the bot
            log.warning("could not bring %s's due time forward before its append", game_id)

    def after_append(self, game_id: str, before, after, events, hooks: int | None = None) -> None:
        """`hooks`: the game's number of webhooks if known (0 spares the look-ups)."""
        self._file(game_id, after, events)
        if self.inbox is not None:
            self.inbox.follow(game_id, before, after, hooks)
        if self.jobs is None:
            return
        try:
            context = _Context(game_id, after, self.webhooks, hooks)
            for event in events:
                for follow in registry.follow_ups(event):
                    for react in self.on_event.get(follow, ()):
                        react(context, event)
            if bot_to_move(after) is not None:
                self._bot_turn(game_id, after)
            if any(type(e) in registry.of(after).starts_turn for e in events):
                self._notify_turn(context)
        except redis.RedisError:
            log.warning("could not enqueue follow-ups for %s at %s; the sweeper will", game_id, after.version)

    # --- reactions ----------------------------------------------------------------------

    def _file(self, game_id: str, state, events) -> None:
        """File the game in the history when its status or seats changed (a lost
        filing is made again when its end is settled)."""
        if self.filing is None or not any(FILED in registry.follow_ups(e) for e in events):
            return
        try:
            self.filing.file(game_id, state)
        except redis.RedisError:
            log.warning("could not file %s at %s in the history", game_id, state.version)

    @staticmethod
    def _moves_due_time(events, state) -> bool:
        """Whether this batch can bring the game's due time forward. A human's move
        in a turn without a new deadline cannot: its due time is the abandonment,
        later than the one already indexed (the check that comes then looks at the
        last action's time). So most human actions write nothing here."""
        if state.status == "finished":
            return False  # made due by before_append's own rule; settling its end unindexes it
        if bot_to_move(state) is not None:
            return True
        return any(DUE in registry.follow_ups(e) for e in events)

    def _index(self, game_id: str, state) -> None:
        """Bring the game's due time forward to what this state needs (service/app/due.py)."""
        now = self.clock()
        self.due.no_later_than(game_id, epoch_ms(next_due(state, now, now, self.repair_s, self.abandon_s)))

    def _bot_turn(self, game_id: str, state) -> None:
        """The bot to move plays: at once in a game with a person, else after every
        such game's jobs and no sooner than its pace allows (ICEBERG_BOT_GAME_TURN_S)."""
        if not bot_only(state.players):
            self.jobs.bot_turn(game_id, state.version)
        elif self.bot_game_turn_s > 0:
            self.jobs.bot_turn_later(epoch_ms(self.clock()) + int(self.bot_game_turn_s * 1000), game_id, state.version)
        else:
            self.jobs.bot_turn(game_id, state.version, bot_game=True)

    def _notify_turn(self, c) -> None:
        seat = human_to_move(c.state)
        if seat is not None and seat in c.hooks():
            self.jobs.notice(c.game_id, seat, "your_turn", {"seat": seat, "version": c.state.version,
                                                          "hand": c.state.hands_played, "deadline": c.state.deadline})

    def _notify_hand_ended(self, c, event) -> None:
        for seat in c.hooks():
            self.jobs.notice(c.game_id, seat, "hand_ended", {"hand": event.hand, "reason": event.reason,
                                                            "results": [r.to_dict() for r in event.results]})

    def _settle_end(self, c, event) -> None:
        self.jobs.settle_end(c.game_id)

    def _notify_game_ended(self, c, event) -> None:
        for seat in c.hooks():
            self.jobs.notice(c.game_id, seat, "game_ended", {"winners": list(event.winners),
                                                            "totals": list(event.totals), "reason": event.reason})


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
