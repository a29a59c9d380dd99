"""What the conformance suite (tests/test_conformance.py) proves of a variant,
as functions: each takes games of the variant played at random to their end
(`simulate`) and raises AssertionError, naming the step, where a property does
not hold. Nothing here knows a variant: only its record (kernel/variant.py)
and the kernel, the projections and the audit that serve every variant.

Learned from OpenSpiel's random simulation tests (games_sim_test): play
random games to the end, bounded; check after every move; serialise and read
back along the way; at the end nobody has a legal action.
"""

import hashlib
import json
import random
from collections import Counter
from dataclasses import dataclass, replace
from datetime import datetime, timedelta, timezone
from types import SimpleNamespace

from domain import entries, registry
from domain.engine import bot_command, play
from domain.kernel import shuffle
from domain.kernel.bodies import command_of
from domain.kernel.deals import seeded_deal
from domain.kernel.errors import RuleViolation, violations
from domain.kernel.eventdata import event_type, from_data, to_data
from domain.kernel.events import HandEnded, HandStarted
from domain.kernel.narration import KERNEL_LINES, plain_line
from domain.kernel.players import CreateGame, Player
from domain.kernel.seats import Extend, Resign
from domain.kernel.telling import PHRASES
from domain.kernel.turns import TimeOut, iso, parse
from projections.audit.entries import chained
from projections.audit.export import export
from projections.audit.statements import checkpoint_message
from projections.audit.verify import verify
from projections.replay import replay_and_end
from tests.conformance_leaks import GAME_ID, nothing_leaks

START = datetime(2026, 1, 1, tzinfo=timezone.utc)
MOST_ACTIONS = 3000  # a game that has not ended by then fails "every game ends"
LISTED = 5  # listed actions tried at each step (the first, the last and some between)
UNIFORM = "uniform"  # a seat that plays any listed action, uniformly (OpenSpiel's random policy)


@dataclass
class Step:
    before: object  # the state the command was decided on (the variant's initial one for the creation)
    command: object
    actor: str  # as the store records it: "sys", "s<seat>" (a person), "b<seat>" (a bot), "to" (a timeout)
    at: datetime
    events: list
    after: object


@dataclass
class Game:
    variant: object
    steps: list
    dealer: object
    timed: bool

    @property
    def log(self) -> list:
        return [event for step in self.steps for event in step.events]

    @property
    def final(self):
        return self.steps[-1].after


class Revealing:
    """A dealer that knows the secret behind a game's committed deals (kernel/shuffle.py)."""

    def __init__(self, tip: str):
        self.tip = tip

    def __call__(self, decks: int):
        raise AssertionError("a game with committed deals is dealt by the protocol")

    def hand_secret(self, commitment: str, hands: int, hand: int) -> str:
        return shuffle.hand_secret(self.tip, hands, hand)


def simulate(variant, players: int, seed: int, timed: bool) -> Game:
    """A game of `players` seats played at random to its end. Untimed: bots of
    every policy and people choosing uniformly among the listed actions, two
    hands at most. Timed: people only, two hands at most, deals committed with
    a seat's seed, about one turn in six left to time out, a deadline
    extended, and the seat to move at the 60th action resigns (the game goes
    on with a bot in its seat, or ends if that leaves one seat)."""
    rng = random.Random(f"{variant.name}:{players}:{seed}:{timed}")
    policies = [UNIFORM, *sorted(variant.bots)]

    def bot(seat: int) -> str | None:
        policy = policies[(seat + seed) % len(policies)]
        return None if timed or policy == UNIFORM else policy

    seats = tuple(Player(f"P{seat}", bot(seat)) for seat in range(players))
    if timed:
        tip = hashlib.sha256(f"tip:{seed}".encode()).hexdigest()
        deals = shuffle.Deals(shuffle.commitment_of(tip), seeds=((0, "5eed" * 8),))
        dealer, rules = Revealing(tip), variant.rules({"max_hands": 2, "turn_timeout_s": 60, "extensions": 1})
    else:
        deals, rules = None, variant.rules({"max_hands": 2})
        dealer = lambda decks: seeded_deal(decks, rng.randbytes(32))  # noqa: E731
    at = START
    command = CreateGame(seats, rules, variant.name, deals)
    events, state = play(None, command, dealer, at)
    game = Game(variant, [Step(variant.initial, command, "sys", at, events, state)], dealer, timed)
    for _ in range(MOST_ACTIONS):
        seat = state.turn_seat
        if seat is None:
            return game
        at += timedelta(seconds=1)
        if state.players[seat].bot is not None:
            command, actor = bot_command(state, seat, state.players[seat].bot, rng), f"b{seat}"
        elif timed and len(game.steps) == 60:
            command, actor = Resign(seat), f"s{seat}"
        elif state.deadline is not None and not state.people.extensions[seat]:
            command, actor = Extend(seat), f"s{seat}"
        elif state.deadline is not None and rng.random() < 1 / 6:
            at = parse(state.deadline) + timedelta(milliseconds=1)
            command, actor = TimeOut(state.deadline), "to"
        else:
            command, actor = rng.choice(variant.legal_actions(state, seat)), f"s{seat}"
        events, after = play(state, command, dealer, at)
        game.steps.append(Step(state, command, actor, at, events, after))
        state = after
    raise AssertionError(f"{variant.name}: the game did not end within {MOST_ACTIONS} actions")


def _states(game: Game):
    """(event, state after it) for every event of the game, folded one by one."""
    variant, state = game.variant, game.variant.initial
    for event in game.log:
        state = variant.evolve(state, event)
        yield event, state


# --- the properties ---------------------------------------------------------------------------

def every_game_ends(game: Game) -> None:
    final, variant = game.final, game.variant
    assert final.status == "finished" and final.turn_seat is None and not final.needs_deal, "the game is over"
    assert event_type(game.log[-1]) == "GameEnded", "its last event is GameEnded"
    assert all(variant.legal_actions(final, seat) == [] for seat in range(len(final.players))), \
        "once the game is over nobody has a legal action"


def every_card_in_exactly_one_place(game: Game) -> None:
    """After every event, the places the variant says its cards are in hold
    the hand's deck, each card once (two decks: each code twice)."""
    for event, state in _states(game):
        if state.hand is None:
            continue
        places = game.variant.cards_in_play(state)
        names = [name for name, _, _ in places]
        assert len(names) == len(set(names)), f"places named twice: {names}"
        found = Counter(card for _, _, cards in places for card in cards)
        assert found == Counter(state.hand.deck), \
            f"after {event!r} (version {state.version}) the cards in play are not the deck: " \
            f"{sorted((found - Counter(state.hand.deck)).elements())} extra, " \
            f"{sorted((Counter(state.hand.deck) - found).elements())} missing"


def versions_without_gaps_and_one_fold(game: Game) -> None:
    """Each event moves the version on by one; each step's events fold to the
    state the engine gave; the whole log folds to the final state, and so does
    a fold from any point on (a snapshot and the events after it)."""
    variant, version = game.variant, 0
    for event, state in _states(game):
        assert state.version == version + 1, f"{event!r} moves the version from {version} to {state.version}"
        version = state.version
    for step in game.steps:
        assert variant.fold(step.events, step.before) == step.after, f"{step.command!r}: folding its events"
    log = game.log
    assert variant.fold(log) == game.final, "the whole log folds to the final state"
    for cut in (1, len(log) // 3, len(log) // 2, len(log) - 1):
        assert variant.fold(log[cut:], variant.fold(log[:cut])) == game.final, f"a fold from version {cut} on"


def _in_time(step: Step) -> datetime:
    """A moment the step's turn may be played at: its own, or just before the deadline it let pass."""
    if isinstance(step.command, TimeOut):
        return parse(step.command.deadline) - timedelta(milliseconds=1)
    return step.at


def _sample(listed: list) -> list:
    if len(listed) <= LISTED:
        return listed
    middle = random.Random(len(listed)).sample(listed[1:-1], LISTED - 2)
    return [listed[0], *middle, listed[-1]]


def listed_actions_accepted(game: Game) -> None:
    """The seat to move always has a legal action, every one listed is
    accepted, and no other seat has any."""
    variant = game.variant
    for step in game.steps[1:]:
        state, seat = step.before, step.before.turn_seat
        listed = variant.legal_actions(state, seat)
        assert listed, f"seat {seat} has nothing to do at version {state.version}"
        for other in range(len(state.players)):
            assert other == seat or variant.legal_actions(state, other) == [], \
                f"seat {other} has legal actions at version {state.version}, on seat {seat}'s turn"
        for command in _sample(listed):
            try:
                play(state, command, game.dealer, _in_time(step))
            except RuleViolation as e:
                raise AssertionError(f"{command!r}, listed at version {state.version}, is refused: {e.code}") from e


def _wrong_bodies(variant, state, seat: int) -> list[dict]:
    """Bodies of every action of the variant, each parameter given something
    the seat cannot have: a card it does not hold, a meld not on the table, a
    pile that is not one, nothing at all."""
    held = set(state.hand.hands[seat]) if state.hand is not None else set()
    stranger = next((c for c in state.hand.deck if c not in held), "AS") if state.hand is not None else "AS"
    values = {"card": stranger, "cards": [stranger], "meld": "m999", "pile": "nowhere", "wild": [stranger],
              "melds": [[stranger]], "layoffs": [{"meld": 99, "cards": [stranger]}]}
    bodies = []
    for action, cls in variant.commands.items():
        bodies.append({"type": action, **{p.key: values.get(p.kind, []) for p in cls.params}})
        bodies.append({"type": action, **{p.key: [] if p.kind != "card" else "1X" for p in cls.params}})
    return bodies


def illegal_actions_refused(game: Game) -> None:
    """An action of another seat, of a seat the game does not have, or with
    what the seat cannot play, is either legal after all or refused with a
    stable code (a rule violation the domain declares) and changes nothing."""
    variant, codes = game.variant, {cls.code for cls in violations()}
    for step in game.steps[1::3]:
        state, seat = step.before, step.before.turn_seat
        kept = json.dumps(variant.snapshot[0](state), sort_keys=True)
        listed = variant.legal_actions(state, seat)
        tries = [(replace(listed[0], seat=other), "not_your_turn") for other in range(len(state.players))
                 if other != seat and other not in state.people.withdrawn]
        tries.append((replace(listed[0], seat=len(state.players)), "no_such_seat"))
        for body in _wrong_bodies(variant, state, seat):
            try:
                tries.append((command_of(variant.commands, seat, body), None))
            except RuleViolation as e:
                assert e.code in codes, f"{body}: refused with the unknown code {e.code!r}"
        for command, code in tries:
            try:
                play(state, command, game.dealer, _in_time(step))
            except RuleViolation as e:
                assert e.code in codes and (code is None or e.code == code), \
                    f"{command!r} at version {state.version}: {e.code!r}, not {code!r}"
            else:
                assert code is None, f"{command!r} at version {state.version} is accepted"
        assert json.dumps(variant.snapshot[0](state), sort_keys=True) == kept, "a refusal changed the state"


def bots_choose_alike_on_equal_states(game: Game) -> None:
    """Every bot makes the same choice on a state and on an equal one read back
    from JSON (its cards other objects of the same codes), so a timed-out turn
    that the greedy bot played is played the same when the audit plays it again."""
    variant = game.variant
    to_data_, from_data_ = variant.snapshot
    for step in game.steps[1::2]:
        state, seat = step.before, step.before.turn_seat
        copy = from_data_(json.loads(json.dumps(to_data_(state))))
        for policy in sorted(variant.bots):
            ours = bot_command(state, seat, policy, random.Random(state.version))
            theirs = bot_command(copy, seat, policy, random.Random(state.version))
            assert ours == theirs, f"{policy} at version {state.version}: {ours!r} here, {theirs!r} on its copy"


def totals_are_the_hands(game: Game) -> None:
    """After each hand the totals are the sum of the hands' scores (each
    result's `scored` field); the game's end gives the totals the state keeps."""
    sums = None
    for event, state in _states(game):
        if isinstance(event, HandEnded):
            scores = tuple(getattr(r, r.scored) for r in event.results)
            sums = scores if sums is None else tuple(a + b for a, b in zip(sums, scores, strict=True))
            assert state.totals == sums, f"after hand {event.hand}: totals {state.totals}, hands {sums}"
        elif event_type(event) == "GameEnded":
            assert (state.totals, state.winners) == (event.totals, event.winners), "GameEnded's totals, winners"
    assert sums is not None or game.final.hands_played == 0, "hands were played"


def stored_forms_and_snapshots_round_trip(game: Game) -> None:
    """Every event is stored by its type's form and read back the same, and
    its data is read back the same through JSON; snapshots along the way
    (at each power of two of the steps) read back to their state."""
    variant = game.variant
    for event in game.log:
        form = entries.BY_TYPE.get(type(event))
        assert form is not None and form in variant.stored, f"{event!r}: no stored form of the variant's"
        back = entries.parts(entries.entry_bytes(form, to_data(event), 1, "s0", 0))
        assert from_data(back[0].type, back[4]) == event, f"{event!r} is not read back from its entry"
        assert from_data(type(event), json.loads(json.dumps(to_data(event)))) == event, f"{event!r} through JSON"
    to_data_, from_data_ = variant.snapshot
    n = 1
    while n < len(game.steps):
        state = game.steps[n].after
        assert from_data_(json.loads(json.dumps(to_data_(state)))) == state, f"snapshot at version {state.version}"
        n *= 2


#: event types every variant's transcript tells its own way (kernel/telling.py)
_STRUCTURE = {"GameCreated", "HandStarted", "HandEnded", "GameEnded", "StockRenewed"}


def _hands(game: Game):
    """(hand number, the state before it, its stored events) of every ended hand."""
    log, final, variant = game.log, game.final, game.variant
    stored = [SimpleNamespace(version=v, type=event_type(e), at=iso(START), data=to_data(e))
              for v, e in enumerate(log, start=1)]
    for number, (first, last) in enumerate(final.hand_spans):
        if last:
            yield number, variant.fold(log[:first - 1]), stored[first - 1:last], variant.fold(log[:last])


def every_event_told(game: Game) -> None:
    """Every event type of the variant has its words: the transcript tells
    each event (its phrase is in the hand's transcript, and so is the hand's
    end), the narration gives each frame one sentence and never the words of
    an event nobody worded, and a notice has a line for it."""
    variant, telling = game.variant, game.variant.telling
    for form in variant.events:
        assert form.name in _STRUCTURE | set(telling.phrases) | set(PHRASES), f"{form.name} has no phrase"
    for number, before, stored, _ in _hands(game):
        document, _ = replay_and_end(before, stored, number)
        text = variant.transcript(document)
        assert text.startswith(f"Hand {number + 1}."), text[:80]
        names, earlier = document["players"], []
        for frame in document["frames"]:
            kind, data, line = frame["event"]["type"], frame["event"]["data"], frame["narration"]
            assert line.strip() and line.endswith(".") and "\n" not in line, f"{kind}: {line!r}"
            if kind not in KERNEL_LINES and kind not in _STRUCTURE:
                assert line != plain_line(kind, data, names), f"{kind} is narrated by the fallback: {line!r}"
            phrase = telling.phrase(kind, data, names, earlier)
            assert phrase is None or phrase in text, f"the transcript does not tell {kind}: {phrase!r}"
            if kind == "HandEnded":
                assert all(line in text for line in telling.ending(names, data, earlier)), "the hand's end"
            if kind in {f.name for f in variant.events}:
                told = registry.notice_line(kind, data, lambda seat: f"seat {seat}")
                assert told != f"{kind}.", f"a notice tells {kind} by its type only"
            earlier.append((kind, data))


def replays_are_the_fold(game: Game) -> None:
    """A hand's replay, built from the state before it and its own events,
    shows at each frame the state the log folds to there, and ends where the
    hand does; its transcript reads the same from its stored JSON."""
    variant, log = game.variant, game.log
    for number, before, stored, end in _hands(game):
        document, last = replay_and_end(before, stored, number)
        assert last == end, f"hand {number}: the replay ends elsewhere than the fold"
        for frame in document["frames"]:
            state = variant.fold(log[:frame["version"]])
            assert frame["state"] == variant.replay_state(state), f"hand {number}, version {frame['version']}"
        stored_json = json.loads(json.dumps(document))
        assert variant.transcript(stored_json) == variant.transcript(document)
        assert variant.narrate(stored_json) == variant.narrate(document)


def export_verifies(game: Game, signer) -> list[str]:
    """The finished game's export (docs/audit.md), built as the server builds
    it from its log, passes `iceberg verify`: the chain, the signed
    checkpoints, the header, the deals, every action played again, the scores."""
    from service.app.signing import signature_holds

    variant, final = game.variant, game.final
    records, prev, hand = [], bytes(32), None
    version = 0
    for step in game.steps:
        ms = int((step.at - datetime(1970, 1, 1, tzinfo=timezone.utc)) / timedelta(milliseconds=1))
        for event in step.events:
            version += 1
            if isinstance(event, HandStarted):
                hand = event.hand
            data = to_data(event)
            e = entries.entry_bytes(entries.BY_TYPE[type(event)], data, ms, step.actor, hand)
            shown = {"version": version, "type": event_type(event), "at": iso(step.at), "data": data}
            records.append(chained(variant, shown, step.actor, hand, e, prev))
            prev = hashlib.sha256(prev + e).digest()
    hashes = {r["version"]: r["hash"] for r in records}
    due = [(n, last) for n, (_, last) in enumerate(final.hand_spans) if last] + [(None, final.version)]
    points = [{"hand": n, "version": v, "hash": hashes[v], "kid": signer.kid,
               "signature": signer.sign(checkpoint_message(GAME_ID, n, v, hashes[v]))} for n, v in due]
    document = export(GAME_ID, final, records, points, [signer.described()])
    assert document["complete"] and "unexplained" not in document, document.get("unexplained")
    return verify(json.loads(json.dumps(document)), signature_holds, {signer.kid: signer.public})


CHECKS = (every_game_ends, every_card_in_exactly_one_place, versions_without_gaps_and_one_fold,
          listed_actions_accepted, illegal_actions_refused, bots_choose_alike_on_equal_states,
          totals_are_the_hands, nothing_leaks,
          stored_forms_and_snapshots_round_trip, every_event_told, replays_are_the_fold)
