"""Process supervision for `iceberg serve`: start the children, restart one
that exits with a growing pause, and stop them all, in order, on request.

Three guarantees, each for a failure the plain parent/children setup had:

- **A crashed child comes back.** A child that exits unexpectedly is started
  again after 0.5 s, then 1, 2, 4 ... at most 30 s while it keeps failing; a
  run of 30 s puts the pause back to 0.5 s. Each restart is one log line. An
  exit code the child declares fatal (a configuration error that a restart
  would only repeat) stops the server instead.
- **The children die with the supervisor**, even on its SIGKILL: each is
  started with a parent-death signal (Linux `PR_SET_PDEATHSIG`), in its own
  session (so a terminal's Ctrl-C reaches the supervisor alone, which stops
  them in order), and whatever a dead child leaves in its session (gunicorn's
  workers) is killed with it.
- **One data directory, one server.** The supervisor takes an exclusive
  `flock` on `serve.lock` in the data directory and passes the locked file to
  every child, so the directory stays locked until the last process that
  uses it is gone; a second start names the holder and touches nothing.
"""

import ctypes
import errno
import fcntl
import logging
import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Callable

log = logging.getLogger("iceberg.supervisor")

LOCK_FILE = "serve.lock"
PR_SET_PDEATHSIG = 1
POLL_S = 0.1


# --- dying with the parent -------------------------------------------------------------------

def _prctl():
    if not sys.platform.startswith("linux"):
        return None
    try:
        return ctypes.CDLL(None, use_errno=True).prctl
    except (OSError, AttributeError):
        return None


_PRCTL = _prctl()  # looked up before any fork: a preexec_fn should do as little as it can


def die_with_parent(sig: int) -> None:
    """Ask the kernel to send `sig` to this (just forked) process when its
    parent exits; if the parent died while we asked, act on it now.

    The signal is tied to the thread that forked this process, so a supervisor
    forks from its main thread. Elsewhere than Linux this does nothing."""
    if _PRCTL is None:
        return
    parent = os.getppid()
    _PRCTL(PR_SET_PDEATHSIG, sig, 0, 0, 0)
    if os.getppid() != parent:
        os.kill(os.getpid(), sig)


def dying_with_this_process(sig: int) -> Callable[[], None] | None:
    """A `preexec_fn` for a child that must get `sig` when this process exits."""
    if _PRCTL is None:
        return None
    parent = os.getpid()

    def preexec() -> None:
        _PRCTL(PR_SET_PDEATHSIG, sig, 0, 0, 0)
        if os.getppid() != parent:  # the supervisor died between fork and prctl
            os.kill(os.getpid(), sig)

    return preexec


# --- the data directory's lock ---------------------------------------------------------------

class DataDirInUse(Exception):
    def __init__(self, directory: Path, pid: int | None):
        self.directory, self.pid = directory, pid
        if pid is not None and _alive(pid):
            holder = f"iceberg serve (pid {pid})"
        elif pid is not None:
            holder = f"processes started by iceberg serve pid {pid}, which has exited (they are stopping)"
        else:
            holder = "another process"
        super().__init__(f"the data directory {directory} is in use by {holder}; "
                         f"one data directory serves one server (lock: {directory / LOCK_FILE})")


def lock_data_dir(directory: Path) -> int:
    """Lock `directory` for this process and write its pid in the lock file;
    the open file's descriptor is the lock. Raise DataDirInUse if it is taken."""
    path = directory / LOCK_FILE
    fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o600)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError as e:
        if e.errno not in (errno.EWOULDBLOCK, errno.EACCES):
            raise
        holder = os.pread(fd, 32, 0).decode(errors="replace").strip()
        os.close(fd)
        raise DataDirInUse(directory, int(holder) if holder.isdigit() else None) from None
    os.fchmod(fd, 0o600)
    os.ftruncate(fd, 0)
    os.pwrite(fd, f"{os.getpid()}\n".encode(), 0)
    return fd


def _alive(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rsplit(")", 1)[1].split()[0] not in ("Z", "X")
    except FileNotFoundError:
        return False
    except OSError:
        try:
            os.kill(pid, 0)
            return True
        except ProcessLookupError:
            return False
        except PermissionError:
            return True


# --- restarts ---------------------------------------------------------------------------------

class Backoff:
    """The pause before the next restart: `first`, doubling up to `most`; back
    to `first` after a run of `healthy_s`, so an old crash does not slow a new one."""

    def __init__(self, first: float = 0.5, most: float = 30.0, healthy_s: float = 30.0):
        self.first, self.most, self.healthy_s = first, most, healthy_s
        self._next = first

    def after(self, ran_s: float) -> float:
        if ran_s >= self.healthy_s:
            self._next = self.first
        pause, self._next = self._next, min(self._next * 2, self.most)
        return pause


class Child:
    """One supervised process. `launch(extra)` starts it (raising if it cannot)
    with `extra` Popen options (the parent-death signal, the lock, the umask)
    and returns its Popen. `layer`: started in rising order, stopped in falling
    order (the store before what uses it; the API and workers before the store).
    `death_signal`: what it gets if the supervisor dies. `fatal`: exit codes
    that stop the server instead of a restart. `follows`: a child whose
    restart this one must follow, because part of it does not survive that
    child's restart (the workers start afresh when the embedded Redis does)."""

    def __init__(self, name: str, launch: Callable[[dict], subprocess.Popen], layer: int = 1,
                 death_signal: int = signal.SIGTERM, fatal: tuple[int, ...] = (), backoff: Backoff | None = None,
                 follows: "Child | None" = None):
        self.name, self.launch, self.layer = name, launch, layer
        self.death_signal, self.fatal, self.follows = death_signal, fatal, follows
        self.backoff = backoff or Backoff()
        self.process: subprocess.Popen | None = None
        self.started_at = 0.0
        self.restart_at: float | None = None  # set: it exited, and starts again then
        self.renew_by: float | None = None  # set: asked to stop so as to start again; SIGKILL then


class Fatal(Exception):
    pass


class Supervisor:
    def __init__(self, children: list[Child], lock_fd: int | None = None, stop_timeout_s: float = 20.0):
        self.children = sorted(children, key=lambda c: c.layer)
        self.lock_fd = lock_fd
        self.stop_timeout_s = stop_timeout_s
        self._stopping = False

    def request_stop(self, signum=None, frame=None) -> None:
        self._stopping = True

    def run(self) -> int:
        """Start everything, supervise until SIGTERM, SIGINT or SIGHUP, stop
        everything. 0 after a requested stop, 1 after a fatal exit."""
        for sig in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP):
            signal.signal(sig, self.request_stop)
        code = 0
        try:
            for child in self.children:
                if self._stopping:
                    break
                try:
                    self._start(child)
                except Exception as e:  # noqa: BLE001 - what does not start at all is no crash to restart
                    raise Fatal(f"{child.name} did not start: {e}") from e
            while not self._stopping:
                for child in self.children:
                    self._check(child)
                time.sleep(POLL_S)
        except Fatal as e:
            log.error("%s; stopping", e)
            code = 1
        finally:
            for sig in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP):
                signal.signal(sig, signal.SIG_IGN)
            self.stop()
        return code

    def _start(self, child: Child) -> None:
        extra = {"start_new_session": True, "umask": 0o077,
                 "pass_fds": (self.lock_fd,) if self.lock_fd is not None else (),
                 "preexec_fn": dying_with_this_process(child.death_signal)}
        child.process = child.launch(extra)
        child.started_at, child.restart_at, child.renew_by = time.monotonic(), None, None

    def _check(self, child: Child) -> None:
        now = time.monotonic()
        if child.restart_at is not None:
            if now >= child.restart_at:
                self._restart(child)
            return
        code = child.process.poll()
        if code is None:
            if child.renew_by is not None and now >= child.renew_by:
                child.process.kill()  # it outlasted the stop it was asked for
            return
        _kill_session(child.process.pid)  # what it leaves behind: gunicorn's workers
        if child.renew_by is not None:  # stopped on purpose (_renew): back at once, no crash
            self._restart(child)
            return
        if code in child.fatal:
            raise Fatal(f"{child.name} exited with code {code}, which a restart would repeat")
        pause = child.backoff.after(now - child.started_at)
        log.warning("restarting %s (%s) in %s s", child.name, _exit(code), f"{pause:g}")
        child.restart_at = now + pause

    def _restart(self, child: Child) -> None:
        try:
            self._start(child)
        except Exception as e:  # noqa: BLE001 - e.g. the embedded Redis did not come up: try again later
            pause = child.backoff.after(0.0)
            log.warning("restarting %s failed (%s); again in %s s", child.name, e, f"{pause:g}")
            child.restart_at, child.renew_by = time.monotonic() + pause, None
            return
        log.info("%s restarted (pid %s)", child.name, child.process.pid)
        for follower in self.children:
            if follower.follows is child:
                self._renew(follower, f"{child.name} restarted")

    def _renew(self, child: Child, reason: str) -> None:
        """Have `child` start again: SIGTERM now, and _check starts it once it
        has exited, without waiting here (the others stay supervised)."""
        log.info("restarting %s: %s", child.name, reason)
        if child.restart_at is not None:  # it had exited and was waiting out its backoff
            child.restart_at = time.monotonic()
            return
        if child.process.poll() is None:
            child.process.terminate()
        child.renew_by = time.monotonic() + self.stop_timeout_s

    def stop(self) -> None:
        """Stop layer by layer, the last started first: SIGTERM, then SIGKILL
        when one outlasts `stop_timeout_s`; then whatever their sessions hold."""
        for layer in sorted({c.layer for c in self.children}, reverse=True):
            running = [c.process for c in self.children
                       if c.layer == layer and c.process is not None and c.process.poll() is None]
            for process in running:
                process.terminate()
            deadline = time.monotonic() + self.stop_timeout_s
            for process in running:
                _end(process, max(0.0, deadline - time.monotonic()), terminated=True)
        for child in self.children:
            if child.process is not None:
                _kill_session(child.process.pid)


def _end(process: subprocess.Popen, timeout_s: float, terminated: bool = False) -> None:
    """SIGTERM (unless sent already), then SIGKILL after `timeout_s`; reaped either way."""
    if process.poll() is not None:
        return
    if not terminated:
        process.terminate()
    try:
        process.wait(timeout=timeout_s)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()


def _kill_session(pid: int) -> None:
    """SIGKILL what is left in a child's session (its id is the child's pid,
    which the kernel does not reuse while the group has a member)."""
    try:
        os.killpg(pid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        pass


def _exit(code: int) -> str:
    if code < 0:
        try:
            return f"exit code {code}, {signal.Signals(-code).name}"
        except ValueError:
            pass
    return f"exit code {code}"
