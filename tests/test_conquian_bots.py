"""Conquian's legal-action listing and its bots (MORE_VARIANTS.md, "Bots"):
`random` is uniform over the listing; `greedy` takes whenever it can, the
take that melds most, discards the hand card with the fewest partners (the
highest first) and forces a decliner who holds 3 cards or more. Both see
only their seat's view."""

import random

from domain.conquian.actions import legal_actions, options
from domain.conquian.bots import POLICIES
from domain.conquian.bots.greedy import partners
from domain.conquian.commands import Allow, Decline, Discard, Force, Pass, Take
from domain.conquian.evolve import fold
from domain.conquian.melds import kind_of
from domain.conquian.views import see
from domain.selfplay import bot_game
from tests.conquian_builders import ANN, BOB, after, dealt

BOB_CARDS = ["6H", "7H", "JS", "JC", "AS", "2D", "3C", "4S", "QD", "KC"]
ANN_CARDS = ["2S", "3S", "5D", "6C", "KH", "QS", "KD", "AD", "4C", "7D"]
WORKED = dealt(BOB_CARDS, ANN_CARDS, "JH", stock=["5H", "QH", "2H"])
GREEDY = POLICIES["greedy"]


def test_the_upcard_listing_is_each_usable_set_of_hand_cards_once_and_pass():
    listed = options(see(fold(WORKED), BOB))
    takes = [o[1] for o in listed if o[0] == "take"]
    assert listed[-1] == ("pass",) and len(listed) == len(takes) + 1
    # JH joins 6H 7H, or JS JC; not both (five cards are no split)
    assert sorted(tuple(sorted(c for m in t for c in m)) for t in takes) == [("6H", "7H", "JH"), ("JC", "JH", "JS")]
    assert all(kind_of(m) for t in takes for m in t)
    assert options(see(fold(WORKED), ANN)) == []  # not her turn
    assert legal_actions(fold(WORKED), BOB)[-1] == Pass(BOB)


def test_greedy_takes_the_take_that_melds_most():
    # JH with 6H 7H and with JS JC cannot both be melded: 6H 7H JH JS JC is no split; three cards it is
    choice = GREEDY(see(fold(WORKED), BOB), random.Random(1))
    assert isinstance(choice, Take) and sum(len(m) for m in choice.melds) == 3
    bob = ["6H", "7H", "5H", "JS", "JC", "AS", "2D", "3C", "4S", "KC"]
    given = dealt(bob, ANN_CARDS, "JH")
    choice = GREEDY(see(fold(given), BOB), random.Random(1))
    assert sorted(c for m in choice.melds for c in m) == ["5H", "6H", "7H", "JC", "JH", "JS"]


def test_greedy_passes_or_declines_when_nothing_can_be_taken():
    given = after(WORKED, Pass(BOB))
    assert GREEDY(see(fold(given), ANN), random.Random(1)) == Pass(ANN)
    given = after(WORKED, Pass(BOB), Pass(ANN))  # Bob turned 5H: it joins 6H 7H
    assert isinstance(GREEDY(see(fold(given), BOB), random.Random(1)), Take)
    given = after(WORKED, Take(BOB, [["6H", "7H", "JH"]]), Discard(BOB, "QD"))
    assert GREEDY(see(fold(given), ANN), random.Random(1)) == Decline(ANN)


def test_greedy_discards_the_card_with_fewest_partners_the_highest_first():
    given = after(WORKED, Take(BOB, [["JS", "JH", "JC"]]))  # left: 6H 7H AS 2D 3C 4S QD KC
    hand = fold(given).hand.hands[BOB]
    assert {c: partners(c, hand) for c in hand} == {"6H": 1, "7H": 1, "AS": 0, "2D": 0, "3C": 0, "4S": 0, "QD": 0,
                                                    "KC": 0}
    assert GREEDY(see(fold(given), BOB), random.Random(1)) == Discard(BOB, "KC")  # K above Q, 4 and A


def test_greedy_forces_a_decliner_holding_three_cards_or_more_and_allows_otherwise():
    given = after(WORKED, Take(BOB, [["6H", "7H", "JH"]]), Discard(BOB, "KC"), Decline(ANN), Decline(ANN),
                  Decline(BOB))  # Bob declined 5H, which lays off on his run; he holds 7 cards
    assert GREEDY(see(fold(given), ANN), random.Random(1)) == Force(ANN)
    view = see(fold(given), ANN)._replace(hand_sizes=(10, 2))
    assert GREEDY(view, random.Random(1)) == Allow(ANN)


def test_bots_play_whole_games_alike_from_the_same_seed():
    for policies in (("greedy", "greedy"), ("random", "greedy"), ("random", "random")):
        for seed in range(3):
            first = bot_game(policies, None, seed, variant="conquian")
            again = bot_game(policies, None, seed, variant="conquian")
            assert first == again and first.status == "finished" and sum(first.totals) >= 1
