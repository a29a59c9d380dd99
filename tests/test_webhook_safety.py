"""Safe webhooks (service/webhooks.py, workers/notices.py): every non-public
address form refused, one resolution per delivery and a connection to exactly
the address checked, no redirects, bounded time, delivery ids, the seat's
delivery log, one-line failure logs, and endpoints that hold their connections
delaying nothing but other notices. Against real HTTP servers on loopback, a
real redis-server and real worker processes."""

import ipaddress
import socket
import ssl
import threading
import time
from datetime import datetime, timedelta, timezone

import pytest

from service.webhooks import UrlRefused, check_url, embedded_ipv4, refusal, target
from tests import worked_example
from tests.builders import stacked_deck
from tests.receivers import Receiver
from tests.worked_example import STOCK, A, B
from tests.workers_helpers import kill_group, start_worker, wait_until
from workers.notices import deliver

PUBLIC_V4 = "93.184.215.14"  # any global unicast address: never connected to here


# --- servers on loopback ---------------------------------------------------------------------

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


@pytest.fixture
def servers():
    """Start servers with servers(Receiver(...)); all are closed after the test."""
    started = []

    def start(server):
        started.append(server)
        return server.start() if isinstance(server, Receiver) else server

    yield start
    for server in started:
        server.close()


# --- every non-public address form is refused --------------------------------------------

REFUSED = [
    "http://127.0.0.1/", "http://2130706433/", "http://0x7f.1/", "http://0177.0.0.1/", "http://127.1/",
    "http://0x7f000001/", "http://[::ffff:127.0.0.1]/", "http://[::ffff:7f00:1]/", "http://[::127.0.0.1]/",
    "http://[64:ff9b::7f00:1]/", "http://[64:ff9b::a00:1]/", "http://[64:ff9b:1::808:808]/",
    "http://[2002:7f00:1::]/", "http://[2002:a00:1::]/", "http://[2002:a9fe:a9fe::]/",
    "http://[2001:0:4136:e378:8000:63bf:80ff:fffe]/", "http://localhost/", "http://0.0.0.0/", "http://0/",
    "http://[::]/", "http://[::1]/", "http://[fe80::1%25eth0]/", "http://[fe80::1]/", "http://[fc00::1]/",
    "http://[fd12:3456::1]/", "http://[fec0::1]/", "http://[ff02::1]/", "http://169.254.169.254/latest",
    "http://10.1.2.3/", "http://172.16.0.1/", "http://192.168.1.1/", "http://100.64.0.1/", "http://192.0.2.1/",
    "http://198.18.0.1/", "http://224.0.0.1/", "http://240.0.0.1/", "http://255.255.255.255/",
    "https://[2001:db8::1]/",
]


@pytest.mark.parametrize("url", REFUSED)
def test_every_non_public_address_form_is_refused(url):
    with pytest.raises(UrlRefused) as refused:
        check_url(url, allow_private=False)
    assert "does not resolve" not in str(refused.value)  # refused for what it is, not by chance
    with pytest.raises(UrlRefused):
        target(url, allow_private=False)


@pytest.mark.parametrize("url", ["http://127.0.0.1/", "http://2130706433/", "http://0x7f.1/", "http://[::1]/",
                                 "http://[::ffff:127.0.0.1]/", "http://[64:ff9b::7f00:1]/", "http://[2002:7f00:1::]/",
                                 "http://localhost/", "http://0.0.0.0/", "http://[fe80::1%25eth0]/"])
def test_the_api_refuses_them_when_private_addresses_are_not_allowed(public_client, url):
    created = public_client.create([{"name": "Ann"}, {"name": "Bo"}])
    response = public_client.call("PUT", f"/games/{created['id']}/seats/0/webhook", created["seats"][0]["token"],
                                  json={"url": url})
    assert response.status_code == 422 and response.get_json()["code"] == "webhook_url_refused"


@pytest.mark.parametrize("text, inside", [
    ("::ffff:127.0.0.1", "127.0.0.1"),  # IPv4-mapped: ipaddress's ipv4_mapped
    ("2002:7f00:1::", "127.0.0.1"),  # 6to4: sixtofour
    ("2001:0:4136:e378:8000:63bf:80ff:fffe", "127.0.0.1"),  # Teredo: teredo's client (stored inverted)
    ("::127.0.0.1", "127.0.0.1"),  # IPv4-compatible: no property, the low 32 bits
    ("64:ff9b::7f00:1", "127.0.0.1"),  # NAT64: no property, the low 32 bits
])
def test_the_ipv4_address_inside_an_ipv6_one_is_found(text, inside):
    assert ipaddress.IPv4Address(inside) in embedded_ipv4(ipaddress.ip_address(text))


def test_an_ipv6_address_public_itself_is_refused_for_the_ipv4_address_it_carries():
    outer = ipaddress.ip_address("2002:7f00:1::")
    assert outer.is_global and not outer.is_reserved  # what the old check looked at: it passed
    assert "127.0.0.1" in refusal(str(outer))
    assert refusal("2002:808:808::") is None  # 6to4 of a public IPv4 address


@pytest.mark.parametrize("url", ["http://8.8.8.8/hook", "https://[2606:4700:4700::1111]/x?y=1",
                                 "http://[2002:808:808::]/", "https://1.1.1.1:8443/"])
def test_public_addresses_pass(url):
    assert check_url(url, allow_private=False) == url


def test_a_name_passes_only_if_every_address_it_resolves_to_is_public():
    assert check_url("https://hooks.example/x", False, Resolver([PUBLIC_V4, "2606:4700:4700::1111"]))
    for bad in ("10.0.0.7", "::1", "64:ff9b::a00:7"):
        with pytest.raises(UrlRefused, match="hooks.example resolves to"):
            check_url("https://hooks.example/x", False, Resolver([PUBLIC_V4, bad]))


def test_with_private_addresses_allowed_loopback_passes_but_never_unspecified_multicast_or_a_zone():
    assert check_url("http://127.0.0.1:8080/h", allow_private=True)
    assert target("http://10.1.2.3/h", allow_private=True).addresses
    for url in ("http://0.0.0.0/", "http://[::]/", "http://224.0.0.1/", "http://[ff02::1]/",
                "http://[fe80::1%25eth0]/"):
        with pytest.raises(UrlRefused):
            target(url, allow_private=True)


# --- one resolution, and a connection to the address checked -------------------------------

def test_a_name_that_passed_at_registration_and_then_resolves_to_loopback_is_refused_at_delivery(servers):
    receiver = servers(Receiver())
    resolver = Resolver([PUBLIC_V4], ["127.0.0.1"])
    url = f"http://hook.example:{receiver.port}/hook"
    assert check_url(url, allow_private=False, resolve=resolver) == url  # registration: a public address
    outcome = post(url, resolver, allow_private=False)  # delivery: it now resolves to loopback
    assert not outcome.ok and not outcome.retry and outcome.error.startswith("refused:")
    assert receiver.received == []


def test_a_delivery_resolves_once_and_never_reaches_what_a_second_lookup_would_give(servers):
    receiver = servers(Receiver())
    resolver = Resolver([PUBLIC_V4], ["127.0.0.1"])  # rebinding: public first, loopback after
    connected = []

    def opener(family, sockaddr, timeout_s):
        connected.append(sockaddr[0])
        raise ConnectionRefusedError(111, "Connection refused")  # the public address is not reached here

    outcome = post(f"http://hook.example:{receiver.port}/hook", resolver, allow_private=False, opener=opener)
    assert resolver.calls == ["hook.example"] and connected == [PUBLIC_V4]
    assert outcome.error == "could not connect: Connection refused" and outcome.retry
    assert receiver.received == []


@pytest.mark.parametrize("first, second", [("127.0.0.1", "127.0.0.2"), ("127.0.0.2", "127.0.0.1")])
def test_the_delivery_goes_to_the_address_resolved_with_the_urls_host_in_the_host_header(servers, first, second):
    one = servers(Receiver(host="127.0.0.1"))
    two = servers(Receiver(host="127.0.0.2", port=one.port))  # the same port on another loopback address
    by_address = {"127.0.0.1": one, "127.0.0.2": two}
    resolver = Resolver([first], [second])
    outcome = post(f"http://hook.example:{one.port}/hook?x=1", resolver)
    assert outcome.ok and outcome.status == 200 and resolver.calls == ["hook.example"]
    (headers, body), = by_address[first].received
    assert headers["Host"] == f"hook.example:{one.port}" and headers["X-Iceberg-Delivery"] == "d-test"
    assert by_address[second].received == []


def test_the_next_checked_address_is_tried_when_one_refuses_the_connection(servers):
    receiver = servers(Receiver())
    closed = socket.create_server(("127.0.0.2", receiver.port))  # bound, never listening: refuses
    closed.close()
    outcome = post(f"http://hook.example:{receiver.port}/hook", Resolver(["127.0.0.2", "127.0.0.1"]))
    assert outcome.ok and len(receiver.received) == 1


# --- no redirects ------------------------------------------------------------------------

@pytest.mark.parametrize("status", [301, 302, 303, 307, 308])
def test_a_redirect_is_a_failed_delivery_and_is_not_followed(servers, status):
    elsewhere = servers(Receiver())
    redirecting = servers(Receiver(status, headers=[("Location", elsewhere.url)]))
    outcome = post(redirecting.url)
    assert not outcome.ok and outcome.retry and outcome.status == status
    assert outcome.error == f"answered {status}; redirects are not followed"
    assert len(redirecting.received) == 1 and elsewhere.received == []


# --- bounded time ------------------------------------------------------------------------

def timed(call):
    start = time.monotonic()
    result = call()
    return result, time.monotonic() - start


def test_an_endpoint_that_never_answers_fails_after_the_read_timeout(servers):
    tarpit = servers(Tarpit())
    outcome, elapsed = timed(lambda: post(tarpit.url, read_timeout_s=0.5))
    assert outcome.error == "no complete answer within 0.5 s" and outcome.retry
    assert 0.45 < elapsed < 1.5 and len(tarpit.held) == 1


def test_an_endpoint_that_trickles_its_answer_fails_after_the_read_timeout_in_all(servers):
    """Each read gets a byte within 0.05 s: only a bound on the whole answer stops it."""
    tarpit = servers(Tarpit(trickle_s=0.05))
    outcome, elapsed = timed(lambda: post(tarpit.url, read_timeout_s=0.5))
    assert outcome.error == "no complete answer within 0.5 s"
    assert 0.45 < elapsed < 1.5


def test_an_endpoint_that_does_not_accept_the_connection_fails_after_the_connect_timeout():
    # a listener with a full accept queue: Linux drops further SYNs, so connecting hangs
    listener = socket.create_server(("127.0.0.1", 0), backlog=0)
    port = listener.getsockname()[1]
    queued = [socket.create_connection(("127.0.0.1", port), timeout=1)]
    try:
        while True:  # fill the queue until a connect hangs
            probe = socket.socket()
            probe.settimeout(0.2)
            try:
                probe.connect(("127.0.0.1", port))
                queued.append(probe)
            except TimeoutError:
                probe.close()
                break
            assert len(queued) < 10
        outcome, elapsed = timed(lambda: post(f"http://127.0.0.1:{port}/hook", connect_timeout_s=0.5))
    finally:
        for conn in queued:
            conn.close()
        listener.close()
    assert outcome.error == "could not connect within 0.5 s" and outcome.retry
    assert 0.45 < elapsed < 1.5


# --- https: SNI and the certificate are for the URL's host -----------------------------------

def certificates(tmp_path, name):
    """A test CA, and a server certificate for `name` it signed: (ca.pem, cert.pem, key.pem)."""
    from cryptography import x509
    from cryptography.hazmat.primitives import hashes, serialization
    from cryptography.hazmat.primitives.asymmetric import ec
    from cryptography.x509.oid import ExtendedKeyUsageOID, NameOID

    now = datetime.now(timezone.utc)

    def build(subject, issuer, key, signer, ca):
        builder = (x509.CertificateBuilder().subject_name(subject).issuer_name(issuer).public_key(key.public_key())
                   .serial_number(x509.random_serial_number())
                   .not_valid_before(now - timedelta(hours=1)).not_valid_after(now + timedelta(hours=1))
                   .add_extension(x509.BasicConstraints(ca=ca, path_length=None), critical=True)
                   .add_extension(x509.SubjectKeyIdentifier.from_public_key(key.public_key()), critical=False)
                   .add_extension(x509.AuthorityKeyIdentifier.from_issuer_public_key(signer.public_key()),
                                  critical=False))
        if ca:
            builder = builder.add_extension(x509.KeyUsage(True, False, False, False, False, True, True, False, False),
                                            critical=True)
        else:
            builder = (builder.add_extension(x509.SubjectAlternativeName([x509.DNSName(name)]), critical=False)
                       .add_extension(x509.ExtendedKeyUsage([ExtendedKeyUsageOID.SERVER_AUTH]), critical=False))
        return builder.sign(signer, hashes.SHA256())

    ca_key, key = ec.generate_private_key(ec.SECP256R1()), ec.generate_private_key(ec.SECP256R1())
    ca_name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "iceberg test CA")])
    ca = build(ca_name, ca_name, ca_key, ca_key, ca=True)
    cert = build(x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, name)]), ca_name, key, ca_key, ca=False)
    paths = [tmp_path / f"{name}-{part}.pem" for part in ("ca", "cert", "key")]
    paths[0].write_bytes(ca.public_bytes(serialization.Encoding.PEM))
    paths[1].write_bytes(cert.public_bytes(serialization.Encoding.PEM))
    paths[2].write_bytes(key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8,
                                           serialization.NoEncryption()))
    return paths


@pytest.mark.parametrize("certified", ["hook.example", "other.example"])
def test_https_goes_to_the_checked_address_with_sni_and_the_certificate_for_the_urls_host(servers, tmp_path,
                                                                                          certified):
    ca, cert, key = certificates(tmp_path, certified)
    names = []
    server_side = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    server_side.load_cert_chain(cert, key)
    server_side.sni_callback = lambda sock, name, context: names.append(name)
    receiver = Receiver()
    receiver.server.socket = server_side.wrap_socket(receiver.server.socket, server_side=True)
    servers(receiver)  # serving TLS from the start
    trusting = ssl.create_default_context(cafile=str(ca))
    outcome = post(f"https://hook.example:{receiver.port}/hook", Resolver(["127.0.0.1"]), tls=trusting)
    assert names == ["hook.example"]
    if certified == "hook.example":
        assert outcome.ok and outcome.status == 200
        assert receiver.received[0][0]["Host"] == f"hook.example:{receiver.port}"
    else:  # the certificate is checked against the URL's name, not the address connected to
        assert not outcome.ok and outcome.error.startswith("TLS:") and "hook.example" in outcome.error
        assert receiver.received == []


# --- through the real worker: delivery ids, the seat's log, one line per failure ------------

@pytest.fixture
def public_client(redis_server):
    """The API with private webhook addresses refused (the default)."""
    from service.app import create_app
    from service.config import Config
    from tests.api_client import ApiClient
    from tests.conftest import ADMIN_TOKEN

    app = create_app(Config(redis_url=redis_server.url, admin_token=ADMIN_TOKEN))
    app.testing = True
    yield ApiClient(app.test_client())
    app.extensions["iceberg"].hub.close()


def play_a_turn(client, game, token):
    """Pick up the passed card if there is one, draw, discard: the discard's response."""
    for _ in range(3):
        actions = client.get(f"/games/{game}/view", token=token).get_json()["actions"]
        action = next((a for kind in ("pickup", "draw", "discard") for a in actions if a["type"] == kind), None)
        assert action is not None, actions
        response = client.act(game, token, action)
        assert response.status_code == 201, response.get_json()
        if action["type"] == "discard":
            return response
    raise AssertionError("no discard in three actions")


def deliveries(app, game, seat, token):
    return app.test_client().get(f"/games/{game}/seats/{seat}/webhook/deliveries",
                                 headers={"Authorization": f"Bearer {token}"})


def test_a_failing_webhook_gets_one_delivery_id_a_log_line_per_attempt_and_its_owner_sees_the_attempts(
        own_redis, own_app, own_client, servers, tmp_path):
    failing, good = servers(Receiver(500)), servers(Receiver(200))
    output = tmp_path / "notices.log"
    worker = start_worker(own_redis.url, queues="notices", output=output)
    try:
        created = own_client.create([{"name": "Ann"}, {"name": "Bo"}, {"name": "Cy"}], rules={"hands": 1},
                                    deck=worked_example.deck())
        game, tokens = created["id"], [s["token"] for s in created["seats"]]
        registered = own_client.call("PUT", f"/games/{game}/seats/1/webhook", tokens[1], json={"url": failing.url})
        secret = registered.get_json()["secret"]
        own_client.call("PUT", f"/games/{game}/seats/2/webhook", tokens[2], json={"url": good.url})
        play_a_turn(own_client, game, tokens[0])  # Bo's turn: a notice to the failing URL
        play_a_turn(own_client, game, tokens[1])  # Cy's turn: one to the good URL
        wait_until(lambda: good.received and len(failing.received) == 3, timeout=30, what="the deliveries")
        wait_until(lambda: output.read_text().count("webhook delivery failed") == 3, timeout=10,
                   what="three log lines", diagnose=output.read_text)
        wait_until(lambda: len(deliveries(own_app, game, 1, tokens[1]).get_json()["deliveries"]) == 3, timeout=10)
    finally:
        kill_group(worker)
    ids = {headers["X-Iceberg-Delivery"] for headers, _ in failing.received}
    (failing_id,) = ids  # the same id on the first try and on both retries
    good_id = good.received[0][0]["X-Iceberg-Delivery"]
    assert good_id != failing_id and len(good_id) >= 16

    answer = deliveries(own_app, game, 1, tokens[1])
    assert answer.status_code == 200 and secret not in answer.get_data(as_text=True)
    attempts = answer.get_json()["deliveries"]
    assert [a["attempt"] for a in attempts] == [3, 2, 1]  # newest first
    for attempt in attempts:
        assert attempt["delivery"] == failing_id and attempt["kind"] == "your_turn"
        assert attempt["ok"] is False and attempt["status"] == 500 and attempt["error"] == "answered 500"
        assert attempt["ms"] >= 0 and attempt["at"].endswith("Z")
    (delivered,) = deliveries(own_app, game, 2, tokens[2]).get_json()["deliveries"]
    assert delivered["ok"] is True and delivered["status"] == 200 and delivered["delivery"] == good_id

    log = output.read_text()
    lines = [line for line in log.splitlines() if "webhook delivery failed" in line]
    assert all(" iceberg.notices WARNING " in line and f"game {game} seat 1 kind your_turn delivery {failing_id}"
               in line and "answered 500" in line for line in lines)
    assert [line.rsplit("; ", 1)[1] for line in lines] == ["retrying in 1 s", "retrying in 1 s", "giving up"]
    assert "Traceback" not in log


def test_the_delivery_log_and_the_webhook_are_for_the_seats_owner_only(own_app, own_client):
    from tests.api_client import ADMIN

    created = own_client.create([{"name": "Ann"}, {"name": "Bo"}])
    game, tokens = created["id"], [s["token"] for s in created["seats"]]
    http = own_app.test_client()

    def get(path, token=None):
        return http.get(path, headers={"Authorization": f"Bearer {token}"} if token else {})

    for path in (f"/games/{game}/seats/0/webhook", f"/games/{game}/seats/0/webhook/deliveries"):
        assert get(path).status_code == 401
        assert get(path, tokens[1]).status_code == 403
        assert get(path, ADMIN).status_code == 403
        assert get(path.replace(game, "g_0000000000000000"), ADMIN).status_code == 404
        assert get(path.replace(game, "nonsense")).status_code == 404
    assert get(f"/games/{game}/seats/0/webhook", tokens[0]).status_code == 404  # none registered yet
    assert get(f"/games/{game}/seats/0/webhook/deliveries", tokens[0]).get_json() == {"seat": 0, "deliveries": []}
    put = own_client.call("PUT", f"/games/{game}/seats/0/webhook", tokens[0], json={"url": "http://127.0.0.1:9/h"})
    shown = get(f"/games/{game}/seats/0/webhook", tokens[0])
    assert shown.status_code == 200 and shown.get_json() == {"seat": 0, "url": "http://127.0.0.1:9/h"}
    assert put.get_json()["secret"] not in shown.get_data(as_text=True)


def test_the_delivery_log_keeps_the_last_twenty_attempts(redis_server):
    import redis

    from service.store import keys
    from service.store.deliveries import Deliveries

    log = Deliveries(redis.Redis.from_url(redis_server.url))
    game = "g_" + "%016x" % int(time.time() * 1e6)
    for n in range(25):
        log.record(game, 1, {"attempt": n})
    assert [entry["attempt"] for entry in log.of(game, 1)] == list(range(24, 4, -1))
    assert log.of(game, 0) == [] and 0 < log.redis.ttl(keys.deliveries(game, 1)) <= 30 * 86400


# --- the tarpit: endpoints that hold their connections delay no bot -----------------------

def test_ten_webhooks_that_hold_their_connections_do_not_delay_an_unrelated_bot(own_redis, own_app, own_client,
                                                                                 servers, tmp_path):
    store = own_app.extensions["iceberg"].recorder
    tarpits = [servers(Tarpit()) for _ in range(10)]
    # the two workers `iceberg serve` runs
    workers = [start_worker(own_redis.url, queues=queue, output=tmp_path / f"{queue}.log")
               for queue in ("iceberg", "notices")]
    try:
        # the unrelated game: the bot opens, which also shows the game worker is up
        bot_game = own_client.create([{"name": "Bot", "bot": "greedy"}, {"name": "Ann"}], rules={"hands": 1},
                                     deck=stacked_deck([A, B], STOCK))
        game, ann = bot_game["id"], bot_game["seats"][1]["token"]
        wait_until(lambda: own_client.get(f"/games/{game}/view", token=ann).get_json()["actions"], timeout=30,
                   what="the bot's opening turn")
        # ten games, each sending a notice to a webhook that never answers
        for tarpit in tarpits:
            other = own_client.create([{"name": "P"}, {"name": "Q"}, {"name": "R"}], rules={"hands": 1},
                                      deck=worked_example.deck())
            tokens = [s["token"] for s in other["seats"]]
            own_client.call("PUT", f"/games/{other['id']}/seats/1/webhook", tokens[1], json={"url": tarpit.url})
            play_a_turn(own_client, other["id"], tokens[0])
        wait_until(lambda: any(t.held for t in tarpits), timeout=30, what="the notices worker held by a tarpit")

        version = play_a_turn(own_client, game, ann).get_json()["version"]  # the discard, acknowledged
        start = time.monotonic()
        bot_moved = wait_until(lambda: store.version(game) > version, timeout=10, every=0.005,
                               what="the bot's reply")
        elapsed = time.monotonic() - start
        held = sum(len(t.held) for t in tarpits)
    finally:
        for worker in workers:
            kill_group(worker)
    assert bot_moved and store.read(game, after=version)[0].actor.startswith("b")  # the bot's event, not ours
    assert elapsed < 1.0, f"the bot answered after {elapsed:.2f} s"
    assert 1 <= held < 10  # the notices worker was still held up by the tarpits meanwhile
