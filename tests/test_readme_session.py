"""The README's "A short session" works as written: its bodies, its headers and
the versions it shows are read from README.md itself and played against the
API, so the example a newcomer copies cannot drift from the server again (it
once showed a new game at version 2 and sent an If-Match the server refused)."""

import json
import re
from pathlib import Path

README = Path(__file__).resolve().parent.parent / "README.md"


def _session() -> list[str]:
    """The lines of the sh block under '### A short session'."""
    text = README.read_text()
    section = text.split("### A short session", 1)[1]
    return section.split("```sh", 1)[1].split("```", 1)[0].splitlines()


def _commands(lines: list[str]) -> list[str]:
    """Each curl command, its continuation lines joined."""
    commands, current = [], ""
    for line in lines:
        if line.lstrip().startswith("#"):
            continue
        current += line.rstrip("\\").strip() + " "
        if not line.rstrip().endswith("\\"):
            if current.strip():
                commands.append(current.strip())
            current = ""
    return commands


def _posted(commands: list[str], path_end: str) -> list[tuple[dict, dict]]:
    """(body, headers) of every POST to a path ending in `path_end`, in order."""
    found = []
    for command in commands:
        if not command.startswith("curl") or "-XPOST" not in command:
            continue
        if re.search(r"localhost:8000(\S*)", command).group(1).endswith(path_end):
            body = json.loads(re.search(r"-d '([^']*)'", command).group(1))
            headers = dict(h.split(": ", 1) for h in re.findall(r"-H '([^']*)'", command))
            found.append((body, headers))
    return found


def test_the_readme_session_plays_as_written(client):
    lines = _session()
    commands = _commands(lines)
    ((create_body, _),) = _posted(commands, "/games")
    (draw_body, _), (discard_body, discard_headers) = _posted(commands, "/actions")
    shown_version = int(re.search(r'# -> \{"id": "g_[^"]*", "version": (\d+)', "\n".join(lines)).group(1))
    if_match = int(discard_headers["If-Match"].strip('"'))

    created = client.post("/games", json=create_body)
    assert created.status_code == 201
    assert created.get_json()["version"] == shown_version
    game, token = created.get_json()["id"], created.get_json()["seats"][0]["token"]

    drawn = client.act(game, token, draw_body)
    assert drawn.status_code == 201, drawn.get_json()
    version = drawn.get_json()["version"]
    if not any(e["type"] == "AceRevealed" for e in drawn.get_json()["events"]):
        assert version == if_match
    else:  # the README: "4, more if it revealed aces"
        assert version > if_match
        discard_headers = {**discard_headers, "If-Match": f'"{version}"'}

    hand = client.get(f"/games/{game}/view", token).get_json()["hand"]
    discard = {**discard_body, "card": hand[0]}  # "the card: one from Ann's hand"
    headers = {k: v for k, v in discard_headers.items() if k != "Content-Type"}
    discarded = client.act(game, token, discard, headers=headers)
    assert discarded.status_code == 201, discarded.get_json()
    again = client.act(game, token, discard, headers=headers)  # the Idempotency-Key makes a retry safe
    assert again.status_code == 201 and again.headers["Idempotent-Replayed"] == "true"
    assert again.get_json() == discarded.get_json()
