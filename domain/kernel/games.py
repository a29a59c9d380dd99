"""A variant's folded game, the same in every variant: the class of its state
(the fields every game has, then the variant's own) and that state as
JSON-ready data and back, for snapshots.

A state is a typed NamedTuple: frozen, so a fold is safe to cache and share,
and `_replace` is about five times faster than `dataclasses.replace`, which
matters when every move folds a new state. Its `hand` is the variant's own
HandState (a typed NamedTuple too), or None before the first deal.

Snapshots are a cache: the log is the truth, and a snapshot must fold back to
exactly the state it was taken from (tests check `from_data(to_data(s)) == s`).
A snapshot is the state's fields by name, the hand's too; records inside the
hand (a table's melds, a knock) are lists of their values; records anywhere
else are dicts (kernel/eventdata.py reads them back by the fields' types). A
snapshot of another format or variant is refused, and the log folded instead.
"""

from collections import namedtuple
from dataclasses import fields, is_dataclass

from . import gamestate
from .eventdata import readers
from .players import Player
from .seats import People
from .shuffle import Deals


def game_state(variant: str, rules_type, result_type, hand_type, decks: int = 1, **own) -> type:
    """The base of a variant's GameState: the fields every game has (what the
    engine and the service read: docs/architecture.md), then the variant's `own`
    fields (name=(type, default)), with the properties of kernel/gamestate.py.
    Its `_replace`, and its HandState's, set the changed fields by position.

        class GameState(games.game_state("gin", Rules, HandResult, HandState, points=(tuple[int, ...], ()))):
            __slots__ = ()
    """
    typed = {
        "version": (int, 0),
        "status": (str, gamestate.NEW),
        "players": (tuple[Player, ...], ()),
        "rules": (rules_type, rules_type()),
        "decks": (int, decks),
        "totals": (tuple[int, ...], ()),
        "results": (tuple[tuple[result_type, ...], ...], ()),  # one entry per finished hand
        "winners": (tuple[int, ...], ()),
        "hand": (hand_type | None, None),
        "hand_spans": (tuple[tuple[int, int], ...], ()),  # (first, last version) of each hand; last 0 while played
        "variant": (str, variant),
        "people": (People, People()),  # who withdrew, extensions used, whether a human moved (kernel/seats.py)
        "deals": (Deals | None, None),  # the committed deals and the seeds given (kernel/shuffle.py)
        **own,
    }
    hand_type._replace = _replacing(hand_type._fields)  # every event steps the hand too
    base = namedtuple("GameState", typed, defaults=[default for _, default in typed.values()])
    base.__annotations__ = {name: kind for name, (kind, _) in typed.items()}
    hands_played, turn_seat, deadline, needs_deal = gamestate.PROPERTIES
    return type("GameState", (base,), {
        "__slots__": (), "__module__": __name__, "hands_played": hands_played, "turn_seat": turn_seat,
        "deadline": deadline, "needs_deal": needs_deal, "_replace": _replacing(typed)})


def _replacing(names) -> object:
    """`_replace` for a state: every event makes a new state this way, and setting
    the changed fields by position costs about two thirds of NamedTuple's own,
    which looks every field up by name (a KeyError for a field the state has not)."""
    index, new = {name: i for i, name in enumerate(names)}, tuple.__new__

    def _replace(self, **changes):
        values = list(self)
        for name, value in changes.items():
            values[index[name]] = value
        return new(type(self), values)
    return _replace


class Snapshots:
    """A variant's snapshots: its state as data (`to_data`) and back (`from_data`)."""

    def __init__(self, state_type, fmt: int):
        self.state_type, self.format = state_type, fmt

    def to_data(self, state) -> dict:
        data = {name: _out(value) for name, value in zip(state._fields, state)}
        if state.hand is not None:
            data["hand"] = {name: _inner(value) for name, value in zip(state.hand._fields, state.hand)}
        data["format"] = self.format
        return data

    def from_data(self, data: dict):
        data = dict(data)
        initial = self.state_type()
        if data.pop("format", None) != self.format or data.get("variant") != initial.variant:
            raise ValueError("snapshot of another format or variant")
        # a field a snapshot lacks (one taken before the field existed: people, deals) takes its default
        return self.state_type(**{name: read(data[name]) for name, read in readers(self.state_type) if name in data})


def _out(value):
    if hasattr(value, "to_data"):  # the people, the deals
        return value.to_data()
    if hasattr(value, "to_dict"):  # the players, the rules, a hand's results
        return value.to_dict()
    if isinstance(value, tuple):
        return [_out(v) for v in value]
    return value


def _inner(value):
    """A value inside the hand: a record is the list of its values."""
    if is_dataclass(value):
        return [_inner(getattr(value, f.name)) for f in fields(value)]
    if isinstance(value, tuple):  # a NamedTuple too: its values in order
        return [_inner(v) for v in value]
    return value
