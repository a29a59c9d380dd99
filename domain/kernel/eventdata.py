"""Events as JSON-ready data and back.

An event is a frozen dataclass; its data is its fields with tuples as lists
and nested records (players, rules, results) as dicts. Reading data back
follows each field's declared type: a record (a dataclass, e.g. `Player`) or
a tuple of records is built from its dicts, anything else has its lists made
tuples again. A class that needs more than that says how, with a `from_data`
classmethod.
"""

from dataclasses import fields, is_dataclass
from functools import cache
from typing import get_args, get_origin, get_type_hints


def event_type(event) -> str:
    return type(event).__name__


def to_data(event) -> dict:
    return {f.name: plain(getattr(event, f.name)) for f in fields(event)}


def from_data(cls, data: dict):
    """The event of class `cls` whose data this is (the inverse of `to_data`)."""
    builder = getattr(cls, "from_data", None)
    if builder is not None:
        return builder(data)
    return cls(**{name: read(data[name]) for name, read in _readers(cls)})


def record(cls, data: dict):
    """A record inside an event from its dict; fields the dict lacks take their
    defaults (rules written before an option existed)."""
    builder = getattr(cls, "from_data", None)
    if builder is not None:
        return builder(data)
    return cls(**{name: read(data[name]) for name, read in _readers(cls) if name in data})


@cache
def _readers(cls) -> tuple:
    """(field, how to read its data) of each field of `cls`, worked out once per class."""
    hints = get_type_hints(cls)
    return tuple((f.name, _reader(hints.get(f.name))) for f in fields(cls))


def _reader(hint):
    if isinstance(hint, type) and is_dataclass(hint):
        return lambda value: record(hint, value)
    args = get_args(hint)
    if get_origin(hint) is tuple and len(args) == 2 and args[1] is Ellipsis and is_dataclass(args[0]):
        return lambda value: tuple(record(args[0], item) for item in value)
    return frozen


def plain(value):
    if isinstance(value, tuple):
        return [plain(v) for v in value]
    if hasattr(value, "to_dict"):
        return value.to_dict()
    return value


def frozen(value):
    if isinstance(value, list):
        return tuple(frozen(v) for v in value)
    return value
