"""Conquian's own rule violations (kernel/errors.py has those every variant
shares). Each phase of a turn demands one thing; an action the phase does not
allow is refused with what it demands."""

from ..kernel.errors import CONFLICT, RuleViolation


class CardExposed(RuleViolation):
    """A card is exposed to the player: take it or decline it."""
    code, kind = "card_exposed", CONFLICT


class MustAnswer(RuleViolation):
    """The opponent declined a card that lays off on their melds: force them to take it, or allow the decline."""
    code, kind = "must_answer", CONFLICT


class MustTake(RuleViolation):
    """The opponent forced the declined card: take it."""
    code, kind = "must_take", CONFLICT


class MustDiscard(RuleViolation):
    """The exposed card was taken and melded: discard a card from hand."""
    code, kind = "must_discard", CONFLICT


class InvalidTake(RuleViolation):
    """A take's new melds must hold every card of the seat's old melds, the exposed card, and cards from hand, each once."""
    code = "invalid_take"
