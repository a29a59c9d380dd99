"""Whole games by mail under `iceberg serve`: after creation, every move of a
two-player game and of a game against a bot is a reply to a mail, sent over
SMTP to the server's supervised receiver, and every notice and answer comes
back over SMTP to a sink on loopback. Replies quote the mail they answer and
carry a signature; moves are given by number and by command line in turn; at
the end, every action of a person is in the log as that person's own."""

import os
import re
import signal
import smtplib
import time
from pathlib import Path

from domain import registry
from service.runtime.redis_server import free_port
from tests.mail_helpers import DOMAIN, reply, text
from tests.smtp_sink import SmtpSink
from tests.test_serve import Serve, request

RULES = {"max_hands": 1, "turn_timeout_s": 86400}
ADDRESSES = {"Ann": "ann@example.org", "Bo": "bo@example.org"}


def mails_to(sink, address):
    return [m for rcpt, m in list(sink.received) if rcpt == [address]]


def board_mail(sink, address, name, version, timeout=30):
    """The newest mail to `address` whose board shows game `name` at `version` and lists moves."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        for mail in reversed(mails_to(sink, address)):
            said = text(mail)
            shown = re.search(rf"^{re.escape(name)} \(.*, version (\d+)\)$", said, re.M)
            if shown and int(shown.group(1)) == version and re.search(r"^1\. ", said, re.M) and mail["Reply-To"]:
                return mail
        time.sleep(0.05)
    raise AssertionError(f"no mail to {address} showed version {version} with moves")


def choose(said: str, by_number: bool) -> str:
    """Knock or show when the board offers it (the hand ends sooner), else the first move."""
    moves = re.findall(r"^(\d+)\. (.+)$", said, re.M)
    number, line = next(((n, m) for n, m in moves if m.startswith(("knock", "show"))), moves[0])
    return number if by_number else line


def table_of(url, game):
    status, table = request(f"{url}/games/{game}")
    assert status == 200
    return table


def play_by_mail(url, sink, port, game, name, seats: dict[int, str]) -> dict:
    """Play the people's turns of `game` by mail until it ends; the bots play by themselves."""
    sent = 0
    deadline = time.monotonic() + 240
    while True:
        assert time.monotonic() < deadline, "the game did not end by mail in time"
        table = table_of(url, game)
        if table["status"] == "finished":
            return table
        seat = table["turn"]["seat"] if table["turn"] else None
        if seat not in seats:  # a bot's turn, or between hands
            time.sleep(0.05)
            continue
        address = seats[seat]
        mail = board_mail(sink, address, name, table["version"])
        answer = reply(mail, address, [choose(text(mail), by_number=sent % 2 == 0)])
        with smtplib.SMTP("127.0.0.1", port, timeout=10) as smtp:
            smtp.send_message(answer)
        sent += 1
        wait = time.monotonic() + 30
        while table_of(url, game)["version"] == table["version"]:
            assert time.monotonic() < wait, f"the reply to version {table['version']} played nothing: " + \
                "\n".join(text(m) for m in mails_to(sink, address)[-1:])
            time.sleep(0.05)


def moves_by(url, game) -> dict[int, set]:
    status, export = request(f"{url}/games/{game}/export")
    assert status == 200
    actors = {}
    for event in export["events"]:
        seat = event["data"].get("seat")
        if seat is not None and registry.is_move(event["type"]):
            actors.setdefault(seat, set()).add(event["actor"])
    return actors


def receiver_pid(serve) -> int | None:
    """The mail receiver among the supervisor's children."""
    for pid in filter(str.isdigit, os.listdir("/proc")):
        try:
            stat = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
            command = Path(f"/proc/{pid}/cmdline").read_bytes().split(b"\0")
        except OSError:
            continue
        if int(stat[1]) == serve.process.pid and b"service.runtime.inbound" in command:
            return int(pid)
    return None


def test_a_two_player_game_and_a_game_against_a_bot_entirely_by_mail(tmp_path):
    sink, port, inbound = SmtpSink(), free_port(), free_port()
    serve = Serve(tmp_path / "data", port, log_file=tmp_path / "serve.log", ICEBERG_SMTP_URL=sink.url,
                  ICEBERG_MAIL_DOMAIN=DOMAIN, ICEBERG_INBOUND_SMTP=f"smtp://127.0.0.1:{inbound}",
                  ICEBERG_MAIL_FROM=f"Iceberg <games@{DOMAIN}>", ICEBERG_PUBLIC_URL=f"http://127.0.0.1:{port}",
                  ICEBERG_RATE_LIMIT_MAIL="10000/hour", ICEBERG_BOT_GAME_TURN_S="0")
    try:
        serve.wait_healthy()
        people = {}
        for name, address in ADDRESSES.items():
            status, people[name] = request(serve.url + "/players", "POST", {"name": name, "email": address})
            assert status == 201
        status, duel = request(serve.url + "/games", "POST", {
            "variant": "gin", "name": "Mail duel", "rules": RULES,
            "players": [{"player": "me"}, {"open": True}]}, people["Ann"]["token"])
        assert status == 201
        status, _ = request(f"{serve.url}/games/{duel['id']}/join", "POST", {"invite": duel["invite"]},
                            people["Bo"]["token"])
        assert status == 201
        status, solo = request(serve.url + "/games", "POST", {
            "variant": "gin", "name": "Ann and the bot", "rules": RULES,
            "players": [{"player": "me"}, {"name": "Bot", "bot": "greedy"}]}, people["Ann"]["token"])
        assert status == 201

        ended = play_by_mail(serve.url, sink, inbound, duel["id"], "Mail duel", {0: ADDRESSES["Ann"], 1: ADDRESSES["Bo"]})
        assert ended["status"] == "finished"
        assert moves_by(serve.url, duel["id"]) == {0: {"s0"}, 1: {"s1"}}
        first = receiver_pid(serve)  # the receiver is supervised: killed, it comes back
        os.kill(first, signal.SIGKILL)
        deadline = time.monotonic() + 20
        while receiver_pid(serve) in (None, first):
            assert time.monotonic() < deadline, "the mail receiver was not restarted"
            time.sleep(0.1)
        while True:
            try:
                smtplib.SMTP("127.0.0.1", inbound, timeout=2).quit()
                break
            except OSError:
                assert time.monotonic() < deadline, "the restarted receiver does not answer"
                time.sleep(0.1)
        ended = play_by_mail(serve.url, sink, inbound, solo["id"], "Ann and the bot", {0: ADDRESSES["Ann"]})
        assert ended["status"] == "finished"
        assert moves_by(serve.url, solo["id"])[0] == {"s0"}
        played = [text(m) for m in mails_to(sink, ADDRESSES["Ann"]) if "Played:" in text(m)]
        assert played and not any("Refused:" in text(m) for m in mails_to(sink, ADDRESSES["Ann"]))
        log = serve.output()
        assert "mail <" in log and not any(address in log for address in ADDRESSES.values())
    finally:
        serve.stop()
        sink.close()
