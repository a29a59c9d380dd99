"""An Iceberg hand told in words, turn by turn, from its replay document
(projections/replay.py): who drew, placed, melded, laid off and passed, how
the hand ended and what each seat scored.

`narrate` tells the same hand one line per frame, for a viewer stepping
through them; both word each event with the same phrases below, so they
cannot tell it differently."""

from ..kernel.narration import game_over, one_line, plain_line


def transcript(replay: dict) -> str:
    names = replay["players"]
    lines, turn, actor = [], [], None
    owners = {}

    def close_turn():
        nonlocal turn, actor
        if turn:
            lines.append(f"{names[actor]} " + ", ".join(turn) + ".")
        turn, actor = [], None

    for frame in replay["frames"]:
        kind, data = frame["event"]["type"], frame["event"]["data"]
        seat = data.get("seat")
        if kind == "HandStarted":
            lines.append(f"{_started(names, data)} Deck commitment {data['deck_commitment']}.")
            continue
        if kind == "HandEnded":
            close_turn()
            lines += _ending(names, data, _last_actor(replay["frames"]))
            continue
        if kind == "GameEnded":
            lines.append(game_over(names, data))
            continue
        if kind == "DeadlineSet":
            continue
        if seat is not None and seat != actor:
            close_turn()
            actor = seat
        _track(owners, kind, data)
        phrase = _phrase(kind, data, names, owners)
        if phrase:
            turn.append(phrase)
        if kind == "CardDiscarded":
            close_turn()
    close_turn()
    return "\n".join(lines) + "\n"


def narrate(replay: dict) -> list[str]:
    """One line per frame, each told from its event and the events before it."""
    names, frames = replay["players"], replay["frames"]
    lines, owners = [], {}
    for i, frame in enumerate(frames):
        kind, data = frame["event"]["type"], frame["event"]["data"]
        _track(owners, kind, data)
        if kind == "HandEnded":  # who went out: the last seat to act so far, never a later frame's
            lines.append(one_line(_ending(names, data, _last_actor(frames[:i + 1]))))
        else:
            lines.append(_line(kind, data, names, owners))
    return lines


def _line(kind, data, names, owners) -> str:
    if kind == "HandStarted":  # the deck commitment is for checking the deal, not for the viewer
        return _started(names, data)
    if kind == "GameEnded":
        return game_over(names, data)
    # the transcript says "passes a card" (its wording from the start); a frame shows every
    # hand anyway, so its line may name the card the event carries
    phrase = _passes(data, names) if kind == "CardDiscarded" else _phrase(kind, data, names, owners)
    return f"{names[data['seat']]} {phrase}." if phrase else plain_line(kind, data, names)


def _started(names, data) -> str:
    return (f"Hand {data['hand'] + 1}. {', '.join(names)} at the table; "
            f"{names[data['first_seat']]} plays first.")


def _track(owners, kind, data) -> None:
    """Remember whose each meld is, and of what kind: a lay-off names it so."""
    if kind == "MeldLaid":
        owners[data["meld"]] = (data["seat"], data["kind"])


def _passes(data, names) -> str:
    return f"passes {data['card']} to {names[data['to_seat']]}"


def _phrase(kind, data, names, owners) -> str | None:
    cards = " ".join(data.get("cards") or [])
    if kind == "CardPickedUp":
        return f"picks up {data['card']}"
    if kind == "CardDrawn":
        return f"draws {data['card']}"
    if kind == "AceRevealed":
        return f"places {data['card']} face up"
    if kind == "MeldLaid":
        return f"melds {cards} for {data['points']}"
    if kind == "CardsLaidOff":
        owner, meld_kind = owners.get(data["meld"], (None, "meld"))
        whose = "their own" if owner == data["seat"] else f"{names[owner]}'s" if owner is not None else "a"
        return f"lays {cards} off on {whose} {meld_kind} for {data['points']}"
    if kind == "CardDiscarded":
        return f"passes a card to {names[data['to_seat']]}"
    if kind == "TurnTimedOut":
        return "runs out of time (the greedy policy plays this turn)"
    return None


def _last_actor(frames) -> int | None:
    return next((f["event"]["data"]["seat"] for f in reversed(frames) if "seat" in f["event"]["data"]), None)


def _ending(names, data, last_actor) -> list[str]:
    if data["reason"] == "out" and last_actor is not None:
        lines = [f"{names[last_actor]} goes out and the hand ends."]
    else:
        lines = ["The last ace is up and its player has finished: the hand ends."]
    for r in data["results"]:
        aces = f", {r['aces']} ace{'s' if r['aces'] != 1 else ''}"
        lines.append(f"  {names[r['seat']]}: melded {r['melded']}, {r['cards_left']} cards left, "
                     f"playable {r['playable']}{aces}: {r['total']:+d}")
    return lines
