"""How an event is stored: compact, because every byte is paid once per event.

A stream entry has two fields:
  e  the event as a compact JSON array: [type code, time (epoch ms), actor, hand,
     [the event's field values in declaration order]]; a deck is one
     comma-joined string. Nothing the API shows is lost: `decode` gives back the
     type name, an ISO time and the data with its field names.
  p  the SHA-256 (32 raw bytes) of the previous entry, p || e; 32 zero bytes for
     the first. Changing, dropping or reordering an entry breaks the chain.

Type codes are part of the storage format: never reuse or change one.
"""

import hashlib
import json
from dataclasses import fields
from datetime import datetime, timezone

from domain.events import EVENT_TYPES, event_type, from_data, to_data

GENESIS = bytes(32)
TYPE_CODES = {
    "GameCreated": "G", "HandStarted": "H", "CardPickedUp": "U", "CardDrawn": "D", "AceRevealed": "A",
    "MeldLaid": "M", "CardsLaidOff": "L", "CardDiscarded": "X", "HandEnded": "E", "GameEnded": "O",
    "DeadlineSet": "S", "TurnTimedOut": "T",
}
CODE_TYPES = {code: name for name, code in TYPE_CODES.items()}
FIELDS = {name: tuple(f.name for f in fields(cls)) for name, cls in EVENT_TYPES.items()}
_DECKS = ("deck",)


def compact(value) -> str:
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


def encode(event, at_ms: int, actor: str, hand: int | None) -> bytes:
    name = event_type(event)
    data = to_data(event)
    values = [",".join(data[f]) if f in _DECKS else data[f] for f in FIELDS[name]]
    return compact([TYPE_CODES[name], at_ms, actor, hand, values]).encode("utf-8")


def decode(e: bytes) -> tuple[str, str, str, int | None, dict]:
    """(type, ISO time, actor, hand, data) of a stored entry."""
    code, at_ms, actor, hand, values = json.loads(e)
    name = CODE_TYPES[code]
    return name, iso_ms(at_ms), actor, hand, _data(name, values)


def decode_event(e: bytes):
    """Just the domain event of a stored entry (folding needs no time or actor)."""
    code, _, _, _, values = json.loads(e)
    name = CODE_TYPES[code]
    return from_data(name, _data(name, values))


def _data(name: str, values: list) -> dict:
    """The named fields of an event from its stored values (a deck is one string)."""
    return {f: (v.split(",") if f in _DECKS else v) for f, v in zip(FIELDS[name], values, strict=True)}


def chain(prev: bytes, e: bytes) -> bytes:
    """This entry's hash: the link the next entry records."""
    return hashlib.sha256(prev + e).digest()


def epoch_ms(moment: datetime) -> int:
    return int(moment.timestamp() * 1000)


def iso_ms(ms: int) -> str:
    moment = datetime.fromtimestamp(ms / 1000, tz=timezone.utc)
    return moment.isoformat(timespec="milliseconds").replace("+00:00", "Z")
