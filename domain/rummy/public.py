"""What Rummy shows of a game: the variant's part of the public table, what
only one seat sees, and a replay frame's complete state. The table shows the
discard pile as players see it (its size and its face-up top card), the stock
by its size only (a renewed one too), and the card taken from the pile this
turn (it was face up)."""

from ..kernel import gamestate
from ..kernel.tables import shown
from ..kernel.variant import PUBLIC, SECRET
from .state import ENDED, GameState


def public(state: GameState) -> dict:
    hand = state.hand
    n = len(state.players)
    return {
        "hand": hand.number if hand else None,
        "dealer": hand.dealer if hand else None,
        "turn": gamestate.shown_turn(state),
        "stock": len(hand.stock) if hand else 0,
        "pile": {"size": len(hand.pile), "top": hand.pile[-1] if hand.pile else None} if hand else None,
        "renewals": hand.renewals if hand else 0,
        "taken": hand.taken if hand and hand.phase != ENDED else None,
        "seats": [{"hand_size": len(hand.hands[seat]) if hand else 0,
                   "empty_handed": hand.bare[seat] if hand else False}
                  for seat in range(n)],
        "table": [shown(m) for m in (hand.table if hand else ())],
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
        "table": [shown(m) for m in h.table],
        "renewals": h.renewals,
        "taken": h.taken,
        "empty_handed": list(h.bare),
        "turn": h.turn if h.phase != ENDED else None,
        "phase": h.phase,
    }


def cards_in_play(state: GameState) -> list:
    """Where every card of the hand is, and who sees it (kernel/variant.py)."""
    h = state.hand
    places = [("stock", SECRET, h.stock), ("discard pile", PUBLIC, h.pile)]
    places += [(f"seat {seat}'s hand", seat, cards) for seat, cards in enumerate(h.hands)]
    return places + [(f"meld {m.id}", PUBLIC, m.cards) for m in h.table]
