"""When the plain tutor opens by itself: --plain, TERM=dumb, or a standard input that is not a
terminal (piped in or a file, with or without a terminal at the output); never on a closed
standard input, nor with a terminal at the input and the output sent elsewhere."""

from __future__ import annotations

import argparse
import io

import pytest

from tui.plain.choice import ASKED, DUMB, PIPED, plain_reason


class _Tty(io.StringIO):
    def isatty(self) -> bool:
        return True


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
    stdin = _Tty() if stdin_tty else io.StringIO()
    stdout = _Tty() if stdout_tty else io.StringIO()
    assert plain_reason(args, stdin, stdout, term) == reason


def test_closed_streams_are_no_terminal() -> None:
    assert plain_reason(argparse.Namespace(plain=False), None, None, "dumb") is None
