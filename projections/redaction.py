"""The event log as a given reader may see it: the only way events leave the server.

Hidden during a hand (each variant declares which, docs/architecture.md
"Hidden information"): fields nobody but the admin sees (the deck and salt of
`HandStarted`), and cards only one seat may see (the card drawn is its
taker's, a card passed face down its passer's). Everything else is public.
Once a hand has ended its whole log is public; the admin sees everything.
"""

from domain import registry

from .readers import Reader


def redact(variant, event_type: str, data: dict, hand: int | None, reader: Reader, hands_ended: int) -> dict:
    """The `data` of one event as `reader` may see it."""
    if reader.admin or (hand is not None and hand < hands_ended):
        return data
    sealed = variant.sealed.get(event_type)
    if sealed:
        return {k: v for k, v in data.items() if k not in sealed}
    hidden = variant.hidden.get(event_type)
    if hidden and hidden.hides(data) and not reader.sees_seat(data[hidden.seen_by]):
        return {**data, hidden.field: None}
    return data


def public_event(state, stored, reader: Reader) -> dict:
    """A stored event in the API's shape, redacted for `reader`, in the game `state` is of."""
    data = redact(registry.of(state), stored.type, stored.data, stored.hand, reader, state.hands_played)
    return {"version": stored.version, "type": stored.type, "at": stored.at, "data": data}
