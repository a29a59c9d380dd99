"""Events as JSON-ready data and back.

An event is a frozen dataclass; its data is its fields with tuples as lists
and nested records (players, rules, results) as dicts. A class whose fields
need more than that to be rebuilt says how, with a `from_data` classmethod.
"""

from dataclasses import fields


def event_type(event) -> str:
    return type(event).__name__


def to_data(event) -> dict:
    return {f.name: plain(getattr(event, f.name)) for f in fields(event)}


def from_data(cls, data: dict):
    """The event of class `cls` whose data this is (the inverse of `to_data`)."""
    builder = getattr(cls, "from_data", None)
    if builder is not None:
        return builder(data)
    return cls(**{f.name: frozen(data[f.name]) for f in fields(cls)})


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
