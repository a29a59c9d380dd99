"""Gin's own rule violations (kernel/errors.py has those every variant shares)."""

from ..kernel.errors import CONFLICT, RuleViolation


class DeadwoodTooHigh(RuleViolation):
    """A knock needs deadwood of at most the knock limit."""
    code = "deadwood_too_high"


class MustShow(RuleViolation):
    """The opponent knocked: show your melds and lay-offs."""
    code, kind = "must_show", CONFLICT


class NoKnock(RuleViolation):
    """Nobody has knocked: there is nothing to show."""
    code, kind = "no_knock", CONFLICT
