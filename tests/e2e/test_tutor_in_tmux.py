"""The installed ``queens-tutor`` in a real terminal (tmux): keys in, screen text out; ``m``
leaves the board on screen after each method change; ``d d`` draws row-col on every square at
once. The tmux helper leaves no server socket file behind."""

from __future__ import annotations

import os
import re
import shlex
import signal
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from solver.registry import kit, make_engine, steppable_methods, stepped
from tests.e2e.tmux import Tmux, b_row, narration, tutor_command
from tests.tiers import sweep


@pytest.fixture
def tutor() -> Iterator[Tmux]:
    with Tmux(f"{tutor_command()} -n 4") as session:
        session.wait_for("b[i]")
        yield session


def tick_shown(screen: str) -> int:
    found = re.search(r"tick (\d+)", screen)
    assert found, screen
    return int(found.group(1))


# The Wrocław lecture's 4x4 walkthrough: the state after each placement and each backtrack.
WROCLAW_WALKTHROUGH = [
    ("placed", [0, -1, -1, -1]), ("placed", [0, 2, -1, -1]), ("back to column 1", [0, 2, -1, -1]),
    ("placed", [0, 3, -1, -1]), ("placed", [0, 3, 1, -1]), ("back to column 2", [0, 3, 1, -1]),
    ("back to column 1", [0, 3, -1, -1]), ("back to column 0", [0, -1, -1, -1]),
    ("placed", [1, -1, -1, -1]), ("placed", [1, 3, -1, -1]), ("placed", [1, 3, 0, -1]),
    ("placed", [1, 3, 0, 2]),
]  # fmt: skip


@pytest.mark.integration
def test_wroclaw_walkthrough_stepped_with_space(tutor: Tmux) -> None:
    seen = []
    tick = 0
    while "Solution 1" not in (screen := tutor.screen()):
        assert tick < 60, "the 4x4 search takes fewer ticks than this"
        tutor.keys("space")
        tick += 1
        screen = tutor.wait_for(lambda s, t=tick: f"tick {t} " in s or s.endswith(f"tick {t}"))
        flat = narration(screen)
        if "is free: the queen stays" in flat or "the first queen goes" in flat:
            seen.append(("placed", b_row(screen)))
        elif back := re.search(r"back to column \d", flat):
            seen.append((back.group(0), b_row(screen)))
    assert seen == WROCLAW_WALKTHROUGH
    assert b_row(screen) == [1, 3, 0, 2]


@pytest.mark.integration
def test_step_back_restores_the_screen_and_a_resize_below_the_minimum_keeps_the_tick(
    tutor: Tmux,
) -> None:
    before = tutor.keys(*["space"] * 6, then="tick 6")
    tutor.keys("space", "space", then="tick 8")
    after = tutor.keys("left", "BSpace", then="tick 6")
    assert b_row(after) == b_row(before) == [0, 2, 1, -1]
    assert after == before
    for width, height in ((79, 24), (60, 20), (80, 23), (40, 10)):
        tutor.tmux("resize-window", "-t", "tutor", "-x", str(width), "-y", str(height))
        # The whole message, wrapped to the new width (a frame laid out for the previous size
        # may show for a moment first).
        tutor.wait_for(lambda s: "terminal too small: need at least 80x24" in " ".join(s.split()))
    # Hundreds of resizes in a burst, above and below the minimum, as a window being dragged.
    burst: list[str] = []
    for i in range(300):
        burst += ["resize-window", "-t", "tutor", "-x", str(50 + i % 60), "-y", str(12 + i % 20)]
        burst.append(";")
    tutor.tmux(*burst[:-1])
    tutor.tmux("resize-window", "-t", "tutor", "-x", "100", "-y", "30")
    screen = tutor.wait_for("b[i]")
    assert tick_shown(screen) == 6
    assert "too small" not in screen
    tutor.keys("space", then="tick 7")


@pytest.mark.parametrize(
    ("signum", "status"),
    sweep(
        [(signal.SIGTERM, 143), (signal.SIGHUP, 129)],
        everyday=[(signal.SIGTERM, 143)],
        several=True,
    ),
)
@pytest.mark.integration
def test_signal_ends_the_app_and_restores_the_terminal(
    tutor: Tmux, signum: signal.Signals, status: int
) -> None:
    assert tutor.info("#{alternate_on}") == "1"  # the app draws on the alternate screen
    assert tutor.info("#{mouse_any_flag}") == "1"
    assert tutor.info("#{cursor_flag}") == "0"
    tutor.keys("space", then="tick 1")
    os.kill(tutor.app_pid(), signum)
    assert tutor.wait_exit() == status
    assert "b[i]" not in tutor.screen()
    assert tutor.info("#{alternate_on}") == "0"
    assert tutor.info("#{mouse_any_flag}") == "0"
    assert tutor.info("#{mouse_sgr_flag}") == "0"
    assert tutor.info("#{cursor_flag}") == "1"


@pytest.mark.integration
def test_lang_c_draws_ascii_only() -> None:
    with Tmux(
        f"{tutor_command()} -n 5", env={"LANG": "C", "LC_ALL": "", "LC_CTYPE": ""}
    ) as session:
        session.wait_for("b[i]")
        screen = session.keys(*["space"] * 4, then="tick 4")
        assert "A" in screen and "?" in screen and "Q" in screen
        assert "♛" not in screen and "\\u265b" not in screen
        assert screen.isascii(), screen


@pytest.mark.parametrize(
    "term",
    [
        "vt100",  # everyday: q quits with status 0 and leaves the alternate screen
        *(pytest.param(t, marks=[pytest.mark.thorough, pytest.mark.integration])
          for t in ("xterm", "xterm-256color", "screen", "linux")),
    ],
)  # fmt: skip
def test_terminal_types_and_no_color_and_q_quits_with_status_0(term: str, tmp_path: Path) -> None:
    """Also: a key code too large for a C int (Textual 8.2's input thread died on it) is
    dropped by tui/input_filter.py, and the keys after it still work; no log is written."""
    env = {"TERM": term, "NO_COLOR": "1", "XDG_STATE_HOME": str(tmp_path)}
    with Tmux(f"{tutor_command()} -n 4", env=env) as session:
        session.wait_for("b[i]")
        session.tmux("send-keys", "-t", session.target, "-l", "\x1b[99999999999999999999~")
        screen = session.keys("space", "space", then="tick 2")
        assert b_row(screen) == [0, 0, -1, -1]
        session.quit()
        assert session.info("#{alternate_on}") == "0"
    assert not (tmp_path / "queens-tutor" / "log").exists()


def test_without_a_terminal_the_plain_tutor_opens_by_itself() -> None:
    """Standard input that is not a terminal (here /dev/null, output to a pipe): the plain
    tutor, with one line on stderr saying so; the end of its input ends it."""
    result = subprocess.run(
        shlex.split(tutor_command()),  # QUEENS_TUTOR_COMMAND may be a command with arguments
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=30,
    )
    assert result.returncode == 0, result
    (note,) = result.stderr.strip().splitlines()
    assert "standard input is not a terminal" in note and "full-screen tutor" in note
    assert "plain" in result.stdout and "\x1b" not in result.stdout


@pytest.mark.integration
def test_a_terminal_at_the_input_only_still_needs_one_at_the_output(tmp_path: Path) -> None:
    """queens-tutor > file at a terminal: the full-screen tutor cannot draw into the file, and
    the typist is at a terminal: the one-line refusal names --plain, status 2."""
    with Tmux(f"{tutor_command()} > {shlex.quote(str(tmp_path / 'out'))}") as session:
        assert session.wait_exit() == 2
        assert "interactive terminal" in session.screen()


INSTALLED = [name for name in steppable_methods() if kit(name).__module__.startswith("solver.")]
"""The stepped methods the installed command has: the package's own kits (a kit registered for
the test run, such as ``--throwaway-kit``'s, is not in it)."""


@pytest.mark.integration
@pytest.mark.parametrize("method", INSTALLED)
def test_every_method_starts_and_steps(method: str) -> None:
    # the code pane's title as the method's own view names it
    view = stepped(method).make_view()
    title = view.frame(make_engine(method, 6).snapshot(), "off").code.title
    with Tmux(f"{tutor_command()} --method {method} -n 6") as session:
        session.wait_for(lambda screen: "tick 0" in screen)
        screen = session.keys(*["space"] * 5, then=lambda screen: "tick 5" in screen)
        assert title in screen, (title, screen)


@pytest.mark.integration
@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
def test_m_leaves_the_board_on_screen(size: tuple[int, int]) -> None:
    with Tmux(tutor_command(), *size) as session:
        screen = session.wait_for("─ board ")
        pid = session.app_pid()
        for _ in steppable_methods():
            before = screen
            session.keys("m")
            session.wait_for(lambda now: now != before)  # noqa: B023 (called before the next m)
            session.wait_idle(pid)
            screen = session.screen()
            first = screen.splitlines()[0]
            assert first.startswith("╭─ board "), screen


_SQUARE = re.compile(r"[^\s\d-]\s*(-?\d+)")
"""A square with the overlay: its glyph, then its number."""


def board_values(screen: str) -> dict[int, list[int]]:
    """``{row: [value of column 0, 1, ...]}`` read from the board pane of a captured screen
    (the board is empty: no glyph in it is a box-drawing line)."""
    rows = {}
    for line in screen.splitlines():
        if not line.startswith(("│", "|")):
            continue
        pane = line[1:].split("│", 1)[0].split("|", 1)[0]
        found = re.match(r"\s*(\d+) (.*)", pane)
        if found is None:
            continue
        values = [int(v) for v in _SQUARE.findall(found.group(2))]
        if values:
            rows[int(found.group(1))] = values
    return rows


@pytest.mark.integration
def test_d_d_on_8x8_draws_row_minus_col_at_once_enter_iterates_and_s_solves() -> None:
    with Tmux(tutor_command()) as session:  # the default board: 8x8, the Wrocław lecture's loop
        session.wait_for("b[i]")
        session.keys("d")
        sums = {row: [col + row for col in range(8)] for row in range(8)}
        session.wait_for(lambda s: board_values(s) == sums)
        session.keys("d")
        differences = {row: [row - col for col in range(8)] for row in range(8)}
        screen = session.wait_for(lambda s: board_values(s) == differences, timeout=10)
        assert "tick 0" in screen  # no tick was needed to repaint
        session.keys("Enter", "Enter", then=lambda s: b_row(s) == [0, 2, -1, -1, -1, -1, -1, -1])
        screen = session.keys("s", then="Solution 1")
        assert b_row(screen) == [0, 4, 7, 5, 2, 6, 1, 3]
        assert "found 1" in screen


@pytest.mark.integration
def test_a_closed_session_leaves_no_socket_file() -> None:
    with Tmux(f"{sys.executable} -c 'print(1)'") as session:
        session.wait_for("[exit status 0]")
        assert session.socket_path.exists()
    assert not session.socket_path.exists()
