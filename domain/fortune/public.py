"""What Fortune shows of a game: the variant's part of the public table, what
only one seat sees, and a replay frame's complete state. The table shows the
discard pile as players see it: its size and its face-up top card."""

from ..kernel import public as shown
from .melds import wild_of
from .state import GameState


def table_meld(m) -> dict:
    return {"id": m.id, "owner": m.owner, "kind": m.shape.kind, "cards": list(m.shape.cards),
            "wild": list(wild_of(m.shape.cards, m.shape.roles)), "as": list(m.shape.roles)}


def public(state: GameState) -> dict:
    hand = state.hand
    return {**shown.heading(state), **shown.piles(hand),
            "seats": shown.seats(state, lambda seat: {"points": hand.points[seat] if hand else 0}),
            "table": shown.melds(hand, table_meld)}


private = shown.private


def replay_state(state: GameState) -> dict:
    h = state.hand
    return shown.replay_frame(h, **shown.piles_frame(h, table_meld), points=list(h.points), renewals=h.renewals)


cards_in_play = shown.piled_cards_in_play  # stock, discard pile, hands, melds
