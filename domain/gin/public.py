"""What Gin shows of a game: the variant's part of the public table, what only
one seat sees, and a replay frame's complete state. Plain data, ready for JSON."""

from ..kernel import gamestate
from ..kernel import public as shown
from ..kernel.variant import PUBLIC, SECRET
from .state import ENDED, GameState


def _knock(spread, with_card: bool) -> dict | None:
    if spread is None:
        return None
    found = {"seat": spread.seat, "melds": [list(m) for m in spread.melds], "deadwood": list(spread.deadwood),
             "deadwood_points": spread.points, "gin": spread.gin}
    if with_card:
        found["card"] = spread.card
    return found


def _shown(shown) -> dict | None:
    if shown is None:
        return None
    return {"seat": shown.seat, "melds": [list(m) for m in shown.melds],
            "layoffs": [{"meld": k, "cards": list(cards)} for k, cards in shown.layoffs],
            "deadwood": list(shown.deadwood), "deadwood_points": shown.points}


def _won(state: GameState, seat: int) -> int:
    return sum(1 for hand in state.results if hand[seat].score > 0)


def public(state: GameState) -> dict:
    hand = state.hand
    playing = gamestate.playing(state)
    return {
        **shown.heading(state, dealer=False),
        "dealer": hand.dealer if hand else None,
        "stock": hand.stock if hand else 0,
        "discard": list(hand.discards) if hand else [],
        "upcard_passes": hand.passes if hand else 0,
        "seats": shown.seats(state, lambda seat: {"points": state.points[seat] if state.points else 0,
                                                  "hands_won": _won(state, seat)}),
        "knock": _knock(hand.knock, with_card=not playing) if hand else None,
        "show": _shown(hand.shown) if hand else None,
    }


def private(state: GameState, seat: int) -> dict:
    """The seat's cards, the card it took from the discard pile this turn (it may
    not discard it) and, if it knocked, its face-down discard."""
    hand = state.hand
    if hand is None:
        return {"hand": [], "taken": None, "knock_card": None}
    mine = hand.knock is not None and hand.knock.seat == seat
    return {"hand": list(hand.hands[seat]),
            "taken": hand.taken if gamestate.playing(state) and hand.turn == seat else None,
            "knock_card": hand.knock.card if mine else None}


def replay_state(state: GameState) -> dict:
    h = state.hand
    return {
        "hands": [list(cards) for cards in h.hands],
        "stock": h.stock,
        "discard": list(h.discards),
        "dealer": h.dealer,
        "turn": h.turn if h.phase != ENDED else None,
        "phase": h.phase,
        "knock": _knock(h.knock, with_card=True),
        "show": _shown(h.shown),
        "points": list(state.points),
    }


def cards_in_play(state: GameState) -> list:
    """Where every card of the hand is, and who sees it (kernel/variant.py)."""
    h = state.hand
    places = [("stock", SECRET, h.deck[h.stock_pos:]), ("discard pile", PUBLIC, h.discards)] + shown.hand_places(h)
    if h.knock is not None:
        places += [(f"knock meld {i}", PUBLIC, meld) for i, meld in enumerate(h.knock.melds)]
        places += [("knock deadwood", PUBLIC, h.knock.deadwood), ("knock card", h.knock.seat, (h.knock.card,))]
    if h.shown is not None:
        places += [(f"shown meld {i}", PUBLIC, meld) for i, meld in enumerate(h.shown.melds)]
        places += [(f"laid off on meld {k}", PUBLIC, cards) for k, cards in h.shown.layoffs]
        places += [("shown deadwood", PUBLIC, h.shown.deadwood)]
    return places
