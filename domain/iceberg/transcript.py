"""An Iceberg hand told in words, turn by turn, from its replay document
(projections/replay.py): who drew, placed, melded, laid off and passed, how
the hand ended and what each seat scored."""


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
            lines.append(f"Hand {data['hand'] + 1}. {', '.join(names)} at the table; "
                         f"{names[data['first_seat']]} plays first. Deck commitment {data['deck_commitment']}.")
            continue
        if kind == "HandEnded":
            close_turn()
            lines += _ending(names, data, replay)
            continue
        if kind == "GameEnded":
            winners = " and ".join(names[s] for s in data["winners"])
            lines.append(f"The game is over: {winners} {'win' if len(data['winners']) > 1 else 'wins'}.")
            continue
        if kind == "DeadlineSet":
            continue
        if seat is not None and seat != actor:
            close_turn()
            actor = seat
        if kind == "MeldLaid":
            owners[data["meld"]] = (seat, data["kind"])
        phrase = _phrase(kind, data, names, owners)
        if phrase:
            turn.append(phrase)
        if kind == "CardDiscarded":
            close_turn()
    close_turn()
    return "\n".join(lines) + "\n"


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


def _ending(names, data, replay) -> list[str]:
    last_actor = next((f["event"]["data"]["seat"] for f in reversed(replay["frames"])
                       if "seat" in f["event"]["data"]), None)
    if data["reason"] == "out" and last_actor is not None:
        lines = [f"{names[last_actor]} goes out and the hand ends."]
    else:
        lines = ["The last ace is up and its player has finished: the hand ends."]
    for r in data["results"]:
        aces = f", {r['aces']} ace{'s' if r['aces'] != 1 else ''}"
        lines.append(f"  {names[r['seat']]}: melded {r['melded']}, {r['cards_left']} cards left, "
                     f"playable {r['playable']}{aces}: {r['total']:+d}")
    return lines
