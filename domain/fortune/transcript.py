"""A Fortune hand told in words, turn by turn, from its replay document
(projections/replay.py): draws, pile takes, melds with their deuces' stand-ins,
lay-offs, discards, renewals of the stock, and how the hand ended."""


def transcript(replay: dict) -> str:
    names = replay["players"]
    lines, turn, actor = [], [], None

    def close_turn():
        nonlocal turn, actor
        if turn:
            lines.append(f"{names[actor]} " + ", ".join(turn) + ".")
        turn, actor = [], None

    for frame in replay["frames"]:
        kind, data = frame["event"]["type"], frame["event"]["data"]
        seat = data.get("seat")
        if kind == "HandStarted":
            lines.append(f"Hand {data['hand'] + 1}. {', '.join(names)} at the table; {names[data['dealer']]} "
                         f"deals, {names[data['first_seat']]} plays first; {data.get('upcard')} starts the pile. "
                         f"Deck commitment {data['deck_commitment']}.")
            continue
        if kind == "StockRenewed":
            turn.append(f"turns the pile over as a new stock of {data['size']}")
            continue
        if kind == "HandEnded":
            close_turn()
            lines += _ending(names, data)
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
        phrase = _phrase(kind, data)
        if phrase:
            turn.append(phrase)
        if kind == "CardDiscarded":
            close_turn()
    close_turn()
    return "\n".join(lines) + "\n"


def _cards(data) -> str:
    wild = list(data.get("wild") or [])
    shown = []
    for card in data.get("cards") or []:
        shown.append(f"{card} (as {wild.pop(0)})" if card.startswith("2") and wild else card)
    return " ".join(shown)


def _phrase(kind, data) -> str | None:
    if kind == "CardDrawn":
        return f"draws {data['card']}" if data.get("card") else "draws from the stock"
    if kind == "PileTaken":
        return f"takes the pile of {len(data['cards'])} ({' '.join(data['cards'])})"
    if kind == "MeldLaid":
        return f"melds the {data['kind']} {_cards(data)} ({data['meld']}) for {data['points']}"
    if kind == "CardsLaidOff":
        return f"lays {_cards(data)} off on {data['meld']} for {data['points']}"
    if kind == "CardDiscarded":
        return f"discards {data['card']}"
    if kind == "TurnTimedOut":
        return "runs out of time (the greedy policy plays this turn)"
    return None


def _ending(names, data) -> list[str]:
    if data["reason"] == "out":
        lines = ["A player's hand is empty: the hand ends."]
    else:
        lines = ["The stock is out and cannot be renewed: the hand ends."]
    for r in data["results"]:
        lines.append(f"  {names[r['seat']]}: melded {r['melded']}, {r['cards_left']} cards left "
                     f"costing {r['penalty']}: {r['total']:+d}")
    return lines
