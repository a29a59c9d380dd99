"""What the store raises: a game that is not there, a version that moved on."""


class GameNotFound(LookupError):
    pass


class ConcurrencyError(Exception):
    """The game moved on since it was loaded: the expected version is stale."""

    def __init__(self, expected: int, actual: int):
        super().__init__(f"expected version {expected}, the game is at {actual}")
        self.expected, self.actual = expected, actual
