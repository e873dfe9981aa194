"""Raw bytes through a real terminal (tmux ``paste-buffer -r``: Textual's input parser, which
Pilot's keys never reach) on every screen of SCREENS: the bytes that ended the tutor, seeded
random bytes in chunks and pauses, then an unterminated paste; the tutor stays alive, logs no
crash, still steps and quits with status 0. ``QUEENS_TUTOR_FUZZ_BYTES`` sets the random bytes
per screen (CI: 100000)."""

from __future__ import annotations

import os
import random
import re
import time
from dataclasses import dataclass
from pathlib import Path

import pytest

from tests.e2e.tmux import Tmux, tutor_command

pytestmark = pytest.mark.integration  # the raw-byte fuzz (CI runs it at full size)

ESCAPE = "1b5b323775"
"""The Escape key as the kitty keyboard protocol sends it (``ESC[27u``), in hex: the tutor
does not wait after it for more, as it does after a bare ESC."""
CORPUS = [
    b"\xe9",  # e-acute typed in a Latin-1 terminal (PuTTY): UnicodeDecodeError
    b"\xff",
    b"\x1b[99999999999999999999~",  # OverflowError in chr()
    b"\x1b[1114112u",  # ValueError in chr()
    b"\x1b[55296u",  # a surrogate
    b"\x1b[97;1;55296u",
    b"\x1b[1:2:3;4:5;6:7u",  # ValueError in int()
    b"\x1b[<0;99999999;5M",
    b"\x1b]0;title\x07\x1bP1$r\x1b\\",
    b"\x1b[?2048;2$y\x1b[48;5;20;100;100t",  # a forged resize froze the screen at 20x5
    b"\x1b[?2026;1$y\x1b[I\x1b[O\x1b[12;40R",  # a mode report, focus events, a cursor report
    b"\x1b[200~pasted \x1b\x11 text\x1b[201~",
]
UNTERMINATED_PASTE = b"\x1b[200~abc"
"""Sent last: the keys after it must not be swallowed (it ends after 1 s of quiet)."""
MAIN_STATUS = re.compile(r"speed \d+")
"""In the main screen's status only (a lesson's status shows a tick too; the footer may be
under a notification, such as ctrl+c's "Press q to quit")."""
DEFAULT_BYTES = 3_000
"""Random bytes per screen when ``QUEENS_TUTOR_FUZZ_BYTES`` does not say."""
CHUNK = 48
"""Random bytes per chunk at most."""
WRITE = 4096
"""Bytes per write to the terminal at most: whole chunks, joined."""
PAUSES = (0.0, 0.0, 0.05, 0.5)
"""Seconds after a write, one picked at random each time: 0.5 is longer than the tutor waits
after ESC for the rest of a sequence (ESCDELAY, 400 ms), 0.05 shorter."""
REPORT_EVERY = 20
"""One chunk in this many is a forged terminal report (:func:`_forged_report`)."""
ROUNDS = 5
"""Tries of the keys that end the run (escapes, r), each after the tutor has been idle: a key
read while the open paste waits for its end goes into the paste, which ends after 1 s of quiet."""


@dataclass(frozen=True)
class Screen:
    """How to open one screen: the tutor's options, then its keys (tmux names), one step at a
    time with the tutor idle after each, and a text the screen shows once it is open."""

    options: str = "-n 4"
    steps: tuple[str, ...] = ()
    shows: str = "tick 0"


SCREENS = {
    "main": Screen(),
    "recursive method": Screen("-n 4 --method recursive", shows="placeQueens(int i)"),
    "maze method": Screen("--method maze", shows="Solve frames"),
    "search tree": Screen("-n 6", ("t",), "search tree: 0 nodes"),
    "place board": Screen(steps=("o",), shows="your queens: n = 4"),
    "you drive": Screen(steps=("o", "y"), shows="you drive the loop: n = 4"),
    "help": Screen(steps=("?",), shows="escape closes"),
    "guess mode": Screen(steps=("g",), shows="guesses"),
    "command palette": Screen(steps=("C-p",), shows="Search for commands"),
    "lesson menu": Screen(steps=("l",), shows="Lessons: up/down to choose"),
    "a lesson": Screen(steps=("l", "Enter"), shows="The problem (1/"),
    "lesson choice question": Screen("-n 4 --lesson 1", ("n",), "Practice: While the search runs"),
    "lesson number question": Screen("-n 4 --lesson 1", ("n", "2 Enter", "Enter", "Enter"), "(3/"),
    "lesson board": Screen("-n 4 --lesson 7", shows="92 solutions (1/"),
    "lesson place question": Screen(
        "-n 4 --lesson 2", ("n", "F3", "Enter", "Enter", "o"), "your queens: n = 2"
    ),
}
"""Each screen the bytes start on: the issue's list (main, lessons, guess, place, drive, tree,
menu, recursive) and every other screen a student reaches with a key."""


def _forged_report(rng: random.Random) -> bytes:
    """A terminal report nobody asked for, as line noise or another program writing to the
    terminal makes one: an in-band resize (mode 2048) of any size, a mode report (DECRPM) of
    2048 or 2026, a focus event, a cursor position report."""
    numbers = [rng.randint(0, 400) for _ in range(4)]
    return rng.choice(
        [
            b"\x1b[48;%d;%d;%d;%dt" % tuple(numbers),
            b"\x1b[?%d;%d$y" % (rng.choice([2048, 2026]), rng.randint(0, 4)),
            rng.choice([b"\x1b[I", b"\x1b[O"]),
            b"\x1b[%d;%dR" % tuple(numbers[:2]),
        ]
    )


def _random_bytes(rng: random.Random, count: int, screen: str) -> list[bytes]:
    """``count`` random bytes in chunks, without the keys that would end the run or change
    what the end checks: q and ctrl+q (quit), g (guess mode), and outside the palette ctrl+p,
    inside it enter (a command chosen at random could quit or change the language); one chunk
    in REPORT_EVERY is a forged terminal report instead."""
    banned = set(b"q\x11g") | (set(b"\r\n") if screen == "command palette" else {0x10})
    chunks = []
    while count > 0:
        if rng.randrange(REPORT_EVERY) == 0:
            chunk = _forged_report(rng)
        else:
            size = min(rng.randint(1, CHUNK), count)
            chunk = bytes(b if b not in banned else 0x20 for b in rng.randbytes(size))
        chunks.append(chunk)
        count -= len(chunk)
    return chunks


def _writes(chunks: list[bytes]) -> list[bytes]:
    """The chunks joined into writes of up to WRITE bytes (one chunk is never split)."""
    writes: list[bytes] = []
    for chunk in chunks:
        if writes and len(writes[-1]) + len(chunk) <= WRITE:
            writes[-1] += chunk
        else:
            writes.append(chunk)
    return writes


def _main(screen: str) -> bool:
    """The main screen's status shows (``speed N``: on the left, where Textual's "Press q to
    quit" notices after a ctrl+c among the random bytes do not cover it; they may stay a minute
    and more, stacked)."""
    return MAIN_STATUS.search(screen) is not None


def _on_main(session: Tmux, tick: int, within: float) -> bool:
    """Whether the main screen shows ``tick`` within ``within`` seconds (a lesson's status shows
    a tick too)."""
    deadline = time.monotonic() + within
    while time.monotonic() < deadline:
        screen = session.screen()
        if _tick(screen) == tick and _main(screen):
            return True
        time.sleep(0.05)
    return False


def _keep(path: Path, data: bytes) -> None:
    with path.open("ab") as kept:
        kept.write(data)


def _tick(screen: str) -> int | None:
    found = re.search(r"tick (\d+)", screen)
    return int(found.group(1)) if found else None


@pytest.mark.slow(8)
@pytest.mark.parametrize("screen", list(SCREENS))
def test_any_bytes_leave_the_tutor_running_and_stepping(screen: str, tmp_path: Path) -> None:
    wanted = os.environ.get("QUEENS_TUTOR_FUZZ_BYTES")
    count = int(wanted) if wanted is not None else DEFAULT_BYTES
    rng = random.Random(f"raw bytes {screen}")
    env = {
        "HOME": str(tmp_path),
        "XDG_DATA_HOME": str(tmp_path / "data"),
        "XDG_STATE_HOME": str(tmp_path / "state"),
        "XDG_CONFIG_HOME": str(tmp_path / "config"),
    }
    opening = SCREENS[screen]
    session = Tmux(f"{tutor_command()} {opening.options}", env=env)
    # What the tutor writes, and what it is sent, are kept: if the tmux server dies
    # (Debian's tmux 3.3a segfaulted during this fuzz), they are what to replay.
    written, sent = tmp_path / "tutor-output", tmp_path / "sent"
    session.tmux("pipe-pane", "-o", "-t", session.target, f"cat > {written}")
    try:
        pid = session.app_pid()
        session.wait_idle(pid)  # started: a lesson's first page may show no tick
        for step in opening.steps:
            session.keys(*step.split())
            session.wait_idle(pid)
        session.wait_for(opening.shows)
        for data in CORPUS:
            session.raw(data)
            _keep(sent, data)
        # The corpus ends with a paste, which takes in what arrives until 0.1 s of quiet after
        # its end marker: the random bytes must come after that, or they would all be pasted.
        session.wait_idle(pid)
        for data in _writes(_random_bytes(rng, count, screen)):
            session.raw(data)
            _keep(sent, data)
            time.sleep(rng.choice(PAUSES))
        session.raw(UNTERMINATED_PASTE)
        session.wait_idle(pid)  # every byte read and handled
        assert session.alive(), f"the tmux server died; replay {sent} and {written}"
        assert "too small" not in session.screen()  # no forged size was believed
        for _ in range(ROUNDS):
            for _ in range(5):  # out of the palette, a question, the help, a lesson, the menu...
                session.keys("-H", *re.findall("..", ESCAPE))
                session.wait_idle(pid, quiet=0.2)
            if screen == "guess mode":
                session.keys("g")
            session.keys("r")
            if _on_main(session, 0, within=10.0):  # a busy machine draws it seconds later
                break
        else:
            raise AssertionError(f"r does not reset after {ROUNDS} tries:\n{session.screen()}")
        stepped = session.keys("Space", then=lambda text: _tick(text) == 1 and _main(text))
        assert MAIN_STATUS.search(stepped), stepped  # the main screen's board, not a lesson's
        session.quit()
    finally:
        session.close()
    logs = tmp_path / "state" / "queens-tutor" / "log"
    assert not logs.exists() or not any(logs.iterdir()), [p.read_text() for p in logs.iterdir()]
