"""The tutor opened on a lesson written in a test (as ``queens-tutor --lesson`` opens one)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from textual.pilot import Pilot
from textual.widgets import OptionList

from lessons import i18n
from lessons.parsing.parser import parse
from lessons.runner import LessonRun
from tests.tui.screen_text import on_top, pauses, press_for, wait_for
from tui.app import QueensTutorApp
from tui.lesson_context import LessonContext
from tui.screens.lesson_menu import REVIEW, LessonMenuScreen
from tui.screens.lesson_screen import LessonScreen


def menu_lines(app: QueensTutorApp) -> list[str]:
    """The menu's lessons, one line each (the review's line, always first, left out)."""
    menu = app.screen.query_one(OptionList)
    options = [menu.get_option_at_index(i) for i in range(menu.option_count)]
    return [str(option.prompt) for option in options if option.id != REVIEW]


def toasts(app: QueensTutorApp) -> str:
    """The notices on the screen, as words."""
    return " ".join(" ".join(str(toast.render()).split()) for toast in app.screen.query("Toast"))


def tutor_on(text: str, language: str = "en") -> QueensTutorApp:
    """The tutor in ``language``, opened on the lesson ``text`` (it must parse)."""
    i18n.set_language(language)
    lesson = parse(text, "test-lesson.md").lesson
    assert lesson is not None
    context = LessonContext.load(lang=language)
    context.start = lesson
    return QueensTutorApp(lessons=context)


def tutor_on_builtin(key: str, language: str = "en") -> QueensTutorApp:
    """The tutor in ``language``, opened on the built-in lesson ``key`` (its id or number)."""
    i18n.set_language(language)
    context = LessonContext.load(lang=language)
    lesson = context.catalog.find(key)
    assert lesson is not None, key
    context.start = lesson
    return QueensTutorApp(lessons=context)


async def lesson_screen(pilot: Pilot[None]) -> LessonScreen:
    """The lesson screen the app shows, once it shows one and has handled what is pending."""
    await wait_for(pilot, lambda: isinstance(pilot.app.screen, LessonScreen))
    await pilot.pause()
    return on_top(pilot.app, LessonScreen)


@asynccontextmanager
async def lesson_opened(
    app: QueensTutorApp, size: tuple[int, int] = (80, 24)
) -> AsyncIterator[tuple[Pilot[None], LessonScreen]]:
    """``app`` run at ``size``: its pilot, and the lesson screen it opens on."""
    async with app.run_test(size=size) as pilot:
        yield pilot, await lesson_screen(pilot)


@asynccontextmanager
async def run_opened(
    app: QueensTutorApp, size: tuple[int, int] = (80, 24)
) -> AsyncIterator[tuple[Pilot[None], LessonScreen, LessonRun]]:
    """:func:`lesson_opened`, and the lesson screen's run."""
    async with lesson_opened(app, size) as (pilot, screen):
        yield pilot, screen, screen.lesson_run


async def lesson_menu(pilot: Pilot[None]) -> None:
    """``l`` pressed, and the lesson menu shown."""
    await press_for(pilot, LessonMenuScreen, "l")


@asynccontextmanager
async def menu_opened(
    app: QueensTutorApp, size: tuple[int, int] = (80, 24), notifications: bool = False
) -> AsyncIterator[Pilot[None]]:
    """``app`` run at ``size``, its lesson menu shown: its pilot."""
    async with app.run_test(size=size, notifications=notifications) as pilot:
        await lesson_menu(pilot)
        yield pilot


async def shown_at(pilot: Pilot[None], screen: LessonScreen, index: int, settle: int = 3) -> None:
    """The lesson screen given its lesson's page ``index`` (0-based), its question asked, and
    ``settle`` pauses of the pilot."""
    screen.lesson_run.goto(index)
    screen.show(ask=True)
    await pauses(pilot, settle)


async def open_page(pilot: Pilot[None], screen: LessonScreen, page: int) -> None:
    """Open the lesson's page ``page`` (0-based) as the runner goes to a page: the pages before
    it replayed, the page walked to its first question, if any, and the screen given it. A test
    about a page opens it so; walking to it by keys (Enter, F3) drew every step on the way, up
    to a hundred keys and a few CPU-seconds a test."""
    if screen.lesson_run.page_index != page:
        await shown_at(pilot, screen, page, 1)


def page_with_board(screen: LessonScreen, n: int) -> int:
    """The index of the first page of the screen's lesson that sets an n x n board (found by
    what it holds, not by its place in the lesson)."""
    from lessons.model import BoardOp

    pages = screen.lesson_run.lesson.pages
    return next(
        index
        for index, page in enumerate(pages)
        if any(isinstance(block, BoardOp) and block.n == n for block in page.blocks)
    )


async def open_quiz(pilot: Pilot[None]) -> LessonScreen:
    """The lesson screen on its lesson's quiz (its first scored page), its first question
    waiting."""
    screen = await lesson_screen(pilot)
    run = screen.lesson_run
    quiz = next(i for i, page in enumerate(run.lesson.pages) if page.scored)
    run.goto(quiz)
    screen.show(ask=True)
    await wait_for(pilot, lambda: run.asked is not None)
    return screen


def builtin(number: int, page: int, size: tuple[int, int], lang: str = "en") -> QueensTutorApp:
    """The tutor opened on built-in lesson ``number`` (``page``: kept for the callers' reading)."""
    i18n.set_language(lang)
    context = LessonContext.load(lang=lang)
    context.start = context.catalog.lessons[number - 1]
    return QueensTutorApp(lessons=context)


async def open_builtin(pilot: Pilot[None], number: int, page: int) -> LessonScreen:
    """The lesson screen of the lesson opened by :func:`builtin` on ``page`` (from 1)."""
    screen = await lesson_screen(pilot)
    await open_page(pilot, screen, page - 1)
    await pilot.pause()
    return screen
