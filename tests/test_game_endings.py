"""Every game ends: max_hands for games nobody wins (a random-bot game with the
default rules ends by it) and EndGame for games nobody plays (abandoned), in
every variant."""

import random

import pytest

from domain import registry
from domain.engine import bot_move, play
from domain.kernel import errors as err
from domain.kernel.deals import seeded_deal
from domain.kernel.ending import EndGame
from domain.kernel.players import CreateGame, Player

VARIANTS = sorted(registry.VARIANTS)


def seeded_dealer(name: str):
    """Deals that depend on the seed and the hand's place only: the same game every run."""
    count = iter(range(10**6))
    return lambda decks: seeded_deal(decks, f"{name}:{next(count)}".encode())


def _created(variant: str, bots=("random", "random"), **rules):
    """Two seats of these bots (None: a person), more of the last kind where the variant seats more."""
    bots = tuple(bots) + (bots[-1],) * (registry.named(variant).players[0] - len(bots))
    players = tuple(Player(f"P{i}", bot) for i, bot in enumerate(bots))
    command = CreateGame(players, registry.named(variant).rules(rules), variant)
    return play(None, command, seeded_dealer(f"end:{variant}"))


@pytest.mark.parametrize("variant", VARIANTS)
def test_every_variant_has_max_hands_100_by_default(variant):
    option = next(o for o in registry.named(variant).options if o.name == "max_hands")
    assert option.default == 100


@pytest.mark.parametrize("variant", VARIANTS)
def test_an_all_random_bot_game_with_default_rules_finishes(variant):
    """Given two random bots and the default rules, when they play on, then the
    game ends: by max_hands if nobody reaches the target first."""
    events, state = _created(variant)
    rng, dealer = random.Random(7), seeded_dealer(f"bots:{variant}")
    while state.status != "finished":
        more, state = play(state, bot_move(state, rng), dealer)
        events += more
    ended = events[-1]
    assert type(ended).__name__ == "GameEnded"
    assert ended.reason in ("target", "max_hands")
    assert state.hands_played <= 100
    assert ended.reason == "target" or state.hands_played == 100


def test_two_random_bots_at_iceberg_with_default_rules_end_by_max_hands():
    """The game the issue saw at hand 537 after 11 minutes: random bots never
    reach 5000, so it is max_hands that ends it, after exactly 100 hands."""
    events, state = _created("iceberg")
    rng, dealer = random.Random(7), seeded_dealer("bots:iceberg")
    while state.status != "finished":
        more, state = play(state, bot_move(state, rng), dealer)
        events += more
    assert events[-1].reason == "max_hands" and state.hands_played == 100
    assert max(state.totals) < 5000
    assert events[-1].winners == tuple(s for s, t in enumerate(state.totals) if t == max(state.totals))


@pytest.mark.parametrize("variant", VARIANTS)
def test_a_game_of_max_hands_1_ends_after_its_first_hand(variant):
    events, state = _created(variant, max_hands=1)
    rng, dealer = random.Random(3), seeded_dealer("one")
    while state.status != "finished":
        more, state = play(state, bot_move(state, rng), dealer)
        events += more
    assert state.hands_played == 1
    assert events[-1].reason in ("max_hands", "target")


@pytest.mark.parametrize("variant", VARIANTS)
def test_an_abandoned_game_ends_mid_hand_with_no_winner(variant):
    """Given a game in its first hand, when EndGame(abandoned), then one GameEnded
    with reason abandoned and no winner; the game is over and takes no command."""
    _, state = _created(variant, bots=(None, None))
    events, after = play(state, EndGame("abandoned"))
    assert [type(e).__name__ for e in events] == ["GameEnded"]
    assert events[0].reason == "abandoned" and events[0].winners == ()
    assert after.status == "finished" and after.turn_seat is None and after.deadline is None
    with pytest.raises(err.GameOver):
        play(after, EndGame("abandoned"))


def test_endgame_takes_only_the_reasons_that_are_not_a_hands_result():
    _, state = _created("iceberg", bots=(None, None))
    for reason in ("target", "max_hands", "hands", "bored"):
        with pytest.raises(err.InvalidAction):
            play(state, EndGame(reason))
