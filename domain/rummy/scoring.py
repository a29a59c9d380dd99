"""How a Rummy hand is scored and when the game is over (docs/rules/rummy.md).

A hand that ends with a seat going out: under `collect` that seat scores the
value of every card left in the other hands (+10 or doubled if it went rummy
and the rules give that bonus); under `penalty` each other seat scores the
value of its own hand and the seat that went out 0. An exhausted hand scores 0
for everyone.

The game: under `collect` it ends after the hand in which a total reaches
`target_score`, the highest total winning; under `penalty` likewise, the
lowest total winning. With `hands` it ends after exactly that many hands, and
at `max_hands` in any case; the best total(s) win, ties sharing. Seats that
withdrew (resigned, forfeited) neither win nor count for the best total.
"""

from .events import HandResult
from .melds import hand_value
from .rules import DOUBLE, PENALTY, PLUS10


def hand_results(state, winner: int | None, rummy: bool = False) -> tuple[HandResult, ...]:
    """Each seat's result of the hand just over: `winner` went out (None: the hand
    was exhausted), `rummy` if it laid no meld and no lay-off in an earlier turn."""
    hand, rules = state.hand, state.rules
    values = [hand_value(cards) for cards in hand.hands]
    rummy = winner is not None and rummy
    scores = [0] * len(values)
    if winner is not None:
        if rules.scoring == PENALTY:
            scores = [0 if seat == winner else v for seat, v in enumerate(values)]
        else:
            collected = sum(values)
            if rummy and rules.rummy_bonus == PLUS10:
                collected += 10
            elif rummy and rules.rummy_bonus == DOUBLE:
                collected *= 2
            scores[winner] = collected
    return tuple(HandResult(seat=seat, cards_left=len(cards), value=values[seat], score=scores[seat],
                            rummy=seat == winner and rummy, out=seat == winner)
                 for seat, cards in enumerate(hand.hands))


def best(totals, lowest: bool, out=()) -> tuple[int, ...]:
    """The seats with the best total (the lowest or the highest), among those not `out`."""
    seats = [seat for seat in range(len(totals)) if seat not in out]
    if not seats:
        return ()
    pick = min if lowest else max
    top = pick(totals[seat] for seat in seats)
    return tuple(seat for seat in seats if totals[seat] == top)


def game_end(rules, totals, hands_played: int, out=()) -> tuple[tuple[int, ...], str] | None:
    """(winners, reason) if the game ends after its `hands_played`-th hand, else None."""
    winners = best(totals, rules.scoring == PENALTY, out)
    if rules.hands is not None:
        if hands_played >= rules.hands:
            return winners, "hands"
    elif any(totals[seat] >= rules.target_score for seat in range(len(totals)) if seat not in out):
        return winners, "target"
    if hands_played >= rules.max_hands:
        return winners, "max_hands"
    return None
