"""A Kalooki game whose person opens with melds the listing never offers (any
opening is legal, the listing shows only the solver's best) still passes
`iceberg verify`: the audit reads the opening back from its events (the
variant's `declared`), as it reads any other move from its event."""

import random
from datetime import timedelta

import pytest

from domain import registry
from domain.engine import bot_command, play
from domain.kalooki.commands import Open
from domain.kalooki.plays import melds
from domain.kalooki.views import see
from domain.kernel.deals import seeded_deal
from domain.kernel.players import CreateGame, Player
from tests.conformance import START, Game, Step, export_verifies


@pytest.fixture(scope="module")
def signer(tmp_path_factory):
    from service.app.signing import Signer

    return Signer(str(tmp_path_factory.mktemp("signing")))


def _own_opening(state, seat):
    """The smallest meld of the hand as an opening (initial_meld 0), or None."""
    view = see(state, seat)
    if view.phase != "play" or view.opened[seat]:
        return None
    found = sorted(melds(view.hand, False), key=lambda m: (len(m[0]), m[0]))
    if not found:
        return None
    cards, wild = found[0]
    return Open(seat, ({"cards": list(cards), "wild": list(wild)},), False)


@pytest.mark.parametrize("seed", [1, 2])
def test_a_person_s_own_opening_verifies(signer, seed):
    variant, rng = registry.named("kalooki"), random.Random(seed)
    seats = (Player("Ann"), Player("Bot", "greedy"))
    dealer = lambda pack: seeded_deal(pack, rng.randbytes(32))  # noqa: E731
    command = CreateGame(seats, variant.rules({"initial_meld": 0, "max_hands": 2}), "kalooki", None)
    at = START
    events, state = play(None, command, dealer, at)
    game, own = Game(variant, [Step(variant.initial, command, "sys", at, events, state)], dealer, False), 0
    while state.turn_seat is not None:
        seat, at = state.turn_seat, at + timedelta(seconds=1)
        if seat == 1:
            command, actor = bot_command(state, seat, "greedy", rng), "b1"
        else:
            command, actor = _own_opening(state, seat), "s0"
            listed = variant.legal_actions(state, seat)
            if command is None or command in listed:
                command = rng.choice(listed)
            else:
                own += 1
        events, after = play(state, command, dealer, at)
        game.steps.append(Step(state, command, actor, at, events, after))
        state = after
    assert own >= 1
    lines = export_verifies(game, signer)
    assert any("signatures checked" in line for line in lines)
