"""Play by mail is safe by default: auto-replies, bounces, list mail, strangers,
unknown tokens and mail come back from ourselves get no action and no answer;
at SMTP time a message over the size limit gets 552, too many recipients 452,
a sender past its rate 450; the receiver also speaks LMTP and reads HTML-only
mail; nothing of a mail is logged but its Message-ID."""

import logging
import smtplib

import pytest

from tests.mail_helpers import DOMAIN, MailWorld, reply
from tests.test_mail_inbound import ADDRESSES, last_notice, seat_to_move, two_players


@pytest.fixture
def world(own_redis, monkeypatch):
    made = MailWorld(own_redis.url, monkeypatch, mail_rate="6/day")
    yield made
    made.close()


def nothing_happens(client, world, game, seat, mail, **send):
    version = client.get(f"/games/{game}").get_json()["version"]
    sent = len(world.sink.received)
    world.send(mail, **send)
    world.work()
    assert client.get(f"/games/{game}").get_json()["version"] == version
    assert len(world.sink.received) == sent, "no answer"


def test_automatic_mail_strangers_and_unknown_tokens_get_no_action_and_no_answer(own_client, world, caplog):
    caplog.set_level(logging.DEBUG)
    game, _ = two_players(own_client, world)
    seat = seat_to_move(own_client, game)
    notice = last_notice(world, seat)
    me = ADDRESSES[seat]
    nothing_happens(own_client, world, game, seat, reply(notice, me, ["1"], Auto_Submitted="auto-replied"))
    nothing_happens(own_client, world, game, seat, reply(notice, me, ["1"], Precedence="bulk"))
    nothing_happens(own_client, world, game, seat, reply(notice, me, ["1"], List_Id="<games.lists.example.org>"))
    nothing_happens(own_client, world, game, seat, reply(notice, me, ["1"]), envelope_from="")  # a bounce
    nothing_happens(own_client, world, game, seat, reply(notice, "mallory@example.org", ["1"]))  # a stranger
    nothing_happens(own_client, world, game, seat, reply(notice, ADDRESSES[1 - seat], ["1"]))  # the other player
    nothing_happens(own_client, world, game, seat, reply(notice, f"games@{DOMAIN}", ["1"]))  # a loop
    nothing_happens(own_client, world, game, seat, reply(notice, me, ["1"], X_Loop=DOMAIN))
    nothing_happens(own_client, world, game, seat, reply(
        notice, me, ["1"], Authentication_Results="mx.play.test; dmarc=fail header.from=example.org"))
    unknown = reply(notice, me, ["1"])
    unknown.replace_header("To", f"play+{'0' * 32}@{DOMAIN}")
    nothing_happens(own_client, world, game, seat, unknown)
    logged = caplog.text
    assert "example.org>:" not in logged.replace("@example.org>:", "")  # Message-IDs only
    assert not any(address in logged for address in (*ADDRESSES, "mallory@example.org"))
    assert notice["Reply-To"].split("@")[0] not in logged and "Re: " not in logged


def test_smtp_refuses_big_mail_too_many_recipients_and_a_sender_past_its_rate(own_client, world):
    game, _ = two_players(own_client, world)
    seat = seat_to_move(own_client, game)
    notice = last_notice(world, seat)
    big = reply(notice, ADDRESSES[seat], ["1"] + ["x" * 99] * 3100)  # 300 KiB
    with pytest.raises(smtplib.SMTPException) as refused:
        world.send(big)
    assert "552" in str(refused.value)
    with smtplib.SMTP("127.0.0.1", world.port, timeout=10) as smtp:  # a client that does not announce its size
        smtp.ehlo()
        smtp.mail(ADDRESSES[seat])
        smtp.rcpt(notice["Reply-To"])
        assert smtp.data(big.as_bytes().replace(b"\n", b"\r\n"))[0] == 552
    many = [f"play+{i:032x}@{DOMAIN}" for i in range(6)]
    with smtplib.SMTP("127.0.0.1", world.port, timeout=10) as smtp:
        smtp.ehlo()
        smtp.mail(ADDRESSES[seat])
        codes = [smtp.rcpt(address)[0] for address in many]
        assert codes == [250] * 5 + [452]
        assert smtp.rcpt(f"someone@{DOMAIN}")[0] == 452
    with smtplib.SMTP("127.0.0.1", world.port, timeout=10) as smtp:
        smtp.ehlo()
        smtp.mail("x@example.org")
        assert smtp.rcpt(f"postmaster@{DOMAIN}")[0] == 550 and smtp.rcpt("play+1@elsewhere.org")[0] == 550
    codes = []
    for _ in range(7):  # 6 a day here; the envelope above counted (the big mail announced its SIZE: refused before)
        with smtplib.SMTP("127.0.0.1", world.port, timeout=10) as smtp:
            smtp.ehlo()
            codes.append(smtp.mail(ADDRESSES[seat])[0])
    assert codes == [250] * 4 + [450] * 3


def test_lmtp_and_an_html_only_reply(own_redis, own_client, monkeypatch):
    world = MailWorld(own_redis.url, monkeypatch, protocol="lmtp")
    try:
        game, _ = two_players(own_client, world)
        seat = seat_to_move(own_client, game)
        notice = last_notice(world, seat)
        mail = reply(notice, ADDRESSES[seat], [], quote=False)
        mail.set_content("<html><head><style>p {}</style></head><body><div>1</div><div>On Thu, Iceberg wrote:"
                         "</div><blockquote>2. draw stock<br>2</blockquote></body></html>", subtype="html")
        version = own_client.get(f"/games/{game}").get_json()["version"]
        world.send(mail)
        world.work()
        assert own_client.get(f"/games/{game}").get_json()["version"] > version
        assert "Played:\n  1 = " in world.to(ADDRESSES[seat])[-1].get_content().replace("\r\n", "\n")
    finally:
        world.close()
