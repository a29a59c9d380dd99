"""What Manipulation shows of a game: the variant's part of the public table
(the melds on it, the stock's size, each seat's hand size and whether it has
opened), what only one seat sees, and a replay frame's complete state."""

from ..kernel import gamestate
from ..kernel.variant import PUBLIC, SECRET
from .melds import kind_of
from .state import ENDED, GameState


def table_meld(meld) -> dict:
    return {"kind": kind_of(meld), "cards": list(meld)}


def public(state: GameState) -> dict:
    hand = state.hand
    return {
        "hand": hand.number if hand else None,
        "dealer": hand.dealer if hand else None,
        "turn": gamestate.shown_turn(state),
        "stock": len(hand.stock) if hand else 0,
        "passes": hand.passes if hand else 0,
        "seats": [{"hand_size": len(hand.hands[seat]) if hand else 0,
                   "opened": hand.opened[seat] if hand else False}
                  for seat in range(len(state.players))],
        "table": [table_meld(m) for m in (hand.table if hand else ())],
    }


def private(state: GameState, seat: int) -> dict:
    hand = state.hand
    return {"hand": list(hand.hands[seat]) if hand else []}


def replay_state(state: GameState) -> dict:
    h = state.hand
    return {
        "hands": [list(cards) for cards in h.hands],
        "stock": len(h.stock),
        "table": [table_meld(m) for m in h.table],
        "opened": list(h.opened),
        "passes": h.passes,
        "turn": h.turn if h.phase != ENDED else None,
        "phase": h.phase,
    }


def cards_in_play(state: GameState) -> list:
    """Where every card of the hand is, and who sees it (kernel/variant.py)."""
    h = state.hand
    places = [("stock", SECRET, h.stock)]
    places += [(f"seat {seat}'s hand", seat, cards) for seat, cards in enumerate(h.hands)]
    return places + [("table", PUBLIC, tuple(c for meld in h.table for c in meld))]
