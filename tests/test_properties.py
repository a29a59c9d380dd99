"""Property tests: many random games of 2-6 players, random and greedy bots, all
rule options; invariants are checked after every single event."""

from collections import Counter

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from domain.actions import legal_actions
from domain.cards import full_pack
from domain.commands import Draw
from domain.decide import decide
from domain.events import HandEnded, HandStarted
from domain.evolve import evolve, fold
from domain.rules import Rules
from domain.selfplay import bot_game
from domain.state import ENDED, INITIAL

games = st.fixed_dictionaries({
    "policies": st.integers(2, 6).flatmap(lambda n: st.lists(st.sampled_from(["random", "greedy"]),
                                                              min_size=n, max_size=n)),
    "seed": st.integers(0, 2**32),
    "rules": st.builds(Rules, ace_rule=st.sampled_from(["multiplier", "bonus"]),
                       decks=st.sampled_from(["auto", 1, 2]), hands=st.integers(1, 3)),
})


def cards_everywhere(state) -> Counter:
    """Every card of the hand in play, wherever it is: each must be in one place."""
    h = state.hand
    places = Counter(h.deck[h.stock_pos:])
    for seat in range(len(state.players)):
        places.update(h.hands[seat])
        places.update(h.aces[seat])
    for meld in h.table:
        places.update(meld.cards)
    places.update(card for card in h.waiting if card is not None)
    return places


class Checker:
    """Follows a game event by event and checks the invariants as it goes."""

    def __init__(self):
        self.log = []
        self.state = INITIAL
        self.actions_this_hand = 0

    def __call__(self, command, events, state_after):
        if isinstance(command, Draw):
            assert self.state.hand.stock > 0, "the stock is never empty at a draw"
        if command is not None:
            self.actions_this_hand += 1
            assert self.actions_this_hand < 5000, "every hand ends"
        for event in events:
            before = self.state.version
            self.state = evolve(self.state, event)
            assert self.state.version == before + 1, "versions have no gaps"
            self.log.append(event)
            if self.state.hand is not None:
                assert cards_everywhere(self.state) == Counter(full_pack(self.state.decks))
            if isinstance(event, HandStarted):
                self.actions_this_hand = 0
        assert self.state == state_after, "folding event by event equals the batch's state"


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
