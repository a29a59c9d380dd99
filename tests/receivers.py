"""A loopback HTTP server that receives webhook notices, for the tests."""

import http.server
import threading


class Receiver:
    """An HTTP server on loopback that records the requests it gets and answers
    `status` (with `headers`)."""

    def __init__(self, status=200, headers=(), host="127.0.0.1", port=0):
        self.received = []
        receiver = self

        class Handler(http.server.BaseHTTPRequestHandler):
            def do_POST(self):
                body = self.rfile.read(int(self.headers["Content-Length"]))
                receiver.received.append((dict(self.headers), body))
                self.send_response(status)
                for name, value in headers:
                    self.send_header(name, value)
                self.send_header("Content-Length", "0")
                self.end_headers()

            def log_message(self, *args):
                pass

        self.server = http.server.ThreadingHTTPServer((host, port), Handler)
        self.port = self.server.server_port
        self.url = f"http://{host}:{self.port}/hook"

    def start(self):
        threading.Thread(target=self.server.serve_forever, daemon=True).start()
        return self

    def close(self):
        self.server.shutdown()
        self.server.server_close()
