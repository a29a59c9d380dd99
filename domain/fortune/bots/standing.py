"""How well a seat stands in a hand being played, for the expert bot's short
rollouts (kernel/expert/search.py): each seat's hand total were the hand to end now."""

from ...kernel.expert.standing import lead
from ..scoring import hand_results


def standing(state, seat: int) -> float:
    totals = [r.total for r in hand_results(state)]
    return lead(totals[seat], totals[:seat] + totals[seat + 1:], 40)
