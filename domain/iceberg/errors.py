"""Iceberg's own rule violation (kernel/errors.py has those every variant shares)."""

from ..kernel.errors import CONFLICT, RuleViolation


class MustPickUp(RuleViolation):
    """A passed card waits: pick it up first."""
    code, kind = "must_pick_up", CONFLICT
