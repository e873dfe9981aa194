"""When the plain tutor opens by itself: --plain, TERM=dumb, or a standard input that is not a
terminal (piped in or a file, with or without a terminal at the output); never on a closed
standard input, nor with a terminal at the input and the output sent elsewhere. In a real
terminal: at ``TERM=dumb`` (every byte it writes checked: no escape sequence), and with the
commands piped in."""

from __future__ import annotations

import argparse
import io
import shlex
from pathlib import Path

import pytest

from tests.cli.clirun import Tty
from tests.e2e.tmux import Tmux, tutor_command
from tui.plain.choice import ASKED, DUMB, PIPED, plain_reason


@pytest.mark.parametrize(
    ("plain", "stdin_tty", "stdout_tty", "term", "reason"),
    [
        (True, False, False, "xterm", ASKED),
        (True, True, True, "xterm", ASKED),
        (False, True, True, "xterm", None),
        (False, True, True, "dumb", DUMB),
        (False, True, False, "dumb", DUMB),
        (False, False, True, "xterm", PIPED),
        (False, False, True, "dumb", DUMB),
        (False, False, False, "dumb", PIPED),  # queens-tutor < file > out: a script
        (False, False, False, None, PIPED),
        (False, True, False, "xterm", None),
    ],
)
def test_the_reason_to_open_the_plain_tutor(
    plain: bool, stdin_tty: bool, stdout_tty: bool, term: str | None, reason: str | None
) -> None:
    args = argparse.Namespace(plain=plain)
    stdin = Tty() if stdin_tty else io.StringIO()
    stdout = Tty() if stdout_tty else io.StringIO()
    assert plain_reason(args, stdin, stdout, term) == reason


def test_closed_streams_are_no_terminal() -> None:
    assert plain_reason(argparse.Namespace(plain=False), None, None, "dumb") is None


def test_a_dumb_terminal_gets_the_plain_tutor_and_not_one_escape_byte(tmp_path: Path) -> None:
    written = tmp_path / "pane.bytes"
    # The tutor starts on a first enter, once every byte of the pane is being recorded.
    command = f"sh -c {shlex.quote(f'read go && exec {tutor_command()} -n 4')}"
    session = Tmux(command, env={"TERM": "dumb", "XDG_DATA_HOME": str(tmp_path)})
    try:
        session.tmux("pipe-pane", "-o", "-t", session.target, f"cat >> {shlex.quote(str(written))}")
        session.keys("Enter")
        session.wait_for("TERM=dumb")
        session.keys("-l", "space")
        session.keys("Enter")
        session.wait_for("tick 1: ")
        session.keys("-l", "state")
        session.keys("Enter")
        session.wait_for("b = 0, -1, -1, -1; k = 1.")
        session.keys("-l", "board")
        session.keys("Enter")
        screen = session.wait_for("row 3: ")
        assert "row 0: queen in column 0; attacked: columns 1 to 3." in screen
        session.keys("Enter")  # an empty line is enter: one iteration
        session.wait_for("tick 4: ")
        session.keys("-l", "quit")
        session.keys("Enter")
        assert session.wait_exit() == 0
    finally:
        session.close()
    raw = written.read_bytes()
    assert b"tick 1: " in raw and b"row 3: " in raw
    assert b"\x1b" not in raw and b"\r\r" not in raw


@pytest.mark.integration
def test_commands_piped_in_at_a_terminal_get_the_plain_tutor() -> None:
    session = Tmux(f"printf 'space\\nstate\\nquit\\n' | {tutor_command()} -n 4")
    try:
        assert session.wait_exit() == 0
        screen = session.screen()
        assert "standard input is not a terminal" in screen
        assert "> state" in screen and "b = 0, -1, -1, -1; k = 1." in screen
    finally:
        session.close()
