"""The game as one seat knows it: the state with every card the seat may not
see replaced by a blank, put in the view the expert bot is given (`known`:
Variant.expert_view; other bots' views leave it None, it costs them time), so
the search (kernel/expert) can imagine the hidden cards without reading them.

A hidden card becomes a token "?<n>" (not a card code, unique in the state:
the determinizer gives each token one card); cards the hand no longer needs
(the dealt part of a deck held as a position) become "". The deck's salt and
the game's committed deals are dropped. The conformance suite's leak check
reads the expert's view like every other view, so a variant that forgets to
blank a hidden place (Variant.hide) fails it.
"""

TOKEN = "?"
TOKENS = tuple(f"{TOKEN}{i}" for i in range(512))  # enough for every hidden card of any pack here


def is_token(card) -> bool:
    return type(card) is str and card[:1] == TOKEN


class Blanks:
    """Hands out fresh tokens, in order."""
    __slots__ = ("next",)

    def __init__(self):
        self.next = 0

    def take(self, count: int) -> tuple[str, ...]:
        start, self.next = self.next, self.next + count
        return TOKENS[start:self.next]


def masked(state, seat: int, hide=None):
    """`state` as `seat` knows it; `hide(hand, seat, blanks)` gives the
    variant's own hidden fields blanked (a dict of hand fields), if it has any."""
    hand = state.hand
    blanks = Blanks()
    hands = tuple(cards if i == seat else blanks.take(len(cards)) for i, cards in enumerate(hand.hands))
    changes = {"hands": hands, "salt": ""}
    if hasattr(hand, "stock_pos"):  # the stock is the deck from stock_pos on
        changes["deck"] = ("",) * hand.stock_pos + blanks.take(len(hand.deck) - hand.stock_pos)
    else:
        changes["deck"] = ("",) * len(hand.deck)
        changes["stock"] = blanks.take(len(hand.stock))
    if hide is not None:
        changes.update(hide(hand, seat, blanks))
    return state._replace(hand=hand._replace(**changes), deals=None)
