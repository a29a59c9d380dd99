"""A finished hand's replay: one frame per event with the complete state after
it and a line narrating the event, and the variant's transcript that tells
the whole hand.

Both are pure functions of the hand's events and the state before it, so a
replay can always be rebuilt and is the same every time it is.
"""

from domain import registry


def replay_and_end(before, stored_events, hand: int) -> tuple[dict, object]:
    """The replay of `hand` from the state before it and its stored events
    (from its HandStarted to its HandEnded), and the state its last frame
    shows (where the next hand's replay starts)."""
    variant = registry.of(before)
    state, frames = before, []
    for e in stored_events:
        state = variant.evolve(state, variant.event(e.type, e.data))
        frames.append({"version": e.version,
                       "event": {"version": e.version, "type": e.type, "at": e.at, "data": e.data},
                       "state": variant.replay_state(state)})
    document = {"hand": hand, "players": [p.name for p in state.players], "frames": frames}
    # one line per frame, told from its event and the frames before it (strict: a missing line is a bug)
    for frame, line in zip(frames, variant.narrate(document), strict=True):
        frame["narration"] = line
    return document, state


def transcript(state, replay: dict) -> str:
    return registry.of(state).transcript(replay)
