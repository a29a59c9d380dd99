"""Melds and lay-offs: what is valid and what it is worth (docs/rules/iceberg.md, "Melds"
and "Points for melding")."""

import pytest

from domain.iceberg.commands import LayOff, Meld
from domain.iceberg.events import CardDiscarded, CardDrawn, CardsLaidOff, MeldLaid
from domain.iceberg.evolve import fold
from domain.iceberg.melds import V, classify, extend
from domain.kernel import errors as err
from tests.builders import dealt, when


def test_v_grows_by_ten_times_k():
    assert [V[k] for k in range(2, 13)] == [10, 30, 70, 120, 180, 250, 330, 420, 520, 630, 750]


@pytest.mark.parametrize("cards, expected", [
    (["7H", "7S"], ("pair", 10)),
    (["7H", "7S", "7D"], ("set", 30)),
    (["7H", "7S", "7D", "7C"], ("set", 70)),
    (["7H", "7H", "7S"], ("set", 30)),  # two decks: the same card twice
    (["5D", "6D", "7D"], ("run", 30)),
    (["2C", "3C", "4C", "5C", "6C", "7C", "8C", "9C", "10C", "JC", "QC", "KC"], ("run", 750)),
    (["KS", "JS", "9S", "7S", "5S", "3S"], ("special", 700)),
    (["QH", "10H", "8H", "6H", "4H", "2H"], ("special", 500)),
    (["KS", "JC", "9S", "7C", "5S", "3S"], ("special", 300)),
    (["QD", "10H", "8H", "6D", "4H", "2H"], ("special", 200)),
])
def test_valid_melds_and_their_points(cards, expected):
    assert classify(cards) == expected


@pytest.mark.parametrize("cards", [
    ["7H"], ["AS", "AH"], ["AS", "AH", "AD"],
    ["QS", "KS", "AS"], ["KS", "AS", "2S"],  # no aces, no wrapping
    ["5D", "6D", "8D"], ["5D", "6H", "7D"], ["5D", "5D", "6D", "7D"],
    ["KS", "JS", "9H", "7S", "5S", "3S"],  # mixed colours: no special
    ["KS", "JS", "9S", "7S", "5S"],  # five of six
])
def test_invalid_melds(cards):
    assert classify(cards) is None


def test_a_pair_grows_into_a_set_and_points_are_path_independent():
    kind, cards, points = extend("pair", ("7H", "7S"), ("7D",))
    assert (kind, points) == ("set", 20)
    kind, cards, more = extend(kind, cards, ("7C",))
    assert (kind, more) == ("set", 40)
    assert 10 + points + more == V[4] == classify(["7H", "7S", "7D", "7C"])[1]


def test_runs_grow_at_either_end_in_one_lay_off_or_several():
    assert extend("run", ("5S", "6S", "7S"), ("4S", "8S")) == ("run", ("4S", "5S", "6S", "7S", "8S"), 90)
    kind, cards, low = extend("run", ("5S", "6S", "7S"), ("4S",))
    _, _, high = extend(kind, cards, ("8S",))
    assert low + high == 90


@pytest.mark.parametrize("kind, meld, added", [
    ("run", ("5S", "6S", "7S"), ("9S",)),  # a gap
    ("run", ("5S", "6S", "7S"), ("8H",)),  # another suit
    ("run", ("5S", "6S", "7S"), ("7S",)),  # a repeat (two decks)
    ("run", ("JS", "QS", "KS"), ("AS",)),  # no aces
    ("pair", ("7H", "7S"), ("8H",)),
    ("set", ("7H", "7S", "7D"), ()),
    ("special", ("KS", "JS", "9S", "7S", "5S", "3S"), ("QS",)),
])
def test_invalid_lay_offs(kind, meld, added):
    assert extend(kind, meld, added) is None


# --- through the game --------------------------------------------------------------
from tests.worked_example import A_NO_ACE, B, C

A = A_NO_ACE
START = dealt([A, B, C], stock=["5S", "6C", "AC"])
A_DREW = START + [CardDrawn(0, "5S")]


def test_a_new_meld_gets_the_next_id_and_its_points():
    assert when(A_DREW, Meld(0, ("9S", "8S", "7S"))) == [MeldLaid(0, "m1", "run", ("7S", "8S", "9S"), 30)]


def test_an_invalid_meld_is_refused():
    with pytest.raises(err.InvalidMeld):
        when(A_DREW, Meld(0, ("9S", "8S", "JH")))
    with pytest.raises(err.InvalidMeld):
        when(A_DREW, Meld(0, ()))


def test_lay_offs_on_another_players_meld_are_credited_to_the_layer():
    # seat 1 lays JS off on seat 0's pair of jacks: the points are seat 1's,
    # the meld stays seat 0's
    a = ["JH", "JD", "7S", "2C", "3H", "QD", "10S"]
    b = ["KS", "JS", "3S", "QH", "5D", "8D", "4C"]
    given = dealt([a, b, C], stock=["9H", "6C"]) + [
        CardDrawn(0, "9H"), MeldLaid(0, "m1", "pair", ("JH", "JD"), 10), CardDiscarded(0, 2, "2C"),
        CardDrawn(1, "6C")]
    events = when(given, LayOff(1, "m1", ("JS",)))
    assert events == [CardsLaidOff(1, "m1", ("JS",), 20)]
    hand = fold(given + events).hand
    assert hand.points == (10, 20, 0)
    assert (hand.table[0].owner, hand.table[0].kind, hand.table[0].cards) == (0, "set", ("JS", "JH", "JD"))


def test_a_run_is_extended_at_both_ends_in_one_lay_off():
    given = A_DREW + [MeldLaid(0, "m1", "run", ("7S", "8S", "9S"), 30)]
    with pytest.raises(err.InvalidLayoff):
        when(given, LayOff(0, "m1", ("5S", "10S")))  # 5S..10S would miss 6S
    c = ["5H", "10D", "9D", "4D", "2D", "KC", "QC"]
    given = dealt([["9S", "8S", "7S", "6S", "10S", "QD", "3H"], B, c], stock=["2H"])
    given += [CardDrawn(0, "2H"), MeldLaid(0, "m1", "run", ("7S", "8S", "9S"), 30)]
    assert when(given, LayOff(0, "m1", ("6S", "10S"))) == [CardsLaidOff(0, "m1", ("6S", "10S"), 90)]
    state = fold(given + when(given, LayOff(0, "m1", ("6S", "10S"))))
    assert state.hand.table[0].cards == ("6S", "7S", "8S", "9S", "10S")


def test_a_pair_grows_into_a_set_on_the_table():
    given = A_DREW + [MeldLaid(0, "m1", "run", ("7S", "8S", "9S"), 30), CardDiscarded(0, 2, "JH"),
                      CardDrawn(1, "6C"), MeldLaid(1, "m2", "pair", ("JD", "JC"), 10)]
    events = when(given, LayOff(1, "m2", ("JS",)))
    assert events == [CardsLaidOff(1, "m2", ("JS",), 20)]
    meld = fold(given + events).hand.table[1]
    assert (meld.kind, meld.cards) == ("set", ("JS", "JD", "JC"))


def test_a_two_deck_set_may_repeat_a_card():
    hands = [["7H", "7H", "7S", "2C", "3C", "9D", "KD"], ["2S", "3S", "4D", "5D", "9C", "10C", "JC"],
             ["2H", "3H", "4H", "5H", "9H", "10H", "JH"], ["2D", "3D", "4S", "5S", "9S", "10S", "JS"]]
    given = dealt(hands, stock=["QC"], decks=2) + [CardDrawn(0, "QC")]
    assert when(given, Meld(0, ("7H", "7H", "7S"))) == [MeldLaid(0, "m1", "set", ("7S", "7H", "7H"), 30)]


def test_special_melds_are_laid_whole_and_never_extended():
    special = ["KS", "JS", "9S", "7S", "5S", "3S"]
    b = ["KH", "JH", "3D", "QH", "JD", "8D", "JC"]
    given = dealt([special + ["QS"], b, ["6S", "10D", "9D", "4D", "2D", "KC", "QC"]], stock=["4H"])
    given += [CardDrawn(0, "4H")]
    events = when(given, Meld(0, tuple(special)))
    assert events == [MeldLaid(0, "m1", "special", ("3S", "5S", "7S", "9S", "JS", "KS"), 700)]
    with pytest.raises(err.InvalidLayoff):
        when(given + events, LayOff(0, "m1", ("QS",)))


def test_laying_off_on_a_meld_that_is_not_there():
    with pytest.raises(err.NoSuchMeld):
        when(A_DREW, LayOff(0, "m1", ("10S",)))


def test_an_invalid_lay_off_is_refused():
    given = A_DREW + [MeldLaid(0, "m1", "run", ("7S", "8S", "9S"), 30)]
    with pytest.raises(err.InvalidLayoff):
        when(given, LayOff(0, "m1", ("QD",)))
