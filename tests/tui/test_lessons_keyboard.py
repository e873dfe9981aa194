"""Every built-in lesson completed by keyboard alone, with full scores (answers from the engine and
the solver, a next-choice worked out again with the lecture's isfree); reading and resuming."""

from __future__ import annotations

import asyncio
import json
import time

import pytest
from textual import events
from textual.content import Content
from textual.pilot import Pilot
from textual.widget import Widget
from textual.widgets import OptionList

from lessons.answers.checking import BACKTRACK, AnswerType
from lessons.catalog import BUILTIN_DIR, load_catalog
from lessons.progress.store import default_path
from tests.tiers import sweep
from tests.tui.guess_keys import guess_all
from tests.tui.lesson_apps import lesson_opened, run_opened, shown_at, tutor_on, tutor_on_builtin
from tests.tui.place_keys import place_answer
from tests.tui.screen_text import pressed, screen_lines, tutor_run, wait_for
from tests.unit.solver.lecture_reference import isfree
from tui.app import QueensTutorApp
from tui.lesson_context import LessonContext
from tui.screens.lesson_menu import LessonMenuScreen
from tui.screens.lesson_screen import LessonScreen
from tui.widgets.lesson_pane import LessonPane
from tui.widgets.quiz_answer import AnswerField
from tui.widgets.quiz_choices import QuizChoices
from tui.widgets.quiz_panel import QuizPanel

KEY_NAMES = {"-": "minus"}
CHARACTERS = {"enter": "\r", "minus": "-"}
KEY_TIMEOUT = 30.0
"""Seconds a key may take to have its effect (generous: 2 shared cores)."""
LESSONS = load_catalog("en").lessons  # the lessons only: no progress store at import


def lecture_next_choice(b: tuple[int, ...], k: int) -> str:
    n = len(b)
    return next((str(y) for y in range(b[k] + 1, n) if isfree(b, k, y)), BACKTRACK)


def answer_keys(screen: LessonScreen) -> list[str]:
    """The keys a student who knows the answer presses."""
    run = screen.lesson_run
    assert run.asked is not None
    posed = run.asked.posed
    session = run.session
    if posed.kind == "next-choice" and session is not None and session.kit.source == "wroclaw":
        # The Wrocław lecture's board: checked against the lecture's own code.
        snapshot = session.snapshot
        answer = lecture_next_choice(snapshot.b, snapshot.k)  # type: ignore[attr-defined]
        assert answer == posed.expected
        return ["b", "enter"] if answer == BACKTRACK else [*answer, "enter"]
    if posed.answer_type is AnswerType.CHOICE:
        return [posed.choice_label(int(posed.expected))]
    if posed.expected == BACKTRACK:  # another method's next-choice (tests/unit/lessons)
        return ["b", "enter"]
    return [KEY_NAMES.get(ch, ch) for ch in posed.expected] + ["enter"]


def seen(screen: LessonScreen) -> tuple[object, ...]:
    """What the student can see change: page, text and scroll, question, feedback, answer box."""
    run = screen.lesson_run
    asked = run.asked
    # No question waits (a question scrolls itself into view): after the page's last question
    # enter reads on the text still below the fold before it turns the page.
    reading = asked is None
    return (
        run.page_index,
        len(run.shown),
        screen.query_one(LessonPane).page.scroll_y if reading else None,
        screen.query_one(QuizPanel).feedback_box.scroll_y if run.answered else None,
        asked and (asked.key, asked.attempts),
        run.answered,
        run.finished,
        screen.query_one(AnswerField).text,
    )


async def read_on(pilot: Pilot[None], screen: LessonScreen) -> None:
    """Press enter as a reader does until the next question waits: each press scrolls the
    text on, or turns the page once its end is in view."""
    for _ in range(40):
        if screen.lesson_run.asked is not None:
            return
        await type_key(pilot, screen, "enter")
    raise AssertionError("no question after 40 presses of enter")


def ready(screen: LessonScreen) -> bool:
    """A waiting question has its answer widget focused (the student sees the cursor); a
    place question has none (it is answered on the place board)."""
    if screen.lesson_run.asked is None or screen.lesson_run.asked.question.kind in (
        "place",
        "guess",
    ):
        return True
    return isinstance(screen.focused, AnswerField | QuizChoices)


async def type_key(pilot: Pilot[None], screen: LessonScreen, key: str) -> None:
    """Press one key; wait until the student would see its effect (every key changes something)."""
    before = seen(screen)
    character = CHARACTERS.get(key, key if len(key) == 1 else None)
    pilot.app.post_message(events.Key(key, character))
    deadline = time.monotonic() + KEY_TIMEOUT
    while seen(screen) == before or not ready(screen):
        assert time.monotonic() < deadline, f"key {key!r} had no effect on {before}"
        await asyncio.sleep(0)
    # A key's effect can come in steps (enter turns the page, then the question scrolls into
    # view): the next key waits for the last of them, as a student reads before typing on.
    await pilot.pause()


@pytest.mark.thorough
@pytest.mark.slow(8)
@pytest.mark.parametrize("index", range(len(LESSONS)), ids=[lesson.id for lesson in LESSONS])
async def test_every_builtin_lesson_by_keyboard(index: int) -> None:
    context = LessonContext.load(lang="en")
    assert len(context.catalog.lessons) == len(list((BUILTIN_DIR / "en").glob("*.md")))
    lesson = context.catalog.lessons[index]
    async with tutor_run(lessons=context, size=(80, 24)) as (app, pilot):
        await pilot.press("l", "home", *["down"] * (index + 1), "enter")  # under the review
        screen = app.screen
        assert isinstance(screen, LessonScreen) and screen.lesson.id == lesson.id
        await pilot.pause()
        for _ in range(1000):
            run = screen.lesson_run
            if run.finished:
                break
            if run.asked is not None and run.asked.question.kind == "place":
                params = run.asked.question.params
                await place_answer(pilot, screen, params["goal"], int(params["n"]))
                continue
            if run.asked is not None and run.asked.question.kind == "guess":
                await guess_all(pilot, screen, right=True)
                continue
            for key in answer_keys(screen) if run.asked is not None else ["enter"]:
                await type_key(pilot, screen, key)
        assert screen.lesson_run.finished, lesson.id
        assert screen.lesson_run.score == lesson.max_score > 0
        await pilot.press("enter")
        assert isinstance(app.screen, LessonMenuScreen)
        menu = app.screen.query_one("#menu-list", OptionList)
        label = f"[done, best {lesson.max_score}/{lesson.max_score}]"
        shown = " ".join(str(menu.get_option(lesson.id).prompt).split())  # wrapped at 80 columns
        assert shown.endswith(label)
    saved = json.loads(default_path().read_text())["lessons"]
    assert saved[lesson.id]["completed"] is True
    assert saved[lesson.id]["best_score"] == lesson.max_score


def tutor_at(lesson: str) -> QueensTutorApp:
    """The tutor as ``queens-tutor --lesson LESSON`` starts it."""
    return tutor_on_builtin(lesson)


async def test_wrong_answer_hint_reveal_and_resume_by_keyboard() -> None:
    """A wrong answer is told why, F2 gives the hint, F3 shows and plays the answer; the menu
    says where the lesson was left, and the tutor started again resumes there."""
    app = tutor_at("5")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, LessonScreen) and screen.lesson.id == "iterative"
        await read_on(pilot, screen)  # two pages of text, then column 1's question
        run = screen.lesson_run
        assert run.asked is not None and run.asked.posed.kind == "next-choice"
        await pilot.press("1", "enter")  # row 1 is attacked by the queen of column 0
        assert run.asked is not None and run.asked.attempts == 1
        assert "attacked by the queen in column 0" in _shown(screen.query_one("#quiz-feedback"))
        await pilot.press("f2")
        assert "Hint: Go up column 1" in _shown(screen.query_one("#quiz-feedback"))
        await pilot.press("f3")
        assert run.asked is None and run.answered
        assert run.record.answers["2.0"].revealed
        assert run.engine is not None and run.engine.b == (0, 2, -1, -1)  # the answer played
        await pilot.press("enter", "escape")
        assert isinstance(app.screen, LessonMenuScreen)
        menu = app.screen.query_one("#menu-list", OptionList)
        assert str(menu.get_option("iterative").prompt).endswith("[page 3/11]")
        assert str(menu.get_option("problem").prompt).endswith("[new]")
    app = tutor_at("iterative")
    async with lesson_opened(app) as (pilot, screen):
        assert screen.lesson_run.page_index == 2
        assert screen.lesson_run.engine is not None
        assert screen.lesson_run.engine.b == (0, 2, -1, -1)


LONG_PAGE = (
    "@lesson long\n@title Long\n\n@page Long\n"
    + "\n\n".join(
        f"Paragraph {number}: the loop tries b[k]++ and asks isfree(k, b[k])."
        for number in range(40)
    )
    + "\n\n@page Next\nThe next page.\n"
)


async def test_a_long_page_opens_at_its_top_and_enter_reads_it_on_then_turns_the_page() -> None:
    """A long page opens at its top; Enter shows the next screenful (the pane and the bar say
    "read on"), Home, End and PgUp bring any part back; at its end Enter names the next page
    and turns to it."""
    app = tutor_on(LONG_PAGE)
    async with run_opened(app) as (pilot, screen, run):

        async def press(key: str) -> str:
            await pressed(pilot, key)
            await pilot.pause()
            return screen_lines(app)[-1]  # the key bar

        pane = screen.query_one(LessonPane).page  # the text, above the docked question
        assert pane.max_scroll_y > 0 and pane.scroll_y == 0
        shown = " ".join(screen_lines(app))
        assert "Paragraph 0:" in shown and "Paragraph 39" not in shown
        assert "More below. Enter: read on." in shown
        bar = screen_lines(app)[-1]
        assert "⏎ Read on" in bar and "⏎ Next" not in bar, bar
        await press("enter")  # enter scrolls the text below the fold first
        assert pane.scroll_y > 0 and run.page_index == 0
        await press("home")  # and the keys bring any part of it back
        assert pane.scroll_y == 0
        await press("end")
        assert pane.scroll_y == pane.max_scroll_y
        await press("pageup")
        assert 0 < pane.scroll_y < pane.max_scroll_y
        await press("home")
        presses = 0
        while "⏎ Next" not in (bar := await press("enter")):
            presses += 1
            assert presses < 20 and run.page_index == 0
        assert presses > 2 and "Read on" not in bar, bar  # several screenfuls, as less shows
        assert "End of the page. Enter: the next page." in " ".join(screen_lines(app))
        await press("enter")
        await wait_for(pilot, lambda: run.page_index == 1)
        shown = " ".join(screen_lines(app))
        assert "Paragraph 39" not in shown and "The next page." in shown


NOTES_ENGINES = {
    "recursive": [("placeQueens(int i)", "q[], c[], a[], b[]"), ("tenta(int k)", "T[]")],
    "recipe": [("BackTrack.Solve", "stato = [regine, R]"), ("BackTrack.Solve", "Solve frames")],
}
"""Each lesson's boards of the notes' engines: the code pane's and the state pane's titles."""


@pytest.mark.parametrize("lesson", sweep(NOTES_ENGINES, everyday=["recursive"]))
async def test_lessons_show_the_notes_own_engines(lesson: str) -> None:
    """Lessons 6 and 8 show each notes' engine's board, drawn with its own code and state."""
    app = tutor_at(lesson)
    async with run_opened(app) as (pilot, screen, run):

        def shown(pane: str) -> str:
            return Content.from_markup(str(screen.query_one(pane).border_title)).plain

        wanted = NOTES_ENGINES[lesson]
        seen: list[tuple[str, str]] = []
        for index in range(len(run.lesson.pages)):
            await shown_at(pilot, screen, index, 1)
            seen.append((shown("#lesson-code"), shown("#lesson-table")))
            if all(pair in seen for pair in wanted):
                break
        for pair in wanted:
            assert pair in seen, seen


def _shown(widget: Widget) -> str:
    """A widget's text as one line (its lines joined: the words may wrap anywhere)."""
    return " ".join(str(widget.render()).split())
