"""Property tests of Gin: hundreds of random 2-player games (random and greedy
bots, varied rules) through domain.selfplay.bot_game(..., variant="gin"), with
invariants checked after every single event."""

import json
import random
from collections import Counter

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from domain.gin import VARIANT
from domain.gin.actions import legal_actions
from domain.gin.cards import DECK, points
from domain.gin.decide import decide
from domain.gin.events import CardDrawn, GameEnded, HandEnded, HandShown, HandStarted, Knocked
from domain.gin.evolve import evolve, fold
from domain.gin.rules import Rules
from domain.gin.snapshot import from_data, to_data
from domain.gin.state import ENDED, INITIAL
from domain.gin.views import see
from domain.selfplay import bot_game

FULL = Counter(DECK)

games = st.fixed_dictionaries({
    "policies": st.lists(st.sampled_from(["random", "greedy"]), min_size=2, max_size=2),
    "seed": st.integers(0, 2**32),
    "rules": st.builds(Rules, target_score=st.sampled_from([10, 25, 50, 100]), max_hands=st.integers(1, 6),
                       knock_limit=st.sampled_from([0, 5, 10, 10, 10])),
})


def cards_everywhere(hand) -> Counter:
    places = Counter(hand.deck[hand.stock_pos:])
    for cards in hand.hands:
        places.update(cards)
    places.update(hand.discards)
    if hand.knock is not None:
        places.update(c for m in hand.knock.melds for c in m)
        places.update(hand.knock.deadwood)
        places[hand.knock.card] += 1
    if hand.shown is not None:
        places.update(c for m in hand.shown.melds for c in m)
        places.update(c for _, cards in hand.shown.layoffs for c in cards)
        places.update(hand.shown.deadwood)
    return places


class Checker:
    """Follows a game event by event and checks the invariants as it goes."""

    def __init__(self):
        self.log = []
        self.state = INITIAL
        self.actions_this_hand = 0
        self.knock = self.shown = None

    def __call__(self, command, events, state_after):
        if command is not None:
            self.actions_this_hand += 1
            assert self.actions_this_hand < 3000, "every hand ends"
        for event in events:
            before = self.state
            self.state = evolve(before, event)
            assert self.state.version == before.version + 1, "versions have no gaps"
            self.log.append(event)
            self.check_event(before, event)
        assert self.state == state_after, "folding event by event equals the batch's state"

    def check_event(self, before, event):
        state, hand = self.state, self.state.hand
        if hand is not None:
            assert cards_everywhere(hand) == FULL, "every card is in exactly one place"
            assert hand.stock >= 2, "the stock never goes below the wall"
            assert sum(len(h) for h in hand.hands) in (20, 21) or hand.knock is not None
        if isinstance(event, HandStarted):
            self.actions_this_hand = 0
            self.knock = self.shown = None
            if before.hand is not None:
                assert event.dealer == 1 - before.hand.dealer, "the deal alternates"
        elif isinstance(event, CardDrawn) and event.source == "discard":
            assert event.card == before.hand.discards[-1]
        elif isinstance(event, Knocked):
            assert event.deadwood_points <= state.rules.knock_limit
            assert event.deadwood_points == points(event.deadwood) and event.gin == (event.deadwood_points == 0)
            assert event.card != before.hand.taken, "the taken card is never thrown back"
            self.knock = event
        elif isinstance(event, HandShown):
            assert event.deadwood_points == points(event.deadwood)
            assert not (self.knock.gin and event.layoffs), "no lay-offs on gin"
            self.shown = event
        elif isinstance(event, HandEnded):
            self.check_hand_end(before, event)
        elif isinstance(event, GameEnded):
            self.check_game_end(event)

    def check_hand_end(self, before, event):
        scores = [r.score for r in event.results]
        if event.reason == "wall":
            assert before.hand.stock == 2 and self.knock is None and scores == [0, 0]
            return
        k, s = self.knock, self.shown
        rules = self.state.rules
        knocker, defender = event.results[k.seat], event.results[1 - k.seat]
        assert (knocker.deadwood, defender.deadwood) == (k.deadwood_points, s.deadwood_points)
        if k.gin:
            assert event.reason == "gin" and knocker.score == s.deadwood_points + rules.gin_bonus
        elif k.deadwood_points < s.deadwood_points:
            assert event.reason == "knock" and knocker.score == s.deadwood_points - k.deadwood_points
        else:
            assert event.reason == "undercut"
            assert defender.score == k.deadwood_points - s.deadwood_points + rules.undercut_bonus
        assert min(scores) == 0 and max(scores) > 0, "exactly one player scores a played-out hand"

    def check_game_end(self, event):
        rules, state = self.state.rules, self.state
        ended = [e for e in self.log if isinstance(e, HandEnded)]
        sums = tuple(sum(e.results[s].score for e in ended) for s in (0, 1))
        assert event.points == sums, "the points are the sum of the hands' scores"
        won = tuple(sum(1 for e in ended if e.results[s].score > 0) for s in (0, 1))
        for s, b in enumerate(event.bonuses):
            assert b.hands_won == won[s] and b.line == rules.line_bonus * won[s]
            assert event.totals[s] == sums[s] + b.line + b.game + b.shutout, "totals = points + bonuses"
        if event.reason == "target":
            assert max(sums) >= rules.target_score
        else:
            assert len(ended) == rules.max_hands and max(sums) < rules.target_score
        assert event.winners == tuple(s for s in (0, 1) if event.totals[s] == max(event.totals))
        assert state.totals == event.totals


@settings(max_examples=300, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(games)
def test_random_gin_games_keep_every_invariant(game):
    check = Checker()
    final = bot_game(game["policies"], game["rules"], game["seed"], on_step=check, variant="gin")
    assert final.status == "finished" and final.turn_seat is None and not final.needs_deal
    assert fold(check.log) == final, "folding the whole log equals folding it step by step"
    assert VARIANT.fold(check.log) == final
    assert final.version == len(check.log)
    cut = len(check.log) // 2
    assert fold(check.log[cut:], fold(check.log[:cut])) == final, "a fold from any point on gives the same state"
    assert isinstance(check.log[-1], GameEnded)


@settings(max_examples=60, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(games)
def test_every_listed_action_is_accepted_and_views_hide_the_other_hand(game):
    rng = random.Random(game["seed"])

    def check(command, events, state):
        if state.hand is None or state.hand.phase == ENDED:
            return
        seat = state.hand.turn
        actions = legal_actions(state, seat)
        assert actions, "the seat to move always has something to do"
        for action in actions:
            decide(state, action)  # raises if the listing offered an illegal move
        assert legal_actions(state, 1 - seat) == []
        for s in (0, 1):
            view = see(state, s)
            assert view.hand == state.hand.hands[s]
            assert view.knock is None or view.knock.card is None or view.knock.seat == s
            assert set(view.hand).isdisjoint(state.hand.hands[1 - s])
        if rng.random() < 0.1:  # snapshots fold back to the same state, through JSON
            assert from_data(json.loads(json.dumps(to_data(state)))) == state

    bot_game(game["policies"], game["rules"], game["seed"], on_step=check, variant="gin")


def test_a_seeded_game_is_the_same_game_every_time():
    logs = []
    for _ in range(2):
        log = []
        bot_game(["random", "greedy"], Rules(max_hands=3), 1234, variant="gin",
                 on_step=lambda c, e, s, log=log: log.extend(e))
        logs.append(log)
    assert logs[0] == logs[1]


def test_greedy_beats_random_and_games_to_100_end():
    wins = Counter()
    for seed in range(10):
        final = bot_game(["greedy", "random"], Rules(), seed, variant="gin")
        assert final.status == "finished"
        wins[final.winners] += 1
    assert wins[(0,)] >= 8
