"""The application service: the one path every command takes, whoever sends it.

    handle(game_id, command, actor, expected=None, key=None) -> Outcome

loads the game, decides the command through the domain's one entry point
(domain/engine.py: consequences, the next deal and deadlines included), appends
the events expecting the version it decided on, with the idempotency key, and
runs the follow-ups. HTTP views parse, call it and render; worker jobs guard
and call it. The tricky branches live here once:

- Optimistic first: the command is decided on this process's cached state and
  appended expecting its version, one round trip in the common case. Only when
  that fails in a way a stale cache could explain (a version conflict, a rule
  error, an If-Match mismatch) is the game loaded afresh and decided again.
- On fresh state a conflict is real. When the caller named the version it
  expected, it is 412 (`StaleVersion`): the caller decided on that version.
  Without one the caller asked for the move on whatever the game is now, so a
  write that landed in between (a bot's move, a timeout) is no reason to refuse:
  the game is loaded and the command decided again, its rules checked afresh, a
  few times before `ConcurrencyError` is the answer.
- A key already answered returns its first response and appends nothing, also
  when the key won a race in between (its first response stands, not the rule
  error a replay on the moved game would give).
"""

import time
from dataclasses import dataclass, field, replace

from domain.deadlines import bot_to_move
from domain.engine import play
from domain.kernel.deals import random_deal
from domain.kernel.errors import LateTurn, NotDue, RuleViolation
from domain.kernel.turns import TimeOut

from ..store.errors import ConcurrencyError
from ..store.recorder import StoredEvent, last_hash
from ..store.repository import Loaded

TIMEOUT_ACTOR = "to"  # the actor recorded for a timeout's events
# Fresh tries of a command without an expected version: one write landing
# between loading and appending is common (the bot moves just after a person);
# several in a row mean the game is too busy to wait on. Between two tries the
# command waits a little longer each time, so a writer with several appends in a
# row (a bot's whole turn, back to back) finishes rather than overtake every try.
FRESH_TRIES = 4
RETRY_PAUSE_S = 0.025  # before the second fresh try; doubled before each later one


class StaleVersion(ConcurrencyError):
    """The caller's If-Match names a version the game has left."""


@dataclass(frozen=True)
class Outcome:
    version: int
    state: object = None
    events: list = field(default_factory=list)
    described: list[StoredEvent] = field(default_factory=list)
    response: str = ""  # what `respond` made of it: kept with the idempotency key
    replayed: str | None = None  # the first response, when the key was answered before


class _Stale(Exception):
    """The cached state may be behind: load the game and try again."""


class GameCommands:
    def __init__(self, repository, follow_ups, clock, dealer=random_deal):
        self.repository, self.follow_ups, self.clock, self.dealer = repository, follow_ups, clock, dealer

    def check_create(self, variant, command) -> None:
        """Decide a creation without appending it (its deals aside, on a dealer
        of its own): the rules' refusal, if any, is raised before the caller
        writes anything (the lobby's record, the deals' secret)."""
        play(Loaded.new(variant).state, replace(command, deals=None), random_deal, self.clock())

    def create(self, game_id: str, variant, command, *, dealer=None, tokens: dict | None = None) -> Outcome:
        """Create a game (its first hand dealt) under a new id; `tokens`: seat token hashes."""
        before = Loaded.new(variant)
        events, after = play(before.state, command, dealer or self.dealer, self.clock())
        prepared = self.repository.prepare(before, events, "sys")
        self.follow_ups.before_append(game_id, after, events)
        appended = self.repository.append(game_id, before, prepared, after, tokens=tokens)
        self.follow_ups.after_append(game_id, before.state, after, events, hooks=appended.hooks)
        return Outcome(appended.version, after, events, prepared.described)

    def handle(self, game_id: str, command, actor: str, expected: int | None = None, key: str | None = None,
               respond=None, tokens: dict | None = None) -> Outcome:
        """Decide and append `command` for `actor`. `expected`: the version the
        caller saw (If-Match); `key`: an idempotency key, scoped by the caller;
        `respond(described, state) -> str`: the response kept with the key;
        `tokens`: entries for the game's token hash, written by the same append
        (a seat taken: its token's hash and its player, store/players.py)."""
        if key:
            first = self.repository.recorder.first_response(game_id, key)
            if first is not None:
                return Outcome(expected or 0, replayed=first)
        cached = self.repository.cached(game_id)
        if cached is not None:
            try:
                return self._attempt(game_id, cached, command, actor, expected, key, respond, fresh=False,
                                     tokens=tokens)
            except _Stale:
                pass

        def fresh_attempt():
            return self._attempt(game_id, self.repository.load(game_id), command, actor, expected, key, respond,
                                 fresh=True, tokens=tokens)

        for attempt in range((FRESH_TRIES if expected is None else 1) - 1):
            try:
                return fresh_attempt()
            except ConcurrencyError:  # another write landed first: decide again on the game as it is then
                time.sleep(RETRY_PAUSE_S * 2 ** attempt)
        return fresh_attempt()  # the last try's conflict is the answer

    def _attempt(self, game_id, loaded: Loaded, command, actor, expected, key, respond, fresh: bool,
                 tokens: dict | None = None) -> Outcome:
        """`fresh`: `loaded` was just read from Redis, so a conflict or a rule
        error is real, not an artefact of a stale cache."""
        version = loaded.state.version
        if expected is not None and expected != version:
            if not fresh:
                raise _Stale()
            raise StaleVersion(expected, version)
        try:
            events, after = play(loaded.state, command, self.dealer, self.clock())
        except RuleViolation as e:
            if not fresh:
                raise _Stale() from None
            first = self._first_response(game_id, key)
            if first is None:
                if isinstance(e, LateTurn):
                    self._time_out(game_id, loaded.state)
                raise
            return Outcome(version, replayed=first)
        prepared = self.repository.prepare(loaded, events, actor)
        response = respond(prepared.described, after) if respond else ""
        self.follow_ups.before_append(game_id, after, events)
        try:
            appended = self.repository.append(game_id, loaded, prepared, after, idempotency_key=key,
                                              response=response, tokens=tokens)
        except ConcurrencyError as e:
            if not fresh:
                raise _Stale() from None
            first = self._first_response(game_id, key)
            if first is not None:
                return Outcome(version, replayed=first)
            raise (StaleVersion(e.expected, e.actual) if expected is not None else e) from None
        if appended.duplicate is not None:
            return Outcome(version, replayed=appended.duplicate)
        self.follow_ups.after_append(game_id, loaded.state, after, events, hooks=appended.hooks)
        return Outcome(appended.version, after, events, prepared.described, response)

    def _time_out(self, game_id: str, state) -> None:
        """A move came after its deadline: apply the timeout at once (not when
        the deadline job runs), then refuse the move; someone else may have."""
        try:
            self.handle(game_id, TimeOut(state.deadline), TIMEOUT_ACTOR, expected=state.version)
        except (ConcurrencyError, NotDue):
            pass

    def _first_response(self, game_id: str, key: str | None) -> str | None:
        """The key's first response, if the key won a race since we looked."""
        return self.repository.recorder.first_response(game_id, key) if key else None

    def play_turn(self, game_id: str, loaded: Loaded, choose, actor: str, between=None) -> Outcome | None:
        """Play the turn of the bot to move in `loaded`, one appended action at a
        time (`choose(state) -> command`), each expecting the version before
        it, so a race loser stops; None if the game moved on. `between()` runs
        between two actions (a pause people can follow). The follow-ups run
        once, for the whole turn."""
        seat = bot_to_move(loaded.state)
        before, played = loaded.state, []
        while bot_to_move(loaded.state) == seat:
            if played and between:
                between()
            state = loaded.state
            events, after = play(state, choose(state), self.dealer, self.clock())
            prepared = self.repository.prepare(loaded, events, actor)
            if bot_to_move(after) != seat or after.hands_played != state.hands_played:
                # the turn's last action: its follow-ups' due time (the turn's earlier actions
                # are covered by the one its start set)
                self.follow_ups.before_append(game_id, after, played + events)
            try:
                self.repository.append(game_id, loaded, prepared, after)
            except ConcurrencyError:
                return None
            loaded = Loaded(after, last_hash(prepared.entries))
            played += events
            if after.hands_played != state.hands_played:
                break  # the hand ended: the next hand's first turn is another job
        self.follow_ups.after_append(game_id, before, loaded.state, played)
        return Outcome(loaded.state.version, loaded.state, played)
