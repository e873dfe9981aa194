"""The pseudo-locale audit of the screens (tests/unit/i18n/pseudo.py): with every catalog
message in marks, no English is left outside them on the main screen, the help, the palette, the
place board, the progress screens and lessons worked through. Each widget is read within its
own region of the rendered screen."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from functools import cache
from typing import Any

import pytest
from textual.command import CommandList
from textual.errors import NoWidget
from textual.geometry import Region
from textual.pilot import Pilot

from lessons import i18n
from lessons.quiz.pose import fill
from solver.registry import steppable_methods
from tests.tiers import sweep
from tests.tui.screen_text import screen_cells, tutor_run, wait_for
from tests.unit.i18n.pseudo import OPEN, PSEUDO_LANGUAGE, english_in, speak_pseudo
from tui.app import QueensTutorApp
from tui.screens.lesson_screen import LessonScreen
from tui.widgets.session_view import SessionView
from tui.widgets.session_view.right_column import RightColumn

SIZE = (120, 40)
FULL_QUESTIONS = 3
"""In each lesson, the first questions are answered wrong and hinted before their answer is
shown; the others only shown."""
DATA_WIDGETS = ("lesson-text", "code", "lesson-code")
"""Widgets that show data: a lesson file's own text (in the lesson's language) and the notes'
code listings (they are the notes' code, as the notes write it)."""


@pytest.fixture
def pseudo(monkeypatch: pytest.MonkeyPatch) -> None:
    speak_pseudo(monkeypatch)


def _texts(app: QueensTutorApp) -> Iterator[tuple[str, str]]:
    """Each widget's text as drawn now: a leaf widget's whole region, and the border rows of a
    container that has a border title or subtitle."""
    screen = app.screen
    cells = screen_cells(app)
    whole = Region(0, 0, *app.size)
    for widget in screen.query("*"):
        try:
            geometry = screen.find_widget(widget)
        except NoWidget:
            continue  # not arranged: not shown
        region, clip = geometry.region, geometry.clip
        if not (whole.overlaps(region) and clip.overlaps(region)):
            continue
        if widget.id in DATA_WIDGETS or any(a.id in DATA_WIDGETS for a in widget.ancestors):
            continue
        shown = region.intersection(clip)
        if isinstance(widget, RightColumn):
            continue  # the session view's own panes, read with the view's below
        if isinstance(widget, SessionView):  # the main screen's panes: each read apart
            for name, pane in widget.panes.items():
                box = pane.region.translate(region.offset).intersection(shown)
                if pane.display and name not in DATA_WIDGETS:
                    lines = ["".join(cells[y][box.x : box.right]) for y in box.line_range]
                    yield f"#{name}", "\n".join(lines)
            continue
        if widget.displayed_children:  # its children are read; its border is its own
            if not (widget.border_title or widget.border_subtitle):
                continue
            rows: Sequence[int] = sorted({region.y, region.bottom - 1} & set(shown.line_range))
        else:
            rows = shown.line_range
        lines = ["".join(cells[y][shown.x : shown.right]) for y in rows]
        yield f"#{widget.id or type(widget).__name__}", "\n".join(lines)


def _question_data(app: QueensTutorApp) -> list[str]:
    """The text the lesson file wrote for the question on screen, if any."""
    screen = app.screen
    if not isinstance(screen, LessonScreen):
        return []
    asked = screen.lesson_run.asked or screen.lesson_run.finished_question
    if asked is None:
        return []
    question, values = asked.question, asked.posed.values
    texts = [question.prompt, question.hint, question.explain, *question.maze]
    texts += [choice.text for choice in question.choices]
    return [fill(text, values) for text in texts if text]


def _english_on_screen(
    app: QueensTutorApp, texts: Sequence[tuple[str, str]], data: Sequence[str] = ()
) -> list[str]:
    found = []
    data = [*data, *_question_data(app)]
    for name, text in texts:
        found += [f"{name}: {words!r} in {text!r}" for words in english_in(text, data)]
    return found


class Audit:
    """The English found on each screen visited."""

    def __init__(self, app: QueensTutorApp, pilot: Pilot[Any]) -> None:
        self.app = app
        self.pilot = pilot
        self.found: list[str] = []

    async def look(self, where: str, *keys: str, data: Sequence[str] = ()) -> None:
        await self.pilot.press(*keys)
        await self.pilot.pause()
        texts = list(_texts(self.app))  # the screen rendered once, for both checks
        screen = "\n".join(text for _, text in texts)
        assert OPEN in screen, f"{where}: no message of the catalogs on screen"
        data = [*data, *_names(self.app)]
        self.found += [f"{where}: {line}" for line in _english_on_screen(self.app, texts, data)]


@cache
def _lesson_names() -> tuple[str, ...]:
    """The lessons' titles, ids and summaries and their pages' titles (from their files)."""
    from lessons.catalog import load_catalog

    names: list[str] = []
    for lesson in load_catalog(PSEUDO_LANGUAGE).lessons:
        names += [lesson.title, lesson.id, lesson.summary, *(page.title for page in lesson.pages)]
    return tuple(names)


def _names(app: QueensTutorApp) -> list[str]:
    """Data on every screen: the command palette's command names and the languages' names
    (the same in every language), and what the lesson files name."""
    names = [
        command.title for screen in app.screen_stack for command in app.get_system_commands(screen)
    ]
    return [*names, *i18n.LANGUAGES.values(), *_lesson_names()]


def _palette_searched(app: QueensTutorApp) -> bool:
    """Whether the open palette has found a command and highlights it (it searches in a
    worker)."""
    lists = app.screen.query(CommandList)
    return bool(lists) and lists.first().highlighted is not None


@pytest.mark.slow(15)
@pytest.mark.parametrize("every_method", sweep([False, True], everyday=[False]))
async def test_the_main_screen_help_and_place_board_speak_the_learners_language(
    pseudo: None, every_method: bool
) -> None:
    """The main screen, its help, palette, guess mode and place board, the progress dialogs,
    the too-small notice. Everyday: the first two methods; the thorough tier every method."""
    methods = steppable_methods()[1:] if every_method else steppable_methods()[1:2]
    async with tutor_run(5, size=SIZE) as (app, pilot):
        audit = Audit(app, pilot)
        await audit.look("start")
        await audit.look("five ticks", *["space"] * 5)
        await audit.look("solution", "s")
        await audit.look("diagonals", "d", "d")
        await audit.look("all solutions", "a", "s")
        for method in methods:
            await audit.look(method, "m", "space", "space", "space", "s")
        await audit.look("iterative again", *["m"] * (len(steppable_methods()) - len(methods)))
        await audit.look("tree", "t", *["space"] * 6)
        await audit.look("a board too big to show whole", "t", *["right_square_bracket"] * 20)
        await audit.look("back to 5", *["left_square_bracket"] * 20, "escape")
        await audit.look("help", "question_mark")
        await audit.look("main again", "escape")
        await audit.look("command palette", "ctrl+p")
        await audit.look("main again", "escape")
        await audit.look("guess mode", "g")
        await audit.look("a guess", "9", "enter")
        await audit.look("guess over", "g")
        for method in methods:
            await audit.look(f"{method}: guess mode", "m", "g", "space")
            await audit.look(f"{method}: a wrong guess", "9", "enter", "b", "enter")
            await audit.look(f"{method}: guess over", "g")
        await audit.look("iterative once more", *["m"] * (len(steppable_methods()) - len(methods)))
        await audit.look("place board", "o")
        await audit.look("queens placed", "enter", "down", "enter", "right", "enter")
        await audit.look("place help", "question_mark")
        await audit.look("main once more", "escape", "escape")
        for command in ("Download progress", "Load progress"):
            await audit.look(f"palette: {command}", "ctrl+p", *command)
            await wait_for(pilot, lambda: _palette_searched(app))
            await audit.look(command, "enter")
            await audit.look(f"{command}: an empty submission", "enter")
            await audit.look(f"{command} closed", "escape")
        await pilot.resize_terminal(60, 20)
        await audit.look("a terminal too small")
        await pilot.resize_terminal(*SIZE)
        await audit.look("a lesson's question left open", "l", "enter", "n")
        assert not audit.found, "\n".join(audit.found)


async def _work_through(audit: Audit, lesson: int, pages: int, data: Sequence[str]) -> None:
    """Open lesson number ``lesson`` from the menu and work through its pages: each question
    answered wrong, then a hint, then the answer shown."""
    from tui.screens.lesson_menu import LessonMenuScreen

    if not isinstance(audit.app.screen, LessonMenuScreen):
        await audit.look(f"menu for lesson {lesson}", "l", data=data)
    await audit.look(f"lesson {lesson}", "home", *["down"] * (lesson - 1), "enter", data=data)
    await wait_for(audit.pilot, lambda: isinstance(audit.app.screen, LessonScreen))
    screen = audit.app.screen
    assert isinstance(screen, LessonScreen)
    run = screen.lesson_run
    seen = asked = 0
    for _step in range(200):
        if seen >= pages or run.finished:
            break
        where = f"lesson {lesson} page {run.page_index + 1}"
        if run.asked is not None:
            asked += 1
            if run.asked.question.kind == "place":
                await audit.look(f"{where}, the place board", "o", data=data)
                await audit.look(f"{where}, back from the board", "escape", data=data)
            elif asked <= FULL_QUESTIONS:  # the unit audit reads every question's feedback
                await audit.look(f"{where}, a wrong answer", "9", "9", "enter", data=data)
                await audit.look(f"{where}, a hint", "h", data=data)
            await audit.look(f"{where}, the answer", "s", data=data)
            await audit.pilot.press("enter")
        elif run.answered:
            await audit.look(f"{where}, on", "enter", data=data)
        else:
            seen += 1
            await audit.look(f"{where}, next page", "n", data=data)
    await audit.look(f"lesson {lesson}: menu", "escape", data=data)


@pytest.mark.thorough
@pytest.mark.slow(45)
@pytest.mark.parametrize("lessons", [(2,), (3,), (7,), (9,)])
# Four lessons, for the suite's time: between them every kind of lesson page and question
# panel (the place board from a lesson, a quiz, the computed questions); every question of
# every lesson is read without a screen in tests/unit/i18n/test_pseudo_locale.py. One lesson
# per test, so that pytest-xdist's workers share them out.
async def test_the_lessons_speak_the_learners_language(
    pseudo: None, lessons: tuple[int, ...]
) -> None:
    data: list[str] = []
    async with tutor_run(8, size=SIZE) as (app, pilot):
        audit = Audit(app, pilot)
        for lesson in lessons:
            await _work_through(audit, lesson, 40, data)
        await audit.look("help", "question_mark", data=data)
        assert not audit.found, "\n".join(audit.found)
