"""Fortune's listing of pile takes (domain/fortune/actions.py): the short path
through the hand's cards of the top card's rank or suit lists exactly what the
listing of the whole hand lists."""

import random

from domain.fortune.actions import TAKE, pile_takes, takes
from domain.kernel.cards import full_pack

PACK = full_pack(2)


def test_a_take_is_listed_from_the_cards_of_the_tops_rank_and_suit_as_from_the_whole_hand():
    rng = random.Random(7)
    listed = 0
    for _ in range(3000):
        cards = rng.sample(PACK, rng.choice((4, 8, 11, 16)) + 1)
        hand, top = tuple(cards[:-1]), cards[-1]
        found = pile_takes(hand, ("9C", top))
        assert found == takes(hand, top)
        listed += len(found)
    assert listed > 3000  # the hands offered takes: the comparison was not of empty listings


def test_a_deuce_on_top_is_taken_with_any_meld_it_can_join():
    found = pile_takes(("5H", "6H", "KC", "KD"), ("2S",))
    assert (TAKE, ("5H", "6H"), ("4H",)) in found or (TAKE, ("5H", "6H"), ("7H",)) in found
    assert any(sorted(option[1]) == ["KC", "KD"] for option in found)


def test_a_natural_top_is_taken_only_with_cards_of_its_rank_or_suit_and_deuces():
    found = pile_takes(("5H", "6H", "KC", "KD", "2D"), ("7H",))
    assert found and all(all(c[0] in "56" or c[-1] == "H" or c.startswith("2") for c in o[1]) for o in found)
    assert not any("KC" in option[1] for option in found)
