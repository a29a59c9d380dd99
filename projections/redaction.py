"""The event log as a given reader may see it: the only way events leave the server.

Hidden during a hand (RULES.md, ARCHITECTURE.md "Hidden information"): the deck
and salt of `HandStarted`; the card drawn or picked up (seen by that seat only);
the card discarded (seen by the seat that passed it). Everything else is public.
Once a hand has ended its whole log is public; the admin sees everything.
"""

from .readers import Reader

# type -> the seat field that may see the "card" field
_PRIVATE_CARD = {"CardDrawn": "seat", "CardPickedUp": "seat", "CardDiscarded": "seat"}


def redact(event_type: str, data: dict, hand: int | None, reader: Reader, hands_ended: int) -> dict:
    """The `data` of one event as `reader` may see it."""
    if reader.admin or (hand is not None and hand < hands_ended):
        return data
    if event_type == "HandStarted":
        return {k: v for k, v in data.items() if k not in ("deck", "salt")}
    field = _PRIVATE_CARD.get(event_type)
    if field and not reader.sees_seat(data[field]):
        return {**data, "card": None}
    return data


def public_event(stored, reader: Reader, hands_ended: int) -> dict:
    """A stored event in the API's shape, redacted for `reader`."""
    return {"version": stored.version, "type": stored.type, "at": stored.at,
            "data": redact(stored.type, stored.data, stored.hand, reader, hands_ended)}
