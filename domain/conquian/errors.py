"""Conquian's own rule violations (kernel/errors.py has those every variant
shares). Each phase of a turn demands one thing; an action the phase does not
allow is refused with what it demands."""

from ..kernel.errors import CONFLICT, violation

CardExposed = violation("CardExposed", "card_exposed",
                        "A card is exposed to the player: take it or decline it.", CONFLICT)
MustAnswer = violation("MustAnswer", "must_answer",
                       "The opponent declined a card that lays off on their melds: force them to take it, "
                       "or allow the decline.", CONFLICT)
MustTake = violation("MustTake", "must_take", "The opponent forced the declined card: take it.", CONFLICT)
MustDiscard = violation("MustDiscard", "must_discard",
                        "The exposed card was taken and melded: discard a card from hand.", CONFLICT)
InvalidTake = violation("InvalidTake", "invalid_take",
                        "A take's new melds must hold every card of the seat's old melds, the exposed card, "
                        "and cards from hand, each once.")
