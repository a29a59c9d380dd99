"""What Manipulation shows of a game: the variant's part of the public table
(the melds on it, the stock's size, each seat's hand size and whether it has
opened), what only one seat sees, and a replay frame's complete state."""

from ..kernel import public as shown
from ..kernel.variant import PUBLIC, SECRET
from .melds import kind_of
from .state import GameState


def table_meld(meld) -> dict:
    return {"kind": kind_of(meld), "cards": list(meld)}


def public(state: GameState) -> dict:
    hand = state.hand
    return {**shown.heading(state), "stock": len(hand.stock) if hand else 0, "passes": hand.passes if hand else 0,
            "seats": shown.seats(state, lambda seat: {"opened": hand.opened[seat] if hand else False}),
            "table": shown.melds(hand, table_meld)}


private = shown.private


def replay_state(state: GameState) -> dict:
    h = state.hand
    return shown.replay_frame(h, stock=len(h.stock), table=[table_meld(m) for m in h.table], opened=list(h.opened),
                              passes=h.passes)


def cards_in_play(state: GameState) -> list:
    """Where every card of the hand is, and who sees it (kernel/variant.py)."""
    h = state.hand
    return [("stock", SECRET, h.stock)] + shown.hand_places(h) + [("table", PUBLIC, tuple(c for meld in h.table
                                                                                          for c in meld))]
