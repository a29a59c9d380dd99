"""The mapper between the domain's events and the entries of a game's log, in
one place: an event to its stored bytes and back (`encode`, `event_of`), and an
entry to its parts (`parts`). The store writes and reads entries only through
here (service/store/codec.py), and an auditor rebuilds and checks them from
what the API shows (projections/audit/entries.py, docs/audit.md).

The pieces it puts together: each type's stored form (kernel/stored.py and the
variants' forms, by code and by class in the registry), and an event's data
(kernel/eventdata.py: its fields as JSON-ready values, and back by their types).

An entry is compact JSON (no spaces, UTF-8):

    [type code, schema version, time (ms since the epoch), actor, hand, [values]]

with the values in the order the type's stored form pins (domain/kernel/stored.py;
each variant's `stored` module), a list of cards the form marks `joined` (a
deck) as one comma-joined string. Entries written before schema versions
existed have no version ([code, time, actor, hand, values]): they are version 1.
Reading upcasts an entry to its type's current version.
"""

import json

from .kernel.eventdata import from_data, to_data
from .registry import BY_CODE, BY_TYPE


def compact(value) -> str:
    """JSON without spaces, keys in the order given: what is stored."""
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


def entry_bytes(form, data: dict, at_ms: int, actor: str, hand: int | None) -> bytes:
    values = [",".join(data[f]) if f in form.joined else data[f] for f in form.fields]
    return compact([form.code, form.version, at_ms, actor, hand, values]).encode("utf-8")


def header(e: bytes) -> tuple[str, int, list]:
    """(code, schema version, the rest: time, actor, hand, values) of an entry."""
    parts = json.loads(e)
    if len(parts) == 5:  # written before schema versions: version 1
        return parts[0], 1, parts[1:]
    return parts[0], parts[1], parts[2:]


def parts(e: bytes):
    """(form, time ms, actor, hand, data at the type's current version) of an entry."""
    code, version, (at_ms, actor, hand, values) = header(e)
    form = BY_CODE[code]
    fields = form.fields_at(version)
    data = {f: (v.split(",") if f in form.joined else v) for f, v in zip(fields, values, strict=True)}
    return form, at_ms, actor, hand, form.upcast(version, data)


def encode(event, at_ms: int, actor: str, hand: int | None) -> bytes:
    """The entry that stores this event."""
    return entry_bytes(BY_TYPE[type(event)], to_data(event), at_ms, actor, hand)


def event_of(e: bytes):
    """The domain event an entry stores (upcast to its type's current version)."""
    form, _, _, _, data = parts(e)
    return from_data(form.type, data)
