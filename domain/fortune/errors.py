"""Fortune's own rule violation (kernel/errors.py has those every variant shares)."""

from ..kernel.errors import RuleViolation


class QueenOfSpades(RuleViolation):
    """The queen of spades is discarded only as the last card, going out."""
    code = "queen_of_spades"
