"""A finished hand's result (docs/api.md, "Hands and replays")."""


def hand_result(started, ended) -> dict:
    """From the stored HandStarted and HandEnded events of one hand."""
    return {
        "hand": ended.data["hand"],
        "reason": ended.data["reason"],
        "results": ended.data["results"],
        "deck_commitment": started.data["deck_commitment"],
        "deck": ended.data["deck"],
        "salt": ended.data["salt"],
        "versions": {"first": started.version, "last": ended.version},
    }
