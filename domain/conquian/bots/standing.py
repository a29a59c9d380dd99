"""How well a seat stands in a hand being played, for the expert bot's short
rollouts (kernel/expert/search.py): the cards each seat has melded (more is better)."""

from ...kernel.expert.standing import lead


def standing(state, seat: int) -> float:
    melded = [sum(map(len, melds)) for melds in state.hand.melds]
    return lead(melded[seat], melded[:seat] + melded[seat + 1:], 3)
