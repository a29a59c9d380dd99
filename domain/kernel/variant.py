"""What a variant is: everything the engine, the projections and the service
need to host one rummy, in one record. Each variant's package builds its
`VARIANT`; domain/registry.py lists them by name.

A variant's state must offer what the engine and the service read of every
game: version, status ("new", "active", "finished"), variant, players, rules
(every variant has the option `turn_timeout_s`: play by mail), decks, totals, winners, hand_spans (first and last
version of each hand, last 0 while it is played), hands_played, needs_deal,
turn_seat (the seat that must act now, or None) and deadline.
"""

import random
from dataclasses import dataclass
from functools import cached_property
from typing import Callable

from . import seats, shuffle, turns
from .eventdata import from_data
from .options import Option
from .stored import StoredForm

#: the kernel's own events (deadlines, seats, deals), stored alike in every variant's logs
KERNEL_FORMS = turns.STORED + seats.STORED + shuffle.STORED


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
    options: tuple[Option, ...]
    rules: Callable[[dict | None], object]  # the rules object from option values (checked)
    initial: object  # the state before GameCreated
    commands: dict[str, type]  # action type -> command class (kernel/bodies.py)
    events: tuple[StoredForm, ...]  # the stored forms of its own events and the shared ones it has
    decide: Callable  # (state, command) -> (events, state after them): consequences included
    evolve: Callable  # (state, event) -> state
    starts_turn: frozenset  # event classes after which a (new) seat's turn begins
    legal_actions: Callable  # (state, seat) -> [command]
    see: Callable  # (state, seat) -> what the seat may see: a bot's only input
    bots: dict[str, Callable[[object, random.Random], object]]  # name -> policy (view, rng) -> command
    public: Callable[[object], dict]  # (state) -> the variant's part of the public table
    private: Callable[[object, int], dict]  # (state, seat) -> what only that seat may see
    replay_state: Callable[[object], dict]  # (state) -> a replay frame's complete state
    transcript: Callable[[dict], str]  # (replay document) -> the hand told in words
    narrate: Callable[[dict], list[str]]  # (replay document) -> one line per frame, told from its event
    hidden: dict[str, Hidden]  # event type -> its field one seat alone may see during the hand
    sealed: dict[str, tuple[str, ...]]  # event type -> fields nobody but the admin sees during the hand
    snapshot: tuple[Callable, Callable]  # (state -> data, data -> state)
    end_game: Callable  # (state, reason, winners) -> the GameEnded that ends the game now (kernel/ending.py)

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

    def fold(self, events, state=None):
        state = self.initial if state is None else state
        for event in events:
            state = self.evolve(state, event)
        return state

    def describe(self) -> dict:
        """The variant as GET /variants lists it."""
        return {"name": self.name, "title": self.title,
                "players": {"min": self.players[0], "max": self.players[1]},
                "options": [o.describe() for o in self.options], "actions": sorted(self.commands),
                "bots": sorted(self.bots)}
