"""Building a finished hand's replay and transcript (projections/replay.py)."""

import json

from projections.replay import build_replay as build
from projections.replay import transcript
from service.store import canonical

from .context import context


def build_replay(game_id: str, hand: int) -> str:
    ctx = context()
    state = ctx.store.load(game_id).state
    if hand >= len(state.hand_spans) or state.hand_spans[hand][1] == 0:
        return "hand not finished"
    document = build(ctx.store.read(game_id), hand)
    ctx.store.save_replay(game_id, hand, canonical(document), transcript(json.loads(canonical(document))))
    return f"replay of hand {hand}: {len(document['frames'])} frames"
