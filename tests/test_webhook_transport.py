"""A webhook delivery on the wire (workers/notices.py), against real servers on
loopback: one resolution per delivery and a connection to exactly the address
checked, no redirects, bounded time, and https with SNI and the certificate of
the URL's host."""

import random
import socket
import ssl
import time
from datetime import datetime, timedelta, timezone

import pytest

from service.app.webhooks import check_url
from tests.receivers import Receiver
from tests.webhook_servers import PUBLIC_V4, Resolver, Tarpit, post

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


def one_port_on_both_loopbacks(servers, second_listens: bool = True):
    """A receiver on 127.0.0.1 whose port is free on 127.0.0.2 too, and there
    another receiver on it (or nothing, `second_listens` false). A port free on
    one address may be taken on the other (the slow-body floods bind their many
    client sockets on 127.0.0.2, and the kernel gives them the ports it would
    give a server): so the ports tried are below the kernel's ephemeral range, each
    bound on both addresses or given up for another."""
    for port in random.Random().sample(range(20000, 32768), 50):
        try:
            one = Receiver(host="127.0.0.1", port=port)
        except OSError:
            continue
        try:
            two = Receiver(host="127.0.0.2", port=port)
        except OSError:
            one.server.server_close()  # never started: nothing to shut down
            continue
        if second_listens:
            return servers(one), servers(two)
        two.server.server_close()  # bound, then closed: that port of 127.0.0.2 refuses
        return servers(one), None
    raise AssertionError("no port free on both 127.0.0.1 and 127.0.0.2 in 50 tries")


@pytest.mark.parametrize("first, second", [("127.0.0.1", "127.0.0.2"), ("127.0.0.2", "127.0.0.1")])
def test_the_delivery_goes_to_the_address_resolved_with_the_urls_host_in_the_host_header(servers, first, second):
    one, two = one_port_on_both_loopbacks(servers)  # the same port on two loopback addresses
    by_address = {"127.0.0.1": one, "127.0.0.2": two}
    resolver = Resolver([first], [second])
    outcome = post(f"http://hook.example:{one.port}/hook?x=1", resolver)
    assert outcome.ok and outcome.status == 200 and resolver.calls == ["hook.example"]
    (headers, body), = by_address[first].received
    assert headers["Host"] == f"hook.example:{one.port}" and headers["X-Iceberg-Delivery"] == "d-test"
    assert by_address[second].received == []


def test_the_next_checked_address_is_tried_when_one_refuses_the_connection(servers):
    receiver, _ = one_port_on_both_loopbacks(servers, second_listens=False)
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
