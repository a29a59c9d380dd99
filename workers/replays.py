"""Building a finished hand's replay and transcript (projections/replay.py)."""

import json

from domain import registry
from domain.engine import ended_span
from projections.replay import build_replay as build
from projections.replay import transcript
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
    stored = ctx.recorder.read(game_id)
    before = variant.fold(variant.event(e.type, e.data) for e in stored if e.version < first)
    document = build(before, [e for e in stored if first <= e.version <= last], hand)
    text = canonical(document)
    ctx.replays.save(game_id, hand, text, transcript(state, json.loads(text)))
    return f"replay of hand {hand}: {len(document['frames'])} frames"
