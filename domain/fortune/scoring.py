"""Scoring a hand and deciding whether the game is over (docs/rules/fortune.md)."""

from .events import HandResult
from .melds import hand_penalty


def hand_results(state) -> tuple[HandResult, ...]:
    """Each seat's result for the hand in `state`, which has just ended: the points
    it melded minus what its cards left in hand cost (no bonus for going out)."""
    hand = state.hand
    results = []
    for seat in range(len(state.players)):
        held = hand.hands[seat]
        cost = hand_penalty(held)
        results.append(HandResult(seat=seat, melded=hand.points[seat], cards_left=len(held), penalty=cost,
                                  total=hand.points[seat] - cost))
    return tuple(results)
