"""CPU-bound work off a gevent worker's loop: while one greenlet computes,
no other request of that process is served (a long game's export took a
second of CPU). Under gevent (the sockets patched), `off_the_loop` runs the
function in gevent's thread pool and parks only the calling greenlet; the
loop goes on serving, the work taking turns with it for the interpreter's
lock. Anywhere else (a test client, a gthread worker) it runs here.

One such job runs at a time per process (the others wait, parked): two CPU
jobs at once would only take twice as long and leave the loop less.

The function must not touch the process's Redis clients: their sockets belong
to the loop's thread. Read first, then offload the pure computation.
"""

import threading

_ONE = threading.BoundedSemaphore(1)  # a gevent worker patches threading first: a greenlet's semaphore


def off_the_loop(fn, *args):
    try:
        from gevent import get_hub, monkey
    except ImportError:  # gevent is a dependency; this is only to be safe
        return fn(*args)
    if not monkey.is_module_patched("socket"):
        return fn(*args)
    with _ONE:
        return get_hub().threadpool.apply(fn, args)
