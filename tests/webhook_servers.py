"""Servers on loopback for the webhook tests: one that accepts connections and
never answers (or trickles), a getaddrinfo with answers given in turn, and a
direct call of the worker's delivery."""

import socket
import threading

from workers.notices import deliver

PUBLIC_V4 = "93.184.215.14"  # any global unicast address: never connected to here


class Tarpit:
    """Accepts every connection and never answers: holds it until closed."""

    def __init__(self, trickle_s=None):
        self.sock = socket.create_server(("127.0.0.1", 0))
        self.sock.settimeout(0.05)
        self.url = f"http://127.0.0.1:{self.sock.getsockname()[1]}/hook"
        self.held, self.trickle_s = [], trickle_s
        self.stopping = threading.Event()
        self.thread = threading.Thread(target=self._accept, daemon=True)
        self.thread.start()

    def _accept(self):
        while not self.stopping.is_set():
            try:
                conn, _ = self.sock.accept()
            except TimeoutError:
                continue
            self.held.append(conn)
            if self.trickle_s:
                threading.Thread(target=self._trickle, args=(conn,), daemon=True).start()

    def _trickle(self, conn):
        """A status line, then a header one byte at a time: each read gets something."""
        try:
            conn.sendall(b"HTTP/1.1 200 OK\r\nX-Slow: ")
            while not self.stopping.wait(self.trickle_s):
                conn.sendall(b"z")
        except OSError:
            pass

    def close(self):
        self.stopping.set()
        self.thread.join(timeout=5)
        self.sock.close()
        for conn in self.held:
            conn.close()


class Resolver:
    """getaddrinfo with answers given in turn (the last one repeats), counting calls."""

    def __init__(self, *answers):
        self.answers, self.calls = list(answers), []

    def __call__(self, host, port, *args, **kwargs):
        self.calls.append(host)
        addresses = self.answers[min(len(self.calls), len(self.answers)) - 1]
        return [(socket.AF_INET6 if ":" in a else socket.AF_INET, socket.SOCK_STREAM, socket.IPPROTO_TCP, "",
                 (a, port, 0, 0) if ":" in a else (a, port)) for a in addresses]


def post(url, resolve=socket.getaddrinfo, allow_private=True, connect_timeout_s=2.0, read_timeout_s=2.0, **kw):
    headers = {"Content-Type": "application/json", "X-Iceberg-Delivery": "d-test"}
    return deliver(url, b'{"kind": "test"}', headers, allow_private=allow_private, connect_timeout_s=connect_timeout_s,
                   read_timeout_s=read_timeout_s, resolve=resolve, **kw)
