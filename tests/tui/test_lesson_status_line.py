"""The lesson's status line at 80x24: a
late lesson's notice says what late work is worth now (the late credit, and until when), whole,
wrapped rather than cut; the board's size and tick always show, however long the rest."""

from __future__ import annotations

import dataclasses
import re
from datetime import datetime, timedelta
from pathlib import Path

from textual.pilot import Pilot

from tests.tui.screen_text import wait_for
from tests.tui.test_lesson_menu_course import app_on, stamp
from tui.app import QueensTutorApp
from tui.lesson_context import LessonContext
from tui.screens.lesson_menu import LessonMenuScreen
from tui.screens.lesson_screen import LessonScreen
from tui.screens.lesson_screen.status import LessonStatus

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
    await pilot.press("l")
    await wait_for(pilot, lambda: isinstance(app.screen, LessonMenuScreen))
    await pilot.press("enter")
    await wait_for(pilot, lambda: isinstance(app.screen, LessonScreen) and status_text(app.screen))
    await pilot.pause()


def status_text(screen: LessonScreen) -> str:
    return " ".join(str(screen.query_one("#lesson-status").render()).split())


async def test_a_late_lessons_notice_says_what_late_work_is_worth(tmp_path: Path) -> None:
    now = datetime.now().astimezone().replace(microsecond=0)
    late_course(tmp_path, now - timedelta(days=2), now + timedelta(days=20))
    app = app_on(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_first_lesson(app, pilot)
        assert isinstance(app.screen, LessonScreen)
        said = status_text(app.screen)
        assert "your work is kept and counts 50%, marked late." in said, said
        assert re.search(r"From \d{4}-\d\d-\d\d \d\d:\d\d \S+ on it counts nothing\.$", said), said


async def test_a_wrapped_notice_keeps_its_margin_on_every_line(tmp_path: Path) -> None:
    """The late note's second line lost the one-space margin every
    status line has."""
    from tests.tui.screen_text import region_lines

    now = datetime.now().astimezone().replace(microsecond=0)
    late_course(tmp_path, now - timedelta(days=2), now + timedelta(days=20))
    app = app_on(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_first_lesson(app, pilot)
        assert isinstance(app.screen, LessonScreen)
        drawn = [line for line in region_lines(app, app.screen.query_one("#lesson-status"))]
        written = [line for line in drawn if line.strip()]
        assert len(written) >= 2, drawn
        assert all(line.startswith(" ") and line[1] != " " for line in written), drawn


async def test_after_late_until_the_notice_says_late_work_counts_nothing(tmp_path: Path) -> None:
    now = datetime.now().astimezone().replace(microsecond=0)
    late_course(tmp_path, now - timedelta(days=9), now - timedelta(days=2))
    app = app_on(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_first_lesson(app, pilot)
        assert isinstance(app.screen, LessonScreen)
        assert "your work is kept but counts nothing." in status_text(app.screen)


async def test_the_status_line_keeps_the_size_and_tick(tmp_path: Path) -> None:
    app_on(tmp_path)  # the course's two lessons; alpha then gets a board
    (tmp_path / "20-alpha.md").write_text(
        BOARD_LESSON.format(id="alpha", title="A"), encoding="utf-8"
    )
    app = QueensTutorApp(lessons=LessonContext.load(dirs=[str(tmp_path)], only_course=True))
    async with app.run_test(size=(80, 24)) as pilot:
        await open_first_lesson(app, pilot)
        screen = app.screen
        assert isinstance(screen, LessonScreen)
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
