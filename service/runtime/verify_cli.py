"""`iceberg verify <file or URL>`: check a game's export offline (docs/audit.md,
"Verifying") and say what was checked. Exit 0 only if all of it holds; 1 at
the first discrepancy, printed with where it is; 2 if the export cannot be read.

Which keys may sign: those given with --key (a key id or the hex public key),
else, for an export fetched from a server, the keys that server publishes at
/.well-known/iceberg-keys, else the export's own (which proves only that the
document is consistent: say so)."""

import argparse
import json
import sys
import urllib.request
from urllib.parse import urlsplit

from projections.audit.verify import Discrepancy, verify

from ..app.signing import key_id, signature_holds

TIMEOUT_S = 30


def main(argv=None, out=None) -> int:
    parser = argparse.ArgumentParser(prog="iceberg verify", description="Check a game's export, trusting nothing.")
    parser.add_argument("source", help="the export: a file, - for standard input, or an http(s) URL")
    parser.add_argument("--key", action="append", default=[],
                        help="a key (its id or its hex public key) the checkpoints must be signed with; repeatable")
    parser.add_argument("--quiet", action="store_true", help="print only the verdict")
    args = parser.parse_args(argv)
    return run(args.source, args.key, args.quiet, out)


def run(source: str, keys: list[str], quiet: bool = False, out=None) -> int:
    out = out or sys.stdout
    try:
        document = _load(source)
        trusted, whose = _trusted(source, keys)
    except (OSError, ValueError) as e:
        print(f"cannot read {source}: {e}", file=out)
        return 2
    try:
        lines = verify(document, signature_holds, trusted)
    except Discrepancy as e:
        print(f"FAIL at {e.where}: {e.what}", file=out)
        return 1
    if not quiet:
        for line in lines:
            print(f"ok  {line}", file=out)
        print(f"ok  signing keys: {whose}", file=out)
    print(f"VERIFIED {document.get('game')}: chain, signatures, commitments, deals, every action and every score",
          file=out)
    return 0


def _load(source: str) -> dict:
    if _is_url(source):
        with urllib.request.urlopen(source, timeout=TIMEOUT_S) as answer:
            return json.loads(answer.read().decode("utf-8"))
    if source == "-":
        return json.load(sys.stdin)
    with open(source, encoding="utf-8") as f:
        return json.load(f)


def _is_url(source: str) -> bool:
    return urlsplit(source).scheme in ("http", "https")


def _trusted(source: str, given: list[str]) -> tuple[dict | None, str]:
    """{key id: public key or None} the signatures must be made with, and who says so."""
    if given:
        trusted = {}
        for key in given:
            if len(key) == 64:
                trusted[key_id(bytes.fromhex(key))] = key
            else:
                trusted[key] = None
        return trusted, "given with --key"
    if _is_url(source):
        parts = urlsplit(source)
        url = f"{parts.scheme}://{parts.netloc}/.well-known/iceberg-keys"
        with urllib.request.urlopen(url, timeout=TIMEOUT_S) as answer:
            published = json.loads(answer.read().decode("utf-8"))["keys"]
        return {k["kid"]: k["public"] for k in published}, f"published by the server at {url}"
    return None, "the export's own (give --key to pin the server's key)"
