"""How games end, the same in every variant: the reasons a `GameEnded` gives,
the scoring rummies' end after the last hand, and the engine's `EndGame`
command for endings that are not a hand's result (a game nobody plays any more).

Every game ends: besides the variant's own end (a target, a number of hands),
the rules option `max_hands` (default 100) ends it after that many hands,
highest total winning, so no two bots can play forever.
"""

from dataclasses import dataclass

#: why a game ended, as GameEnded.reason gives it (API.md)
REASONS = ("target", "hands", "max_hands", "resigned", "forfeit", "aborted", "abandoned")


@dataclass(frozen=True, slots=True)
class EndGame:
    """End the game now for `reason`, one that is not a hand's result (e.g.
    `abandoned`: no action for a long time). Nobody wins such a game."""
    reason: str


def leaders(totals, out=(), best=max) -> tuple[int, ...]:
    """The seats with the highest total (`best=min`: the lowest), among those
    not `out` (withdrawn: domain/seating.py)."""
    seats = [seat for seat in range(len(totals)) if seat not in out]
    if not seats:
        return ()
    top = best(totals[seat] for seat in seats)
    return tuple(seat for seat in seats if totals[seat] == top)


def scoring_end(rules, totals, hands_played: int, out=()) -> tuple[tuple[int, ...], str] | None:
    """(winners, reason) if a scoring rummy (Iceberg, Fortune) ends after its
    `hands_played`-th hand, else None.

    With the `hands` option the game ends after exactly that many hands;
    without it, when a sole leader has at least the target (a shared lead plays
    on). Either way `max_hands` ends it, the highest total(s) winning. Seats
    `out` of the game (withdrawn) neither win nor lead: their totals count for
    nothing.
    """
    first = leaders(totals, out)
    if rules.hands is not None and hands_played >= rules.hands:
        return first, "hands"
    if rules.hands is None and totals[first[0]] >= rules.target_score and len(first) == 1:
        return first, "target"
    if hands_played >= rules.max_hands:
        return first, "max_hands"
    return None


def reason_of_v1(data: dict) -> dict:
    """GameEnded stored before it said why: a shared win can only be the `hands`
    option's end (a target needs a sole leader); otherwise `target`. (A game of
    a fixed number of hands with one winner reads as `target` too: its rules in
    GameCreated tell the difference.)"""
    return {**data, "reason": "hands" if len(data["winners"]) > 1 else "target"}
