"""Webhook URLs (service/app/webhooks.py): every non-public address form refused,
at registration through the API too, IPv4 inside IPv6 found, and a name
passing only if every address it resolves to is public."""

import ipaddress

import pytest

from service.app.webhooks import UrlRefused, check_url, embedded_ipv4, refusal, target
from tests.webhook_servers import PUBLIC_V4, Resolver

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
