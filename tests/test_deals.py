"""Deals: the seed expansion, the commitment of docs/api.md, and explicit decks."""

import hashlib
from collections import Counter

from domain.kernel.cards import full_pack
from domain.kernel.deals import commitment, explicit_deal, random_deal, seeded_deal, shuffled


def test_commitment_is_sha256_of_salt_colon_deck():
    deck = ("9S", "KS", "6S")
    expected = hashlib.sha256("abc:9S,KS,6S".encode()).hexdigest()
    assert commitment(deck, "abc") == expected
    assert expected == expected.lower() and len(expected) == 64


def test_a_seed_always_gives_the_same_deal_and_different_seeds_differ():
    assert seeded_deal(2, b"\x01" * 32) == seeded_deal(2, b"\x01" * 32)
    assert seeded_deal(2, b"\x01" * 32).deck != seeded_deal(2, b"\x02" * 32).deck


def test_a_shuffle_is_a_permutation_of_the_pack():
    for decks in (1, 2):
        deal = random_deal(decks)
        assert Counter(deal.deck) == Counter(full_pack(decks))
        assert len(deal.salt) == 32


def test_the_shuffle_is_not_biased_towards_keeping_cards_in_place():
    # every card lands in the first place about as often (52 cards, 5200 deals)
    firsts = Counter(shuffled(full_pack(1), i.to_bytes(4, "big"))[0] for i in range(5200))
    assert len(firsts) == 52 and max(firsts.values()) < 170 and min(firsts.values()) > 40


def test_fresh_deals_are_unpredictable():
    assert random_deal(1) != random_deal(1)
    assert explicit_deal(full_pack(1)).salt != explicit_deal(full_pack(1)).salt
