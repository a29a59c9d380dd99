"""Debian packages a test needs and the machine may lack (Chromium, nginx,
Node.js and npm), installed the way a fresh machine of this project's kind
(CI) allows: as root, with apt-get. Elsewhere nothing is installed, and the
test that needs the package fails saying how to get it."""

import os
import shutil
import subprocess


def install(*packages: str) -> None:
    """Install `packages` if this process may (root, apt-get); the package lists
    are refreshed only if the first try fails."""
    if os.geteuid() != 0 or shutil.which("apt-get") is None:
        return
    env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}

    def apt(*arguments) -> bool:
        return subprocess.run(["apt-get", *arguments], env=env, capture_output=True, timeout=900).returncode == 0

    if not apt("install", "-y", "-q", *packages):
        apt("update", "-q") and apt("install", "-y", "-q", *packages)
