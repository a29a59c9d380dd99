"""Manipulation Rummy's own rule violations, each with its stable code and kind."""

from ..kernel.errors import CONFLICT, UNPROCESSABLE, RuleViolation


class MustPlay(RuleViolation):
    """The seat can play, so it must: it may not draw."""
    code, kind = "must_play", CONFLICT


class StockEmpty(RuleViolation):
    """The stock is empty: nothing to draw."""
    code, kind = "stock_empty", CONFLICT


class InvalidTable(RuleViolation):
    """The new table is not a list of groups of cards."""
    code, kind = "invalid_table", UNPROCESSABLE


class TableCardRemoved(RuleViolation):
    """A card of the table is missing from the new table: no table card goes back to a hand."""
    code, kind = "table_card_removed", UNPROCESSABLE


class NothingPlayed(RuleViolation):
    """A play moves at least one card from the hand to the table."""
    code, kind = "nothing_played", UNPROCESSABLE


class OpeningTouchesTable(RuleViolation):
    """Under own_opening, a seat's first play only adds melds of its own cards."""
    code, kind = "opening_touches_table", UNPROCESSABLE
