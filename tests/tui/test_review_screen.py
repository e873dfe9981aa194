"""The review in the full-screen tutor: opened from the lesson menu's first line, each question
with its board, answered by keyboard; nothing due said with what to re-read; a day tried with
--today saves nothing."""

from __future__ import annotations

import re
import textwrap
import time
from datetime import date

import pytest
from textual.widgets import OptionList, Static

from lessons.progress.reviews import ReviewHistory
from lessons.progress.store import ProgressStore
from tests.tui.guess_keys import answer_keys as guess_answer_keys
from tests.tui.guess_keys import open_guess
from tests.tui.lesson_apps import lesson_opened, lesson_screen, menu_opened
from tests.tui.place_keys import place_answer
from tests.tui.screen_text import press_for, pressed, screen_lines, tutor_run, wait_for
from tests.tui.test_keys_that_act import key_bar
from tests.tui.test_lessons_keyboard import answer_keys, type_key
from tests.unit.lessons.review_progress import Clock, at, miss
from tui.app import QueensTutorApp
from tui.lesson_context import LessonContext
from tui.screens.lesson_menu import LessonMenuScreen
from tui.screens.review_screen import ReviewScreen
from tui.widgets.guess_pane import GuessPane


def tutor(days: float, review: bool = False) -> tuple[QueensTutorApp, LessonContext]:
    context = LessonContext.load(lang="en")
    context.clock = Clock(days)
    return QueensTutorApp(lessons=context, review=review), context


def status(screen: ReviewScreen) -> str:
    return str(screen.query_one("#lesson-status", Static).content)


async def test_the_menu_opens_the_review_and_it_is_answered_by_keyboard() -> None:
    store = store_at_default()
    miss(store, "diagonals", ["0.0", "3.1"], when=at(0))  # same-diagonal, attack-rule
    app, context = tutor(days=1)
    async with menu_opened(app) as pilot:
        menu = app.screen.query_one("#menu-list", OptionList)
        assert menu.highlighted == 0  # nothing unfinished: on the review, which is due
        assert str(menu.get_option_at_index(0).prompt) == "Review: 2 questions due"
        assert "same diagonal" in str(app.screen.query_one("#menu-detail", Static).content)
        await pilot.press("enter")
        screen = await lesson_screen(pilot)
        assert isinstance(screen, ReviewScreen)
        run = screen.review_run
        assert [item.kind for item in run.review.items] == ["attack-rule", "same-diagonal"]
        assert run.asked is not None and screen.query_one("#lesson-left").display  # its board
        for key in answer_keys(screen):
            await type_key(pilot, screen, key)
        assert status(screen).startswith(
            " Review of 2 questions: 1 right at the first attempt so far"
        )
        await type_key(pilot, screen, "enter")  # straight on to the next question
        assert run.page_index == 1 and run.asked is not None
        await pilot.press("f4")  # no page back: the answered question is counted and gone
        assert run.page_index == 1 and run.asked is not None
        assert not screen.check_action("previous_page", ())  # p too, shown in no key bar
        assert not screen.check_action("back_page", ())
        await pilot.press("f3")  # the answer shown: missed
        await type_key(pilot, screen, "enter")
        assert run.finished
        said = " ".join(str(screen.query_one("#quiz-next").content).split())  # type: ignore[attr-defined]
        assert "Review done: 1 of 2 questions right at the first attempt." in said
        assert "Your next review is on 2026-03-04." in said  # missed: the next day
        await press_for(pilot, LessonMenuScreen, "enter")
        menu = app.screen.query_one("#menu-list", OptionList)
        line = str(menu.get_option_at_index(0).prompt)
        assert line == "Review: nothing due; the next on 2026-03-04"  # names it
    saved = [(o.kind, o.right) for o in store_at_default().review.outcomes]
    assert saved == [("attack-rule", True), ("same-diagonal", False)]
    assert context.store.lesson("diagonals").answers["0.0"].attempts == 2  # lessons untouched


async def test_nothing_due_says_so_and_points_at_the_next_lesson_and_the_pages_to_re_read() -> None:
    """Said in the menu's detail line under the list, whole, and never over the lessons'
    titles (a toast covered them at 80x24), here with the questions the
    review cannot ask, the longest case."""
    store = store_at_default()
    miss(store, "problem", ["2.0"], when=at(0))  # queen-row, due tomorrow
    miss(store, "problem", ["5.0", "5.2"], when=at(0))  # choices: the review cannot ask them
    app, _context = tutor(days=0)
    async with menu_opened(app, notifications=True) as pilot:
        menu = app.screen.query_one("#menu-list", OptionList)
        # nothing due, nothing unfinished: the lesson to do next, as the review says
        assert menu.highlighted == 2
        await pilot.press("home", "enter")
        detail = app.screen.query_one("#menu-detail", Static)
        expected = (
            "Nothing to review today: your next review is on 2026-03-03. The next lesson to do "
            "is 2, Small boards: n = 1 to 6. The review cannot ask again what you missed "
            "in lesson 1, The problem and its representation, on page 6: re-read that page."
        )
        await wait_for(pilot, lambda: " ".join(str(detail.content).split()) == expected)
        await pilot.pause()
        assert not app.screen.query("Toast")  # nothing drawn over the list
        assert detail.region.y >= menu.region.bottom  # under the list, every line shown
        lines = textwrap.wrap(expected, detail.content_region.width)
        assert detail.region.height == len(lines) >= 3  # whole: the list gave up a row
        assert isinstance(app.screen, LessonMenuScreen)
        assert menu.highlighted == 2  # the cursor on the lesson to do next
    # The pages to re-read in three lessons (in one sentence) and the lesson to do next show
    # whole under the list, the next lesson first, and every lesson's line still shows.
    miss(store, "naive-search", ["6.4"], when=at(0))  # a choice
    miss(store, "iterative", ["10.5"], when=at(0))  # reach-n
    app, _context = tutor(days=0)
    async with menu_opened(app, notifications=True) as pilot:
        menu = app.screen.query_one("#menu-list", OptionList)
        await pilot.press("home", "enter")
        detail = app.screen.query_one("#menu-detail", Static)
        await wait_for(pilot, lambda: "Nothing to review today" in str(detail.content))
        await pilot.pause()
        said = " ".join(str(detail.content).split())
        assert said.startswith(
            "Nothing to review today: your next review is on 2026-03-03. The next lesson to do is"
        ), said
        # the three lessons' pages in one sentence
        assert said.count("The review cannot ask again") == 1, said
        assert "lesson 1, page 6; lesson 3, page 7; lesson 5, page 11." in said, said
        lines = textwrap.wrap(said, detail.content_region.width)
        assert detail.region.height == len(lines)  # whole
        assert detail.region.y >= menu.region.bottom
        assert menu.content_region.height >= menu.option_count  # every lesson's line shows


@pytest.mark.slow(10)
async def test_place_and_guess_questions_open_their_boards_with_o() -> None:
    """``queens-tutor review`` opens on the review; its guess board's words name the board,
    never a lesson; a placing question is a fresh one, graded from the board."""
    store = store_at_default()
    miss(store, "small-boards", ["2.0"], when=at(0))  # place n=2 goal=exhaust
    miss(store, "iterative", ["10.6"], when=at(0))  # guess ticks=30
    app, _context = tutor(days=1, review=True)
    async with lesson_opened(app) as (pilot, screen):
        assert isinstance(screen, ReviewScreen)
        run = screen.review_run
        assert [item.kind for item in run.review.items] == ["guess", "place"]
        board = await open_guess(pilot)
        while board.round.game.question is None:
            await pressed(pilot, "space")
        said = " ".join(board.query_one(GuessPane).shown_text().split())
        assert "esc: leave the board, no attempt" in said, said
        while not board.round.done:
            await guess_answer_keys(pilot, board, right=True)
        await pilot.pause()
        shown = " ".join(" ".join(screen_lines(app)).replace("│", " ").split())
        assert "The stretch is over: space or Enter leaves the board" in shown, shown
        assert "lesson" not in shown.lower() and "lesson" not in key_bar(app).lower(), shown
        await pilot.press("space")
        await wait_for(pilot, lambda: app.screen is screen)
        assert run.answered and run.outcomes[0].right
        await type_key(pilot, screen, "enter")
        asked = run.asked
        # both exhaust sizes (2 x 2, 3 x 3) are lesson 2's own questions: a fresh placing
        # question, a solution on a size no lesson asks
        assert asked is not None and asked.question.params["goal"] == "solution"
        n = int(asked.question.params["n"])
        assert n in (5, 7, 8)
        await place_answer(pilot, screen, "solution", n)
        assert run.answered and run.outcomes[1].right
        await press_for(pilot, LessonMenuScreen, "escape")


async def test_one_wrong_answer_is_one_attempt_and_a_finished_review_is_done() -> None:
    """A wrong answer typed is one attempt; once the review is over, R neither replays its
    questions nor rewrites their saved outcomes, and the run refuses to start again."""
    store = store_at_default()
    miss(store, "iterative", ["2.0"], when=time.time() - 3 * 86_400)  # next-choice: typed
    assert store.merge_review(ReviewHistory((), 4242))
    app = QueensTutorApp(lessons=LessonContext.load(lang="en"), review=True)
    async with lesson_opened(app) as (pilot, screen):
        assert isinstance(screen, ReviewScreen)
        run = screen.review_run
        asked = screen.lesson_run.asked
        assert asked is not None
        await pilot.press("b" if asked.posed.expected != "b" else "0", "enter")
        await wait_for(pilot, lambda: bool(run.outcomes))
        await pilot.pause()
        assert screen.lesson_run.asked is not None and screen.lesson_run.asked.attempts == 1
        (outcome,) = store_at_default().review.outcomes
        assert (outcome.kind, outcome.right, outcome.attempts) == ("next-choice", False, 1)
        await pilot.press("f3")  # the answer shown
        await wait_for(pilot, lambda: run.asked is None)
        for _press in range(10):  # Enter first ends the answer's playing on the board
            await pressed(pilot, "enter")
            if run.finished:
                break
        await wait_for(pilot, lambda: run.finished)
        (saved,) = store_at_default().review.outcomes
        assert saved.revealed and not saved.solved
        assert screen.check_action("restart_at_end", ()) is False
        offered = screen.active_bindings.get("R")
        assert offered is None or not offered.enabled  # not in the key bar
        await pressed(pilot, "R")
        assert run.finished and run.asked is None  # no question asked again
        run.restart()  # the run refuses too
        assert run.finished and run.asked is None
        assert store_at_default().review.outcomes == (saved,)


def store_at_default() -> ProgressStore:
    """The store the tutor reads (the test's XDG_DATA_HOME)."""
    return ProgressStore()


@pytest.mark.timeout(120)
async def test_the_menu_of_a_day_tried_says_so_and_nothing_is_saved() -> None:
    store = ProgressStore()  # the test's XDG_DATA_HOME: the file the tutor reads
    miss(store, "naive-search", ["0.0"], when=at(0))
    saved = store.path.read_bytes()
    context = LessonContext.load(lang="en")
    context.try_on(date(2026, 3, 10))
    async with tutor_run(lessons=context, review=True, size=(80, 24)) as (app, pilot):
        await wait_for(pilot, lambda: isinstance(app.screen, ReviewScreen))
        await press_for(pilot, LessonMenuScreen, "escape")
        menu = app.screen
        title = str(menu.query_one("#menu-title", Static).content)
        assert title == "Lessons as on 2026-03-10, a try: nothing is saved"
        options = menu.query_one("#menu-list", OptionList)
        line = str(options.get_option_at_index(0).prompt)
        assert line == "As on 2026-03-10 – review: 1 question due"
        options.highlighted = 1  # lesson 1, never opened
        await pilot.press("enter")
        screen = await lesson_screen(pilot)
        said = str(screen.query_one("#lesson-status", Static).content)
        assert "A try as on 2026-03-10: nothing of this lesson is saved." in said
        await pilot.press("enter")  # on to page 2: a lesson saves its page
        await wait_for(pilot, lambda: screen.lesson_run.page_index == 1)
        await press_for(pilot, LessonMenuScreen, "escape")
    assert store.path.read_bytes() == saved
    assert ProgressStore().record_for(context.catalog.lessons[0]) is None


@pytest.mark.timeout(120)
async def test_a_tried_reviews_status_line_shortens_its_sentence_not_the_tick() -> None:
    store = ProgressStore()
    missed = [f"{page}.{question}" for page in range(12) for question in range(3)]
    miss(store, "diagonals", missed, when=at(0))
    context = LessonContext.load(lang="en")
    context.try_on(date(2026, 3, 10))
    async with tutor_run(lessons=context, review=True, size=(80, 24)) as (app, pilot):
        await wait_for(pilot, lambda: isinstance(app.screen, ReviewScreen))
        for _ in range(12):  # on to a question with a board: its size and tick on the line
            await pilot.pause()
            line = screen_lines(app)[-2]
            if "tick" in line:
                break
            await pilot.press("f3", "enter")
        assert re.search(r"A try as on 2026-03-10.*  n = \d+  tick \d+$", line), line
