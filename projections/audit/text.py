"""An export told in plain text (GET /games/{id}/export.txt): the same
document, for people. Hand numbers start at 1 here, as in transcripts."""

import json


def _value(value) -> str:
    """A card, a list of cards (space-separated) or anything else as compact JSON."""
    if isinstance(value, str):
        return value
    if isinstance(value, list) and value and all(isinstance(v, str) for v in value):
        return " ".join(value)
    return json.dumps(value, separators=(",", ":"))


def _action(action: dict, names: list[str]) -> str:
    seat = action.get("seat")
    who = f"{names[seat]} (seat {seat})" if seat is not None and 0 <= seat < len(names) else "the server"
    if "action" in action:
        body = dict(action["action"])
        kind = body.pop("type")
        rest = " ".join(_value(v) for v in body.values())
        return f"{who}: {kind}{' ' + rest if rest else ''}"
    if "timeout" in action:
        return f"{who}: timed out (deadline {action['timeout']}); the greedy bot plays the turn"
    if "end" in action:
        return f"the game ends: {action['end']}"
    return f"{who}: {json.dumps(action.get('seat_action'), separators=(',', ':'))}"


def render(doc: dict) -> str:
    header = doc["header"]
    names = [s["name"] or f"seat {s['seat']}" for s in header["seats"]]
    events = doc["events"]
    lines = [f"Game {doc['game']} ({doc['variant']}), {doc['status']}: {len(events)} events, "
             f"chain head {events[-1]['hash']} at version {events[-1]['version']}"
             + ("" if doc["complete"] else " (the hands that have ended)"),
             "Seats: " + ", ".join(f"{i} {n}" + (f" ({s['bot']} bot)" if s["bot"] else "")
                                  for i, (n, s) in enumerate(zip(names, header["seats"], strict=True))),
             "Rules: " + json.dumps(header["rules"], separators=(", ", ": "))]
    deals = header["deals"]
    if deals.get("protocol"):
        seeds = ", ".join(f"seat {c['seat']} (version {c['version']})" for c in deals["contributions"]) or "none"
        lines.append(f"Deals: {deals['protocol']}, commitment {deals['commitment']} over {deals['hands']} hands "
                     f"(version {deals['version']}); contributions: {seeds}"
                     + (f"; the admin's deck for hands {[h + 1 for h in deals['supplied']]}" if deals["supplied"]
                        else ""))
    else:
        lines.append("Deals: chosen by the server alone (no commitment: a game from before the protocol)")
    for action in doc["actions"]:
        lines.append(f"  v{action['version']} {_action(action, names)}")
    for hand in doc["hands"]:
        dealt = {"protocol": "by the protocol", "admin": "from the admin's deck", "server": "by the server"}
        lines += ["", f"Hand {hand['hand'] + 1} (versions {hand['versions']['first']} to "
                      f"{hand['versions']['last']}), dealt {dealt[hand['deal']]}; deck commitment "
                      f"{hand['deck_commitment']}",
                  "  deck: " + " ".join(hand["deck"]), f"  salt: {hand['salt']}"]
        lines += [f"  v{a['version']} {_action(a, names)}" for a in hand["actions"]]
        lines.append(f"  ended ({hand['reason']}): " + ", ".join(
            f"{names[r['seat']]} {r['total']:+d}" for r in hand["results"]))
        point = hand.get("checkpoint")
        if point:
            lines.append(f"  checkpoint: version {point['version']} hash {point['hash']} signed by {point['kid']}")
    ending = doc.get("ending")
    if ending:
        lines += ["", f"Game over ({ending.get('reason')}): winners "
                      + ", ".join(names[s] for s in ending["winners"]) + "; totals "
                      + ", ".join(f"{n} {t}" for n, t in zip(names, ending["totals"], strict=False))]
    for key in doc.get("keys") or []:
        lines.append(f"Key {key['kid']}: {key['alg']} {key['public']}")
    return "\n".join(lines) + "\n"
