"""Settling a game's end (service/app/standings.py): its place in the history
of games and the standings of those who sat in it, enqueued by the follow-ups
of GameEnded. A lost job is made up by the check of the finished game, which
stays due until this has run (workers/sweeper.py)."""

from service.app.standings import settle_end as settle

from .context import context


def settle_end(game_id: str) -> str:
    return settle(context(), game_id)
