"""The ticker: every worker runs one thread that finds what has come due and
enqueues it, so nothing is scheduled inside RQ and an idle server writes nothing.

Each tick reads the due-time index (store/records.py `DueGames`) and, only if
some game is due, claims those games (moving each a lease ahead) and enqueues
a check for each (workers/sweeper.py), and enqueues the bot-only games' turns
their pace now allows; a notices worker's ticker enqueues the notices due for
another attempt (jobs.py). With nothing due a tick is a read or
two and no write, whatever the number of games. Several workers may tick: a
claim is atomic, so a game is checked once per lease, and a check that dies is
retried when its lease runs out, whatever crashed.
"""

import logging
import threading
import time

log = logging.getLogger("iceberg.worker")
LEASE_S = 60  # a claimed game is due again after this if its check never settles it


class Ticker(threading.Thread):
    """Every `every_s`: claims the games that are due and enqueues their checks
    (`games`), and enqueues the notices due for another attempt (`notices`)."""

    def __init__(self, services, every_s: float, clock=time.time, games: bool = True, notices: bool = False):
        super().__init__(name="iceberg-ticker", daemon=True)
        self.services, self.every_s, self.clock = services, every_s, clock
        self.games, self.notices = games, notices
        self.stopping = threading.Event()

    def run(self) -> None:
        adopted = self.services.due.adopt_legacy(int(self.clock() * 1000)) if self.games else 0
        if adopted:
            log.info("moved %s games of the old active index into the due-time index", adopted)
        if self.games:
            self._upgrade()
        failing = False
        while not self.stopping.wait(self.every_s):
            try:
                self.tick()
            except Exception as e:  # a Redis outage: say so once, try again every tick
                if not failing:
                    log.warning("ticker: %s: %s; trying again every %s s", type(e).__name__, e, self.every_s)
                failing = True
            else:
                if failing:
                    log.info("ticker: working again")
                failing = False

    def _upgrade(self) -> None:
        """What a data set written by an older server needs once: its replays, kept
        for ever then, dropped (the log rebuilds each on demand); its players'
        addresses indexed for sign-in by code; its finished games indexed for the archive."""
        try:
            if self.services.upgrades.first("replays-cached"):
                dropped = self.services.replays.drop_legacy()
                self.services.upgrades.done("replays-cached")
                if dropped:
                    log.info("dropped %s replays kept by an older server: they are built again when asked for",
                             dropped)
            if self.services.upgrades.first("emails-indexed"):
                indexed = self.services.players.index_emails()
                self.services.upgrades.done("emails-indexed")
                if indexed:
                    log.info("indexed the e-mail addresses of %s players of an older server (sign-in by code)", indexed)
            if self.services.upgrades.first("finished-indexed"):
                adopted = self.services.archiver.adopt_finished(self.services.history)
                self.services.upgrades.done("finished-indexed")
                if adopted:
                    log.info("%s finished games of an older server will be archived in their time", adopted)
        except Exception as e:  # noqa: BLE001 - a Redis outage: the next start tries again
            log.warning("upgrade: %s: %s; tried again at the next start", type(e).__name__, e)

    def tick(self) -> int:
        """What was enqueued: each a read only, when nothing is due."""
        now_ms = int(self.clock() * 1000)
        enqueued = 0
        if self.games:
            lease_ms = now_ms + LEASE_S * 1000
            claimed = self.services.due.claim(now_ms, lease_ms)
            bot_only = self.services.due.bot_only(claimed)
            for game_id in claimed:
                self.services.jobs.check(game_id, lease_ms, bot_game=game_id in bot_only)
            enqueued += len(claimed) + self.services.jobs.enqueue_due_bot_turns(now_ms)
            self.services.archiver.seal_due(now_ms)  # each a read only, when no finished game's time has come
            self.services.archiver.archive_due(now_ms)
        if self.notices:
            enqueued += self.services.jobs.enqueue_due_notices(now_ms)
        return enqueued

    def stop(self) -> None:
        self.stopping.set()
