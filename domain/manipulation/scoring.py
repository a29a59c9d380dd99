"""Scoring a hand and the game's end (docs/rules/manipulation.md): each seat
pays the penalty of the cards left in its hand (the seat that went out pays
nothing); the game ends after the hand in which a total reaches the target,
and the lowest total wins (ties share)."""

from .events import GameEnded, HandResult
from .melds import hand_penalty


def hand_results(state) -> tuple[HandResult, ...]:
    hand = state.hand
    results = []
    for seat, held in enumerate(hand.hands):
        cost = hand_penalty(held)
        results.append(HandResult(seat=seat, cards_left=len(held), penalty=cost, total=state.totals[seat] + cost))
    return tuple(results)


def lowest(totals, out=()) -> tuple[int, ...]:
    """The seats with the lowest total among those not `out` (withdrawn)."""
    seats = [seat for seat in range(len(totals)) if seat not in out]
    if not seats:
        return ()
    least = min(totals[seat] for seat in seats)
    return tuple(seat for seat in seats if totals[seat] == least)


def game_over(state) -> GameEnded | None:
    """The GameEnded after the hand just ended, if the game is over."""
    rules, totals, out = state.rules, state.totals, state.people.withdrawn
    played = state.hands_played
    if rules.hands is not None:
        reason = "hands" if played >= rules.hands else None
    else:
        reason = "target" if max(totals) >= rules.target_score else None
    if reason is None and played >= rules.max_hands:
        reason = "max_hands"
    return None if reason is None else GameEnded(lowest(totals, out), totals, reason)


def end_game(state, reason: str, winners) -> GameEnded:
    """The game ends early (resigned, forfeit, aborted, abandoned): when the
    kernel names winners, they are the lowest totals among the seats still in."""
    return GameEnded(lowest(state.totals, state.people.withdrawn) if winners else (), state.totals, reason)
