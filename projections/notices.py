"""What a notice tells a player (docs/api.md, "Players, the lobby and play by mail"):
the public events since their seat last moved, and the same told in words for
an e-mail. Public only: the events as a reader without a token sees them
(projections/redaction.py), so a notice never holds a card its reader could
not read on the public log.
"""

from .readers import PUBLIC
from .redaction import public_event

#: event types that are not a seat's own move, though they name a seat
NOT_MOVES = frozenset({"DeadlineSet", "TurnTimedOut", "DeadlineExtended", "SeatTaken", "SeatResigned",
                       "SeatForfeited", "GameAborted"})
MOST = 100  # events a notice tells at most (the latest)


def since_last_move(state, stored, seat: int) -> list[dict]:
    """The public events of `stored` (ascending) after the seat's last own move in it."""
    start = 0
    for i in range(len(stored) - 1, -1, -1):
        event = stored[i]
        if event.data.get("seat") == seat and event.type not in NOT_MOVES:
            start = i + 1
            break
    return [public_event(state, e, PUBLIC) for e in stored[start:]][-MOST:]


def last_move_at(stored, seat: int) -> str | None:
    """When the seat last moved in `stored` (ascending), None if not there."""
    for event in reversed(stored):
        if event.data.get("seat") == seat and event.type not in NOT_MOVES:
            return event.at
    return None


def said(messages: list[dict], seat: int, since: str | None) -> list[dict]:
    """What the others said (chat messages, oldest first) after `since` (an ISO time, None: ever)."""
    return [m for m in messages if m["seat"] != seat and (since is None or m["at"] > since)]


def told_messages(messages: list[dict]) -> list[str]:
    """The chat as an e-mail quotes it: `Name: text` a line (the text holds no line break)."""
    return [f"{m['name'] or 'seat ' + str(m['seat'])}: {m['text']}" for m in messages]


def told(events: list[dict], names: list, me: int | None = None) -> list[str]:
    """Each event in words (those worth telling), as an e-mail lists them."""
    lines = []
    for event in events:
        line = _tell(event["type"], event["data"], names, me)
        if line:
            lines.append(line)
    return lines


def _cards(cards) -> str:
    return " ".join(c for c in cards if c) if cards else ""


def _tell(kind: str, data: dict, names: list, me: int | None) -> str | None:
    def who(seat):
        if seat is None or not 0 <= seat < len(names):
            return "someone"
        return "you" if seat == me else (names[seat] or f"seat {seat}")

    n = who(data.get("seat"))
    card = data.get("card")
    if kind in ("DeadlineSet", "GameCreated"):
        return None
    if kind == "HandStarted":
        return f"Hand {data['hand'] + 1} was dealt."
    if kind == "CardPickedUp":
        return f"{n} picked up {card or 'the card passed to them'}."
    if kind == "CardDrawn":
        if data.get("from") == "discard":
            return f"{n} took {card} from the discard pile."
        return f"{n} drew {card or 'a card'}."
    if kind == "AceRevealed":
        return f"{n} placed {card} face up."
    if kind == "MeldLaid":
        return f"{n} melded {_cards(data['cards'])} for {data['points']}."
    if kind == "CardsLaidOff":
        return f"{n} laid {_cards(data['cards'])} off on {data['meld']} for {data['points']}."
    if kind == "CardDiscarded":
        if "to_seat" in data:
            return f"{n} passed {card or 'a card'} to {who(data['to_seat'])}."
        return f"{n} discarded {card}."
    if kind == "UpcardPassed":
        return f"{n} passed the upcard."
    if kind == "Knocked":
        return f"{n} went gin." if data.get("gin") else f"{n} knocked with {data['deadwood_points']} deadwood."
    if kind == "HandShown":
        return f"{n} showed their hand: {data['deadwood_points']} deadwood."
    if kind == "PileTaken":
        return f"{n} took {len(data['cards'])} cards from the pile: {_cards(data['cards'])}."
    if kind == "StockRenewed":
        return "The discard pile was turned over as a new stock."
    if kind == "HandEnded":
        scores = ", ".join(f"{who(r['seat'])} {r.get('total', r.get('score', 0)):+d}" for r in data["results"])
        return f"Hand {data['hand'] + 1} ended ({data['reason']})" + (f": {scores}." if scores else ".")
    if kind == "GameEnded":
        winners = ", ".join(who(s) for s in data["winners"]) or "nobody"
        return f"The game ended ({data['reason']}); won by {winners}."
    if kind == "TurnTimedOut":
        return f"{n} ran out of time."
    if kind == "SeatTaken":
        return f"{data['name']} took seat {data['seat']}."
    if kind == "SeatResigned":
        return f"{n} resigned."
    if kind == "SeatForfeited":
        return f"{n} forfeited."
    if kind == "GameAborted":
        return f"{n} aborted the game."
    if kind == "DeadlineExtended":
        return f"{n} extended the deadline to {data['deadline']}."
    return f"{kind}."
