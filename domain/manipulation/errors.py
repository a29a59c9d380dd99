"""Manipulation Rummy's own rule violations, each with its stable code and kind."""

from ..kernel.errors import CONFLICT, violation

MustPlay = violation("MustPlay", "must_play", "The seat can play, so it must: it may not draw.", CONFLICT)
StockEmpty = violation("StockEmpty", "stock_empty", "The stock is empty: nothing to draw.", CONFLICT)
InvalidTable = violation("InvalidTable", "invalid_table", "The new table is not a list of groups of cards.")
TableCardRemoved = violation("TableCardRemoved", "table_card_removed",
                             "A card of the table is missing from the new table: no table card goes back to a hand.")
NothingPlayed = violation("NothingPlayed", "nothing_played",
                          "A play moves at least one card from the hand to the table.")
OpeningTouchesTable = violation("OpeningTouchesTable", "opening_touches_table",
                                "Under own_opening, a seat's first play only adds melds of its own cards.")
