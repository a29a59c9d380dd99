"""Events (and the records inside them, and folded states for snapshots) as
JSON-ready data and back.

An event is a frozen dataclass; its data is its fields with tuples as lists
and nested records (players, rules, results) as dicts. Reading data back
follows each field's declared type: a record (a dataclass or a NamedTuple,
e.g. `Player`) is built from its dict (or, where it was written as a list,
from its values in order), a tuple of them item by item, a type with a
`from_data` classmethod by that, and anything else has its lists made tuples
again. So no event needs to say how it is read; one whose fields need more
(Gin's CardDrawn, a field named `from`) says how with a `from_data`.
"""

from dataclasses import fields, is_dataclass
from functools import cache
from types import NoneType, UnionType
from typing import Union, get_args, get_origin, get_type_hints


def event_type(event) -> str:
    return type(event).__name__


def to_data(event) -> dict:
    return {f.name: plain(getattr(event, f.name)) for f in fields(event)}


def from_data(cls, data: dict):
    """The event of class `cls` whose data this is (the inverse of `to_data`)."""
    builder = getattr(cls, "from_data", None)
    if builder is not None:
        return builder(data)
    return cls(**{name: read(data[name]) for name, read in readers(cls)})


def record(cls, data):
    """A record of class `cls` from its dict (fields the dict lacks take their
    defaults: rules written before an option existed) or its list of values."""
    builder = getattr(cls, "from_data", None)
    if builder is not None:
        return builder(data)
    if isinstance(data, list):
        return cls(*[read(value) for (_, read), value in zip(readers(cls), data, strict=True)])
    return cls(**{name: read(data[name]) for name, read in readers(cls) if name in data})


@cache
def readers(cls) -> tuple:
    """(field, how to read its data) of each field of `cls`, worked out once per class."""
    hints = get_type_hints(cls)
    names = cls._fields if hasattr(cls, "_fields") else [f.name for f in fields(cls)]
    return tuple((name, reader(hints.get(name))) for name in names)


def reader(hint):
    """How to read data written for a value of type `hint`."""
    origin, args = get_origin(hint), get_args(hint)
    if origin in (Union, UnionType):
        kinds = [a for a in args if a is not NoneType]
        if len(kinds) != 1:
            return frozen
        inner = reader(kinds[0])
        return inner if inner is frozen else (lambda value: None if value is None else inner(value))
    if origin is tuple and len(args) == 2 and args[1] is Ellipsis:
        item = reader(args[0])
        return frozen if item is frozen else (lambda value: tuple(item(v) for v in value))
    if isinstance(hint, type) and (hasattr(hint, "from_data") or is_dataclass(hint) or hasattr(hint, "_fields")):
        return lambda value: record(hint, value)
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
