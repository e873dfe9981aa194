"""The lesson menu shows the course's calendar (course.toml): what is due and when, in local time;
a lesson past its due date opens and says its work counts late (the status line says what it is
worth, wrapped, the board's size and tick kept); one not open yet does not open; an extension
written while the tutor runs shows without a restart."""

from __future__ import annotations

import dataclasses
import re
from datetime import datetime, timedelta
from pathlib import Path

import pytest
from textual.pilot import Pilot
from textual.widgets import OptionList

from lessons.progress.records import Completion, QuestionRecord
from lessons.progress.store import ProgressStore
from lessons.shown_time import local_minute, with_zone
from tests.cli.course_kit import ONE_QUESTION, stamp
from tests.tui.lesson_apps import lesson_menu, lesson_screen, menu_lines, menu_opened, toasts
from tests.tui.screen_text import on_top, press_for, pressed, region_lines, wait_for
from tui.app import QueensTutorApp
from tui.lesson_context import LessonContext, account_name
from tui.screens.lesson_menu import LessonMenuScreen
from tui.screens.lesson_screen import LessonScreen
from tui.screens.lesson_screen.status import LessonStatus
from tui.widgets.key_bar import KeyBar


def course(folder: Path, due: datetime, opens: datetime | None = None) -> None:
    lines = ["[[assignment]]", 'id = "week1"', 'title = "Week 1"', 'lessons = ["alpha"]']
    lines.append(f'due = "{stamp(due)}"')
    if opens is not None:
        lines.append(f'opens = "{stamp(opens)}"')
    (folder / "course.toml").write_text("\n".join(lines) + "\n", encoding="utf-8")


def app_on(folder: Path) -> QueensTutorApp:
    (folder / "20-alpha.md").write_text(ONE_QUESTION.format(id="alpha"), encoding="utf-8")
    (folder / "21-beta.md").write_text(ONE_QUESTION.format(id="beta"), encoding="utf-8")
    return QueensTutorApp(lessons=LessonContext.load(dirs=[str(folder)], only_course=True))


def alpha_done(at: float) -> None:
    """Lesson alpha completed at ``at``, its one question right at the first try."""
    store = ProgressStore()
    record = store.lesson("alpha")
    record.answers["0.0"] = QuestionRecord(True, 1, scored=True, points=1, at=at)
    record.completed, record.best_score, record.max_score = True, 1, 1
    record.completions = [Completion(at, 1)]
    assert store.save("alpha", record)


def lesson_status(app: QueensTutorApp) -> str:
    return str(app.screen.query_one("#lesson-status").render())


async def test_a_lesson_past_due_opens_late_an_extension_shows_one_not_open_does_not(
    tmp_path: Path,
) -> None:
    """And a lesson not open yet does not open (a notice says when it opens)."""
    due = (datetime.now() - timedelta(days=1)).astimezone().replace(microsecond=0, second=0)
    opens = (datetime.now() + timedelta(days=1)).astimezone().replace(microsecond=0)
    course(tmp_path, due)
    with (tmp_path / "course.toml").open("a", encoding="utf-8") as toml:
        toml.write(
            f'[[assignment]]\nid = "week2"\nlessons = ["gamma"]\nopens = "{stamp(opens)}"\n'
            f'due = "{stamp(opens + timedelta(days=5))}"\n'
        )
    (tmp_path / "22-gamma.md").write_text(ONE_QUESTION.format(id="gamma"), encoding="utf-8")
    app = app_on(tmp_path)
    async with menu_opened(app, (120, 30), notifications=True) as pilot:
        alpha, beta, gamma = menu_lines(app)
        assert f"overdue since {local_minute(due)}" in alpha
        assert "due" not in beta  # in no assignment
        assert f"opens {local_minute(opens)}" in gamma
        detail = str(app.screen.query_one("#menu-detail").render())
        assert f"Assignment Week 1: due {with_zone(due)}." in detail
        assert "kept and counts, marked late" in detail
        await pilot.press("enter")  # it opens, and says its work counts late, over nothing
        await wait_for(pilot, lambda: "kept and counts" in lesson_status(app))
        await pilot.pause()
        assert "your work is kept and counts whole, marked late" in lesson_status(app)
        assert not toasts(app)
        await press_for(pilot, LessonMenuScreen, "escape")
        # The teacher gives this student two more days, while the tutor runs.
        later = due + timedelta(days=2)
        (tmp_path / "extensions.toml").write_text(
            f'[[extension]]\nstudent = "{account_name()}"\nassignment = "week1"\n'
            f'due = "{stamp(later)}"\n',
            encoding="utf-8",
        )
        await press_for(pilot, LessonMenuScreen, "escape", "l")
        assert f"due {local_minute(later)}" in menu_lines(app)[0]
        detail = str(app.screen.query_one("#menu-detail").render())
        assert "(your extension)" in detail
        app.screen.query_one(OptionList).highlighted = 3  # gamma, not open yet
        await pressed(pilot, "enter")
        assert isinstance(app.screen, LessonMenuScreen)
        await wait_for(pilot, lambda: f"This lesson opens {with_zone(opens)}." in toasts(app))


async def test_a_lesson_handed_in_late_says_so_while_its_assignment_is_overdue(
    tmp_path: Path,
) -> None:
    """Lesson alpha done after the due date while beta, in the same
    assignment, is not done: the menu said "overdue since" beside "done"."""
    due = (datetime.now() - timedelta(days=1)).astimezone().replace(microsecond=0, second=0)
    (tmp_path / "course.toml").write_text(
        f'[[assignment]]\nid = "week1"\nlessons = ["alpha", "beta"]\ndue = "{stamp(due)}"\n',
        encoding="utf-8",
    )
    alpha_done(datetime.now().timestamp())
    app = app_on(tmp_path)
    async with menu_opened(app, (160, 30)):
        alpha, beta = (" ".join(line.split()) for line in menu_lines(app))
        since = local_minute(due)
        assert f"handed in late; week1 still overdue since {since}" in alpha, alpha
        assert f"[new] overdue since {since}" in beta, beta


async def test_a_lesson_being_fixed_keeps_its_line_and_date(tmp_path: Path) -> None:
    """A course's lesson whose file fails its check stays in the menu, not open, with its
    assignment's date, the cursor never on it, and no FILE:LINE notice for the student; a broken
    file no assignment holds is named (a teacher trying a new lesson)."""
    due = (datetime.now() + timedelta(days=2)).astimezone().replace(microsecond=0, second=0)
    lines = ["[[assignment]]", 'id = "week1"', 'lessons = ["alpha", "beta"]']
    (tmp_path / "course.toml").write_text("\n".join([*lines, f'due = "{stamp(due)}"']) + "\n")
    app_on(tmp_path)  # its two lessons, then beta broken: an @expect that does not hold
    broken = "@page B\n@board n=4 algorithm=iterative\n@expect solutions = 3\n\n@quiz"
    (tmp_path / "21-beta.md").write_text(ONE_QUESTION.format(id="beta").replace("@quiz", broken))
    (tmp_path / "22-gamma.md").write_text(ONE_QUESTION.format(id="gamma").replace("@quiz", broken))
    context = LessonContext.load(dirs=[str(tmp_path)], only_course=True)
    notices = context.notices
    assert not any("21-beta.md" in notice for notice in notices), notices
    assert not any(notice.startswith("Course: ") for notice in notices), notices
    assert next(n for n in notices if "22-gamma.md" in n).startswith("Lesson skipped: ")
    app = QueensTutorApp(lessons=context)
    async with menu_opened(app, (120, 30)) as pilot:
        alpha, beta = menu_lines(app)
        assert f"due {local_minute(due)}" in alpha
        assert "21. Lesson beta" in beta and "being fixed, not open yet" in beta
        assert f"due {local_minute(due)}" in beta
        menu = app.screen.query_one(OptionList)
        for _step in range(3):  # the review's line and alpha: never beta's
            await pilot.press("down")
            assert menu.highlighted in (0, 1)
        if menu.highlighted == 0:
            await pilot.press("down")
        await pilot.press("enter")
        screen = await lesson_screen(pilot)
        assert screen.lesson.id == "alpha"


async def test_starting_an_overdue_lesson_again_says_what_counts(tmp_path: Path) -> None:
    """R on a lesson done on time, after its due date, says what a new run counts."""
    from textual.widgets import Static

    from tui.screens.restart_question import RestartConfirm

    due = (datetime.now() - timedelta(days=1)).astimezone().replace(microsecond=0, second=0)
    (tmp_path / "course.toml").write_text(
        f'[[assignment]]\nid = "week1"\nlessons = ["alpha"]\ndue = "{stamp(due)}"\n'
        "late_credit = 0.5\n",
        encoding="utf-8",
    )
    alpha_done((due - timedelta(hours=2)).timestamp())
    app = app_on(tmp_path)
    async with menu_opened(app, (100, 30)) as pilot:
        app.screen.query_one(OptionList).highlighted = 1
        await press_for(pilot, RestartConfirm, "R")
        said = " ".join(str(app.screen.query_one("#restart-text", Static).content).split())
        assert "your work is kept and counts 50%, marked late." in said, said
        assert said.endswith(
            "for all its lessons, keeps counting; a run started again counts only where it "
            "counts more."
        ), said


async def test_the_lesson_details_say_whose_due_dates_they_are(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A name given (``progress --name fay``) on another account: the details of a lesson of
    the course say whose due dates they are, and her extension counts."""
    from lessons.course.whose import SETTING
    from lessons.progress import settings

    due = (datetime.now() - timedelta(days=1)).astimezone().replace(microsecond=0, second=0)
    course(tmp_path, due)
    (tmp_path / "extensions.toml").write_text(
        f'[[extension]]\nstudent = "fay"\nassignment = "week1"\n'
        f'due = "{stamp(due + timedelta(days=3))}"\n',
        encoding="utf-8",
    )
    monkeypatch.setenv("USER", "fhopper")
    monkeypatch.setenv("LOGNAME", "fhopper")
    assert settings.save({SETTING: ["fay"]}) is None
    app = app_on(tmp_path)
    async with menu_opened(app, (120, 30)) as pilot:
        alpha, _beta = menu_lines(app)
        assert "overdue" not in alpha  # fay's extension, not fhopper's course date
        app.screen.query_one(OptionList).highlighted = 1  # lesson alpha
        await pilot.pause()
        detail = str(app.screen.query_one("#menu-detail").render())
        assert "Due dates for fay" in detail


async def test_an_overdue_line_wraps_and_start_again_is_offered_on_a_started_lesson(
    tmp_path: Path,
) -> None:
    due = (datetime.now() - timedelta(days=5)).astimezone().replace(microsecond=0)
    (tmp_path / "course.toml").write_text(
        f'[[assignment]]\nid = "week1"\nlessons = [4]\ndue = "{stamp(due)}"\n', encoding="utf-8"
    )
    app = QueensTutorApp(lessons=LessonContext.load(dirs=[str(tmp_path)]))
    async with menu_opened(app) as pilot:
        menu = app.screen.query_one(OptionList)
        await wait_for(pilot, lambda: menu.option_count > 4)
        prompt = str(menu.get_option_at_index(4).prompt)
        assert "overdue since" in prompt
        lines = prompt.splitlines()
        assert len(lines) > 1 and all(line.startswith("    ") for line in lines[1:]), lines
        assert all(len(line) <= menu.scrollable_content_region.width for line in lines)
        menu.highlighted = 2  # lesson 2, never opened: nothing to start again
        await pilot.pause()
        assert "Start again" not in str(app.screen.query_one(KeyBar).text)
        await pilot.press("enter")  # opened: a record now
        await wait_for(pilot, lambda: not isinstance(app.screen, LessonMenuScreen))
        await press_for(pilot, LessonMenuScreen, "escape")
        app.screen.query_one(OptionList).highlighted = 2
        await wait_for(pilot, lambda: "Start again" in str(app.screen.query_one(KeyBar).text))


BOARD_LESSON = """\
@lesson {id}
@title {title}

@page Board
@board n=4
@step 3
Watch.
"""


def late_course(folder: Path, due: datetime, until: datetime) -> None:
    (folder / "course.toml").write_text(
        '[[assignment]]\nid = "week1"\ntitle = "Week 1"\nlessons = ["alpha"]\n'
        f'due = "{stamp(due)}"\nlate_credit = 0.5\nlate_until = "{stamp(until)}"\n',
        encoding="utf-8",
    )


async def open_first_lesson(app: QueensTutorApp, pilot: Pilot[None]) -> None:
    """From the main screen: the lesson menu, then Enter on the lesson it offers first."""
    await lesson_menu(pilot)
    await pilot.press("enter")
    await wait_for(pilot, lambda: isinstance(app.screen, LessonScreen) and status_text(app.screen))
    await pilot.pause()


def status_text(screen: LessonScreen) -> str:
    return " ".join(str(screen.query_one("#lesson-status").render()).split())


@pytest.mark.parametrize("late_until", [20, -2])
async def test_a_late_lessons_notice_says_what_late_work_is_worth(
    tmp_path: Path, late_until: int
) -> None:
    """Due two (nine) days ago, late work counting half until ``late_until`` days from now:
    what it counts and until when (or nothing), whole, wrapped with the status line's margin."""
    now = datetime.now().astimezone().replace(microsecond=0)
    due = now - timedelta(days=2 if late_until > 0 else 9)
    late_course(tmp_path, due, now + timedelta(days=late_until))
    app = app_on(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_first_lesson(app, pilot)
        screen = await lesson_screen(pilot)
        said = status_text(screen)
        if late_until < 0:
            assert "your work is kept but counts nothing." in said, said
            return
        assert "your work is kept and counts 50%, marked late." in said, said
        assert re.search(r"From \d{4}-\d\d-\d\d \d\d:\d\d \S+ on it counts nothing\.$", said), said
        drawn = region_lines(app, screen.query_one("#lesson-status"))
        written = [line for line in drawn if line.strip()]
        assert len(written) >= 2, drawn
        assert all(line.startswith(" ") and line[1] != " " for line in written), drawn


async def test_the_status_line_keeps_the_size_and_tick(tmp_path: Path) -> None:
    app_on(tmp_path)  # the course's two lessons; alpha then gets a board
    (tmp_path / "20-alpha.md").write_text(
        BOARD_LESSON.format(id="alpha", title="A"), encoding="utf-8"
    )
    app = QueensTutorApp(lessons=LessonContext.load(dirs=[str(tmp_path)], only_course=True))
    async with app.run_test(size=(80, 24)) as pilot:
        await open_first_lesson(app, pilot)
        screen = on_top(app, LessonScreen)
        assert screen.session is not None
        frame = screen.session.frame()
        long_where = "k = 1, " + "between two iterations of the loop " * 3
        status = dataclasses.replace(frame.status, where=long_where)
        screen.query_one(LessonStatus).show(screen.score_text, "A", status)
        await pilot.pause()
        said = status_text(screen)
        assert said.endswith(f"tick {frame.status.tick}") and "n = 4" in said, said
        assert "A: quiz score" in said and "between two iterations" not in said


async def test_the_reviews_status_line_keeps_its_tick_at_80_columns() -> None:
    """The review's status names no title to shorten: 'tick N' was cut to 'tick'."""
    import time

    from lessons.progress.reviews import ReviewHistory
    from tests.tui.test_review_screen import store_at_default
    from tests.unit.lessons.review_progress import miss
    from tui.screens.review_screen import ReviewScreen

    store = store_at_default()
    miss(store, "iterative", ["2.0"], when=time.time() - 3 * 86_400)
    miss(store, "diagonals", ["0.0"], when=time.time() - 3 * 86_400)  # "2 questions"
    assert store.merge_review(ReviewHistory((), 4242))
    app = QueensTutorApp(lessons=LessonContext.load(lang="en"), review=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(
            pilot,
            lambda: (
                isinstance(app.screen, ReviewScreen)
                and str(app.screen.query_one("#lesson-status").render()).strip() != ""
            ),
        )
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ReviewScreen) and screen.session is not None
        said = str(screen.query_one("#lesson-status").render()).rstrip()
        assert said.endswith(f"tick {screen.session.frame().status.tick}"), said
        assert len(said) <= 80 and "n = " in said
