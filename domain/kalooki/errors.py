"""Kalooki's own rule violations (kernel/errors.py has those every variant shares)."""

from ..kernel.errors import CONFLICT, RuleViolation


class NotOpened(RuleViolation):
    """Until a seat has opened in the hand it may not take the discard (except into its
    opening), meld, lay off or swap jokers."""
    code = "not_opened"
    kind = CONFLICT


class AlreadyOpened(RuleViolation):
    """A seat opens once a hand."""
    code = "already_opened"
    kind = CONFLICT


class OpeningTooLow(RuleViolation):
    """The opening's melds are worth less than `initial_meld` together."""
    code = "opening_too_low"


class DiscardNotInOpening(RuleViolation):
    """An opening that takes the top discard must lay it in one of its melds."""
    code = "discard_not_in_opening"


class InvalidSwap(RuleViolation):
    """No joker of that meld stands for that card."""
    code = "invalid_swap"


class JokerMustBePlayed(RuleViolation):
    """swapped_joker_must_be_played: a joker swapped this turn is melded or laid off before the discard."""
    code = "joker_must_be_played"
    kind = CONFLICT
