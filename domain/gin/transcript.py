"""A Gin hand told in words, from its replay document (projections/replay.py):
the deal, every draw and discard, the knock, the show and the score."""


def _cards(cards) -> str:
    return " ".join(cards) if cards else "nothing"


def _melds(melds) -> str:
    return ", ".join(" ".join(m) for m in melds) if melds else "no melds"


def transcript(replay: dict) -> str:
    names = replay["players"]
    lines = []
    knock_melds = []
    for frame in replay["frames"]:
        kind, data = frame["event"]["type"], frame["event"]["data"]
        who = names[data["seat"]] if "seat" in data and data["seat"] is not None else None
        if kind == "HandStarted":
            dealer = data["dealer"]
            lines.append(f"Hand {data['hand'] + 1}. {names[dealer]} deals; {names[1 - dealer]} is offered the "
                         f"upcard {data['upcard']}. Deck commitment {data['deck_commitment']}.")
        elif kind == "UpcardPassed":
            lines.append(f"{who} passes the upcard.")
        elif kind == "CardDrawn":
            pile = "the stock" if data["from"] == "stock" else "the discard pile"
            lines.append(f"{who} draws {data['card'] or 'a card'} from {pile}.")
        elif kind == "CardDiscarded":
            lines.append(f"{who} discards {data['card']}.")
        elif kind == "Knocked":
            knock_melds = data["melds"]
            what = "goes gin" if data["gin"] else f"knocks with {data['deadwood_points']} deadwood"
            lines.append(f"{who} {what}, discarding {data['card'] or 'a card'} face down: "
                         f"{_melds(data['melds'])}; deadwood {_cards(data['deadwood'])}.")
        elif kind == "HandShown":
            laid = "; ".join(f"{' '.join(x['cards'])} on {' '.join(knock_melds[x['meld']])}"
                             for x in data["layoffs"]) if data["layoffs"] else "nothing"
            lines.append(f"{who} shows {_melds(data['melds'])}, lays off {laid}; deadwood "
                         f"{_cards(data['deadwood'])} ({data['deadwood_points']}).")
        elif kind == "TurnTimedOut":
            lines.append(f"{who} runs out of time (the greedy policy plays this turn).")
        elif kind == "HandEnded":
            lines += _ending(names, data)
        elif kind == "GameEnded":
            lines += _game_over(names, data)
    return "\n".join(lines) + "\n"


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
