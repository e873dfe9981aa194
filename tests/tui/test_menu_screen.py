"""The lesson menu: its cursor back from a lesson, Enter when every lesson is done, what it shows
under its dialogs, the restart question, the pages to re-read, a name given meanwhile."""

from __future__ import annotations

import textwrap
from datetime import datetime, timedelta
from pathlib import Path

import pytest
from textual.widgets import OptionList, Static

from lessons import i18n
from lessons.model import Lesson
from lessons.parsing.parser import parse
from lessons.progress.records import LessonRecord, QuestionRecord
from lessons.progress.store import ProgressStore
from lessons.shown_time import with_zone
from tests.cli.clirun import run_main
from tests.tiers import sweep
from tests.tui.lesson_apps import lesson_menu, lesson_screen, menu_opened
from tests.tui.screen_text import press_for, pressed, screen_lines, stacked, tutor_run, wait_for
from tests.tui.test_lesson_menu_next import walk
from tests.unit.lessons.review_progress import Clock, at, miss
from tui import app as app_module
from tui.app import QueensTutorApp
from tui.lesson_context import LessonContext
from tui.screens.lesson_menu import LessonMenuScreen
from tui.screens.lesson_screen import LessonScreen
from tui.screens.restart_question import RestartConfirm, RestartQuestion


def _menu_line(app: QueensTutorApp) -> int | None:
    return app.screen.query_one("#menu-list", OptionList).highlighted


async def test_a_lesson_started_with_lesson_n_builds_its_menu_only_when_left() -> None:
    """The lesson the tutor starts on opens over the board, with no menu under it; esc shows
    the menu, the cursor on it; esc from a lesson opened in the menu leaves the cursor on it."""
    context = LessonContext.load(lang="en")
    context.start = context.catalog.lessons[2]  # as --lesson 3
    async with tutor_run(lessons=context, size=(80, 24)) as (app, pilot):
        await wait_for(pilot, lambda: isinstance(app.screen, LessonScreen))
        await pilot.pause()
        assert stacked(app) == ["MainScreen", "LessonScreen"]
        await press_for(pilot, LessonMenuScreen, "escape")
        await pilot.pause()
        assert stacked(app) == ["MainScreen", "LessonMenuScreen"]
        assert _menu_line(app) == 3
        # lesson 5, from the menu: over it
        await press_for(pilot, LessonScreen, "down", "down", "enter")
        assert stacked(app) == ["MainScreen", "LessonMenuScreen", "LessonScreen"]
        await press_for(pilot, LessonMenuScreen, "escape")
        await pilot.pause()
        assert _menu_line(app) == 5
        await pilot.press("escape")
        await wait_for(pilot, lambda: stacked(app) == ["MainScreen"])


async def test_a_finished_lesson_leaves_the_cursor_on_the_lesson_to_do_next() -> None:
    context = LessonContext.load(lang="en")
    lessons = context.catalog.lessons
    context.start = lessons[0]  # as --lesson 1
    async with tutor_run(lessons=context, size=(80, 24)) as (app, pilot):
        screen = await lesson_screen(pilot)
        assert walk(screen.lesson_run).record.completed  # worked through, the answers shown
        screen.show()
        await pilot.pause()
        screen.action_go_on()  # the last Enter: back to the menu
        await wait_for(pilot, lambda: isinstance(app.screen, LessonMenuScreen))
        await pilot.pause()
        assert _menu_line(app) == 2  # lesson 2, not "start lesson 1 again?"


async def test_after_a_lesson_is_finished_the_menu_offers_the_next() -> None:
    context = LessonContext.load(lang="en")
    async with tutor_run(4, lessons=context, size=(80, 24)) as (app, pilot):
        await pilot.pause()
        await lesson_menu(pilot)
        menu = app.screen
        assert isinstance(menu, LessonMenuScreen)
        first = context.catalog.lessons[0]
        menu.query_one(OptionList).highlighted = 1  # the first lesson (the review's line is 0)
        lesson = await press_for(pilot, LessonScreen, "enter")
        run = lesson.lesson_run
        run.goto(len(run.lesson.pages) - 1)
        while run.asked is not None:  # every quiz answer shown, then the lesson's end
            run.reveal()
            run.go_on()
        lesson.show()
        await pilot.press("enter")  # finish it
        await wait_for(pilot, lambda: run.finished)
        await pilot.press("enter")  # back to the lessons
        await wait_for(pilot, lambda: app.screen is menu)
        await pilot.pause()
        assert run.lesson is first
        assert menu.query_one(OptionList).highlighted == 2  # the second lesson


@pytest.fixture
def all_done(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    store = ProgressStore()
    for lesson in LessonContext.load(lang="en").catalog.lessons:
        record = LessonRecord(completed=True, best_score=1, max_score=lesson.max_score, runs=1)
        assert store.save(lesson.id, record)


async def test_each_first_enter_acts_when_every_lesson_is_done(all_done: None) -> None:
    app = QueensTutorApp()
    async with menu_opened(app) as pilot:
        menu = app.screen.query_one(OptionList)
        assert menu.highlighted == 1 and app.screen.focused is menu
        await press_for(pilot, RestartQuestion, "enter")  # the first Enter: lesson 1's question
        # the highlighted choice: look through it, the run kept
        await press_for(pilot, LessonScreen, "enter")
        await press_for(pilot, LessonMenuScreen, "escape")
        # back from the lesson: the first Enter acts
        await press_for(pilot, RestartQuestion, "enter")
        await press_for(pilot, LessonMenuScreen, "escape")
        await pressed(pilot, "down", "up", "up")  # the review line
        assert menu.highlighted == 0
        await pressed(pilot, "enter")
        detail = str(app.screen.query_one("#menu-detail").render())
        assert "You have done every lesson" in detail, detail
        await press_for(pilot, RestartQuestion, "down", "enter")  # lesson 1 again: at once
    lesson = LessonContext.load(lang="en").catalog.lessons[0]
    record = ProgressStore().record_for(lesson)
    assert record is not None and record.completed and not record.again, record


@pytest.fixture
def two_done(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Lessons 1, 2 and 7 finished: the menu's cursor starts on lesson 3, the next to do."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    store = ProgressStore()
    lessons = LessonContext.load(lang="en").catalog.lessons
    for lesson in (lessons[0], lessons[1], lessons[6]):
        record = LessonRecord(completed=True, best_score=1, max_score=lesson.max_score, runs=1)
        assert store.save(lesson.id, record)


async def test_lesson_7_asked_again_over_its_own_detail_and_the_dialogs_keys(
    two_done: None,
) -> None:
    context = LessonContext.load(lang="en")
    seventh = context.catalog.lessons[6]
    context.start = seventh
    async with tutor_run(lessons=context, size=(80, 24)) as (app, pilot):
        await wait_for(pilot, lambda: isinstance(app.screen, RestartQuestion))
        await pilot.pause()
        menu = app.screen_stack[-2]
        assert menu.query_one(OptionList).highlighted == 7
        detail = " ".join(str(menu.query_one("#menu-detail").render()).split())
        assert seventh.summary.split()[0] in detail
        assert f"Pages: {len(seventh.pages)}." in detail, detail
        bar = screen_lines(app)[-1]
        assert "esc Back" in bar and "R Start again" not in bar, bar
        await pilot.press("escape")
        await wait_for(pilot, lambda: not isinstance(app.screen, RestartQuestion))
        await press_for(pilot, RestartConfirm, "R")
        await pilot.pause()
        bar = screen_lines(app)[-1]
        assert "esc Back" in bar and "R Start again" not in bar, bar


@pytest.mark.parametrize(
    ("lang", "word"),
    sweep(
        [("en", "⏎ Open"), ("it", "⏎ Apri"), ("pl", "⏎ Otwórz")],
        everyday=[("pl", "⏎ Otwórz")],
        several=True,
    ),
)
async def test_the_menus_bar_names_enter(two_done: None, lang: str, word: str) -> None:
    """The menu's bar names Enter, which opens a lesson."""
    i18n.set_language(lang)
    app = QueensTutorApp(lessons=LessonContext.load(lang=lang))
    async with menu_opened(app) as pilot:
        await pilot.pause()
        bar = screen_lines(app)[-1]
        assert word in bar, bar
        await pilot.press("enter")
        await wait_for(pilot, lambda: not isinstance(app.screen, LessonMenuScreen))


@pytest.fixture
def at_page_5(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    missed = QuestionRecord(right=True, attempts=2, at=1.0)
    record = LessonRecord(page=4, answers={"2.0": missed})
    assert ProgressStore().save("problem", record)


async def test_restart_asks_first_and_escape_keeps_the_lesson(at_page_5: None) -> None:
    app = QueensTutorApp()
    async with menu_opened(app) as pilot:
        menu = app.screen.query_one(OptionList)
        assert menu.highlighted == 1  # lesson 1, left at page 5
        for keep in ("escape", "n", "2", "enter"):
            await press_for(pilot, RestartConfirm, "R")
            said = " ".join(str(app.screen.query_one("#restart-text", Static).content).split())
            assert said.startswith(
                "Start “The problem and its representation” again from page 1? You are at "
                "page 5 of "
            ), said
            assert "the questions you missed stay in the review." in said
            shown = " ".join(" ".join(screen_lines(app)).replace("│", " ").split())
            assert "Press 1 (y) or 2 (n), or the arrows and Enter" in shown, shown
            assert "Esc keeps the" in shown, shown
            await press_for(pilot, LessonMenuScreen, keep)
            record = ProgressStore().records["problem"]
            assert record.page == 4 and "2.0" in record.answers, keep  # nothing cleared
        await press_for(pilot, RestartConfirm, "R")
        await press_for(pilot, LessonScreen, "y")
        record = ProgressStore().records["problem"]
        assert record.page == 0 and not record.answers and "2.0" in record.earlier


async def test_r_inside_a_lesson_asks_first_where_the_run_has_something_to_lose(
    at_page_5: None,
) -> None:
    """``R`` on a lesson's page asks as the menu does: Escape, n or Enter keep the page and the
    answers; y starts again from page 1 (the best score and the misses kept)."""
    app = QueensTutorApp()
    async with menu_opened(app) as pilot:
        # lesson 1, where it was left: page 5
        screen = await press_for(pilot, LessonScreen, "enter")
        assert screen.lesson_run.page_index == 4
        for keep in ("escape", "n", "enter"):
            await press_for(pilot, RestartConfirm, "R")
            said = " ".join(str(app.screen.query_one("#restart-text", Static).content).split())
            assert "again from page 1? You are at page 5 of " in said, said
            await pilot.press(keep)
            await wait_for(pilot, lambda: app.screen is screen)
            assert screen.lesson_run.page_index == 4, keep
        await press_for(pilot, RestartConfirm, "R")
        await pilot.press("y")
        await wait_for(pilot, lambda: app.screen is screen and screen.lesson_run.page_index == 0)
        record = ProgressStore().records["problem"]
        assert record.page == 0 and not record.answers and "2.0" in record.earlier


DIALOG_WORDS = {  # the question's keys; the confirmation's yes key and how it names it
    "it": (("Premi 1 o 2", "Esc"), "s", "Sì (s)"),
    "pl": (("Naciśnij 1 lub 2", "Esc"), "t", "Tak (t)"),
}


def _lesson() -> Lesson:
    """A lesson of six pages (a confirmation names where the student is in it)."""
    text = "@lesson six\n@title Lesson\n" + "".join(f"@page P{n}\nText.\n" for n in range(6))
    lesson = parse(text, "six.md").lesson
    assert lesson is not None
    return lesson


@pytest.mark.parametrize("lang", sweep(["it", "pl"], everyday=["pl"]))
async def test_the_restart_dialogs_name_their_keys_and_take_them(lang: str) -> None:
    words, yes, named = DIALOG_WORDS[lang]
    i18n.set_language(lang)
    async with tutor_run(size=(80, 24)) as (app, pilot):
        chosen: list[str | None] = []
        await app.push_screen(RestartQuestion("Lesson", 3, 4, 6), chosen.append)
        await pilot.pause()
        text = " ".join(" ".join(screen_lines(app)).replace("│", " ").split())
        assert all(word in text for word in words), text
        await pilot.press("2")
        await wait_for(pilot, lambda: chosen == ["review"])
        answers: list[bool] = []
        await app.push_screen(
            RestartConfirm(LessonRecord(page=1, best_score=3), _lesson()), answers.append
        )
        await pilot.pause()
        text = " ".join(" ".join(screen_lines(app)).replace("│", " ").split())
        assert named in text, text
        await pilot.press(yes)
        await wait_for(pilot, lambda: answers == [True])


MISSED = {  # choice questions of six lessons: the review cannot ask them again
    "problem": ["5.0", "5.2"],
    "small-boards": ["10.0"],
    "naive-search": ["6.4"],
    "iterative": ["10.5"],
    "recursive": ["7.0", "7.1"],
    "cost": ["7.0", "8.0"],
}


@pytest.mark.parametrize("language", sweep(["pl", "en"], everyday=["pl"]))
async def test_the_pages_to_re_read_show_whole_under_the_menu(language: str) -> None:
    store = ProgressStore()
    for lesson_id, keys in MISSED.items():
        miss(store, lesson_id, keys, when=at(0))
    i18n.set_language(language)
    context = LessonContext.load(lang=language)
    context.clock = Clock(1)
    app = QueensTutorApp(lessons=context)
    async with menu_opened(app) as pilot:
        await pilot.press("home")  # the cursor on the review: its detail under the list
        menu = app.screen.query_one("#menu-list", OptionList)
        detail = app.screen.query_one("#menu-detail", Static)
        await wait_for(pilot, lambda: menu.highlighted == 0 and str(detail.content).strip() != "")
        await pilot.pause()
        said = " ".join(str(detail.content).split())
        again = {"pl": "Powtórka nie może ponownie zapytać", "en": "The review cannot ask again"}
        assert said.count(again[language]) == 1, said
        for number in (1, 2, 3, 5, 6, 9):
            assert f" {number}, " in said, (number, said)
        lines = textwrap.wrap(said, detail.content_region.width)
        assert detail.region.height == len(lines), (detail.region.height, lines)  # whole
        assert detail.region.bottom <= app.size[1] - 1  # above the key bar
        assert menu.content_region.height >= menu.option_count  # every lesson's line shows
        shown = " ".join(" ".join(screen_lines(app)).split())
        assert said[-30:] in shown, said


LESSON = "@lesson alpha\n@title Lesson alpha\n\n@page One\nText of alpha.\n"
NOW = datetime.now().astimezone().replace(microsecond=0)
DUE = NOW - timedelta(days=3)
EXTENDED = NOW + timedelta(days=2)


@pytest.fixture
def course(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Lesson 20 (alpha) due three days ago; fay extended to two days from now; the tutor runs
    on her laptop's account, fhopper."""
    monkeypatch.setenv("USER", "fhopper")
    monkeypatch.setenv("LOGNAME", "fhopper")
    folder = tmp_path / "course"
    folder.mkdir()
    (folder / "20-alpha.md").write_text(LESSON, encoding="utf-8")
    (folder / "course.toml").write_text(
        f'[[assignment]]\nid = "wk1"\nlessons = ["alpha"]\ndue = "{DUE.isoformat()}"\n',
        encoding="utf-8",
    )
    (folder / "extensions.toml").write_text(
        f'[[extension]]\nstudent = "fay"\nassignment = "wk1"\ndue = "{EXTENDED.isoformat()}"\n',
        encoding="utf-8",
    )
    return folder


def alpha_line(app: QueensTutorApp) -> str:
    options = app.screen.query_one(OptionList)
    lines = [str(options.get_option_at_index(i).prompt) for i in range(options.option_count)]
    return " ".join(next(line for line in lines if "Lesson alpha" in line).split())


async def test_the_menu_on_show_reads_a_name_given_in_another_terminal(
    course: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(app_module, "SAVE_RETRY_SECONDS", 0.1)
    app = QueensTutorApp(lessons=LessonContext.load(dirs=[str(course)], only_course=True))
    async with menu_opened(app, (140, 30)) as pilot:
        assert "overdue since " + with_zone(DUE) in alpha_line(app), alpha_line(app)
        named = run_main("progress", "--name", "fay")  # in another terminal
        assert named.status == 0, named.err
        # without a key: her extension's date, as the gradebook reads it for fay
        await wait_for(pilot, lambda: "due " + with_zone(EXTENDED) in alpha_line(app))
        assert "overdue" not in alpha_line(app)


def test_the_plain_tutor_reads_a_name_given_in_another_terminal(course: Path) -> None:
    from tests.plain.test_invited_words_answer import plain_tutor

    tutor, stream = plain_tutor(LessonContext.load("en", [str(course)], True))
    assert tutor.handle("lessons")
    before = stream.getvalue()
    assert "overdue since " + with_zone(DUE) in " ".join(before.split())
    assert run_main("progress", "--name", "fay").status == 0
    assert tutor.handle("lessons")
    after = " ".join(stream.getvalue()[len(before) :].split())
    assert "Due dates for fay" in after and "due " + with_zone(EXTENDED) in after, after
