"""The lesson menu: at start on the lesson to do next, or on one left unfinished that a notice
names (with the reviews due); a lesson started again says its page and best; a course's calendar
as a student reads it (numbered by files, zones, dates whole, late work told, extensions live)."""

from __future__ import annotations

import re
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from textual.widgets import OptionList

from lessons import i18n
from lessons.catalog import load_catalog
from lessons.progress.records import Completion, LessonRecord
from lessons.progress.store import ProgressStore
from lessons.review.run import ReviewRun
from lessons.runner import LessonRun
from lessons.shown_time import with_zone
from tests.tiers import sweep
from tests.tui.lesson_apps import lesson_menu, menu_lines, menu_opened
from tests.tui.screen_text import lines, on_top, pane, press_for, screen_lines, wait_for
from tui.app import QueensTutorApp
from tui.lesson_context import LessonContext, account_name
from tui.screens import lesson_screen
from tui.screens.lesson_menu import LessonMenuScreen, hanging
from tui.screens.lesson_screen import LessonScreen


def walk(run: LessonRun, page: int | None = None) -> LessonRun:
    """``run`` worked (answers shown) to its end, or to page ``page`` (0-based), as a student."""
    for _ in range(1000):
        if run.finished or (page is not None and run.page_index >= page):
            return run
        if run.asked is not None:
            run.reveal()
        if run.answered or (run.asked is None and not run.next_page()):
            run.go_on()
    raise AssertionError("the lesson did not end")


def finish(lesson_id: str) -> LessonRun:
    run = walk(LessonRun(LessonContext.load(lang="en").catalog.find(lesson_id), ProgressStore()))
    assert run.finished and run.record.completed
    return run


def told(app: QueensTutorApp) -> list[str]:
    """Every notice the app gives, as it gives it."""
    said: list[str] = []
    notify = app.notify

    def spy(message: str, *args: Any, **kwargs: Any) -> None:
        said.append(message)
        notify(message, *args, **kwargs)

    app.notify = spy  # type: ignore[method-assign]
    return said


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


async def test_the_menu_opens_on_the_lesson_to_do_next() -> None:
    lessons = LessonContext.load(lang="en").catalog.lessons
    for lesson in lessons[:2]:
        finish(lesson.id)
    app = QueensTutorApp()
    said = told(app)
    async with app.run_test(size=(80, 24)) as pilot:
        # the look for progress at start has ended: no lesson left unfinished, none offered
        groups = ("progress-at-start", "lesson-offer")
        await wait_for(pilot, lambda: not [w for w in app.workers if w.group in groups])
        await pilot.pause()
        assert not any("Lesson in progress:" in m for m in said)
        await lesson_menu(pilot)
        menu = app.screen.query_one("#menu-list", OptionList)
        assert menu.highlighted == 3  # lesson 3 (the review's line is 0)
        # goes on with the course: no "start it again?"
        await press_for(pilot, LessonScreen, "enter")
        assert app.screen.lesson.id == lessons[2].id  # type: ignore[attr-defined]


@pytest.mark.parametrize("language", sweep(["en", "it", "pl"], everyday=["pl"]))
async def test_a_lesson_started_again_says_its_page_and_best(language: str) -> None:
    run = finish("diagonals")
    best, pages = run.record.best_score, len(run.lesson.pages)
    run.restart()
    walk(run, 3)
    i18n.set_language(language)
    app = QueensTutorApp()
    async with menu_opened(app):
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
    """Work a lesson up to its page 3 (answers shown), as a student who then quits; its index."""
    lessons = LessonContext.load(lang="en").catalog.lessons
    lesson = next(lesson for lesson in lessons if lesson.id == lesson_id)
    walk(LessonRun(lesson, ProgressStore()), 2)
    return lessons.index(lesson)


async def test_the_unfinished_lesson_is_offered_with_the_reviews_due_and_highlighted() -> None:
    """One notice names the unfinished lesson (its page) and the reviews due; the menu opens on
    the lesson, Enter goes on at its page, and Home, Enter opens the review."""
    index = leave_lesson_at_page_3("iterative")
    _missed_long_ago()
    app = QueensTutorApp()
    said = told(app)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: any("in progress" in m for m in said))
        last = said[-1]  # the lesson first (by number where its title is too long)
        assert last.startswith(("Lesson in progress:", "Lesson 5 in progress")), said
        assert "page 3 of 11" in last, said
        assert last.endswith("1 review question due: press [l], then [Home] and [Enter]."), said
        await pilot.pause()
        shown = " ".join(" ".join(screen_lines(app)).split())
        assert "in progress" in shown and "question due: press [l]" in shown, shown
        await lesson_menu(pilot)
        assert app.screen.query_one("#menu-list", OptionList).highlighted == index + 1
        await press_for(pilot, LessonScreen, "enter")
        assert app.screen.lesson_run.page_index == 2  # type: ignore[attr-defined]
        await press_for(pilot, LessonMenuScreen, "escape")
        await press_for(pilot, LessonScreen, "home", "enter")
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
    """With no lesson left, the reviews due are named at start; l, Enter opens the review."""
    _missed_long_ago()
    i18n.set_language(lang)
    app = QueensTutorApp()
    said = told(app)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: any(words in m for m in said))
        assert not any("Lesson in progress" in m for m in said)
        await lesson_menu(pilot)
        await press_for(pilot, LessonScreen, "enter")
        assert isinstance(app.screen.lesson_run, ReviewRun)  # type: ignore[attr-defined]


LESSON = "@lesson {id}\n@title {title}\n\n@page One\nText of {id}.\n"
SPLIT_DATE = re.compile(r"\d{4}-\d\d-\d\d$")
"""A line that ends with a date (its time on the next line)."""


def course_folder(tmp_path: Path, due: datetime) -> Path:
    for number, name in ((2, "alpha"), (5, "beta"), (10, "gamma")):
        title = f"The {name} lesson, whose title is long enough to wrap"
        (tmp_path / f"{number:02}-{name}.md").write_text(
            LESSON.format(id=name, title=title), encoding="utf-8"
        )
    (tmp_path / "course.toml").write_text(
        f'[[assignment]]\nid = "a"\nlessons = [10, 5]\ndue = "{due.isoformat()}"\n',
        encoding="utf-8",
    )
    return tmp_path


@pytest.mark.parametrize("width", sweep([80, 100], everyday=[80]))
async def test_the_menu_numbers_by_file_names_the_zone_and_keeps_dates_whole(
    tmp_path: Path, width: int
) -> None:
    due = datetime.now().astimezone().replace(microsecond=0, second=0) - timedelta(days=1)
    folder = course_folder(tmp_path, due)
    app = QueensTutorApp(lessons=LessonContext.load(dirs=[str(folder)], only_course=True))
    async with menu_opened(app, (width, 24)):
        alpha, beta, gamma = menu_lines(app)
        assert alpha.startswith(" 2. The alpha") and beta.startswith(" 5. The beta")
        assert gamma.startswith("10. The gamma")
        whole = " ".join(gamma.split())
        assert f"overdue since {with_zone(due)}" in whole  # the zone, as the details say it
        for line in (alpha + "\n" + beta + "\n" + gamma).splitlines():
            assert not SPLIT_DATE.search(line.rstrip()), (alpha, beta, gamma)


def test_hanging_never_splits_a_moment_at_any_width() -> None:
    label = (
        "10. The gamma lesson, whose title is long  [page 3/11]  handed in late; week1 "
        "still overdue since 2026-11-20 22:59 CET"
    )
    for room in range(24, len(label) + 1):
        lines = hanging(label, room).splitlines()
        assert " ".join(lines).split() == label.split()  # every word, none cut
        assert any("2026-11-20 22:59 CET" in line for line in lines), (room, lines)


def test_a_lesson_ended_after_its_due_date_says_it_was_handed_in_late(tmp_path: Path) -> None:
    due = datetime.now().astimezone().replace(microsecond=0) - timedelta(hours=1)
    lesson = load_catalog(None, [course_folder(tmp_path, due)], only_course=True).find("10")
    assert lesson is not None
    screen = LessonScreen(lesson, None, due=due)
    screen.lesson_run.record = LessonRecord(completed=True)
    screen.lesson_run.record.completions = [Completion(datetime.now().timestamp(), 0)]
    said = screen.finished_text()
    assert said.startswith(f"This lesson was handed in late: it was due {with_zone(due)}.")
    assert "Lesson complete!" in said
    on_time = LessonScreen(lesson, None, due=due + timedelta(days=1))
    on_time.lesson_run.record = screen.lesson_run.record
    assert on_time.finished_text().startswith("Lesson complete!")
    assert LessonScreen(lesson, None).finished_text().startswith("Lesson complete!")
    # after late_until it says it counts nothing
    from lessons.course.model import LatePolicy

    until = due - timedelta(minutes=1)
    late = LessonScreen(lesson, None, due=due - timedelta(hours=1), late=LatePolicy(0.5, until))
    late.lesson_run.record = screen.lesson_run.record
    assert "it is kept but counts nothing" in late.finished_text()


def test_lesson_n_takes_the_file_number_and_its_error_lists_the_numbers(tmp_path: Path) -> None:
    import argparse

    from tui.options.args import UsageError

    folder = course_folder(tmp_path, datetime.now().astimezone() + timedelta(days=1))
    args = argparse.Namespace(lessons_dirs=[folder], only_course=True, lang="en", lesson="10")
    context = LessonContext.from_args(args)
    assert context.start is not None and context.start.id == "gamma"  # listed 3rd, number 10
    with pytest.raises(UsageError) as refused:
        LessonContext.from_args(argparse.Namespace(**{**vars(args), "lesson": "3"}))
    assert str(refused.value).endswith("the lessons are: 2 alpha, 5 beta, 10 gamma")


ALPHA = "@lesson alpha\n@title Lesson alpha\n\n@page One\nText of alpha.\n"


def late_course(folder: Path) -> datetime:
    """A course of one lesson (20, alpha) due three days ago, late work counting half."""
    (folder / "20-alpha.md").write_text(ALPHA, encoding="utf-8")
    due = datetime.now().astimezone().replace(microsecond=0) - timedelta(days=3)
    (folder / "course.toml").write_text(
        f'[[assignment]]\nid = "wk1"\nlessons = ["alpha"]\ndue = "{due.isoformat()}"\n'
        "late_credit = 0.5\n",
        encoding="utf-8",
    )
    return due


def extend(folder: Path) -> datetime:
    """The teacher gives this student (the account's login) two more days: the new date."""
    later = datetime.now().astimezone().replace(microsecond=0) + timedelta(days=2)
    (folder / "extensions.toml").write_text(
        f'[[extension]]\nstudent = "{account_name()}"\nassignment = "wk1"\n'
        f'due = "{later.isoformat()}"\n',
        encoding="utf-8",
    )
    return later


def status(app: QueensTutorApp) -> str:
    return " ".join(str(app.screen.query_one("#lesson-status").render()).split())


async def test_an_extension_given_while_the_lesson_is_open_reaches_its_status_and_end(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(lesson_screen.screen, "DATES_SECONDS", 0.1)
    late_course(tmp_path)
    app = QueensTutorApp(lessons=LessonContext.load(dirs=[str(tmp_path)], only_course=True))
    async with menu_opened(app, (120, 30)) as pilot:
        await press_for(pilot, LessonScreen, "enter")
        await wait_for(pilot, lambda: "kept and counts 50%, marked late" in status(app))
        extend(tmp_path)
        # The late word goes as the calendar changes, without a key.
        await wait_for(pilot, lambda: "marked late" not in status(app))
        screen = on_top(app, LessonScreen)
        await pilot.press("enter")
        await wait_for(pilot, lambda: screen.lesson_run.finished)
        said = screen.finished_text()
        assert said.startswith("Lesson complete!"), said  # not "handed in late ... 50%"
        await press_for(pilot, LessonMenuScreen, "enter")
        detail = " ".join(str(app.screen.query_one("#menu-detail").render()).split())
        assert "(your extension)" in detail, detail
        options = app.screen.query_one(OptionList)
        lines = [str(options.get_option_at_index(i).prompt) for i in range(options.option_count)]
        assert any("handed in on time" in line for line in lines), lines


def test_the_plain_lesson_s_end_reads_an_extension_given_while_it_is_open(
    tmp_path: Path,
) -> None:
    from tests.plain.test_invited_words_answer import plain_tutor

    late_course(tmp_path)
    tutor, stream = plain_tutor(LessonContext.load("en", [str(tmp_path)], True))
    assert tutor.handle("lesson 20")
    assert "kept and counts 50%, marked late" in " ".join(stream.getvalue().split())
    extend(tmp_path)
    for line in ("enter", "enter", "lessons"):
        assert tutor.handle(line)
    said = " ".join(stream.getvalue().split())
    assert "handed in late" not in said, said
    assert "Lesson complete!" in said
    assert "handed in on time" in said, said
