"""A Fortune hand told in words, turn by turn, from its replay document
(projections/replay.py): draws, pile takes, melds with their deuces' stand-ins,
lay-offs, discards, renewals of the stock, and how the hand ended.

`narrate` tells the same hand one line per frame, for a viewer stepping
through them; both word each event with the same phrases below, so they
cannot tell it differently."""

from ..kernel.narration import game_over, one_line, plain_line


def transcript(replay: dict) -> str:
    names = replay["players"]
    lines, turn, actor = [], [], None

    def close_turn():
        nonlocal turn, actor
        if turn and actor is None:
            return  # the stock renewed before a turn's draw: its phrase opens the drawer's turn
        if turn:
            lines.append(f"{names[actor]} " + ", ".join(turn) + ".")
        turn, actor = [], None

    for frame in replay["frames"]:
        kind, data = frame["event"]["type"], frame["event"]["data"]
        seat = data.get("seat")
        if kind == "HandStarted":
            lines.append(f"{_started(names, data)} Deck commitment {data['deck_commitment']}.")
            continue
        if kind == "StockRenewed":
            turn.append(_renewed(data))
            continue
        if kind == "HandEnded":
            close_turn()
            lines += _ending(names, data)
            continue
        if kind == "GameEnded":
            lines.append(game_over(names, data))
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


def narrate(replay: dict) -> list[str]:
    """One line per frame, each told from its event and the events before it."""
    names = replay["players"]
    return [_line(frame, names) for frame in replay["frames"]]


def _line(frame, names) -> str:
    kind, data = frame["event"]["type"], frame["event"]["data"]
    if kind == "HandStarted":  # the deck commitment is for checking the deal, not for the viewer
        return _started(names, data)
    if kind == "HandEnded":
        return one_line(_ending(names, data))
    if kind == "GameEnded":
        return game_over(names, data)
    if kind == "StockRenewed":  # no seat in the event: the seat whose turn it is (to draw) turns it over
        turn = frame.get("state", {}).get("turn")
        if turn is None:  # a frame without its state
            return f"The pile is turned over as a new stock of {data['size']}."
        return f"{names[turn]} {_renewed(data)}."
    phrase = _phrase(kind, data)
    return f"{names[data['seat']]} {phrase}." if phrase else plain_line(kind, data, names)


def _started(names, data) -> str:
    return (f"Hand {data['hand'] + 1}. {', '.join(names)} at the table; {names[data['dealer']]} "
            f"deals, {names[data['first_seat']]} plays first; {data.get('upcard')} starts the pile.")


def _renewed(data) -> str:
    return f"turns the pile over as a new stock of {data['size']}"


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
