"""What the store raises: a game that is not there, a version that moved on."""


class GameNotFound(LookupError):
    pass


class ConcurrencyError(Exception):
    """The game moved on since it was loaded: the expected version is stale."""

    def __init__(self, expected: int, actual: int):
        super().__init__(f"expected version {expected}, the game is at {actual}")
        self.expected, self.actual = expected, actual


#: how Redis says it takes no writes now: a failed disk write (MISCONF), a
#: read-only replica, memory full, too few replicas
_REFUSALS = ("MISCONF", "READONLY", "OOM", "NOREPLICAS")


def refuses_writes(error: Exception) -> bool:
    """The store answered but refused a write (a script's error carries the cause inside)."""
    text = str(error)
    return any(marker in text for marker in _REFUSALS)
