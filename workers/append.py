"""Appending from a job: with the expected version, like the API, so a job that
lost a race (the game moved on) appends nothing and simply stops."""

from domain.deadlines import with_deadlines
from service.store import ConcurrencyError, Loaded, last_hash


def append(ctx, game_id: str, loaded: Loaded, events, state, actor: str) -> tuple[Loaded, list] | None:
    """(the new Loaded, the events appended with any deadline), or None if the
    game moved on."""
    events, state = with_deadlines(events, state, ctx.clock())
    entries = ctx.store.entries(loaded, events, actor)
    try:
        ctx.store.append(game_id, loaded, entries, after=state)  # conflicts: the caller stops
    except ConcurrencyError:
        return None
    return Loaded(state, last_hash(entries)), events
