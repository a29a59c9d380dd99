"""What Conquian shows of a game: the variant's part of the public table, what
only one seat sees (its hand), a replay frame's complete state, and where
every card of the hand is. Everything but the hands and the stock's order is
face up: both seats' melds, the exposed card and the dead pile."""

from ..kernel import gamestate
from ..kernel.variant import PUBLIC, SECRET
from .melds import kind_of, melded
from .scoring import stake
from .state import ENDED, GameState


def _melds(melds) -> list[dict]:
    return [{"kind": kind_of(meld), "cards": list(meld)} for meld in melds]


def public(state: GameState) -> dict:
    hand = state.hand
    return {
        "hand": hand.number if hand else None,
        "dealer": hand.dealer if hand else None,
        "turn": gamestate.shown_turn(state),
        "stock": hand.stock if hand else 0,
        "exposed": hand.exposed if hand and hand.phase != ENDED else None,
        "dead": list(hand.dead) if hand else [],
        "stake": stake(state.rules.draw_stakes, state.drawn),
        "seats": [{"hand_size": len(hand.hands[seat]) if hand else 0,
                   "melded": melded(hand.melds[seat]) if hand else 0,
                   "melds": _melds(hand.melds[seat]) if hand else []}
                  for seat in range(len(state.players))],
    }


def private(state: GameState, seat: int) -> dict:
    hand = state.hand
    return {"hand": list(hand.hands[seat]) if hand else []}


def replay_state(state: GameState) -> dict:
    h = state.hand
    return {
        "hands": [list(cards) for cards in h.hands],
        "melds": [[list(meld) for meld in melds] for melds in h.melds],
        "stock": h.stock,
        "exposed": h.exposed,
        "dead": list(h.dead),
        "turn": h.turn if h.phase != ENDED else None,
        "phase": h.phase,
    }


def cards_in_play(state: GameState) -> list:
    """Where every card of the hand is, and who sees it (kernel/variant.py)."""
    h = state.hand
    places = [("stock", SECRET, h.deck[h.stock_pos:]), ("dead pile", PUBLIC, h.dead),
              ("exposed", PUBLIC, (h.exposed,) if h.exposed else ())]
    places += [(f"seat {seat}'s hand", seat, cards) for seat, cards in enumerate(h.hands)]
    return places + [(f"seat {seat}'s melds", PUBLIC, tuple(c for meld in melds for c in meld))
                     for seat, melds in enumerate(h.melds)]
