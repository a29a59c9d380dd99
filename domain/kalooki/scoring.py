"""Scoring a hand, eliminations and the game's end (docs/rules/kalooki.md)."""

from .events import HandResult
from .melds import hand_penalty
from .rules import COLLECT


def hand_results(state, reason: str) -> tuple[HandResult, ...]:
    """Each seat's result for the hand in `state`, which has just ended. With
    elimination scoring every seat adds its own penalty (the seat that went out
    has none); with collect the seat that went out scores all the others'. A
    dead hand scores nothing; a seat out of the game scores nothing."""
    hand, rules = state.hand, state.rules
    n = len(state.players)
    penalties = [hand_penalty(hand.hands[seat]) for seat in range(n)]
    winner = next((seat for seat in state.seats_in() if not hand.hands[seat]), None) if reason == "out" else None
    results = []
    for seat in range(n):
        if state.out[seat]:
            results.append(HandResult(seat, 0, 0, 0, state.totals[seat], False))
            continue
        if winner is None:
            score = 0
        elif rules.scoring == COLLECT:
            score = sum(penalties[other] for other in state.seats_in()) if seat == winner else 0
        else:
            score = penalties[seat]
        results.append(HandResult(seat, len(hand.hands[seat]), penalties[seat], score, state.totals[seat] + score,
                                  seat == winner and hand.opened_now))
    return tuple(results)


def newly_out(state) -> list[int]:
    """Seats still in whose total now exceeds the elimination score (elimination scoring only)."""
    if state.rules.scoring == COLLECT:
        return []
    return [seat for seat in state.seats_in() if state.totals[seat] > state.rules.elimination_score]


def game_over(state) -> tuple | None:
    """(winners, totals, reason) if the game ends after the hand just scored, else None."""
    rules, seats = state.rules, state.seats_in()
    contenders = [seat for seat in seats if seat not in state.people.withdrawn] or list(seats)
    if rules.scoring == COLLECT:
        best = max(state.totals[seat] for seat in contenders)
        ahead = tuple(seat for seat in contenders if state.totals[seat] == best)
        if rules.hands is None and best >= rules.target_score and len(ahead) == 1:
            return ahead, state.totals, "target"
    else:
        if len(seats) <= 1:
            return tuple(seats), state.totals, "target"
        best = min(state.totals[seat] for seat in contenders)
        ahead = tuple(seat for seat in contenders if state.totals[seat] == best)
    if rules.hands is not None and state.hands_played >= rules.hands:
        return ahead, state.totals, "hands"
    if state.hands_played >= rules.max_hands:
        return ahead, state.totals, "max_hands"
    return None
