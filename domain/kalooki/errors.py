"""Kalooki's own rule violations (kernel/errors.py has those every variant shares)."""

from ..kernel.errors import CONFLICT, violation

NotOpened = violation("NotOpened", "not_opened",
                      "Until a seat has opened in the hand it may not take the discard (except into its "
                      "opening), meld, lay off or swap jokers.", CONFLICT)
AlreadyOpened = violation("AlreadyOpened", "already_opened", "A seat opens once a hand.", CONFLICT)
OpeningTooLow = violation("OpeningTooLow", "opening_too_low",
                          "The opening's melds are worth less than `initial_meld` together.")
DiscardNotInOpening = violation("DiscardNotInOpening", "discard_not_in_opening",
                                "An opening that takes the top discard must lay it in one of its melds.")
InvalidSwap = violation("InvalidSwap", "invalid_swap", "No joker of that meld stands for that card.")
JokerMustBePlayed = violation("JokerMustBePlayed", "joker_must_be_played",
                              "swapped_joker_must_be_played: a joker swapped this turn is melded or laid off "
                              "before the discard.", CONFLICT)
