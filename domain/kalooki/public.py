"""What Kalooki shows of a game: the variant's part of the public table, what
only one seat sees, and a replay frame's complete state. The table shows the
discard pile as players see it: its size and its face-up top card."""

from ..kernel import gamestate
from ..kernel.variant import PUBLIC, SECRET
from .state import ENDED, GameState


def table_meld(m) -> dict:
    return {"id": m.id, "owner": m.owner, "kind": m.kind, "cards": list(m.cards), "wild": list(m.wild),
            "as": list(m.roles)}


def public(state: GameState) -> dict:
    hand = state.hand
    return {
        "hand": hand.number if hand else None,
        "dealer": hand.dealer if hand else None,
        "first_seat": hand.first_seat if hand else None,
        "turn": gamestate.shown_turn(state),
        "stock": len(hand.stock) if hand else 0,
        "pile": {"size": len(hand.pile), "top": hand.pile[-1] if hand.pile else None} if hand else None,
        "renewals": hand.renewals if hand else 0,
        "seats": [{"hand_size": len(hand.hands[seat]) if hand else 0,
                   "opened": bool(hand.opened[seat]) if hand else False,
                   "out": bool(state.out[seat]) if state.out else False}
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
        "pile": list(h.pile),
        "table": [table_meld(m) for m in h.table],
        "opened": list(h.opened),
        "out": list(state.out),
        "renewals": h.renewals,
        "turn": h.turn if h.phase != ENDED else None,
        "phase": h.phase,
    }


def cards_in_play(state: GameState) -> list:
    """Where every card of the hand is, and who sees it (kernel/variant.py)."""
    h = state.hand
    places = [("stock", SECRET, h.stock), ("discard pile", PUBLIC, h.pile)]
    places += [(f"seat {seat}'s hand", seat, cards) for seat, cards in enumerate(h.hands)]
    return places + [(f"meld {m.id}", PUBLIC, m.cards) for m in h.table]
