"""Gin's exact deadwood solvers (domain/gin/deadwood.py) and meld rules
(domain/gin/melds.py) on hand-written examples. The same solvers against an
exhaustive brute force: tests/test_gin_deadwood_exact.py."""

import random

import pytest

from domain.gin.cards import DECK, RANK, VALUE
from domain.gin.deadwood import (
    Arrangement,
    best_arrangement,
    best_knock,
    check_arrangement,
    check_defence,
    defender_best,
    legal_knocks,
    min_deadwood,
)
from domain.gin.melds import all_melds, is_meld, is_run, is_set, lays_off
from domain.kernel.errors import CardNotInHand, InvalidCard, InvalidLayoff, InvalidMeld, NoSuchMeld
from tests.gin_oracle import BF_DECK, bf_melds_of, bf_rank, bf_value, meldy_hand

# --- cards and melds ------------------------------------------------------------------


def test_card_table_is_ace_low():
    assert len(DECK) == 52 and set(DECK) == set(BF_DECK)
    for card in BF_DECK:
        assert RANK[card] == bf_rank(card) and VALUE[card] == bf_value(card)
    assert DECK[:4] == ("AS", "AH", "AD", "AC") and DECK[-1] == "KC"


def test_meld_shapes():
    assert is_run(["AS", "2S", "3S"]) and is_meld(("3S", "AS", "2S"))
    assert not is_run(["QS", "KS", "AS"]) and not is_run(["KS", "AS", "2S"])
    assert not is_run(["2S", "3S", "4H"]) and not is_run(["2S", "3S", "5S"]) and not is_run(["2S", "3S"])
    assert is_set(["9S", "9H", "9D"]) and is_set(["9S", "9H", "9D", "9C"])
    assert not is_set(["9S", "9H"]) and not is_set(["9S", "9H", "9S"]) and not is_set(["9S", "9H", "8D"])
    assert not is_meld(["9S", "9H", "XX"])
    assert lays_off(("6H", "7H", "8H"), ["5H", "4H"]) and lays_off(("6H", "7H", "8H"), ["9H"])
    assert not lays_off(("6H", "7H", "8H"), ["4H"]) and not lays_off(("9S", "9H", "9D", "9C"), ["9C"])
    assert lays_off(("9S", "9H", "9D"), ["9C"])


def test_all_melds_lists_every_subset_meld():
    hand = ["7S", "7H", "7D", "7C", "8C", "9C", "10C", "AS", "2S", "3S", "KD"]
    melds = all_melds(hand)
    assert len(melds) == len(set(melds))
    assert {frozenset(m) for m in melds} == set(bf_melds_of(hand))
    assert ("7S", "7H", "7D", "7C") in melds and ("7S", "7H", "7D") in melds and ("7C", "8C", "9C", "10C") in melds
    rng = random.Random(11)
    for _ in range(300):
        hand = meldy_hand(rng, rng.randint(3, 11))
        assert {frozenset(m) for m in all_melds(hand)} == set(bf_melds_of(hand))
        assert all(list(m) == sorted(m, key=lambda c: (RANK[c], "SHDC".index(c[-1]))) for m in all_melds(hand))


# --- hand-written examples --------------------------------------------------------------


def test_gin_hand():
    hand = ["AS", "2S", "3S", "7H", "7D", "7C", "9D", "10D", "JD", "QD"]
    arr = best_arrangement(hand)
    assert arr.points == 0 and arr.deadwood == () and min_deadwood(hand) == 0
    assert set(arr.melds) == {("AS", "2S", "3S"), ("7H", "7D", "7C"), ("9D", "10D", "JD", "QD")}


def test_a_card_for_the_set_or_the_run():
    # 7H in the run 7H-8H-9H leaves 7S 7D (14); in the set, 8H 9H (17).
    arr = best_arrangement(["7S", "7D", "7H", "8H", "9H", "KC"])
    assert arr.melds == (("7H", "8H", "9H"),) and arr.points == 24
    # 7H in the set leaves 5H 6H (11); in the run 5H-6H-7H, 7S 7D (14).
    arr = best_arrangement(["7S", "7D", "7H", "5H", "6H", "KC"])
    assert arr.melds == (("7S", "7H", "7D"),) and arr.points == 21


def test_the_ace_is_low_only():
    assert min_deadwood(["AS", "2S", "3S"]) == 0
    assert min_deadwood(["QS", "KS", "AS"]) == 21
    assert min_deadwood(["KS", "AS", "2S"]) == 13
    assert best_arrangement(["AH", "AS", "AD", "2H", "3H"]).melds == (("AH", "2H", "3H"),)


def test_four_of_a_rank_against_a_run():
    # the 4-set would leave 8C 9C; three 7s and the run 7C-8C-9C leave nothing
    arr = best_arrangement(["7S", "7H", "7D", "7C", "8C", "9C"])
    assert arr.points == 0 and arr.melds == (("7S", "7H", "7D"), ("7C", "8C", "9C"))
    # without 9C the 4-set is best
    arr = best_arrangement(["7S", "7H", "7D", "7C", "8C"])
    assert arr.melds == (("7S", "7H", "7D", "7C"),) and arr.deadwood == ("8C",)


def test_ties_prefer_fewer_melds_and_ignore_the_order_given():
    hand = ["3H", "4H", "5H", "6H", "7H", "8H"]
    assert best_arrangement(hand).melds == (("3H", "4H", "5H", "6H", "7H", "8H"),)
    rng = random.Random(5)
    for _ in range(200):
        hand = meldy_hand(rng, 10)
        shuffled = rng.sample(hand, len(hand))
        assert best_arrangement(shuffled) == best_arrangement(hand)


def test_best_knock_and_legal_knocks():
    hand = ["AS", "2S", "3S", "7H", "7D", "7C", "9D", "10D", "JD", "KC", "QH"]
    knock = best_knock(hand)
    assert set(knock) == set(hand)
    assert knock["QH"] == 10 and knock["KC"] == 10 and knock["AS"] == 25
    assert legal_knocks(hand) == {"KC": 10, "QH": 10}
    gin_after_kc = ["AS", "2S", "3S", "7H", "7D", "7C", "9D", "10D", "JD", "QD", "KC"]
    assert legal_knocks(gin_after_kc) == {"9D": 10, "QD": 10, "KC": 0}


def test_layoffs_chain_down_a_run():
    d = defender_best(["5H", "4H", "KS"], [("6H", "7H", "8H")])
    assert d.layoffs == ((0, ("5H", "4H")),) and d.deadwood == ("KS",) and d.points == 10
    d = defender_best(["5H", "4H", "9H", "10H", "KS"], [("6H", "7H", "8H")])
    assert d.layoffs == ((0, ("5H", "4H", "9H", "10H")),) and d.points == 10
    # 4H alone does not touch the run
    assert defender_best(["4H", "KS"], [("6H", "7H", "8H")]).points == 14
    # three or more on one end are a run of their own: same points, and the
    # tie-break keeps them as the defender's meld; laying them off is legal too
    d = defender_best(["5H", "4H", "3H", "KS"], [("6H", "7H", "8H")])
    assert d.points == 10 and d.melds == (("3H", "4H", "5H"),) and d.layoffs == ()
    d = check_defence(["5H", "4H", "3H", "KS"], [], [(0, ["5H", "4H", "3H"])], [("6H", "7H", "8H")])
    assert d.points == 10 and d.layoffs == ((0, ("5H", "4H", "3H")),)


def test_the_fourth_card_onto_a_set_and_nothing_onto_four():
    d = defender_best(["9C", "KS"], [("9S", "9H", "9D"), ("2C", "3C", "4C")])
    assert d.layoffs == ((0, ("9C",)),) and d.points == 10
    assert defender_best(["9C", "KS"], [("2C", "3C", "4C")]).points == 19
    assert defender_best(["10C", "2D"], [("9S", "9H", "9D", "9C")]).points == 12


def test_a_card_of_an_own_meld_is_not_laid_off_too():
    # 5S 5D 5H as a set leaves 4H (4); laying off 5H then 4H leaves 5S 5D (10);
    # using 5H twice would leave nothing.
    d = defender_best(["5S", "5D", "5H", "4H"], [("6H", "7H", "8H")])
    assert d.points == 4 and d.melds == (("5S", "5H", "5D"),) and d.layoffs == ()


def test_a_card_between_two_knocker_melds():
    melds = [("2H", "3H", "4H"), ("8H", "9H", "10H"), ("7S", "7D", "7C")]
    d = defender_best(["5H", "6H", "7H", "QS"], melds)
    assert d.points == 10 and d.melds == (("5H", "6H", "7H"),)  # own meld preferred to three lay-offs
    d = defender_best(["5H", "6H", "QS"], melds)
    assert d.points == 10 and d.layoffs == ((0, ("5H", "6H")),)
    # 7H onto the run 8H-9H-10H lets 6H and 5H follow; onto the 7s it would not
    d = defender_best(["5H", "6H", "7H", "QS"], [("8H", "9H", "10H"), ("7S", "7D", "7C")])
    assert d.points == 10 and (d.layoffs == ((0, ("7H", "6H", "5H")),) or d.melds == (("5H", "6H", "7H"),))


def test_breaking_an_own_set_to_lay_off_more():
    # OpenSpiel's gin_rummy_test GameplayTest1: the defender breaks the set of 8s
    # to lay off 8S 9S on 5S-6S-7S and 8C 7C on 9C-10C-JC, leaving AC 8D (9).
    knocker = [("KS", "KC", "KD"), ("5S", "6S", "7S"), ("9C", "10C", "JC")]
    hand = ["2S", "8S", "9S", "AC", "2C", "7C", "8C", "2D", "8D", "2H"]
    assert best_arrangement(hand).points == 17  # 2s and 8s as sets: 9S 7C AC left
    d = defender_best(hand, knocker)
    assert d.points == 9 and d.deadwood == ("AC", "8D")
    assert d.melds == (("2S", "2H", "2D", "2C"),)
    assert d.layoffs == ((1, ("8S", "9S")), (2, ("8C", "7C")))


def test_no_layoffs_on_gin():
    d = defender_best(["5H", "4H", "KS"], [("6H", "7H", "8H")], allow_layoffs=False)
    assert d.layoffs == () and d.points == 19


def test_check_arrangement():
    hand = ["AS", "2S", "3S", "7H", "7D", "7C", "9D", "10D", "JD", "KC"]
    arr = check_arrangement(hand, [["7C", "7H", "7D"], ("3S", "AS", "2S")])
    assert arr.melds == (("7H", "7D", "7C"), ("AS", "2S", "3S")) and arr.points == 39
    assert check_arrangement(hand, []).points == sum(bf_value(c) for c in hand)
    with pytest.raises(InvalidMeld):
        check_arrangement(hand, [["9D", "10D", "KC"]])
    with pytest.raises(InvalidMeld):
        check_arrangement(hand, [["AS", "2S"]])  # two cards are no meld
    with pytest.raises(InvalidMeld):  # 7C twice
        check_arrangement(["7S", "7H", "7D", "7C", "8C", "9C"], [["7S", "7H", "7C"], ["7C", "8C", "9C"]])
    with pytest.raises(CardNotInHand):
        check_arrangement(hand, [["QS", "KS", "JS"]])
    with pytest.raises(InvalidCard):
        check_arrangement(hand, [["1S", "2S", "3S"]])


def test_check_defence():
    knocker = [("4C", "5C", "6C"), ("7S", "7H", "7D"), ("2H", "3H", "4H")]
    hand = ["7C", "5H", "6H", "KS", "QS", "JS"]
    d = check_defence(hand, [["JS", "QS", "KS"]], [(0, ["7C"]), (2, ["6H", "5H"])], knocker)
    assert d.points == 0 and d.layoffs == ((0, ("7C",)), (2, ("5H", "6H")))
    assert check_defence(hand, [], [(1, ["7C"])], knocker).points == 41
    with pytest.raises(InvalidLayoff):
        check_defence(hand, [], [(2, ["6H"])], knocker)  # 6H needs 5H first
    with pytest.raises(InvalidLayoff):
        check_defence(hand, [], [(0, ["7C"]), (1, ["7C"])], knocker)
    with pytest.raises(InvalidLayoff):
        check_defence(hand, [], [(0, ["7C"])], knocker, allow_layoffs=False)
    with pytest.raises(NoSuchMeld):
        check_defence(hand, [], [(3, ["7C"])], knocker)
    with pytest.raises(CardNotInHand):
        check_defence(hand, [["JS", "QS", "KS"]], [(0, ["8C"])], knocker)
    with pytest.raises(InvalidLayoff):  # a card of an own meld
        check_defence(hand, [["JS", "QS", "KS"]], [(1, ["KS"])], knocker)


def test_solvers_reject_bad_input():
    with pytest.raises(ValueError):
        best_arrangement(["AS", "AS", "2S"])
    with pytest.raises(ValueError):
        min_deadwood(["ZZ"])
    with pytest.raises(ValueError):
        defender_best(["5H"], [("6H", "7H", "9H")])
    with pytest.raises(ValueError):
        defender_best(["6H"], [("6H", "7H", "8H")])
    assert best_arrangement([]) == Arrangement((), (), 0) and min_deadwood([]) == 0
