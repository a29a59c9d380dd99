"""Waiting for a game's next event without holding a thread or a Redis
connection of one's own (long-polls and event streams).

Every append publishes "<game id> <version>" on one channel (the recorder's
Lua script, in the same atomic step). Each server process runs one listener on
that channel and wakes the waiters of that game; a waiter then reads what is
new with ordinary short calls. So a thousand waiting clients cost a thousand
parked greenlets (under the gevent worker) and one Redis connection per
process, not a thousand blocked threads and connections.

A waiter registers before it checks the version, so an append between the
check and the wait still wakes it. The message carries the new version, and
the listener keeps the last one of every game it has heard of since it
subscribed: a waiter, new or woken, knows the version without asking Redis (a
hundred waiters of one game cost one message, not hundreds of version reads).
If the listener loses Redis it forgets those versions (appends may go unheard
until it is back), wakes every waiter (they check again, with Redis) and
reconnects.

A chat message is announced the same way, on its own channel ("<game id>
<number>": store/chat.py): an event stream waits for the next event or the
next message, whichever comes first.
"""

import logging
import threading
import time
from collections import defaultdict

import redis

from ..store.chat import SAID

log = logging.getLogger("iceberg.waiting")
CHANNEL = "iceberg:appended"
CHANNELS = (CHANNEL, SAID)
LATEST_KEPT = 100_000  # games whose announced version is remembered (a woken waiter reads it after leaving)


class Hub:
    def __init__(self, recorder, listen_redis, chat=None):
        self.recorder, self.chat = recorder, chat
        self.listen_redis = listen_redis  # a client for the subscription alone
        self._waiters: dict[str, set[threading.Event]] = defaultdict(set)
        self._latest: dict[str, int] = {}  # game -> the newest version announced while someone waited
        self._said: dict[str, int] = {}  # game -> the number of its newest chat message, announced or read
        self._confirmed = 0  # channels the server has confirmed this listener's subscription to
        self._subscription = 0  # counts the listener's subscriptions (a new one after a lost connection)
        self._lock = threading.Lock()
        self._listener: threading.Thread | None = None
        self._pubsub = None
        self._closed = False

    def wait_for(self, game_id: str, after: int, seconds: float, said_after: int | None = None) -> bool:
        """True as soon as the game has an event after version `after` (or, with
        `said_after`, a chat message after that number); False when `seconds`
        pass first."""
        self._start()
        deadline = time.monotonic() + seconds
        while not self._closed:  # closing: every waiter answers now, with what there is
            woken = threading.Event()
            with self._lock:
                self._waiters[game_id].add(woken)
            try:
                if self.version(game_id) > after or (said_after is not None and self.said(game_id) > said_after):
                    return True
                remaining = deadline - time.monotonic()
                if remaining <= 0 or not woken.wait(remaining):
                    return False
                if self._latest.get(game_id, 0) > after or (
                        said_after is not None and self._said.get(game_id, 0) > said_after):
                    return True  # announced: no need to ask Redis
            finally:
                with self._lock:
                    waiting = self._waiters.get(game_id)
                    if waiting is not None:
                        waiting.discard(woken)
                        if not waiting:
                            del self._waiters[game_id]
        return self.recorder.version(game_id) > after

    def said(self, game_id: str) -> int:
        """The number of the game's last chat message: as announced, else from
        Redis. What Redis says is kept once the server has confirmed the
        listener's subscriptions (every later message is announced, and raises
        it), so a game's streams ask Redis once, not at every event."""
        known = self._said.get(game_id)
        if known is not None:
            return known
        subscription = self._confirmed_subscription()
        count = self.chat.count(game_id)
        with self._lock:  # subscribed before the read, and still: nothing said after it goes unannounced
            if subscription is not None and subscription == self._confirmed_subscription(locked=True):
                self._said[game_id] = max(count, self._said.get(game_id, 0))
        return count

    def _confirmed_subscription(self, locked: bool = False) -> int | None:
        """The listener's current subscription, once the server has confirmed every channel of it."""
        if not locked:
            with self._lock:
                return self._confirmed_subscription(locked=True)
        return self._subscription if self._confirmed == len(CHANNELS) else None

    @property
    def closed(self) -> bool:
        return self._closed

    def announced(self, game_id: str) -> int | None:
        """The newest version an append message announced for the game since
        this listener (re)subscribed, or None if it heard of none."""
        return self._latest.get(game_id)

    def version(self, game_id: str) -> int:
        """The game's version: as announced, when the listener has heard of the
        game since it subscribed (every later append is announced to it, and
        one in flight wakes whoever registered first); else from Redis."""
        known = self._latest.get(game_id)
        return known if known is not None else self.recorder.version(game_id)

    def waiting(self) -> int:
        with self._lock:
            return sum(len(w) for w in self._waiters.values())

    def _start(self) -> None:
        if self._listener is None:
            with self._lock:
                if self._listener is None:
                    self._listener = threading.Thread(target=self._listen, name="iceberg-hub", daemon=True)
                    self._listener.start()

    def _wake(self, game_id: str | None, version: int = 0, said: bool = False) -> None:
        """Wake the waiters of one game (now at `version`, or with `said`: its
        chat at message `version`), or of every game (None)."""
        latest = self._said if said else self._latest
        with self._lock:
            if game_id is None:
                targets = [w for waiting in self._waiters.values() for w in waiting]
            else:
                targets = list(self._waiters.get(game_id, ()))
                if version > latest.get(game_id, 0):  # every game: a new waiter need not ask Redis
                    if len(latest) > LATEST_KEPT:
                        latest.clear()  # games long quiet; a waiter that finds none asks Redis
                    latest[game_id] = version
        for woken in targets:
            woken.set()

    def close(self) -> None:
        """Stop listening (the process is ending) and answer every waiter now: a
        worker told to stop must not wait out its long-polls and streams (a
        client asks again, elsewhere or after the restart, from where it was)."""
        self._closed = True
        if self._pubsub is not None:
            try:
                self._pubsub.close()
            except (redis.RedisError, OSError):
                pass
        self._wake(None)

    def _listen(self) -> None:
        pause, lost = 0.1, False
        while not self._closed:
            try:
                with self._lock:
                    self._latest.clear()  # what was announced before may have moved unheard since
                    self._said.clear()
                    self._confirmed = 0
                    self._subscription += 1
                self._pubsub = self.listen_redis.pubsub()
                self._pubsub.subscribe(*CHANNELS)
                if lost:
                    log.info("the append listener is back")
                pause, lost = 0.1, False
                self._wake(None)  # anything appended while we were not listening
                for message in self._pubsub.listen():
                    if message.get("type") == "subscribe":
                        with self._lock:
                            self._confirmed += 1
                    elif message.get("type") == "message":
                        game_id, _, version = message["data"].partition(b" ")
                        self._wake(game_id.decode("ascii", "replace"), int(version or 0),
                                   said=message.get("channel") == SAID.encode())
            # RuntimeError: redis-py's read on a subscription whose connection was
            # taken away between two reads (our close() from another thread, a reset)
            except (redis.RedisError, OSError, ValueError, AttributeError, RuntimeError) as e:
                with self._lock:
                    self._confirmed = 0
                if self._closed:
                    return
                if not lost:  # once per outage, not per attempt
                    log.warning("the append listener lost Redis (%s); reconnecting", type(e).__name__)
                lost = True
                self._wake(None)
                time.sleep(pause)
                pause = min(pause * 2, 5.0)
