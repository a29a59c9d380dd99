"""What a game's end settles beside its log: its place in the history of
games, and the records and ratings of the people and bots who sat in it
(projections/ratings.py, stored by store/standings.py).

`settle_end` runs in a worker job the follow-ups enqueue when a game ends
(workers/standings.py), and again in the check of a finished game that is
still due (workers/sweeper.py): a game stays in the due-time index from the
moment it ends (the application service marks it before the append that ends
it) until its end is settled, so a process that dies between the append and
the job, or in the job, loses nothing: the check settles it, as it repairs a
bot's lost turn. Settling twice changes nothing.

Ratings move in the order games ended. Recording a game is one commit (of the
counter it was computed at); a game recorded after one that ended later (two
games ending at once in two processes, or a repair) replays the rated games
of its variant that ended after it, from the ratings they started from, so
the numbers are those of recording every game in order: what
`rebuild` gives from the logs alone.
"""

import logging

from domain import registry
from projections.ratings import Standing, count, new_record, on_board, ordinal, rate, rating_of, standing_of, tally

from ..store.codec import at_ms, decode
from ..store.errors import ConcurrencyError, GameNotFound
from ..store.recorder import fields

log = logging.getLogger("iceberg.standings")
TRIES = 20  # commits lost to another worker's before giving up (the due check tries again)


class Book:
    """Records games' standings (store/standings.py) from their logs."""

    def __init__(self, standings, repository, players):
        self.standings, self.repository, self.players = standings, repository, players
        self.recorder = repository.recorder

    def standing(self, game_id: str, state) -> Standing | None:
        """A finished game's standing, None if it counts for nobody."""
        last = self.recorder.entries(game_id, state.version, state.version)
        if state.status != "finished" or not last:
            return None
        e = fields(last[0][1])[0]
        kind, _, _, _, data = decode(e)
        if kind != "GameEnded":
            return None
        return standing_of(game_id, state, data, at_ms(e), self.players.seated(game_id))

    def record(self, game_id: str, state) -> str:
        """Record a finished game's standing, once: what was done."""
        standing = self.standing(game_id, state)
        if standing is None:
            return "counts for nobody"
        for _ in range(TRIES):
            seq = self.standings.seq()
            if self.standings.recorded(game_id) is not None:
                return "recorded already"
            games, records, board = self._plan(standing)
            if self.standings.commit(seq, standing.variant, games, records, board):
                return "rated" if standing.rated else "recorded"
        raise ConcurrencyError(seq, self.standings.seq())

    def _plan(self, standing: Standing):
        """What recording `standing` writes: (games, records, board) for store/standings.py."""
        variant = standing.variant
        records = self.standings.records(variant, standing.known())
        for rater in standing.known():
            records.setdefault(rater, new_record())
        data = standing.to_data()
        if not standing.rated:
            count(records, standing)
            return {standing.game: (data, None)}, records, {}
        later = self.standings.later(variant, standing.ended, standing.game)
        starting = {}  # a rater's rating where this game comes: what the first later game of theirs started from
        for _, recorded in later:
            for seat, rater in enumerate(recorded["raters"]):
                starting.setdefault(rater, tuple(recorded["before"][seat]))
        before = [starting.get(rater) or rating_of(records[rater]) for rater in standing.raters]
        data["before"] = [list(b) for b in before]
        games = {standing.game: (data, standing.ended)}
        moved = rate(standing, before)
        for game_id, recorded in later:  # replayed only where a rating they started from has moved
            if not any(rater in moved for rater in recorded["raters"]):
                continue
            started = [moved.get(rater, tuple(recorded["before"][seat]))
                       for seat, rater in enumerate(recorded["raters"])]
            recorded["before"] = [list(b) for b in started]
            games[game_id] = (recorded, recorded["ended"])
            moved.update(rate(Standing.from_data(game_id, recorded), started))
        count(records, standing)
        records.update(self.standings.records(variant, [r for r in moved if r not in records]))
        board = {}
        for rater, (mu, sigma) in moved.items():
            record = records[rater]
            record["mu"], record["sigma"] = mu, sigma
            if on_board(record):
                board[rater] = ordinal(mu, sigma)
        return games, records, board

    def rebuild(self) -> dict:
        """Every standing again from the logs, in the order the games ended,
        replacing what is recorded: {"games": finished games read, "recorded",
        "rated"}."""
        for _ in range(TRIES):
            seq = self.standings.seq()
            finished, standings = 0, []
            for game_id in self.recorder.games():
                try:
                    state = self.repository.load(game_id).state
                except GameNotFound:
                    continue
                if state.status != "finished":
                    continue
                finished += 1
                standing = self.standing(game_id, state)
                if standing is not None:
                    standings.append(standing)
            games, records = tally(standings)
            order = {}
            for standing in standings:
                if standing.rated:
                    order.setdefault(standing.variant, {})[standing.game] = standing.ended
            board = {variant: {rater: ordinal(r["mu"], r["sigma"]) for rater, r in mine.items() if on_board(r)}
                     for variant, mine in records.items()}
            if self.standings.replace(seq, sorted(registry.VARIANTS), games, order, records, board):
                return {"games": finished, "recorded": len(standings),
                        "rated": sum(s.rated for s in standings)}
            log.info("a game was recorded while the ratings were rebuilt; rebuilding again")
        raise ConcurrencyError(seq, self.standings.seq())


def settle_end(svc, game_id: str) -> str:
    """File a finished game in the history and record its standing, then take it
    out of the due-time index: what was done."""
    try:
        state = svc.repository.load(game_id).state
    except GameNotFound:
        svc.due.remove(game_id)
        return "no such game"
    if state.status != "finished":
        return "not finished"
    svc.filing.file(game_id, state)
    done = svc.book.record(game_id, state)
    svc.due.remove(game_id)
    if svc.archiver is not None:  # archived ICEBERG_ARCHIVE_AFTER_DAYS after it ended (app/archiving.py)
        svc.archiver.index.finished(game_id, svc.recorder.last_at(game_id))  # sealed, then archived, in time
    return done
