"""A replay's narration: given a hand's events, when replayed, then every frame
has one line telling its event, in the transcript's words, from that event and
the ones before it only (projections/replay.py, each variant's transcript.py)."""

import json
import re
from types import SimpleNamespace

from domain import registry
from domain.fortune import commands as fortune
from domain.fortune.rules import Rules as FortuneRules
from domain.gin import commands as gin
from domain.gin.rules import Rules as GinRules
from domain.iceberg.rules import Rules as IcebergRules
from domain.kernel.eventdata import event_type, to_data
from domain.kernel.narration import one_line, plain_line
from domain.selfplay import bot_game
from projections.replay import replay_and_end
from tests.fortune_builders import dealt as fortune_dealt
from tests.fortune_builders import fold as fortune_fold
from tests.fortune_builders import then
from tests.gin_builders import after
from tests.test_gin_rules import BOB_MELDS, WORKED
from tests.worked_example import TURNS, given_deal

AT = "2026-11-22T12:00:00.000Z"
CARD = re.compile(r"\b(?:10|[2-9AJQK])[SHDC]\b")


def replayed(name: str, events: list) -> dict:
    """The replay of the hand in `events` (a log from GameCreated), built as the
    worker builds it and read back as the API serves it."""
    variant = registry.named(name)
    start = next(i for i, e in enumerate(events) if event_type(e) == "HandStarted")
    document, _ = replay_and_end(variant.fold(events[:start]), as_stored(events)[start:], 0)
    return json.loads(json.dumps(document))


def as_stored(events: list) -> list[SimpleNamespace]:
    """The events of a log from GameCreated as the store gives them back."""
    return [SimpleNamespace(version=v, type=event_type(e), data=to_data(e), at=AT)
            for v, e in enumerate(events, start=1)]


def lines_of(replay: dict) -> dict[str, list[str]]:
    """Each event type's lines, in order."""
    found = {}
    for frame in replay["frames"]:
        found.setdefault(frame["event"]["type"], []).append(frame["narration"])
    return found


def cards_carried(value) -> set[str]:
    if isinstance(value, str):
        return {value} if CARD.fullmatch(value) else set()
    if isinstance(value, dict):
        value = list(value.values())
    if isinstance(value, list):
        return set().union(set(), *map(cards_carried, value))
    return set()


def assert_told_frame_by_frame(name: str, replay: dict, also_known=lambda kind, earlier: set()):
    """One line per frame, none empty, each a sentence naming no card that its
    event does not carry (but what `also_known` allows, from earlier frames)."""
    frames = replay["frames"]
    assert [f["narration"] for f in frames] == registry.named(name).narrate(replay)
    for i, frame in enumerate(frames):
        line, kind, data = frame["narration"], frame["event"]["type"], frame["event"]["data"]
        assert line.strip() and line.endswith(".") and "\n" not in line, line
        if kind != "HandStarted":  # it carries the whole deck
            named = set(CARD.findall(line))
            assert named <= cards_carried(data) | also_known(kind, frames[:i]), (kind, line)


# --- Iceberg: the worked example (docs/rules/iceberg.md) -------------------------------------

def iceberg_hand() -> list:
    events = given_deal()
    state = registry.named("iceberg").fold(events)
    for command in TURNS:
        more, state = registry.named("iceberg").decide(state, command)
        events += more
    return events


def test_iceberg_every_frame_is_told_from_its_own_event():
    replay = replayed("iceberg", iceberg_hand())
    assert_told_frame_by_frame("iceberg", replay)
    lines = lines_of(replay)
    assert lines["HandStarted"] == ["Hand 1. A, B, C at the table; A plays first."]
    assert lines["CardDrawn"][0] == "A draws 3C."
    assert lines["CardPickedUp"][0] == "C picks up JH."
    assert lines["AceRevealed"][0] == "A places AD face up."
    assert lines["MeldLaid"][0] == "A melds 7S 8S 9S for 30."
    assert lines["CardsLaidOff"] == ["C lays JH off on B's pair for 20.", "C lays 6S off on A's run for 40."]
    assert lines["CardDiscarded"][0] == "A passes JH to C."  # the transcript says "a card"; the frame names it
    assert lines["HandEnded"] == [
        "A goes out and the hand ends. A: melded 50, 0 cards left, playable 0, 1 ace: +100; "
        "B: melded 10, 5 cards left, playable 80, 0 aces: -120; "
        "C: melded 60, 5 cards left, playable 20, 1 ace: -20."]


def test_iceberg_transcript_is_unchanged_by_the_narration():
    replay = replayed("iceberg", iceberg_hand())
    commitment = replay["frames"][0]["event"]["data"]["deck_commitment"]
    assert registry.named("iceberg").transcript(replay) == (
        f"Hand 1. A, B, C at the table; A plays first. Deck commitment {commitment}.\n"
        "A draws 3C, places AD face up, melds 7S 8S 9S for 30, passes a card to C.\n"
        "B draws 6C, melds JD JC for 10, passes a card to A.\n"
        "C picks up JH, draws AC, places AC face up, lays JH off on B's pair for 20, "
        "lays 6S off on A's run for 40, passes a card to B.\n"
        "A picks up 8D, draws QS, melds 3H 3C for 10, melds QS QD for 10, passes a card to C.\n"
        "A goes out and the hand ends.\n"
        "  A: melded 50, 0 cards left, playable 0, 1 ace: +100\n"
        "  B: melded 10, 5 cards left, playable 80, 0 aces: -120\n"
        "  C: melded 60, 5 cards left, playable 20, 1 ace: -20\n")


def test_who_went_out_is_the_last_to_act_before_the_end_not_after_it():
    """A frame after HandEnded (the game's end) changes nothing in the ending's line."""
    replay = replayed("iceberg", iceberg_hand())
    ending = replay["frames"][-1]
    later = {"version": ending["version"] + 1, "state": ending["state"],
             "event": {"type": "SeatResigned", "data": {"seat": 1}}}
    lines = registry.named("iceberg").narrate({**replay, "frames": replay["frames"] + [later]})
    assert lines[-2] == ending["narration"] and lines[-2].startswith("A goes out")
    assert lines[-1] == "B resigns."


# --- Gin: an upcard passed twice, draws, discards, a knock, a show with lay-offs -------------

def gin_hand() -> list:
    show = gin.Show(0, (("QH", "QS", "QD"), ("5H", "6H", "7H")),
                    (gin.Layoff(0, ("4S",)), gin.Layoff(2, ("10C", "JC"))))
    return after(WORKED, gin.Pass(1), gin.Pass(0), gin.Draw(1, "stock"), gin.Discard(1, "9H"),
                 gin.Draw(0, "stock"), gin.Discard(0, "KH"), gin.Draw(1, "discard"),
                 gin.Knock(1, "KD", BOB_MELDS), show)


def knock_melds(kind: str, earlier: list) -> set[str]:
    """A show names the knocker's melds it lays off on: cards of the earlier Knocked."""
    if kind != "HandShown":
        return set()
    return {c for f in earlier if f["event"]["type"] == "Knocked" for m in f["event"]["data"]["melds"] for c in m}


def test_gin_every_frame_is_told_from_its_own_event_and_the_knock_before_it():
    replay = replayed("gin", gin_hand())
    assert_told_frame_by_frame("gin", replay, also_known=knock_melds)
    lines = lines_of(replay)
    assert lines["HandStarted"] == ["Hand 1. Ann deals; Bob is offered the upcard 2H."]
    assert lines["UpcardPassed"] == ["Bob passes the upcard.", "Ann passes the upcard."]
    assert lines["CardDrawn"] == ["Bob draws 9H from the stock.", "Ann draws KH from the stock.",
                                  "Bob draws KH from the discard pile."]
    assert lines["CardDiscarded"] == ["Bob discards 9H.", "Ann discards KH."]
    assert lines["Knocked"] == ["Bob knocks with 10 deadwood, discarding KD face down: "
                                "AS 2S 3S, 4H 4D 4C, 7C 8C 9C; deadwood KH."]
    assert lines["HandShown"] == ["Ann shows QS QH QD, 5H 6H 7H, lays off 4S on AS 2S 3S; "
                                  "10C JC on 7C 8C 9C; deadwood KC (10)."]
    assert lines["HandEnded"] == ["Undercut: the defender scores the difference and the undercut bonus. "
                                  "Ann: deadwood 10, scores 10 (bonus 10); Bob: deadwood 10, scores 0."]


def test_gin_transcript_is_the_narration_s_lines_with_the_deck_commitment():
    replay = replayed("gin", gin_hand())
    commitment = replay["frames"][0]["event"]["data"]["deck_commitment"]
    text = registry.named("gin").transcript(replay)
    assert text.startswith(f"Hand 1. Ann deals; Bob is offered the upcard 2H. Deck commitment {commitment}.\n")
    assert "Bob passes the upcard.\nAnn passes the upcard.\nBob draws 9H from the stock.\n" in text
    assert text.endswith("Undercut: the defender scores the difference and the undercut bonus.\n"
                         "  Ann: deadwood 10, scores 10 (bonus 10)\n  Bob: deadwood 10, scores 0\n")


# --- Fortune: draws, melds with a deuce, lay-offs, discards, going out ------------------------

A = ["5S", "6S", "7S", "9S", "10S", "JS", "QH", "KH", "AH", "2C", "4D"]
B = ["8H", "8D", "JS", "3C", "3D", "2H", "10C", "AS", "KS", "6H", "7D"]


def fortune_hand() -> list:
    """A draws JH, melds and lays a deuce off, discards; B draws and discards;
    A draws 4S and melds and lays off every card left: out."""
    given = fortune_dealt([A, B], "9H", stock=["JH", "5D", "4S"])
    turns = (fortune.Draw(0), fortune.Meld(0, ("5S", "6S", "7S")), fortune.LayOff(0, "m1", ("2C",), ("8S",)),
             fortune.Discard(0, "4D"),
             fortune.Draw(1), fortune.Discard(1, "5D"),
             fortune.Draw(0), fortune.Meld(0, ("9S", "10S", "JS")), fortune.Meld(0, ("JH", "QH", "KH", "AH")),
             fortune.LayOff(0, "m1", ("4S",)))
    for command in turns:
        given = then(given, command)
    return given


def test_fortune_every_frame_is_told_from_its_own_event():
    replay = replayed("fortune", fortune_hand())
    assert_told_frame_by_frame("fortune", replay)
    lines = lines_of(replay)
    assert lines["HandStarted"] == ["Hand 1. A, B at the table; B deals, A plays first; 9H starts the pile."]
    assert lines["CardDrawn"] == ["A draws JH.", "B draws 5D.", "A draws 4S."]
    assert lines["MeldLaid"][0] == "A melds the run 5S 6S 7S (m1) for 15."
    assert lines["CardsLaidOff"] == ["A lays 2C (as 8S) off on m1 for 10.", "A lays 4S off on m1 for 5."]
    assert lines["CardDiscarded"] == ["A discards 4D.", "B discards 5D."]
    assert lines["HandEnded"] == ["A player's hand is empty: the hand ends. "
                                  "A: melded 100, 0 cards left costing 0: +100; B: melded 0, 11 cards left costing 90: -90."]


def test_fortune_transcript_is_unchanged_by_the_narration():
    replay = replayed("fortune", fortune_hand())
    commitment = replay["frames"][0]["event"]["data"]["deck_commitment"]
    assert registry.named("fortune").transcript(replay) == (
        f"Hand 1. A, B at the table; B deals, A plays first; 9H starts the pile. Deck commitment {commitment}.\n"
        "A draws JH, melds the run 5S 6S 7S (m1) for 15, lays 2C (as 8S) off on m1 for 10, discards 4D.\n"
        "B draws 5D, discards 5D.\n"
        "A draws 4S, melds the run 9S 10S JS (m2) for 30, melds the run JH QH KH AH (m3) for 40, "
        "lays 4S off on m1 for 5.\n"
        "A player's hand is empty: the hand ends.\n"
        "  A: melded 100, 0 cards left costing 0: +100\n"
        "  B: melded 0, 11 cards left costing 90: -90\n")


def stock_renewed_hand() -> list:
    """Eight seats (a stock of 15) that each draw and discard until the stock is
    empty, then the next draw turns the pile over (docs/rules/fortune.md)."""
    stock = ["3H", "4D", "5C", "6H", "7D", "8C", "9H", "10D", "JC", "KH", "4C", "5H", "6D", "7C", "8H"]
    given = fortune_dealt([[] for _ in range(8)], "9S", stock=stock)
    while (hand := fortune_fold(given).hand).stock:
        given = then(given, fortune.Draw(hand.turn))
        given = then(given, fortune.Discard(hand.turn, given[-1].card))  # what it drew
    return then(given, fortune.Draw(fortune_fold(given).hand.turn))


def test_a_renewed_stock_is_turned_over_by_the_seat_about_to_draw():
    replay = replayed("fortune", stock_renewed_hand())  # a hand still on: narrated all the same
    frames = replay["frames"]
    assert [f["event"]["type"] for f in frames[-2:]] == ["StockRenewed", "CardDrawn"]
    drawer = frames[-1]["event"]["data"]["seat"]
    assert frames[-2]["narration"] == f"{'ABCDEFGH'[drawer]} turns the pile over as a new stock of 15."
    assert registry.named("fortune").transcript(replay).endswith(
        f"{'ABCDEFGH'[drawer]} turns the pile over as a new stock of 15, draws 9S.\n")


# --- what every variant shares: the kernel's events and any event not worded yet -------------

def test_bookkeeping_events_get_a_plain_line_never_an_empty_one():
    names = ["Ann", "Bob"]
    deadline = "2026-11-22T12:05:00.000Z"
    assert plain_line("DeadlineSet", {"seat": 0, "deadline": deadline}, names) == \
        f"Ann has until {deadline} to play this turn."
    assert plain_line("DeadlineExtended", {"seat": 1, "deadline": deadline}, names) == \
        f"Bob extends the turn's deadline to {deadline}."
    assert plain_line("SeatForfeited", {"seat": 1}, names) == "Bob forfeits the game."
    assert plain_line("SeedContributed", {"seat": 1, "seed": "5eed"}, names) == "Bob: seed contributed."
    assert plain_line("DealsCommitted", {"commitment": "cd", "hands": 9, "supplied": [0]}, names) == \
        "Deals committed."


def test_a_deadline_in_any_variant_s_replay_is_told_and_its_transcript_skips_it():
    for name, hand in (("iceberg", iceberg_hand), ("gin", gin_hand), ("fortune", fortune_hand)):
        replay = replayed(name, hand())
        first = replay["frames"][0]
        seat = first["state"]["turn"]
        deadline = {"version": first["version"], "state": first["state"],
                    "event": {"type": "DeadlineSet", "data": {"seat": seat, "deadline": AT}}}
        timed = {**replay, "frames": replay["frames"][:1] + [deadline] + replay["frames"][1:]}
        lines = registry.named(name).narrate(timed)
        assert len(lines) == len(timed["frames"]) and all(lines)
        assert lines[1] == f"{replay['players'][seat]} has until {AT} to play this turn."
        assert registry.named(name).transcript(timed) == registry.named(name).transcript(replay)


def test_several_transcript_lines_become_one_narration_line():
    assert one_line(["The hand ends.", "  A: +10", "  B: -10"]) == "The hand ends. A: +10; B: -10."
    assert one_line(["Bob passes the upcard."]) == "Bob passes the upcard."


def _hands_of(name: str, rules, seed: int) -> list[tuple[object, list]]:
    """Each hand of a seeded bot game: the state before it and its events as
    stored (from its HandStarted to its HandEnded)."""
    log = []
    bot_game(["random", "greedy"], rules, seed, on_step=lambda c, e, s: log.extend(e), variant=name)
    variant, kept = registry.named(name), as_stored(log)
    starts = [i for i, e in enumerate(log) if event_type(e) == "HandStarted"]
    ends = [i for i, e in enumerate(log) if event_type(e) == "HandEnded"]
    return [(variant.fold(log[:start]), kept[start:end + 1]) for start, end in zip(starts, ends)]


def test_a_replay_is_told_alike_as_built_and_as_stored_and_ends_where_its_events_do():
    """The worker tells the transcript from the document it builds, not from
    the JSON it stores (which a reader gets): the two must give the same
    text. And the state it keeps for the next hand is the hand's fold."""
    games = (("iceberg", IcebergRules(hands=3)), ("gin", GinRules(max_hands=3)), ("fortune", FortuneRules(hands=2)))
    for name, rules in games:
        variant = registry.named(name)
        for seed in range(4):
            for number, (before, events) in enumerate(_hands_of(name, rules, seed)):
                document, end = replay_and_end(before, events, number)
                stored = json.loads(json.dumps(document))
                assert variant.transcript(document) == variant.transcript(stored), (name, seed, number)
                assert variant.narrate(document) == variant.narrate(stored)
                assert end == variant.fold((variant.event(e.type, e.data) for e in events), before)
