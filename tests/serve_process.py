"""`iceberg serve` as a subprocess, as a user runs it, and a tiny JSON client for it.

Shared by the end-to-end tests (tests/test_serve*.py, the generated client's and
the supervisor's tests, the browser tests under tests/browser/)."""

import json
import os
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

BIN = Path(sys.executable).parent


def request(url, method="GET", body=None, token=None):
    headers = {"Content-Type": "application/json"}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    data = json.dumps(body).encode() if body is not None else None
    req = urllib.request.Request(url, data=data, method=method, headers=headers)
    try:
        with urllib.request.urlopen(req, timeout=10) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as e:
        return e.code, json.loads(e.read())


class Serve:
    def __init__(self, data_dir, port, log_file=None, args=(), **extra):
        self.port = port
        # only the virtualenv's bin on the PATH: no system redis-server to find
        env = {k: v for k, v in os.environ.items() if not k.startswith("ICEBERG_")}
        # every test's client is on loopback, most opening a connection per request as fast as they can:
        # no rate of new connections unless the test sets one (tests/test_serve_edge.py does)
        extra.setdefault("ICEBERG_CLIENT_CONNECTION_RATE", "0")
        env.update(PATH=str(BIN), ICEBERG_DATA_DIR=str(data_dir), **extra)
        # log_file: the server's output in a file, readable while it runs (a pipe
        # read only at the end blocks a server that logs more than it holds);
        # args: more of `iceberg serve`'s options
        self.log_file = Path(log_file) if log_file else None
        output = open(self.log_file, "wb") if self.log_file else subprocess.PIPE
        self.process = subprocess.Popen([str(BIN / "iceberg"), "serve", "--port", str(port), "--workers", "1", *args],
                                        env=env, stdout=output, stderr=subprocess.STDOUT,
                                        start_new_session=True)
        if self.log_file:
            output.close()  # the server has its own copy
        self.url = f"http://127.0.0.1:{port}"

    def output(self) -> str:
        """What the server logged so far (all of it once it has exited, without a log_file)."""
        if self.log_file:
            return self.log_file.read_text()
        return self.process.stdout.read().decode() if self.process.poll() is not None else ""

    def wait_healthy(self, timeout=30):
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            assert self.process.poll() is None, self.output()
            try:
                status, body = request(self.url + "/healthz")
                if status == 200:
                    return body
            except OSError:
                pass
            time.sleep(0.2)
        raise AssertionError("iceberg serve did not become healthy")

    def stop(self, sig=signal.SIGTERM):
        self.process.send_signal(sig)
        code = self.process.wait(timeout=40)
        return code, self.output()
