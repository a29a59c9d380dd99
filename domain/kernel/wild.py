"""Wild cards, where a variant has them (Fortune's deuces, Kalooki's jokers):
every action that puts one on the table names what it stands for, in `wild`,
one card code per wild card in the order they appear in `cards`. What a
meld's cards stand for, and why a meld with wild cards is refused."""

from .cards import is_card
from .errors import InvalidMeld


def roles_of(cards, wild, is_wild) -> tuple[str, ...] | None:
    """Each card's role: the card itself, or for a wild card (`is_wild`) the
    next stand-in of `wild`; None if a card is not a card, a stand-in is not a
    natural card, or `wild` does not name exactly one per wild card."""
    roles, stand_ins = [], list(wild)
    for card in cards:  # a plain loop: this runs for every meld a bot considers
        if is_wild(card):
            if not stand_ins:
                return None
            role = stand_ins.pop(0)
            if not is_card(role):
                return None
            roles.append(role)
        elif is_card(card):
            roles.append(card)
        else:
            return None
    return None if stand_ins else tuple(roles)


def refused(cards, wild, wilds: int, name: str, meld: str) -> InvalidMeld:
    """Why `cards`, their `wilds` wild cards (each a `name`) standing for `wild`,
    are not a meld: a stand-in too few or too many, or else not `meld` (what a
    meld of the variant is)."""
    if len(tuple(wild)) != wilds:
        return InvalidMeld(f"name one stand-in in 'wild' for each of the {wilds} {name}(s)")
    return InvalidMeld(f"{' '.join(cards)} ({name}s as {' '.join(wild) or 'nothing'}) is not {meld}")
