"""The command language of play by mail (domain/kernel/wording.py) round-trips:
for every registered variant (whatever is registered when the test runs) and
every legal action offered in random games, the action's line reads back as the
same body; lines as people type them read as the bodies they mean; a line that
is no move says why."""

import random

import pytest

from domain import registry
from domain.engine import legal_bodies
from domain.kernel.wording import Unreadable, line_of, read_line
from domain.selfplay import bot_game

GAMES, STEPS = 3, 400  # per variant: a few random games, each cut after this many actions


class _Enough(Exception):
    pass


def offered_bodies(name: str, seed: int) -> list[dict]:
    """Every legal body offered to the seat to move, along a random bots' game (cut short)."""
    variant = registry.named(name)
    policies = ["greedy"] * max(2, variant.players[0])
    found, steps = [], [0]

    def step(command, events, state):
        steps[0] += 1
        if steps[0] > STEPS:
            raise _Enough
        if state.turn_seat is not None:
            found.extend(legal_bodies(state, state.turn_seat))

    try:
        bot_game(policies, variant.rules({}), seed, on_step=step, variant=name)
    except _Enough:
        pass
    return found


@pytest.mark.parametrize("name", sorted(registry.VARIANTS))
def test_every_legal_action_s_line_reads_back_as_the_same_body(name):
    commands = registry.named(name).commands
    seen_types = set()
    for seed in range(GAMES):
        for body in offered_bodies(name, seed):
            line = line_of(commands, body)
            assert read_line(commands, line) == body, (line, body)
            assert "\n" not in line
            seen_types.add(body["type"])
    assert seen_types, f"{name}: no legal action was offered"


@pytest.mark.parametrize("name", sorted(registry.VARIANTS))
def test_random_bodies_of_every_declared_type_round_trip(name):
    """Bodies of every action type the variant declares, with random values of each
    parameter's shape (also those no game offered, and kinds this module has no words for)."""
    rng = random.Random(7)
    commands = registry.named(name).commands
    cards = ["7H", "10S", "QD", "AC", "2H"]
    values = {"card": lambda: rng.choice(cards), "pile": lambda: rng.choice(["stock", "discard"]),
              "meld": lambda: f"m{rng.randint(1, 9)}", "cards": lambda: rng.sample(cards, rng.randint(1, 3)),
              "wild": lambda: rng.sample(cards, rng.randint(0, 2)),
              "melds": lambda: [rng.sample(cards, 3) for _ in range(rng.randint(0, 2))],
              "layoffs": lambda: [{"meld": rng.randint(0, 3), "cards": rng.sample(cards, 1)}
                                  for _ in range(rng.randint(0, 2))]}
    for _ in range(30):
        for action, cls in commands.items():
            body = {"type": action, **{p.key: values.get(p.kind, lambda: {"any": [1, "x y"]})() for p in cls.params}}
            assert read_line(commands, line_of(commands, body)) == body


def test_lines_as_people_type_them():
    gin = registry.named("gin").commands
    assert read_line(gin, "Draw Discard") == {"type": "draw", "from": "discard"}
    assert read_line(gin, "discard 7h.") == {"type": "discard", "card": "7H"}
    assert read_line(gin, "knock 5c melds 8s 8h 8d, 10c jc qc") == {
        "type": "knock", "card": "5C", "melds": [["8S", "8H", "8D"], ["10C", "JC", "QC"]]}
    assert read_line(gin, "show layoffs 5S 6S on 0, 7H on 1") == {
        "type": "show", "melds": [], "layoffs": [{"meld": 0, "cards": ["5S", "6S"]}, {"meld": 1, "cards": ["7H"]}]}
    assert read_line(gin, 'knock {"card":"5C","melds":[]}') == {"type": "knock", "card": "5C", "melds": []}


@pytest.mark.parametrize("line, why", [
    ("", "an empty line"), ("dance", "not a move of this game"), ("discard", "needs a card"),
    ("discard 7H 8H", "does not take"), ("show layoffs 5S 0", "a lay-off is written"),
    ('knock {"card": ', "not JSON")])
def test_a_line_that_is_no_move_says_why(line, why):
    with pytest.raises(Unreadable, match=why):
        read_line(registry.named("gin").commands, line)


def test_a_variant_registered_later_gets_its_language_too():
    """A variant hosted after this module was written (the conformance suite's
    probe) reads back its every offered action, as the hosted ones do."""
    from tests.probe_variant import VARIANT

    with registry.hosting(VARIANT):
        commands = registry.named(VARIANT.name).commands
        bodies = offered_bodies(VARIANT.name, 1)
        assert bodies and all(read_line(commands, line_of(commands, b)) == b for b in bodies)


def test_a_parameter_kind_with_no_words_is_written_as_json_and_reads_back():
    from dataclasses import dataclass
    from typing import ClassVar

    from domain.kernel.bodies import Param

    @dataclass(frozen=True)
    class Play:  # a new variant's action, say: the whole table rearranged
        seat: int
        table: tuple
        card: str
        action: ClassVar[str] = "play"
        params: ClassVar[tuple] = (Param("table", "table", "table"), Param("card", "card", "card"))

    commands = {"play": Play}
    body = {"type": "play", "table": [{"id": "m1", "cards": ["7H", "8H", "9H"]}, {"id": None, "cards": []}],
            "card": "KS"}
    line = line_of(commands, body)
    assert line == 'play table [{"id":"m1","cards":["7H","8H","9H"]},{"id":null,"cards":[]}] KS'
    assert read_line(commands, line) == body
    assert read_line(commands, 'play table [] ks') == {"type": "play", "table": [], "card": "KS"}
