"""The hostile peers of bench/floods.py: the client that opens slow bodies (run in
a process of its own), the webhook endpoints that trickle their answers, and the
receiver that times the notices another player gets."""

import selectors
import socket
import threading
import time

from bench.flood_probes import lift_file_limit

IP_BIND_ADDRESS_NO_PORT = getattr(socket, "IP_BIND_ADDRESS_NO_PORT", 24)  # Linux's, from 4.2
SLOW_HEAD = (b"POST /players HTTP/1.1\r\nHost: t\r\nContent-Type: application/json\r\n"
             b"Content-Length: 60000\r\n\r\n{\"name\": \"Slow\"")


def slow_bodies(port: int, connections: int, seconds: float, reopen_per_s: int, pipe) -> None:
    """The flood, in a process of its own: up to `connections` slow bodies from 127.0.0.2 for `seconds`."""
    lift_file_limit()
    selector = selectors.DefaultSelector()
    opened_at: dict[socket.socket, float] = {}
    stats = {"opened": 0, "connect_failed": 0, "answered_429": 0, "answered_408": 0, "answered_other": 0,
             "closed_silently": 0, "most_open": 0, "longest_held_s": 0.0}

    def open_one():
        s = socket.socket()
        try:
            # the port chosen at connect, not at bind: a bind to port 0 searches the whole range (ms each)
            s.setsockopt(socket.IPPROTO_IP, IP_BIND_ADDRESS_NO_PORT, 1)
            s.bind(("127.0.0.2", 0))
            s.settimeout(2)
            s.connect(("127.0.0.1", port))
            s.sendall(SLOW_HEAD)
            s.setblocking(False)
        except OSError:
            s.close()
            stats["connect_failed"] += 1
            return
        opened_at[s] = time.monotonic()
        selector.register(s, selectors.EVENT_READ)
        stats["opened"] += 1

    def closed(s, answer: bytes):
        held = time.monotonic() - opened_at.pop(s)
        stats["longest_held_s"] = max(stats["longest_held_s"], held)
        selector.unregister(s)
        s.close()
        status = answer.split(b" ", 2)[1] if answer.startswith(b"HTTP/1.1 ") else b""
        kind = {b"429": "answered_429", b"408": "answered_408", b"": "closed_silently"}.get(status, "answered_other")
        stats[kind] += 1
        if kind == "answered_other":
            stats.setdefault("other", set()).add(answer[:200])

    started = time.monotonic()
    while len(opened_at) < connections and time.monotonic() - started < seconds / 3:
        open_one()
    stats["ramp_s"] = round(time.monotonic() - started, 1)
    pipe.send("ramped")
    next_byte = time.monotonic()
    while time.monotonic() - started < seconds:
        for key, _ in selector.select(timeout=0.05):
            try:
                answer = key.fileobj.recv(4096)
            except OSError:
                answer = b""
            closed(key.fileobj, answer)
        if time.monotonic() >= next_byte:  # a byte a second on every connection
            next_byte += 1
            for s in list(opened_at):
                try:
                    s.send(b" ")
                except BlockingIOError:
                    pass
                except OSError:
                    closed(s, b"")
            for _ in range(min(reopen_per_s, connections - len(opened_at))):
                open_one()
            stats["most_open"] = max(stats["most_open"], len(opened_at))
    stats["open_at_end"] = len(opened_at)
    stats["held_at_end_s"] = round(time.monotonic() - min(opened_at.values(), default=time.monotonic()), 1)
    for s in list(opened_at):
        s.close()
    pipe.send(stats)


class Tarpit:
    """Accepts every connection, sends a status line, then a header a byte a second, never ending it."""

    def __init__(self):
        self.sock = socket.create_server(("127.0.0.1", 0))
        self.sock.settimeout(0.05)
        self.url = f"http://127.0.0.1:{self.sock.getsockname()[1]}/hook"
        self.held, self.stopping = [], threading.Event()
        threading.Thread(target=self._accept, daemon=True).start()

    def _accept(self):
        while not self.stopping.is_set():
            try:
                conn, _ = self.sock.accept()
            except TimeoutError:
                continue
            except OSError:  # closed
                return
            self.held.append(conn)
            threading.Thread(target=self._trickle, args=(conn,), daemon=True).start()

    def _trickle(self, conn):
        try:
            conn.sendall(b"HTTP/1.1 200 OK\r\nX-Slow: ")
            while not self.stopping.wait(1):
                conn.sendall(b"z")
        except OSError:
            pass

    def close(self):
        self.stopping.set()
        self.sock.close()
        for conn in self.held:
            conn.close()


class Receiver:
    """Answers 200 to every notice and notes when each arrived."""

    def __init__(self):
        import http.server

        arrivals = self.arrivals = []

        class Handler(http.server.BaseHTTPRequestHandler):
            def do_POST(self):
                self.rfile.read(int(self.headers["Content-Length"]))
                arrivals.append(time.monotonic())
                self.send_response(200)
                self.send_header("Content-Length", "0")
                self.end_headers()

            def log_message(self, *args):
                pass

        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_port}/hook"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def close(self):
        self.server.shutdown()
        self.server.server_close()
