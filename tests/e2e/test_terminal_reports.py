"""Terminal reports and the tutor's exit through a real pseudo-terminal: a forged in-band
resize report is dropped, a resize whose report was lost is drawn at the next key, keys typed
while the tutor quits are no signals (exit status 0), ``fg`` repaints, and a cut with nothing
selected leaves the clipboard."""

from __future__ import annotations

import fcntl
import os
import re
import shlex
import signal
import struct
import termios
import time
from pathlib import Path

import pytest

from benchmarks.pty_terminal import PtyProgram, visible_text
from tests.e2e.tmux import Tmux, tutor_command
from tests.tiers import sweep

# the installed command on a pseudo-terminal and in tmux: the everyday run keeps a handful of
# smoke tests in a real terminal
pytestmark = pytest.mark.integration

IN_BAND_QUESTION = b"\x1b[?2048$p"
"""What Textual's driver asks the terminal as it starts: do you have in-band resize reports?"""
FORGED = b"\x1b[48;5;20;100;100t"
"""A forged in-band resize report: the terminal is 20 x 5 cells (it is not)."""


def _env(home: Path) -> dict[str, str]:
    return {
        "PATH": os.environ["PATH"],
        "TERM": "xterm-256color",
        "HOME": str(home),
        "XDG_DATA_HOME": str(home / "data"),
        "XDG_STATE_HOME": str(home / "state"),
        "XDG_CONFIG_HOME": str(home / "config"),
        "LANG": "C.UTF-8",
    }


def _tutor(home: Path) -> PtyProgram:
    return PtyProgram([*shlex.split(tutor_command()), "-n", "4"], _env(home))


def _seen(program: PtyProgram, since: int) -> str:
    return visible_text(program.transcript[since:])


def _wait(program: PtyProgram, what: str, since: int = 0, timeout: float = 30.0) -> None:
    """Read the program's output until ``what`` shows in what it wrote after ``since``."""
    deadline = time.monotonic() + timeout
    while what not in _seen(program, since):
        if time.monotonic() > deadline or not program.alive():
            raise AssertionError(f"{what!r} not shown: {_seen(program, since)[-600:]!r}")
        program.burst(idle=0.05, timeout=0.5)


def _resize(program: PtyProgram, columns: int, rows: int) -> None:
    """Set the terminal's size as the kernel knows it (the tutor gets SIGWINCH)."""
    fcntl.ioctl(program.fd, termios.TIOCSWINSZ, struct.pack("HHHH", rows, columns, 0, 0))


def test_a_forged_resize_report_is_dropped_and_the_screen_goes_on(tmp_path: Path) -> None:
    with Tmux(f"{tutor_command()} -n 4") as session:  # tmux 3.3a: no in-band resize reports
        session.wait_for("tick 0")
        # An answer nobody asked for that would turn the reports on, then the report.
        session.raw(b"\x1b[?2048;2$y" + FORGED)
        screen = session.keys("Space", then="tick 1")
        assert "too small" not in screen
        assert "what happened" in screen  # the whole 80 x 24 layout, not 20 x 5 cells
        session.quit()


def test_a_lost_resize_report_is_drawn_at_the_next_key_and_a_cut_keeps_the_clipboard(
    tmp_path: Path,
) -> None:
    # A terminal that has in-band resize reports: Textual turns SIGWINCH off and waits for
    # them. The terminal shrinks (reported), then grows back and its report is lost.
    program = _tutor(tmp_path)
    try:
        _wait_bytes(program, IN_BAND_QUESTION)
        program.write(b"\x1b[?2048;2$y")  # supported, not yet enabled
        _wait(program, "tick 0")
        mark = len(program.transcript)
        _resize(program, 20, 5)
        program.write(FORGED)  # the terminal's own report: now the size it has
        _wait(program, "terminal too", since=mark)
        _resize(program, 80, 24)  # no report
        program.burst(idle=0.3, timeout=2.0)
        mark = len(program.transcript)
        program.write(b" ")
        _wait(program, "what happened", since=mark)
        # A cut (ctrl+x) in the palette's empty input wrote ESC]52;c;BEL, an empty clipboard.
        mark = len(program.transcript)
        program.write(b"\x10")  # ctrl+p: the palette, its input empty
        _wait(program, "Search for commands", since=mark)
        program.write(b"\x18\x1b[120;5u")  # ctrl+x, as terminals and the kitty protocol send it
        program.burst(idle=0.5, timeout=3.0)
        assert b"\x1b]52;" not in program.transcript[mark:]
        program.write(b"\x1b[27u")
        program.burst(idle=0.3, timeout=2.0)
        assert program.quit() == 0
    finally:
        if program.alive():
            program.quit()


def _wait_bytes(program: PtyProgram, data: bytes, timeout: float = 30.0) -> None:
    deadline = time.monotonic() + timeout
    while data not in program.transcript:
        if time.monotonic() > deadline or not program.alive():
            raise AssertionError(f"{data!r} never written")
        program.burst(idle=0.02, timeout=0.2)


@pytest.mark.parametrize("pause", sweep([0.0, 0.02, 0.1, 0.3], everyday=[0.02]))
def test_keys_typed_while_the_tutor_quits_are_not_signals(tmp_path: Path, pause: float) -> None:
    program = _tutor(tmp_path)
    _wait(program, "tick 0")
    program.write(b"q")
    time.sleep(pause)
    try:
        for key in (b"\x03", b"\x1c", b"\x1a") * 20:  # ctrl+c, ctrl+\, ctrl+z
            program.write(key)
            time.sleep(0.005)
    except OSError:
        pass  # the terminal closed: the tutor has exited
    assert program.quit(key=b"") == 0  # never killed by SIGINT or SIGQUIT
    # While the tutor holds the terminal, those keys are neither echoed nor signals. Once it has
    # given the terminal back (its modes restored, then the alternate screen left: Textual's
    # driver), a key typed in the instant before the process ends is the terminal's again: the
    # terminal echoes it (^C), and the tutor, which ignores those signals by then, still exits 0.
    held = bytes(program.transcript).partition(b"\x1b[?1049l")[0]
    assert re.search(r"\^C|\^\\", visible_text(bytearray(held))) is None


def test_a_suspended_tutor_repaints_when_brought_back_with_fg(tmp_path: Path) -> None:
    env = " ".join(f"{key}={shlex.quote(value)}" for key, value in _env(tmp_path).items())
    with Tmux("bash --norc --noprofile -i") as session:  # a shell with job control
        session.enter(f"PS1='$ '; {env} {tutor_command()} -n 4", "tick 0")
        tutor = int(session.info("#{pane_pid}"))
        for _ in range(2):  # the pane's sh, its interactive bash, then the tutor
            tutor = int(Path(f"/proc/{tutor}/task/{tutor}/children").read_text().split()[0])
        os.kill(tutor, signal.SIGTSTP)
        session.wait_for("Stopped")  # the shell's screen and prompt, its modes back
        screen = session.enter("fg", "tick 0")  # drawn again without a resize
        assert "what happened" in screen
        session.keys("Space", then="tick 1")  # raw mode again: a key without Enter
        session.keys("q", then=lambda text: text.rstrip().endswith("\n$"))  # the shell's prompt
        session.enter("echo status=$?", "status=0")
