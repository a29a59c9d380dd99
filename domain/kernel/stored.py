"""The stored form of each event type: pinned here, never derived from a class.

A log outlives the code that wrote it, so every event type declares how it is
stored: a short code (never reused or changed), a schema version, and the
explicit list of its fields in stored order. When a type changes, its version
goes up and the old form moves to `past`, with an upcaster that turns data of
that version into data of the next; entries are upcast when read, so logs
written long ago still fold. tests/test_stored_form.py pins every form.
"""

from dataclasses import dataclass, field
from typing import Callable


@dataclass(frozen=True, slots=True)
class Past:
    version: int
    fields: tuple[str, ...]
    upcast: Callable[[dict], dict]  # data of this version -> data of the next one


@dataclass(frozen=True, slots=True)
class StoredForm:
    type: type  # the event class
    code: str
    fields: tuple[str, ...]
    version: int = 1
    joined: tuple[str, ...] = ()  # lists of cards stored as one comma-joined string (decks)
    past: tuple[Past, ...] = field(default=())

    @property
    def name(self) -> str:
        return self.type.__name__

    def fields_at(self, version: int) -> tuple[str, ...]:
        if version == self.version:
            return self.fields
        for past in self.past:
            if past.version == version:
                return past.fields
        raise ValueError(f"{self.name} has no stored version {version}")

    def upcast(self, version: int, data: dict) -> dict:
        """Data stored at `version`, brought up to the current version."""
        steps = {past.version: past.upcast for past in self.past}
        while version < self.version:
            data = steps[version](data)
            version += 1
        return data
