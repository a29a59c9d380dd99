"""Card codes, ranks, suits and packs.

A card is its code string (``"10H"``, ``"QS"``, ``"AD"``): the same string is used
in commands, events, state and the API, so nothing is ever converted on the way
through. Look-ups go through dicts built once here, which keeps the hot paths
(deciding and folding thousands of moves a second) free of string parsing.
"""

SUITS = ("S", "H", "D", "C")
RANK_NAMES = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")

#: Ranks are numbers: 2..10, J=11, Q=12, K=13 and A=14 (aces never meld).
ACE = 14
LOWEST, HIGHEST = 2, 13  # the meldable ranks; the longest run is 2..K

COLOUR = {"S": "black", "C": "black", "H": "red", "D": "red"}
SUIT_ORDER = {suit: i for i, suit in enumerate(SUITS)}

RANK: dict[str, int] = {}
SUIT: dict[str, str] = {}
CODE: dict[tuple[int, str], str] = {}
for _value, _name in enumerate(RANK_NAMES, start=2):
    for _suit in SUITS:
        _code = _name + _suit
        RANK[_code] = _value
        SUIT[_code] = _suit
        CODE[(_value, _suit)] = _code

#: (rank, suit) of a code in one look-up, for the hot loops that need both
RANK_SUIT: dict[str, tuple[int, str]] = {code: (RANK[code], SUIT[code]) for code in RANK}

#: One deck, in a fixed order (rank-major); packs are shuffled from this.
ONE_DECK: tuple[str, ...] = tuple(CODE[(v, s)] for v in range(2, 15) for s in SUITS)
ACES = frozenset(code for code in ONE_DECK if RANK[code] == ACE)


def is_card(code: object) -> bool:
    return isinstance(code, str) and code in RANK


def is_ace(code: str) -> bool:
    return code in ACES


def full_pack(decks: int) -> tuple[str, ...]:
    """Every card of a game with this many decks, in the canonical order."""
    return ONE_DECK * decks


def sort_key(code: str) -> tuple[int, int]:
    """Rank first, then suit: the order melds are shown on the table."""
    return RANK[code], SUIT_ORDER[SUIT[code]]


def sorted_cards(cards) -> tuple[str, ...]:
    return tuple(sorted(cards, key=sort_key))


def remove_cards(hand: tuple[str, ...], cards) -> tuple[str, ...] | None:
    """The hand without one copy of each card, or None if one is missing.

    Equal codes are interchangeable (two-deck games), so removing "7H" takes any
    copy of it.
    """
    rest = list(hand)
    for card in cards:
        try:
            rest.remove(card)
        except ValueError:
            return None
    return tuple(rest)
