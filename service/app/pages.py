"""Pages of a game's events rendered once for all the readers waiting on it.

When an append wakes a hundred long-polls or streams of one game, each would
load the game, read the new events and render them for itself. A page is fixed
by the game, the reader (what it may see), where it starts and the version it
shows, so the first woken reader renders it while the others wait for that one
rendering, then reuse it without a Redis call. Only pages at the version the
append message announced are kept (service/app/waiting.py), in a small bounded
table per process.
"""

import threading
from collections import OrderedDict

SIZE = 4096  # pages kept per process; one per (game, reader, start) is what a fan-out needs
PATIENCE_S = 5.0  # how long a reader waits for another's rendering before doing its own


class Pages:
    def __init__(self, size: int = SIZE):
        self.size = size
        self._pages: OrderedDict = OrderedDict()
        self._rendering: dict = {}  # key -> an Event set when that page is kept
        self._lock = threading.Lock()

    def shared(self, key, render, keep):
        """The page under `key`: kept, or being rendered by another reader (wait for
        it), or rendered now by `render()`, and kept if `keep(page)` says so."""
        with self._lock:
            page = self._pages.get(key)
            if page is not None:
                return page
            pending = self._rendering.get(key)
            if pending is None:
                self._rendering[key] = threading.Event()
        if pending is not None:
            pending.wait(PATIENCE_S)
            with self._lock:
                page = self._pages.get(key)
            return page if page is not None else render()
        try:
            page = render()
            if keep(page):
                with self._lock:
                    self._pages[key] = page
                    while len(self._pages) > self.size:
                        self._pages.popitem(last=False)
            return page
        finally:
            with self._lock:
                self._rendering.pop(key).set()
