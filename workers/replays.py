"""Building a finished hand's replay and transcript (projections/replay.py).

A hand's replay starts from the state before the hand: the state the previous
hand's replay left at its end (kept for this), plus whatever was appended
between the two hands. So building one reads that hand's events, whatever the
hand's number; only if that state is missing (a job lost) is the log read from
its start.
"""

from domain import registry
from domain.engine import ended_span
from projections.replay import replay_and_end, transcript
from service.store.codec import canonical

from .context import context


def build_replay(game_id: str, hand: int) -> str:
    ctx = context()
    state = ctx.repository.load(game_id).state
    span = ended_span(state, hand)
    if span is None:
        return "hand not finished"
    first, last = span
    variant = registry.of(state)
    before = _state_before(ctx, game_id, variant, hand, first)
    events = ctx.recorder.read_span(game_id, first, last)
    document, end = replay_and_end(before, events, hand)
    # the transcript is told from the document as built, as its narration is
    ctx.replays.save(game_id, hand, canonical(document), transcript(state, document))
    if not (state.status == "finished" and hand == state.hands_played - 1):  # no next hand to start from it
        ctx.replays.save_end(game_id, hand, end)
    if hand > 0:
        ctx.replays.drop_end(game_id, hand - 1)  # its only reader was this hand's replay
    return f"replay of hand {hand}: {len(document['frames'])} frames"


def _state_before(ctx, game_id: str, variant, hand: int, first: int):
    """The state at version first - 1."""
    previous = ctx.replays.end_of(game_id, hand - 1) if hand > 0 else None
    since = previous.version if previous is not None else 0
    between = ctx.recorder.read_span(game_id, since + 1, first - 1) if first - 1 > since else []
    return variant.fold((variant.event(e.type, e.data) for e in between), previous)
