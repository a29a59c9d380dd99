"""Scoring a Gin hand and the end of a game (docs/rules/gin.md).

A hand: the knocker's deadwood K (as declared), the defender's D (after
lay-offs, as declared). Gin (K = 0): the knocker scores D + gin bonus and is
never undercut. K < D: the knocker scores D - K. Otherwise (K >= D, equal
included): undercut, the defender scores K - D + undercut bonus. A dead hand
(the wall) scores nothing.

The game: when a player's hand points reach the target (only one player scores
in a hand, so only one can), or after `max_hands` hands, the game ends. Each
player gets the line bonus for every hand they won (scored in); the player who
reached the target gets the game bonus, and the shutout bonus too if the
opponent has no points. The highest final total wins; equal totals are a drawn
game, and both players are listed as winners.
"""

from .events import GameEnded, HandResult, SeatBonus
from .rules import Rules

KNOCK, GIN, UNDERCUT, WALL = "knock", "gin", "undercut", "wall"


def knock_results(rules: Rules, knocker: int, knocker_points: int, gin: bool,
                  defender_points: int) -> tuple[str, tuple[HandResult, ...]]:
    """(reason, one result per seat) of a hand ended by a knock and a show."""
    defender = 1 - knocker
    deadwood = {knocker: knocker_points, defender: defender_points}
    score = {knocker: 0, defender: 0}
    bonus = {knocker: 0, defender: 0}
    if gin:
        reason = GIN
        score[knocker] = defender_points + rules.gin_bonus
        bonus[knocker] = rules.gin_bonus
    elif knocker_points < defender_points:
        reason = KNOCK
        score[knocker] = defender_points - knocker_points
    else:
        reason = UNDERCUT
        score[defender] = knocker_points - defender_points + rules.undercut_bonus
        bonus[defender] = rules.undercut_bonus
    return reason, tuple(HandResult(s, deadwood[s], score[s], bonus[s]) for s in (0, 1))


def wall_results(deadwood: tuple[int, int]) -> tuple[HandResult, ...]:
    """A dead hand: nobody scores (`deadwood`: each hand's least deadwood, for the record)."""
    return tuple(HandResult(s, deadwood[s], 0, 0) for s in (0, 1))


def game_end(rules: Rules, points: tuple[int, ...], results) -> GameEnded | None:
    """The GameEnded that the hands played so far call for, or None if the game goes on.
    `points`: the hand points summed; `results`: every finished hand's results."""
    reached = [s for s in (0, 1) if points[s] >= rules.target_score]
    if reached:
        reason = "target"
    elif len(results) >= rules.max_hands:
        reason = "max_hands"
    else:
        return None
    won = [sum(1 for hand in results if hand[s].score > 0) for s in (0, 1)]
    bonuses = []
    for s in (0, 1):
        game = rules.game_bonus if s in reached else 0
        shutout = rules.shutout_bonus if s in reached and points[1 - s] == 0 else 0
        bonuses.append(SeatBonus(s, won[s], rules.line_bonus * won[s], game, shutout))
    totals = tuple(points[s] + b.line + b.game + b.shutout for s, b in enumerate(bonuses))
    top = max(totals)
    winners = tuple(s for s in (0, 1) if totals[s] == top)
    return GameEnded(winners, totals, reason, tuple(points), tuple(bonuses))


def ended_early(state, reason: str, winners) -> GameEnded:
    """The GameEnded of a game stopped before its end (kernel/ending.py): the
    hand points as they stand, no game, shutout or line bonus (nobody reached the
    end those reward), the hands won counted for the record."""
    won = [sum(1 for hand in state.results if hand[s].score > 0) for s in (0, 1)]
    bonuses = tuple(SeatBonus(s, won[s], 0, 0, 0) for s in (0, 1))
    return GameEnded(tuple(winners), tuple(state.points), reason, tuple(state.points), bonuses)
