"""In tmux, every built-in question about the board's code has the lines that decide it on the
screen with it, whole, in every language at 80x24 and 120x40 (the everyday run checks the app:
tests/tui/test_deciding_lines_in_view.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

from lessons import i18n
from lessons.progress.store import ProgressStore
from lessons.runner import LessonRun
from tests.e2e.tmux import Tmux, tutor_command
from tests.tui.code_in_view import code_questions, deciding, pane_code
from tui.lesson_context import LessonContext

LANGUAGES = ("en", "it", "pl")
SIZES = ((80, 24), (120, 40))


def firsts(lesson_number: int, lang: str) -> list[int]:
    """The pages of a built-in lesson with a question about the board's code (the first one
    of each page)."""
    i18n.set_language(lang)
    try:
        lesson = LessonContext.load(lang=lang).catalog.lessons[lesson_number - 1]
        return sorted(set(code_questions(LessonRun(lesson))))
    finally:
        i18n.set_language("en")


def left_at(data: Path, lesson_number: int, lang: str, page: int) -> tuple[list[str], str]:
    """A progress file under ``data`` that leaves the lesson at ``page``'s first question about
    the board's code (the page's questions before it shown); that question's deciding lines
    (with no spaces) and the code pane's title."""
    i18n.set_language(lang)
    try:
        lesson = LessonContext.load(lang=lang).catalog.lessons[lesson_number - 1]
        path = data / "queens-tutor" / "progress.json"
        run = LessonRun(lesson, ProgressStore(path))
        run.goto(page)
        while run.asked is not None and not run.question_lines():
            run.reveal()
            run.go_on()
        run = LessonRun(lesson, ProgressStore(path))  # opened where it was left, as the tutor is
        assert run.session is not None and run.asked is not None and run.question_lines()
        return deciding(run), run.session.frame().code.title
    finally:
        i18n.set_language("en")


def check(lesson_number: int, lang: str, size: tuple[int, int], page: int, tmp: Path) -> None:
    data = tmp / f"data-{lang}-{lesson_number}-{page}-{size[0]}"
    lines, title = left_at(data, lesson_number, lang, page)
    command = f"{tutor_command()} --lang {lang} --lesson {lesson_number}"
    where = f"{lang} lesson {lesson_number} page {page + 1} at {size[0]}x{size[1]}"

    def missing(screen: str) -> list[str]:
        in_view = pane_code(screen.splitlines(), title)
        return [line for line in lines if line not in in_view]

    def shown(screen: str) -> bool:  # a question waits (f3 shows its answer), its lines in view
        return "f3" in screen.splitlines()[-1] and not missing(screen)

    with Tmux(command, *size, env={"XDG_DATA_HOME": str(data)}) as session:
        try:
            session.wait_for(shown)
        except AssertionError:
            screen = session.screen()
            raise AssertionError(f"{where}: {missing(screen)} not in view\n{screen}") from None


@pytest.mark.integration
@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_code_question_with_its_lines_in_every_language(
    lang: str, size: tuple[int, int], tmp_path: Path
) -> None:
    for lesson_number in range(1, 10):
        for page in firsts(lesson_number, lang):
            check(lesson_number, lang, size, page, tmp_path)
