"""Notices: a signed JSON POST to a seat's webhook (service/app/webhooks.py), and
for a seat with a player, to that player's own webhook and e-mail
(workers/mail.py), each a job of its own, retried and logged the same way.
Each says, besides what the follow-ups put in it, the game's name and link,
and for a turn what happened since the seat's last move (public events only).

Each delivery resolves the URL's host once, checks every address, and connects
to exactly those addresses (the Host header, SNI and the certificate check keep
the URL's name). It follows no redirect (a 3xx is a failure), connects within
ICEBERG_WEBHOOK_CONNECT_TIMEOUT_S and then has ICEBERG_WEBHOOK_READ_TIMEOUT_S for
TLS, the request and the answer's status line and headers together, however
slowly the other end trickles them.

Every notice carries `X-Iceberg-Delivery`, an id made at its first attempt:
the same on every retry of that notice. Every attempt is written to the seat's
delivery log (service/store/deliveries.py). A failed attempt logs one line and
puts the notice back for later (ICEBERG_WEBHOOK_RETRY_S: the waits before the
2nd, 3rd... attempts) in our own index, which the workers' tickers enqueue when
due (service/app/jobs.py); an address that is refused is not retried. Notices have a queue and
a worker of their own, so a slow endpoint never holds up the game; and the
worker delivers to many endpoints at once, one delivery per endpoint, with a
circuit per endpoint (workers/endpoints.py), so a slow endpoint holds up only
its own notices.
"""

import http.client
import logging
import secrets
import socket
import ssl
import threading
import time
from dataclasses import dataclass

import redis

from domain.kernel.turns import iso
from projections.board import board
from projections.notices import last_move_at, said, since_last_move
from service.app.chat import latest
from service.app.metrics import NOTICES_FAILED
from service.app.tokens import token_hash
from service.app.webhooks import Target, UrlRefused, sign, target
from service.store.codec import canonical, epoch_ms
from service.store.deliveries import Deliveries

from . import mail
from .context import context
from .endpoints import Endpoints, endpoint_of

log = logging.getLogger("iceberg.notices")


@dataclass(frozen=True)
class Outcome:
    status: int | None = None  # the answer's HTTP status, if one came
    error: str | None = None  # one line, if the delivery failed
    retry: bool = True  # worth trying again (a refused address is not)

    @property
    def ok(self) -> bool:
        return self.error is None


def send_notice(game_id: str, seat: int, kind: str, data: dict, delivery: str | None = None,
                attempt: int = 1, channel: str | None = None) -> str:
    """Send one notice to one channel: the seat's webhook (SEAT), its player's
    webhook (PLAYER) or e-mail (EMAIL). A new notice (`channel` None) goes to
    the seat's webhook here, and to its player's channels as jobs of their own."""
    ctx = context()
    if channel is None:
        _to_players_channels(ctx, game_id, seat, kind, data)
        channel = SEAT
    player = None
    if channel == SEAT:
        hook = ctx.webhooks.of(game_id).get(seat)
        if hook is None:
            return "no webhook"
    else:
        player = _player_at(ctx, game_id, seat)
        hook = player and player["webhook"]
        if player is None or (channel == PLAYER and not hook) or (channel == EMAIL and not mail.wanted(
                ctx.config, player, kind)):
            return f"no {channel} to send to"
    delivery = delivery or secrets.token_hex(16)
    endpoint = endpoint_of(hook["url"] if channel != EMAIL else None)
    wait = endpoints(ctx.config).wait_s(endpoint)
    if wait is not None:  # the endpoint is busy or failing: this notice waits, without a worker waiting with it
        ctx.jobs.notice_later(epoch_ms(ctx.clock()) + int(wait * 1000), game_id, seat, kind, data, delivery,
                              attempt, channel=channel)
        return f"later: {endpoint} is busy or failing"
    endpoints(ctx.config).run(endpoint, lambda: _attempt(ctx, game_id, seat, kind, data, delivery, attempt,
                                                         channel, player, hook).ok)
    return f"sent to {endpoint}"


def _attempt(ctx, game_id, seat, kind, data, delivery, attempt, channel, player, hook) -> "Outcome":
    """One attempt: deliver, log it, and put the notice back for the next attempt if it failed."""
    config = ctx.config
    now = ctx.clock()
    told = told_data(ctx, game_id, seat, kind, data)
    started = time.monotonic()
    if channel == EMAIL:
        outcome = _email(ctx, player, game_id, seat, kind, told, delivery, now)
    else:
        outcome = _post_notice(config, hook, game_id, seat, kind, told, delivery, now,
                               extra={"player": player["id"]} if player else {})
    entry = {"at": iso(now), "kind": kind, "delivery": delivery, "attempt": attempt, "ok": outcome.ok,
             "status": outcome.status, "error": outcome.error, "ms": round((time.monotonic() - started) * 1000)}
    try:
        if player is None:
            Deliveries(ctx.webhooks.redis).record(game_id, seat, entry)
        else:
            ctx.players.record_delivery(player["id"], {**entry, "channel": channel, "game": game_id, "seat": seat})
    except redis.RedisError as e:  # a lost log entry, not a reason to send the notice again
        log.warning("could not record delivery %s of game %s seat %s: %s", delivery, game_id, seat, one_line(str(e)))
    if outcome.ok:
        return outcome
    retries = list(config.webhook_retry_s)
    again = outcome.retry and attempt <= len(retries)
    NOTICES_FAILED.labels(channel).inc()
    log.warning("%s failed: game %s seat %s kind %s delivery %s attempt %s: %s; %s",
                FAILED[channel], game_id, seat, kind, delivery, attempt, outcome.error,
                f"retrying in {retries[attempt - 1]} s" if again else "giving up")
    if again:
        ctx.jobs.notice_later(epoch_ms(now) + retries[attempt - 1] * 1000, game_id, seat, kind, data, delivery,
                              attempt + 1, channel=channel)
    return outcome


_ENDPOINTS: dict[int, Endpoints] = {}


def endpoints(config) -> Endpoints:
    """This process's deliveries in flight (workers/endpoints.py), ICEBERG_NOTICE_THREADS at once."""
    found = _ENDPOINTS.get(config.notice_threads)
    if found is None:
        found = _ENDPOINTS[config.notice_threads] = Endpoints(config.notice_threads)
    return found


SEAT, PLAYER, EMAIL = "seat", "player", "email"
FAILED = {SEAT: "webhook delivery", PLAYER: "player webhook delivery", EMAIL: "e-mail notice"}
SINCE_WINDOW = 200  # events read back to find the seat's last move


def _to_players_channels(ctx, game_id: str, seat: int, kind: str, data: dict) -> None:
    player = _player_at(ctx, game_id, seat)
    if player is None:
        return
    if player["webhook"]:
        ctx.jobs.notice(game_id, seat, kind, data, channel=PLAYER)
    if mail.wanted(ctx.config, player, kind):
        ctx.jobs.notice(game_id, seat, kind, data, channel=EMAIL)


def _player_at(ctx, game_id: str, seat: int) -> dict | None:
    """The player sitting in the seat (store/players.py), if a player does."""
    player_id = ctx.players.seated(game_id).get(seat)
    return ctx.players.get(player_id) if player_id else None


def told_data(ctx, game_id: str, seat: int, kind: str, data: dict) -> dict:
    """A notice's data as sent: the game's name and link, and for a turn (and its
    reminder) the public events since the seat's last move (projections/notices.py)."""
    told = {**data, "name": ctx.lobby.name(game_id) or game_id, "link": f"{ctx.config.public_url}/games/{game_id}"}
    if kind in ("your_turn", "reminder"):
        state = ctx.repository.load(game_id).state
        version = min(data["version"], state.version)
        stored = ctx.recorder.read_span(game_id, max(1, version - SINCE_WINDOW + 1), version)
        told["since"] = since_last_move(state, stored, seat)
        told["messages"] = said(latest(ctx.chat, game_id), seat, last_move_at(stored, seat))
    return told


def _post_notice(config, hook: dict, game_id: str, seat: int, kind: str, data: dict, delivery: str, now,
                 extra: dict) -> "Outcome":
    body = canonical({"game": game_id, "seat": seat, "kind": kind, "sent_at": iso(now), "data": data,
                      **extra}).encode()
    timestamp = str(int(now.timestamp()))
    headers = {"Content-Type": "application/json", "User-Agent": "iceberg-webhooks", "X-Iceberg-Delivery": delivery,
               "X-Iceberg-Timestamp": timestamp, "X-Iceberg-Signature": sign(hook["secret"], timestamp, body)}
    return deliver(hook["url"], body, headers, allow_private=config.webhook_allow_private,
                   connect_timeout_s=config.webhook_connect_timeout_s, read_timeout_s=config.webhook_read_timeout_s)


def _email(ctx, player: dict, game_id: str, seat: int, kind: str, data: dict, delivery: str, now) -> "Outcome":
    state = ctx.repository.load(game_id).state
    names = [p.name for p in state.players]
    token = ctx.players.unsubscribe_token(player["id"], token_hash)
    reply_to = None
    if ctx.config.mail_domain:  # play by mail: a reply plays (once the game has ended, its token is dead)
        reply_to = f"play+{ctx.mailbox.new_reply_token(game_id, seat, player['id'])}@{ctx.config.mail_domain}"
        ctx.mailbox.record_sent(mail.message_id(ctx.config, delivery), game_id, seat, state.version)
    try:
        message = mail.compose(ctx.config, player, game_id, seat, kind, data, names,
                               f"{ctx.config.public_url}/unsubscribe/{token}", delivery, now, reply_to=reply_to,
                               board=board(game_id, state, seat, data.get("name")))
    except ValueError as e:  # HeaderInjection, or a header the strict policy refuses: never sent
        return Outcome(error=f"not sent: {one_line(str(e))}", retry=False)
    status, error, retry = mail.send(ctx.config.smtp_url, message)
    return Outcome(status=status, error=error, retry=retry)


def deliver(url: str, body: bytes, headers: dict, *, allow_private: bool, connect_timeout_s: float,
            read_timeout_s: float, resolve=socket.getaddrinfo, opener=None, tls: ssl.SSLContext | None = None
            ) -> Outcome:
    """POST `body` to `url`: resolve once, check, connect to what was checked.
    `resolve` (getaddrinfo's signature), `opener` and `tls` are for tests."""
    try:
        where = target(url, allow_private, resolve)
    except UrlRefused as e:
        return Outcome(error=f"refused: {one_line(str(e))}", retry=False)
    return post(where, body, headers, connect_timeout_s, read_timeout_s, opener or open_socket, tls)


def post(where: Target, body: bytes, headers: dict, connect_timeout_s: float, read_timeout_s: float,
         opener=None, tls: ssl.SSLContext | None = None) -> Outcome:
    kind = PinnedTLS if where.scheme == "https" else Pinned
    connection = kind(where, connect_timeout_s, read_timeout_s, opener or open_socket, tls)
    try:
        connection.request("POST", where.path, body=body, headers=headers)
        status = connection.getresponse().status  # the body is not read
        if connection.expired:  # cut off: what was read may look complete (headers end at EOF)
            raise TimeoutError()
    except ConnectFailed as e:
        return Outcome(error=str(e))
    except (OSError, http.client.HTTPException) as e:
        if connection.expired or isinstance(e, TimeoutError):
            return Outcome(error=f"no complete answer within {read_timeout_s:g} s")
        if isinstance(e, ssl.SSLError):
            return Outcome(error=f"TLS: {one_line(getattr(e, 'verify_message', None) or e.reason or str(e))}")
        return Outcome(error=one_line(f"{type(e).__name__}: {e}"))
    finally:
        connection.close()
    if 200 <= status < 300:
        return Outcome(status=status)
    if 300 <= status < 400:
        return Outcome(status=status, error=f"answered {status}; redirects are not followed")
    return Outcome(status=status, error=f"answered {status}")


def one_line(text: str, limit: int = 300) -> str:
    text = " ".join(text.split())
    return text if len(text) <= limit else text[:limit - 1] + "…"


class ConnectFailed(OSError):
    pass


def open_socket(family, sockaddr, timeout_s: float) -> socket.socket:
    sock = socket.socket(family, socket.SOCK_STREAM)
    try:
        sock.settimeout(timeout_s)
        sock.connect(sockaddr)
        return sock
    except BaseException:
        sock.close()
        raise


def _connect(addresses, timeout_s: float, opener) -> socket.socket:
    """The first of the checked addresses that answers, all within `timeout_s`."""
    deadline = time.monotonic() + timeout_s
    why = f"could not connect within {timeout_s:g} s"
    for family, sockaddr in addresses:
        left = deadline - time.monotonic()
        if left <= 0:
            break
        try:
            return opener(family, sockaddr, left)
        except TimeoutError:
            why = f"could not connect within {timeout_s:g} s"
        except OSError as e:
            why = f"could not connect: {one_line(e.strerror or str(e))}"
    raise ConnectFailed(why)


class Pinned(http.client.HTTPConnection):
    """HTTP to the checked addresses only, the URL's host in the Host header;
    from the TCP connect on, everything must be done within the read timeout."""

    def __init__(self, where: Target, connect_timeout_s: float, read_timeout_s: float, opener, tls=None):
        super().__init__(where.host, where.port, timeout=read_timeout_s)
        self.where, self.connect_timeout_s, self.opener, self.tls = where, connect_timeout_s, opener, tls
        self.expired = False
        self._timer = None

    def connect(self):
        self.sock = _connect(self.where.addresses, self.connect_timeout_s, self.opener)
        # a socket timeout bounds each read; the timer bounds them all (a trickle)
        self._timer = threading.Timer(self.timeout, self._expire)
        self._timer.daemon = True
        self._timer.start()
        self.sock.settimeout(self.timeout)
        self._secure()

    def _secure(self):
        pass

    def _expire(self):
        self.expired = True
        sock = self.sock
        if sock is not None:
            try:  # the plain socket's shutdown, also under TLS: it wakes a blocked read
                socket.socket.shutdown(sock, socket.SHUT_RDWR)
            except OSError:
                pass

    def close(self):
        if self._timer is not None:
            self._timer.cancel()
        super().close()


class PinnedTLS(Pinned):
    """HTTPS to the checked addresses: SNI and certificate checked for the URL's host."""

    default_port = 443

    def _secure(self):
        context = self.tls or ssl.create_default_context()
        self.sock = context.wrap_socket(self.sock, server_hostname=self.host)
