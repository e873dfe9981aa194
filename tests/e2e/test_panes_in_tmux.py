"""The panes beside a board in a real terminal (tmux): the state panes of the Turin notes and
the Salerno notes at 80x24, every array whole (q, c, a, b; regine over its lines) and the top
three call-stack frames; every built-in question about the board's code with the lines that
decide it on the screen with it, whole, in every language at 80x24 and 120x40 (the everyday
run checks the app: tests/tui/test_deciding_lines_in_view.py)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from lessons import i18n
from lessons.progress.store import ProgressStore
from lessons.runner import LessonRun
from tests.e2e.tmux import Tmux, tutor_command
from tests.tui.code_in_view import code_questions, deciding, pane_code
from tui.lesson_context import LessonContext

pytestmark = pytest.mark.integration  # a long walk in a real terminal

_ROW = re.compile(r"│\s*(\w+|\w+\[\d+\.\.\])\s*│([^│]*)│")
"""An array's line in the state pane: its name (or, for a line that goes on with it, the name
and the line's first index, ``a[8..]``) between the pane's border and the rule, then its
cells."""
_SCROLLBAR = str.maketrans("", "", "▁▂▃▄▅▆▇█")
_MARKS = str.maketrans("[]()", "    ")
"""A cell read (in brackets) or left over from earlier (in parentheses): its value alone."""


def arrays(screen: str) -> dict[str, list[str]]:
    """Each array's cells as the screen shows them, its lines put together."""
    found: dict[str, list[str]] = {}
    name = ""
    for line in screen.splitlines():
        for label, cells in _ROW.findall(line):
            if not label.endswith("..]"):
                name = label
            if name:
                found.setdefault(name, []).extend(
                    cells.translate(_SCROLLBAR).translate(_MARKS).split()
                )
    return found


CASES = [
    ("recursive", {"q": 8, "c": 8, "a": 15, "b": 15}, "placeQueens("),
    ("general", {"regine": 8}, "Solve(R="),
]


def check(session: Tmux, rows: dict[str, int], frame: str) -> None:
    screen = session.wait_for("tick 30")
    shown = arrays(screen)
    assert {name: len(shown.get(name, [])) for name in rows} == rows, screen
    # Arrays that go on over more lines under their line of indices (never under bare "[8]"
    # labels): where that line costs the third frame beside a
    # lesson's 8 x 8 board, the top two stay in view.
    wrapped = re.search(r"│\s*\w+\[\d+\.\.\]\s*│", screen) is not None
    assert screen.count(frame) >= (2 if wrapped else 3), screen


@pytest.mark.parametrize(("method", "rows", "frame"), CASES)
def test_the_main_screen_shows_every_array_and_three_frames(
    method: str, rows: dict[str, int], frame: str
) -> None:
    with Tmux(f"{tutor_command()} --method {method}") as session:
        session.wait_for(frame.split("(")[0])
        session.keys(*["space"] * 30)
        check(session, rows, frame)


@pytest.mark.parametrize(("method", "rows", "frame"), CASES)
def test_a_lesson_board_shows_every_array_and_three_frames(
    method: str, rows: dict[str, int], frame: str, tmp_path: Path
) -> None:
    lesson = tmp_path / "panes.md"
    lesson.write_text(
        "@lesson panes\n@title Panes\n@summary A board and its state\n\n"
        f"@page The board\nThirty ticks of {method}.\n@board n=8 algorithm={method}\n"
        "@step 30\n",
        encoding="utf-8",
    )
    with Tmux(
        f"{tutor_command()} --lang en --lessons-dir {tmp_path} --lesson panes",
        env={"XDG_DATA_HOME": str(tmp_path / "data")},  # its progress, saved there
    ) as session:
        check(session, rows, frame)


LANGUAGES = ("en", "it", "pl")
SIZES = ((80, 24), (120, 40))


def firsts(lesson_number: int, lang: str) -> list[int]:
    """The pages of a built-in lesson with a question about the board's code (the first one
    of each page)."""
    with i18n.speaking(lang):
        lesson = LessonContext.load(lang=lang).catalog.lessons[lesson_number - 1]
        return sorted(set(code_questions(LessonRun(lesson))))


def left_at(data: Path, lesson_number: int, lang: str, page: int) -> tuple[list[str], str, bool]:
    """A progress file under ``data`` that leaves the lesson at ``page``'s first question about
    the board's code (the page's questions before it shown); that question's deciding lines
    (with no spaces), the code pane's title and whether the question is about the board."""
    with i18n.speaking(lang):
        lesson = LessonContext.load(lang=lang).catalog.lessons[lesson_number - 1]
        path = data / "queens-tutor" / "progress.json"
        run = LessonRun(lesson, ProgressStore(path))
        run.goto(page)
        while run.asked is not None and not run.question_lines():
            run.reveal()
            run.go_on()
        run = LessonRun(lesson, ProgressStore(path))  # opened where it was left, as the tutor is
        assert run.session is not None and run.asked is not None and run.question_lines()
        return deciding(run), run.session.frame().code.title, run.board_asked


def check_lines(lesson_number: int, lang: str, size: tuple[int, int], page: int, tmp: Path) -> None:
    data = tmp / f"data-{lang}-{lesson_number}-{page}-{size[0]}"
    lines, title, board_asked = left_at(data, lesson_number, lang, page)
    some = board_asked and size == (80, 24)  # the board and its state first, the code as fits
    command = f"{tutor_command()} --lang {lang} --lesson {lesson_number}"
    where = f"{lang} lesson {lesson_number} page {page + 1} at {size[0]}x{size[1]}"

    def missing(screen: str) -> list[str]:
        in_view = pane_code(screen.splitlines(), title)
        return [line for line in lines if line not in in_view]

    def shown(screen: str) -> bool:  # a question waits (f3 shows its answer), its lines in view
        lost = missing(screen)
        return "f3" in screen.splitlines()[-1] and (not lost or some)

    with Tmux(command, *size, env={"XDG_DATA_HOME": str(data)}) as session:
        try:
            session.wait_for(shown)
        except AssertionError:
            screen = session.screen()
            raise AssertionError(f"{where}: {missing(screen)} not in view\n{screen}") from None


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_code_question_with_its_lines_in_every_language(
    lang: str, size: tuple[int, int], tmp_path: Path
) -> None:
    for lesson_number in range(1, 10):
        for page in firsts(lesson_number, lang):
            check_lines(lesson_number, lang, size, page, tmp_path)
