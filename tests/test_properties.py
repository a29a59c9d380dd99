"""Property tests: many random games of 2-6 players, random and greedy bots, all
rule options; invariants are checked after every single event."""

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from domain.iceberg.actions import legal_actions
from domain.iceberg.decide import decide
from domain.iceberg.events import HandEnded
from domain.iceberg.evolve import fold
from domain.iceberg.rules import Rules
from domain.iceberg.state import ENDED
from domain.selfplay import bot_game
from tests.invariants import Checker

games = st.fixed_dictionaries({
    "policies": st.integers(2, 6).flatmap(lambda n: st.lists(st.sampled_from(["random", "greedy"]),
                                                              min_size=n, max_size=n)),
    "seed": st.integers(0, 2**32),
    "rules": st.builds(Rules, ace_rule=st.sampled_from(["multiplier", "bonus"]),
                       decks=st.sampled_from(["auto", 1, 2]), hands=st.integers(1, 3)),
})


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(games)
def test_random_games_keep_every_invariant(game):
    check = Checker()
    final = bot_game(game["policies"], game["rules"], game["seed"], on_step=check)
    assert final.status == "finished"
    assert fold(check.log) == final, "folding the whole log equals folding it step by step"
    assert final.version == len(check.log)
    ended = [e for e in check.log if isinstance(e, HandEnded)]
    assert len(ended) == game["rules"].hands
    sums = tuple(sum(e.results[s].total for e in ended) for s in range(len(game["policies"])))
    assert sums == final.totals, "totals equal the sum of hand results"
    # a fold from any point onwards (a snapshot plus its tail) gives the same state
    cut = len(check.log) // 2
    assert fold(check.log[cut:], fold(check.log[:cut])) == final


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(games)
def test_every_legal_action_is_accepted_and_nothing_else_is_needed(game):
    """Along random games, every action legal_actions lists is accepted by decide."""
    def check(command, events, state):
        if state.hand is None or state.hand.phase == ENDED:
            return
        seat = state.hand.turn
        actions = legal_actions(state, seat)
        assert actions, "the seat to move always has something to do"
        for action in actions:
            decide(state, action)  # raises if the listing offered an illegal move
        for other in range(len(state.players)):
            if other != seat:
                assert legal_actions(state, other) == []

    bot_game(game["policies"], game["rules"], game["seed"], on_step=check)


@settings(max_examples=20, deadline=None)
@given(st.integers(0, 2**32), st.integers(2, 6))
def test_target_games_with_greedy_bots_end_when_a_sole_leader_reaches_it(seed, players):
    state = bot_game(["greedy"] * players, Rules(target_score=300), seed)
    top = max(state.totals)
    assert top >= 300 and state.totals.count(top) == 1
    assert state.winners == (state.totals.index(top),)


def test_a_seeded_game_is_the_same_game_every_time():
    logs = []
    for _ in range(2):
        log = []
        bot_game(["random", "greedy", "random"], Rules(hands=2), 1234, on_step=lambda c, e, s, log=log: log.extend(e))
        logs.append(log)
    assert logs[0] == logs[1]
