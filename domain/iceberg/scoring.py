"""Scoring a hand and deciding whether the game is over (RULES.md, "Scoring a
hand" and "The game")."""

from ..kernel.cards import is_ace
from .events import HandResult
from .playable import playable

CARD_PENALTY = 10
ACE_BONUS = 20


def hand_results(state) -> tuple[HandResult, ...]:
    """Each seat's result for the hand in `state`, which has just ended."""
    hand = state.hand
    return tuple(_seat_result(state.rules.ace_rule, hand, seat) for seat in range(len(state.players)))


def _seat_result(ace_rule: str, hand, seat: int) -> HandResult:
    held = hand.hands[seat]
    left = [c for c in held if not is_ace(c)]
    # An ace still in hand (its holder never had a turn) counts as held, not left.
    aces = len(hand.aces[seat]) + (len(held) - len(left))
    melded = hand.points[seat]
    best = playable(left, hand.table)
    base = melded - CARD_PENALTY * len(left) - best
    return HandResult(seat=seat, melded=melded, cards_left=len(left), playable=best,
                      aces=aces, total=apply_aces(ace_rule, base, aces))


def apply_aces(ace_rule: str, base: int, aces: int) -> int:
    if ace_rule == "multiplier":
        return base * (1 + aces)
    return base + ACE_BONUS * aces
