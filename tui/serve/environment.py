"""The environment and command line of a ``queens-tutor serve`` session: a minimal environment
(``env -i``; no secret of the server's account), the session's own folder as home."""

from __future__ import annotations

import os
import shlex
import shutil
from collections.abc import Mapping
from pathlib import Path

KEPT = ("PATH", "LANG", "LANGUAGE", "TZ", "TMPDIR", "PYTHONPATH")
"""Variables of the server's environment a session keeps (and every ``LC_*``)."""
FROM_APP_SERVICE = (
    "TEXTUAL_DRIVER",
    "TEXTUAL_FPS",
    "TEXTUAL_COLOR_SYSTEM",
    "TERM_PROGRAM",
    "TERM_PROGRAM_VERSION",
    "COLUMNS",
    "ROWS",
    "TEXTUAL",
    "TEXTUAL_LOG",
)
"""What textual-serve's AppService sets for the app it starts (each passed on when set)."""
TERM = "xterm-256color"
"""The tab's terminal (xterm.js) is an xterm with 256 colours and more."""


def home_environment(home: Path) -> dict[str, str]:
    """Every per-user directory the tutor may use, pointed at the session's own ``home``."""
    return {
        "HOME": str(home),
        "XDG_DATA_HOME": str(home / "data"),
        "XDG_STATE_HOME": str(home / "state"),
        "XDG_CONFIG_HOME": str(home / "config"),
        "XDG_CACHE_HOME": str(home / "cache"),
    }


def session_environment(server: Mapping[str, str], home: Path) -> dict[str, str]:
    """What a session is given of the server's environment ``server``, and its own."""
    kept = {
        name: value
        for name, value in server.items()
        if name in KEPT or (name.startswith("LC_") and name.isupper())
    }
    return {**kept, **home_environment(home), "TERM": TERM}


def session_command(argv: list[str], server: Mapping[str, str], home: Path) -> str:
    """The shell command that runs ``argv`` with only the session's environment."""
    env = shutil.which("env", path=server.get("PATH", os.defpath)) or "/usr/bin/env"
    given = [f"{name}={value}" for name, value in session_environment(server, home).items()]
    # ${NAME+NAME="$NAME"}: NAME=its value, as one word, only when the shell has it set.
    passed = [f'${{{name}+{name}="${name}"}}' for name in FROM_APP_SERVICE]
    return " ".join(["exec", shlex.join([env, "-i", *given]), *passed, shlex.join(argv)])


APP_SERVICE_FIXED = {
    "TEXTUAL_DRIVER": "textual.drivers.web_driver:WebDriver",
    "TEXTUAL_FPS": "60",
    "TEXTUAL_COLOR_SYSTEM": "truecolor",
    "TERM_PROGRAM": "textual",
}
"""What AppService sets alike for every app it starts (TERM_PROGRAM_VERSION too): the warm
parent (tui/serve/fork_zygote.py) imports Textual with them, as a plain session would."""


def warm_environment(server: Mapping[str, str], home: Path) -> dict[str, str]:
    """The warm parent's environment: a session's (with ``home``), and AppService's."""
    from importlib.metadata import version

    fixed = {**APP_SERVICE_FIXED, "TERM_PROGRAM_VERSION": version("textual-serve")}
    return {**session_environment(server, home), **fixed}
