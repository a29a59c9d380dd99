"""What a variant is: everything the engine, the projections and the service
need to host one rummy, in one record. Each variant's package builds its
`VARIANT`; domain/registry.py lists them (docs/architecture.md, "Where a new
variant goes", says what each part is and what the kernel gives).

A variant's state must offer what the engine and the service read of every
game: the fields of kernel/games.py `game_state` (version, status, variant,
players, rules, decks, totals, winners, hand_spans, ...) and its properties
hands_played, needs_deal, turn_seat (the seat that must act now, or None) and
deadline.
"""

import random
from dataclasses import dataclass, field, fields
from functools import cached_property
from typing import Callable

from . import events, seats, shuffle, telling, turns
from .deciding import ended_early
from .eventdata import from_data
from .expert.policy import EXPERT, expert_of
from .expert.search import Settings
from .masking import masked
from .stored import StoredForm

#: the kernel's own events (deadlines, seats, deals), stored alike in every variant's logs
KERNEL_FORMS = turns.STORED + seats.STORED + shuffle.STORED
#: cards seen by everyone, and cards seen by nobody, during a hand (`cards_in_play`)
PUBLIC, SECRET = "public", "secret"


@dataclass(frozen=True)
class Hidden:
    """A field of an event that only one seat may see during its hand, unless
    the event says it was public anyway (a card taken from a face-up pile)."""
    field: str  # e.g. "card"
    seen_by: str  # the field naming the seat that may see it, e.g. "seat"
    unless: tuple[str, object] | None = None  # (field, value): then everyone sees it

    def hides(self, data: dict) -> bool:
        return self.unless is None or data.get(self.unless[0]) != self.unless[1]


@dataclass(frozen=True)
class Variant:
    name: str
    title: str
    players: tuple[int, int]  # fewest, most
    rules_type: type  # its Rules (kernel/rules.py): the options, their defaults, the rules object
    initial: object  # the state before GameCreated
    commands: dict[str, type]  # action type -> command class (kernel/bodies.py)
    events: tuple[StoredForm, ...]  # the stored forms of its own events and of the shared ones it has
    decide: Callable  # (state, command) -> (events, state after them): consequences included
    evolve: Callable  # (state, event) -> state
    starts_turn: frozenset  # event classes after which a (new) seat's turn begins
    legal_actions: Callable  # (state, seat) -> [command]
    see: Callable  # (state, seat) -> what the seat may see: a bot's only input
    bots: dict[str, Callable[[object, random.Random], object]]  # name -> policy (view, rng) -> command
    public: Callable[[object], dict]  # (state) -> the variant's part of the public table
    private: Callable[[object, int], dict]  # (state, seat) -> what only that seat may see
    replay_state: Callable[[object], dict]  # (state) -> a replay frame's complete state
    telling: telling.Telling  # how a hand is told in words (kernel/telling.py)
    hidden: dict[str, Hidden]  # event type -> its field one seat alone may see during the hand
    snapshot: tuple[Callable, Callable]  # (state -> data, data -> state): kernel/games.py Snapshots
    # (state) -> [(place, seen by, cards)]: where every card of the hand being played is, each place seen by
    # one seat, by everyone (PUBLIC) or by nobody (SECRET); the conformance suite holds the variant to it
    cards_in_play: Callable[[object], list]
    # (state, reason, winners) -> the GameEnded that ends the game now (kernel/ending.py); the kernel's
    # when the variant's GameEnded is the kernel's
    end_game: Callable | None = None
    # event type -> fields nobody but the admin sees during the hand
    sealed: dict[str, tuple[str, ...]] = field(default_factory=lambda: {"HandStarted": ("deck", "salt")})
    # fields (of events, views, the table) whose card codes say what a wild card stands for: values, not
    # cards in play (the conformance suite's search for a card a reader may not know passes over them)
    stand_ins: tuple[str, ...] = ()
    # (seat, records, at) -> commands of `seat` that the log's records from `at` (dicts with "type" and "data")
    # may be the result of, for a declaration the listing does not offer and no one event shows whole (Kalooki's
    # opening: its melds are several MeldLaid); the audit replays them (projections/audit/replaying.py)
    declared: Callable | None = None
    # (a seat's HandResult) -> how well it did, higher better: which seat won a hand, for the expert bot
    # and the bench; the result's `scored` field when that is a score (not a penalty)
    merit: Callable = lambda result: getattr(result, result.scored)
    # (state, seat) -> how well the seat stands in the hand being played, between 0 (lost) and 1 (won): what
    # the expert's short rollouts end on (kernel/expert/search.py); None: its rollouts play the hand out
    standing: Callable | None = None
    # how many of the seat's turns an expert rollout plays before `standing` rates it: the longer, the more of
    # the hand it sees, the fewer rollouts the budget holds (Iceberg's expert gained 27 and lost 10 of 100
    # duplicate hands at 2, 18 and 10 at 4: bench/duplicate.py, docs/bots.md)
    horizon: int = 4
    # how the expert's search spends its budget among its candidates (kernel/expert/search.py Settings)
    search: Settings = Settings()
    # (known, hands, seat) -> how ill the other seats' hands in `hands` (a deal of what `seat` has not seen) fit
    # their play so far as `known` records it, 0 for a perfect fit: the expert plays mostly deals that fit
    # (kernel/expert/determinize.py Deals); None: every deal of the unseen cards alike
    surprise: Callable | None = None
    # (hand, seat, blanks) -> the hand's fields that hide cards from `seat` beyond the other hands and the stock,
    # blanked (kernel/masking.py): the expert's view of the game
    hide: Callable | None = None

    def __post_init__(self):
        if self.end_game is None:
            object.__setattr__(self, "end_game", ended_early(self._game_ended()))
        # every variant has the expert: the one search over its kit (kernel/expert), beside its own policies
        # (its CreateGame accepts the name: kernel/deciding.py `creating`)
        object.__setattr__(self, "bots", {**self.bots, EXPERT: expert_of(self)})

    def _game_ended(self) -> type:
        """Its GameEnded, if it is the kernel's (the same fields)."""
        for form in self.events:
            if issubclass(form.type, events.GameEnded):
                if [f.name for f in fields(form.type)] != [f.name for f in fields(events.GameEnded)]:
                    raise TypeError(f"{self.name}'s GameEnded has fields of its own: give its end_game")
                return form.type
        raise TypeError(f"{self.name} has no GameEnded")

    def expert_view(self, state, seat: int):
        """The seat's view with `known`, the game as the seat knows it (kernel/masking.py): the expert's input."""
        view = self.see(state, seat)
        return None if view is None else view._replace(known=masked(state, seat, self.hide))

    def view_for(self, policy: str):
        """The view a bot policy is given: (state, seat) -> view."""
        return self.expert_view if policy == EXPERT else self.see

    @property
    def options(self) -> tuple:
        return self.rules_type.options

    def rules(self, data: dict | None):
        """The rules object from option values (checked; missing ones take their defaults)."""
        return self.rules_type.from_dict(data)

    @cached_property
    def stored(self) -> tuple[StoredForm, ...]:
        """Every event type the variant's logs hold: its own and the kernel's."""
        return self.events + KERNEL_FORMS

    def event_types(self) -> dict[str, type]:
        return dict(self._event_types)

    @cached_property
    def _event_types(self) -> dict[str, type]:
        """Stored name -> event class, made once: decoding each event of a
        load or a replay looks it up."""
        return {form.name: form.type for form in self.stored}

    def event(self, type_name: str, data: dict):
        """The domain event of this type and data (as the API and the store give them)."""
        return from_data(self._event_types[type_name], data)

    def fold(self, events_, state=None):
        state = self.initial if state is None else state
        for event in events_:
            state = self.evolve(state, event)
        return state

    def transcript(self, replay: dict) -> str:
        """A hand told in words, from its replay document (projections/replay.py)."""
        return telling.transcript(self.telling, replay)

    def narrate(self, replay: dict) -> list[str]:
        """One line per frame of a replay document, each told from its event."""
        return telling.narrate(self.telling, replay)

    def describe(self) -> dict:
        """The variant as GET /variants lists it."""
        return {"name": self.name, "title": self.title,
                "players": {"min": self.players[0], "max": self.players[1]},
                "options": [o.describe() for o in self.options], "actions": sorted(self.commands),
                "bots": sorted(self.bots)}
