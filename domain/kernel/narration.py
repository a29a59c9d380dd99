"""What every variant's `narrate` shares: the lines of the kernel's own events
(deadlines, seats), a fallback for any event not worded yet, and the joining
of a transcript's several lines into one narration line."""

#: the kernel's own events (deadlines, seats), which every variant's log may hold mid-hand;
#: a variant narrates its own events, these read the same everywhere
KERNEL_LINES = {
    "DeadlineSet": "{who} has until {deadline} to play this turn.",
    "DeadlineExtended": "{who} extends the turn's deadline to {deadline}.",
    "SeatTaken": "{name} takes a seat at the table.",
    "SeatResigned": "{who} resigns.",
    "SeatForfeited": "{who} forfeits the game.",
    "GameAborted": "{who} aborts the game.",
}


#: why a hand ended (HandEnded.reason), in words: the narration and the notices never
#: show the bare code (a reason not here reads as "the hand is over")
HAND_ENDS = {
    "out": "a player went out",
    "last_ace": "the last ace was placed",
    "exhausted": "the stock ran out and could not be renewed",
    "drawn": "the stock ran out: the hand is drawn",
    "blocked": "the stock is out and nobody can play",
    "knock": "a player knocked",
    "gin": "a player went gin",
    "undercut": "the knocker was undercut",
    "wall": "the stock ran down to its last two cards",
}

#: why a game ended (GameEnded.reason, kernel/ending.py REASONS), in words
GAME_ENDS = {
    "target": "a player reached the target score",
    "hands": "the agreed number of hands has been played",
    "max_hands": "the limit on the number of hands was reached",
    "resigned": "the other players resigned",
    "forfeit": "a player ran out of time and forfeited",
    "aborted": "the game was called off",
    "abandoned": "nobody played it for a long time",
}


def hand_end_words(reason: str) -> str:
    return HAND_ENDS.get(reason, "the hand is over")


def game_end_words(reason: str) -> str:
    return GAME_ENDS.get(reason, "it has ended")


def plain_line(kind: str, data: dict, names) -> str:
    """The narration of an event no variant words itself: a kernel event's line,
    or else (an event added later and not worded yet) its type in words, so a
    frame never goes without a line."""
    seat = data.get("seat")
    who = names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else None
    if kind in KERNEL_LINES and (who is not None or "{who}" not in KERNEL_LINES[kind]):
        return KERNEL_LINES[kind].format(**{**data, "who": who})
    # "DealsCommitted" -> "deals committed"
    words = "".join(f" {c.lower()}" if c.isupper() else c for c in kind).strip()
    return f"{who}: {words}." if who else f"{words.capitalize()}."


def one_line(lines: list[str]) -> str:
    """Several transcript lines as one narration line: the first as it is, the
    rest (a seat's score each, indented in the transcript) after it, split by "; "."""
    head, rest = lines[0], [line.strip() for line in lines[1:]]
    return f"{head} {'; '.join(rest)}." if rest else head


def game_over(names, data) -> str:
    """GameEnded in one line, for the variants that name no bonuses (Gin tells its own)."""
    winners = " and ".join(names[s] for s in data["winners"])
    return f"The game is over: {winners} {'win' if len(data['winners']) > 1 else 'wins'}."
