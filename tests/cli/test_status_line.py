"""The progress line on stderr: shown only on a terminal, throttled, cleared on the way out."""

from __future__ import annotations

import io

import pytest

from tui.cli import status_line
from tui.cli.status_line import StatusLine


class FakeTerminal(io.StringIO):
    def isatty(self) -> bool:
        return True


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> Clock:
    fake = Clock()
    monkeypatch.setattr(status_line.time, "monotonic", fake)
    return fake


def test_silent_when_stderr_is_not_a_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    pipe = io.StringIO()
    monkeypatch.setattr(status_line.sys, "stderr", pipe)
    with StatusLine("counting n=14") as status:
        status.count(3, 10, "jobs")
    assert pipe.getvalue() == ""


def test_counts_are_shown_throttled_and_cleared(
    monkeypatch: pytest.MonkeyPatch, clock: Clock
) -> None:
    tty = FakeTerminal()
    monkeypatch.setattr(status_line.sys, "stderr", tty)
    with StatusLine("counting n=14", interval=0.25) as status:
        status.count(3, 10, "jobs")
        status.count(4, 10, "jobs")  # too soon: not shown
        clock.now += 0.3
        status.count(1_234_567, None, "ticks")
    shown = tty.getvalue().split("\r\x1b[2K")
    assert shown == ["", "counting n=14: 3 of 10 jobs (30%)", "counting n=14: 1,234,567 ticks", ""]


def test_cleared_on_ctrl_c(monkeypatch: pytest.MonkeyPatch, clock: Clock) -> None:
    tty = FakeTerminal()
    monkeypatch.setattr(status_line.sys, "stderr", tty)
    with pytest.raises(KeyboardInterrupt), StatusLine("solve") as status:
        status.update("working")
        raise KeyboardInterrupt
    assert tty.getvalue().endswith("solve: working\r\x1b[2K")
