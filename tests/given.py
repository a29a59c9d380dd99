"""Given/when/then for a variant's rules tests, from its fold, decide and run."""


def given_when_then(fold, decide, run):
    """`when(given_events, command)`: the then-events of `command` decided on the
    fold of `given_events`; `after(given_events, *commands)`: the given events plus
    the events of these commands, decided in turn."""

    def when(given_events, command):
        return decide(fold(given_events), command)

    def after(given_events, *commands):
        events = list(given_events)
        state = fold(events)
        for command in commands:
            more, state = run(state, command)
            events += more
        return events

    return when, after


def stacked(hands, first: int) -> list:
    """The top of a deck that deals `hands` one card at a time from seat `first`
    (kernel/deals.py's deal, read backwards): each hand's cards in its order."""
    n = len(hands)
    deck = [None] * (len(hands[0]) * n)
    for seat, cards in enumerate(hands):
        for i, card in enumerate(cards):
            deck[((seat - first) % n) + i * n] = card
    return deck
