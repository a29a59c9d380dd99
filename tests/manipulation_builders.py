"""Helpers for Manipulation tests: a game dealt by real events, then the
position a test names (hands, the table laid in earlier turns, the stock)."""

from domain.kernel.cards import full_pack
from domain.kernel.deals import commitment
from domain.kernel.players import Player
from domain.manipulation.decide import decide, run
from domain.manipulation.events import GameCreated, HandStarted
from domain.manipulation.evolve import fold
from domain.manipulation.melds import canonical_table
from domain.manipulation.rules import Rules

SALT = "5a17"
DECK = full_pack(2)


def given(hands, table=(), stock=("2S", "9D", "KH"), first=0, totals=None, opened=None, hand_no=0, **rules):
    """The state of a game of len(hands) seats whose hand `hand_no` was dealt,
    with these hands, this table (as laid by earlier plays), this stock (top
    first) and these totals from earlier hands."""
    n = len(hands)
    players = tuple(Player("ABCDE"[i]) for i in range(n))
    state = fold([GameCreated(players, Rules(**rules)),
                  HandStarted(hand_no, (first - 1) % n, first, commitment(DECK, SALT), DECK, SALT)])
    hand = state.hand._replace(hands=tuple(tuple(h) for h in hands), table=canonical_table(table),
                               stock=tuple(stock), turn=first,
                               opened=tuple(opened) if opened is not None else (False,) * n)
    return state._replace(hand=hand, totals=tuple(totals) if totals else state.totals,
                          results=((),) * hand_no)


def when(state, command):
    """The events `command` gives in `state` (a RuleViolation if refused)."""
    return decide(state, command)


def then(state, command):
    """The state after `command`."""
    return run(state, command)[1]


__all__ = ["given", "when", "then"]
