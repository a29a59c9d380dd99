"""Rummy's own rule violations (the shared ones are kernel/errors.py), each
with its stable code and kind (CONFLICT: 409, not now; UNPROCESSABLE: 422)."""

from ..kernel.errors import CONFLICT, RuleViolation


class MeldLimit(RuleViolation):
    """The seat has laid as many new melds this turn as `melds_per_turn` allows."""
    code, kind = "meld_limit", CONFLICT


class NoOwnMeld(RuleViolation):
    """Under `layoff_after_own_meld`, a seat lays off only while it has a meld of its own on the table."""
    code, kind = "no_own_meld", CONFLICT


class MustLayOff(RuleViolation):
    """A seat playing on with an empty hand (`discard_to_go_out`) must lay off the card it drew if it can."""
    code, kind = "must_lay_off", CONFLICT
