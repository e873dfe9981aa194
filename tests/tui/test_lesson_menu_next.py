"""The lesson menu at start: it opens on the lesson to do next, or on one left unfinished, which a
notice names (with the reviews due); a lesson started again says its page and its best score."""

from __future__ import annotations

from typing import Any

import pytest
from textual.widgets import OptionList

from lessons import i18n
from lessons.progress.store import ProgressStore
from lessons.runner import LessonRun
from tests.tiers import sweep
from tests.tui.screen_text import lines, pane, screen_lines, wait_for
from tui.app import QueensTutorApp
from tui.lesson_context import LessonContext
from tui.screens.lesson_menu import LessonMenuScreen
from tui.screens.lesson_screen import LessonScreen


def finish(lesson_id: str) -> LessonRun:
    """Work a lesson through to its end (answers shown), as a student would."""
    context = LessonContext.load(lang="en")
    return work_through(LessonRun(context.catalog.find(lesson_id), ProgressStore()))


def work_through(run: LessonRun) -> LessonRun:
    """``run`` worked through to its end (answers shown), as a student would."""
    for _ in range(1000):
        if run.finished:
            break
        if run.asked is not None:
            run.reveal()
        if run.answered or (run.asked is None and not run.next_page()):
            run.go_on()
    assert run.finished and run.record.completed
    return run


async def test_the_menu_opens_on_the_lesson_to_do_next() -> None:
    i18n.set_language("en")
    lessons = LessonContext.load(lang="en").catalog.lessons
    for lesson in lessons[:2]:
        finish(lesson.id)
    app = QueensTutorApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("l")
        await wait_for(pilot, lambda: isinstance(app.screen, LessonMenuScreen))
        menu = app.screen.query_one("#menu-list", OptionList)
        assert menu.highlighted == 3  # lesson 3 (the review's line is 0)
        await pilot.press("enter")  # goes on with the course: no "start it again?"
        await wait_for(pilot, lambda: isinstance(app.screen, LessonScreen))
        assert app.screen.lesson.id == lessons[2].id  # type: ignore[attr-defined]


@pytest.mark.parametrize("language", sweep(["en", "it", "pl"], everyday=["pl"]))
async def test_a_lesson_started_again_says_its_page_and_best(language: str) -> None:
    i18n.set_language("en")
    run = finish("diagonals")
    best, pages = run.record.best_score, len(run.lesson.pages)
    run.restart()
    while run.page_index < 3:
        if run.asked is not None:
            run.reveal()
        if run.answered:
            run.go_on()
        elif run.asked is None:
            run.next_page()
    i18n.set_language(language)
    app = QueensTutorApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("l")
        await wait_for(pilot, lambda: isinstance(app.screen, LessonMenuScreen))
        menu = app.screen.query_one("#menu-list", OptionList)
        index = menu.highlighted
        assert index is not None
        line = str(menu.get_option_at_index(index).prompt)
        said = i18n._("done; again at page {page}/{pages}, best {score}/{max}").format(
            page=4, pages=pages, score=best, max=run.lesson.max_score
        )
        assert said in " ".join(line.split()), line
        done = i18n._("done, best {score}/{max}").format(score=best, max=run.lesson.max_score)
        assert done not in line
        if language != "en":
            english = f"done; again at page 4/{pages}, best {best}/{run.lesson.max_score}"
            assert said != english  # translated


def leave_lesson_at_page_3(lesson_id: str) -> int:
    """Work a lesson up to its page 3 (answers shown), as a student who then quits."""
    context = LessonContext.load(lang="en")
    lesson = context.catalog.find(lesson_id)
    run = LessonRun(lesson, ProgressStore())
    while run.page_index < 2:
        if run.asked is not None:
            run.reveal()
        run.go_on()
        run.next_page()
    return context.catalog.lessons.index(lesson)


def told(app: QueensTutorApp) -> list[str]:
    """Every notice the app gives, as it gives it."""
    said: list[str] = []
    notify = app.notify

    def spy(message: str, *args: Any, **kwargs: Any) -> None:
        said.append(message)
        notify(message, *args, **kwargs)

    app.notify = spy  # type: ignore[method-assign]
    return said


async def test_the_unfinished_lesson_is_offered_and_highlighted() -> None:
    index = leave_lesson_at_page_3("iterative")
    app = QueensTutorApp()
    said = told(app)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: any("Lesson in progress:" in m for m in said))
        assert "The iterative backtracker, step by step, page 3 of 11" in said[-1]
        await pilot.press("l")
        await wait_for(pilot, lambda: isinstance(app.screen, LessonMenuScreen))
        menu = app.screen.query_one("#menu-list")
        assert menu.highlighted == index + 1  # type: ignore[attr-defined]  # under the review
        await pilot.press("enter")
        await wait_for(pilot, lambda: isinstance(app.screen, LessonScreen))
        assert app.screen.lesson_run.page_index == 2  # type: ignore[attr-defined]


async def test_nothing_is_offered_without_an_unfinished_lesson() -> None:
    app = QueensTutorApp()
    said = told(app)
    async with app.run_test(size=(80, 24)) as pilot:
        # the look for progress at start has ended, and nothing it started is still going
        groups = ("progress-at-start", "lesson-offer")
        await wait_for(pilot, lambda: not [w for w in app.workers if w.group in groups])
        await pilot.pause()
        assert not any("Lesson in progress:" in m for m in said)
        await pilot.press("l")
        await wait_for(pilot, lambda: isinstance(app.screen, LessonMenuScreen))
        menu = app.screen.query_one("#menu-list")
        assert menu.highlighted == 1  # type: ignore[attr-defined]  # the first lesson


@pytest.mark.parametrize("language", sweep(["en", "it", "pl"], everyday=["pl"]))
async def test_the_offer_is_whole_in_the_status_lines_at_80x24(language: str) -> None:
    """The notice is whole in the status lines at 80x24 (the lesson's number for a long title)."""
    i18n.set_language(language)
    leave_lesson_at_page_3("diagonals")
    app = QueensTutorApp()
    said = told(app)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: bool(said))
        await pilot.pause()
        notice = said[-1].split()
        shown = " ".join(lines(pane(app, "status"))).split()
        start = shown.index(notice[0]) if notice[0] in shown else -1
        assert shown[start : start + len(notice)] == notice, (notice, shown)


def _missed_long_ago() -> None:
    """Lesson 3's first question missed on a day long gone: its kind is due for review."""
    from tests.unit.lessons.review_progress import at, miss

    miss(ProgressStore(), "naive-search", ["0.0"], when=at(0))


async def test_the_reviews_due_are_named_beside_the_unfinished_lesson() -> None:
    """One notice names the unfinished lesson and the reviews due (l, Home, Enter open them)."""
    from lessons.review.run import ReviewRun

    leave_lesson_at_page_3("iterative")
    _missed_long_ago()
    app = QueensTutorApp()
    said = told(app)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: any("in progress" in m for m in said))
        # one notice names both, the lesson first (by its number where its title is too long
        # at 80x24): a second one took the first's place in the status lines
        last = said[-1]
        assert last.startswith(("Lesson in progress:", "Lesson 5 in progress")), said
        assert last.endswith("1 review question due: press [l], then [Home] and [Enter]."), said
        await pilot.pause()
        shown = " ".join(" ".join(screen_lines(app)).split())
        assert "in progress" in shown and "question due: press [l]" in shown, shown
        await pilot.press("l")
        await wait_for(pilot, lambda: isinstance(app.screen, LessonMenuScreen))
        await pilot.press("home", "enter")
        await wait_for(pilot, lambda: isinstance(app.screen, LessonScreen))
        assert isinstance(app.screen.lesson_run, ReviewRun)  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    ("lang", "words"),
    sweep(
        [
            ("en", "1 review question due: press [l], then [Enter]."),
            ("it", "1 domanda da ripassare: premi [l], poi [Invio]."),
            ("pl", "1 pytanie do powtórki"),
        ],
        everyday=[("it", "1 domanda da ripassare: premi [l], poi [Invio].")],  # translated, whole
        several=True,
    ),
)
async def test_the_reviews_due_are_named_at_start_without_a_lesson_left(
    lang: str, words: str
) -> None:
    """With no lesson left unfinished, the reviews due are still named at start, in the
    student's language; l then Enter opens the review (the menu's cursor is on it)."""
    from lessons.review.run import ReviewRun

    _missed_long_ago()
    i18n.set_language(lang)
    app = QueensTutorApp()
    said = told(app)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: any(words in m for m in said))
        assert not any("Lesson in progress" in m for m in said)
        await pilot.press("l")
        await wait_for(pilot, lambda: isinstance(app.screen, LessonMenuScreen))
        await pilot.press("enter")
        await wait_for(pilot, lambda: isinstance(app.screen, LessonScreen))
        assert isinstance(app.screen.lesson_run, ReviewRun)  # type: ignore[attr-defined]
