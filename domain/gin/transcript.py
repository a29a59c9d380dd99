"""A Gin hand told in words, from its replay document (projections/replay.py):
the deal, every draw and discard, the knock, the show and the score.

`narrate` tells the same hand one line per frame, for a viewer stepping
through them; both word each event with `_said`, so they cannot tell it
differently."""

from ..kernel.narration import one_line, plain_line


def _cards(cards) -> str:
    return " ".join(cards) if cards else "nothing"


def _melds(melds) -> str:
    return ", ".join(" ".join(m) for m in melds) if melds else "no melds"


def transcript(replay: dict) -> str:
    lines = []
    for kind, data, dealt, said in _told(replay):
        if kind == "HandStarted":
            lines.append(f"{dealt} Deck commitment {data['deck_commitment']}.")
        else:
            lines += said or []
    return "\n".join(lines) + "\n"


def narrate(replay: dict) -> list[str]:
    """One line per frame, each told from its event and the events before it
    (a lay-off names the knocker's meld as the earlier Knocked laid it)."""
    names = replay["players"]
    lines = []
    for kind, data, dealt, said in _told(replay):
        said = [dealt] if dealt else said  # without the deck commitment: it is for checking, not viewing
        lines.append(one_line(said) if said else plain_line(kind, data, names))
    return lines


def _told(replay: dict):
    """(type, data, the deal's line or None, the transcript's lines or None) per
    frame, keeping the knocker's melds that a later lay-off names."""
    names = replay["players"]
    knock_melds = []
    for frame in replay["frames"]:
        kind, data = frame["event"]["type"], frame["event"]["data"]
        if kind == "Knocked":
            knock_melds = data["melds"]
        if kind == "HandStarted":
            yield kind, data, _dealt(names, data), None
        else:
            yield kind, data, None, _said(kind, data, names, knock_melds)


def _dealt(names, data) -> str:
    dealer = data["dealer"]
    return f"Hand {data['hand'] + 1}. {names[dealer]} deals; {names[1 - dealer]} is offered the upcard {data['upcard']}."


def _said(kind, data, names, knock_melds) -> list[str] | None:
    """The transcript's lines for an event after the deal, or None for one it leaves out."""
    who = names[data["seat"]] if "seat" in data and data["seat"] is not None else None
    if kind == "UpcardPassed":
        return [f"{who} passes the upcard."]
    if kind == "CardDrawn":
        pile = "the stock" if data["from"] == "stock" else "the discard pile"
        return [f"{who} draws {data['card'] or 'a card'} from {pile}."]
    if kind == "CardDiscarded":
        return [f"{who} discards {data['card']}."]
    if kind == "Knocked":
        what = "goes gin" if data["gin"] else f"knocks with {data['deadwood_points']} deadwood"
        return [f"{who} {what}, discarding {data['card'] or 'a card'} face down: "
                f"{_melds(data['melds'])}; deadwood {_cards(data['deadwood'])}."]
    if kind == "HandShown":
        laid = "; ".join(f"{' '.join(x['cards'])} on {' '.join(knock_melds[x['meld']])}"
                         for x in data["layoffs"]) if data["layoffs"] else "nothing"
        return [f"{who} shows {_melds(data['melds'])}, lays off {laid}; deadwood "
                f"{_cards(data['deadwood'])} ({data['deadwood_points']})."]
    if kind == "TurnTimedOut":
        return [f"{who} runs out of time (the greedy policy plays this turn)."]
    if kind == "HandEnded":
        return _ending(names, data)
    if kind == "GameEnded":
        return _game_over(names, data)
    return None


_REASONS = {
    "knock": "The knocker has less deadwood and scores the difference.",
    "gin": "Gin: the knocker scores the defender's deadwood and the gin bonus.",
    "undercut": "Undercut: the defender scores the difference and the undercut bonus.",
    "wall": "Only two cards are left in the stock and nobody knocked: the hand is dead, nobody scores.",
}


def _ending(names, data) -> list[str]:
    lines = [_REASONS.get(data["reason"], data["reason"])]
    for r in data["results"]:
        bonus = f" (bonus {r['bonus']})" if r["bonus"] else ""
        lines.append(f"  {names[r['seat']]}: deadwood {r['deadwood']}, scores {r['score']}{bonus}")
    return lines


def _game_over(names, data) -> list[str]:
    lines = []
    for b in data["bonuses"]:
        seat = b["seat"]
        lines.append(f"  {names[seat]}: {data['points'][seat]} points, line bonus {b['line']} "
                     f"({b['hands_won']} hands won), game bonus {b['game']}, shutout {b['shutout']}: "
                     f"{data['totals'][seat]}")
    winners = " and ".join(names[s] for s in data["winners"])
    verb = "draw" if len(data["winners"]) > 1 else "wins"
    lines.insert(0, f"The game is over ({data['reason']}): {winners} {verb}.")
    return lines
