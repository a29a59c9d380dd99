"""Deciding a command, the same way in every variant: a table from command
type to a decider, and a batch that folds each event as it is emitted, so a
decider can look at the state its own events lead to (an automatic
consequence, such as the end of a hand, depends on it)."""


class Batch:
    """Events decided so far, and the state they lead to."""

    __slots__ = ("state", "events", "_evolve")

    def __init__(self, state, evolve):
        self.state = state
        self.events = []
        self._evolve = evolve

    def emit(self, event) -> None:
        self.events.append(event)
        self.state = self._evolve(self.state, event)


def deciding(deciders: dict, evolve):
    """(decide, run) for a variant: `run(state, command)` gives the events and
    the state after them, `decide` just the events."""

    def run(state, command) -> tuple[list, object]:
        try:
            handler = deciders[type(command)]
        except KeyError:
            raise TypeError(f"not a command: {command!r}") from None
        batch = Batch(state, evolve)
        handler(state, command, batch)
        return batch.events, batch.state

    def decide(state, command) -> list:
        return run(state, command)[0]

    return decide, run
