"""A real SMTP server for tests (aiosmtpd) on loopback: it keeps every message
it takes, and can answer the first few with a temporary failure."""

import email
import email.policy

from aiosmtpd.controller import Controller

from service.runtime.redis_server import free_port


class SmtpSink:
    def __init__(self, fail_first: int = 0):
        self.received = []  # (envelope recipients, the message)
        self.refused = 0
        sink = self

        class Handler:
            async def handle_DATA(self, server, session, envelope):
                if sink.refused < fail_first:
                    sink.refused += 1
                    return "451 4.3.0 try again later"
                message = email.message_from_bytes(envelope.content, policy=email.policy.default)
                sink.received.append((list(envelope.rcpt_tos), message))
                return "250 OK"

        port = free_port()
        self.controller = Controller(Handler(), hostname="127.0.0.1", port=port)
        self.controller.start()
        self.url = f"smtp://127.0.0.1:{port}"

    def messages(self) -> list:
        return [message for _, message in self.received]

    def close(self) -> None:
        self.controller.stop()
