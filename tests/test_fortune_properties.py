"""Property tests: hundreds of random Fortune games of 2-8 players through the
engine (domain.selfplay.bot_game), random and greedy bots; invariants checked
after every single event."""

from collections import Counter

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from domain import registry
from domain.fortune.actions import legal_actions
from domain.fortune.commands import Draw
from domain.fortune.decide import decide
from domain.fortune.events import HandEnded, HandStarted, StockRenewed
from domain.fortune.evolve import evolve, fold
from domain.fortune.rules import Rules
from domain.fortune.snapshot import from_data, to_data
from domain.fortune.state import ENDED, INITIAL
from domain.kernel.cards import full_pack
from domain.selfplay import bot_game

VARIANT = registry.named("fortune")


def cards_everywhere(state) -> Counter:
    h = state.hand
    places = Counter(h.stock)
    places.update(h.pile)
    for cards in h.hands:
        places.update(cards)
    for meld in h.table:
        places.update(meld.cards)
    return places


class Checker:
    def __init__(self):
        self.log = []
        self.state = INITIAL
        self.actions_this_hand = 0
        self.seen = Counter()

    def __call__(self, command, events, state_after):
        if command is not None:
            self.actions_this_hand += 1
            assert self.actions_this_hand < 5000, "every hand ends"
        for event in events:
            before = self.state.version
            self.state = evolve(self.state, event)
            self.seen[type(event).__name__] += 1
            assert self.state.version == before + 1, "versions have no gaps"
            self.log.append(event)
            if self.state.hand is not None:
                assert cards_everywhere(self.state) == Counter(full_pack(2)), "every card in exactly one place"
                for meld in self.state.hand.table:
                    assert meld.shape.kind in ("set", "run") and len(meld.cards) >= 3
                    assert meld.shape.kind == "run" or len(meld.cards) <= 4
            if isinstance(event, HandStarted):
                self.actions_this_hand = 0
            if isinstance(event, StockRenewed):
                assert isinstance(command, Draw)
        assert self.state == state_after, "folding event by event equals the batch's state"


games = st.fixed_dictionaries({
    "policies": st.integers(2, 8).flatmap(lambda n: st.lists(st.sampled_from(["random", "greedy"]),
                                                              min_size=n, max_size=n)),
    "seed": st.integers(0, 2**32),
    "rules": st.builds(Rules, hands=st.integers(1, 3), stock_renewals=st.integers(0, 3)),
})


@settings(max_examples=200, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(games)
def test_random_games_keep_every_invariant(game):
    check = Checker()
    final = bot_game(game["policies"], game["rules"], game["seed"], on_step=check, variant="fortune")
    assert final.status == "finished"
    assert fold(check.log) == final, "folding the whole log equals folding it step by step"
    assert final.version == len(check.log)
    ended = [e for e in check.log if isinstance(e, HandEnded)]
    assert len(ended) == game["rules"].hands
    sums = tuple(sum(e.results[s].total for e in ended) for s in range(len(game["policies"])))
    assert sums == final.totals, "totals equal the sum of hand results"
    for e in ended:
        for r in e.results:
            assert r.total == r.melded - r.penalty and r.penalty >= 0
        if e.reason == "out":
            assert any(r.cards_left == 0 for r in e.results)
    cut = len(check.log) // 2
    middle = fold(check.log[:cut])
    assert from_data(to_data(middle)) == middle, "a snapshot folds back to its state"
    assert fold(check.log[cut:], middle) == final


@settings(max_examples=60, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(games)
def test_every_legal_action_is_accepted(game):
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

    bot_game(game["policies"], game["rules"], game["seed"], on_step=check, variant="fortune")


@settings(max_examples=40, deadline=None, derandomize=True)
@given(st.integers(0, 2**32), st.integers(2, 8))
def test_greedy_games_to_500_end_with_a_sole_leader_at_the_target(seed, players):
    state = bot_game(["greedy"] * players, Rules(), seed, variant="fortune")
    top = max(state.totals)
    assert top >= 500 and state.totals.count(top) == 1
    assert state.winners == (state.totals.index(top),)


def test_the_rarer_events_happen_along_the_way():
    seen = Counter()
    for seed in range(30):
        check = Checker()
        bot_game(["random", "greedy", "random", "greedy", "random"][: 2 + seed % 4], Rules(hands=1), seed,
                 on_step=check, variant="fortune")
        seen += check.seen
    assert seen["PileTaken"] and seen["StockRenewed"] and seen["CardsLaidOff"]


def test_a_seeded_game_is_the_same_game_every_time():
    logs = []
    for _ in range(2):
        log = []
        bot_game(["random", "greedy", "random"], Rules(hands=2), 1234,
                 on_step=lambda c, e, s, log=log: log.extend(e), variant="fortune")
        logs.append(log)
    assert logs[0] == logs[1]


def test_a_replay_transcript_tells_the_hand():
    log = []
    bot_game(["greedy", "greedy"], Rules(hands=1), 7, on_step=lambda c, e, s: log.extend(e), variant="fortune")
    from domain.kernel.eventdata import event_type, to_data
    state = INITIAL
    frames = []
    for version, event in enumerate(log, start=1):
        state = evolve(state, event)
        if state.hand is not None:
            frames.append({"version": version, "event": {"type": event_type(event), "data": to_data(event)},
                           "state": VARIANT.replay_state(state)})
    text = VARIANT.transcript({"hand": 0, "players": ["P0", "P1"], "frames": frames})
    assert text.startswith("Hand 1.") and "melds" in text and "P0:" in text
