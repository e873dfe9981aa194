"""After an answer: the feedback gets the room the text does not use and stays within the pane, is
read once to its end (Enter, PgDn, End), keeps its frame; then one Enter turns the page, the
text below the fold first, or ends the lesson."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

import pytest
from textual.pilot import Pilot
from textual.widget import Widget

from lessons import i18n
from lessons.answers.checking import AnswerType
from tests.tiers import sweep
from tests.tui.lesson_apps import lesson_opened, run_opened, shown_at, tutor_on_builtin
from tests.tui.screen_text import lines, pauses, region_lines, screen_lines, thumbs, wait_for
from tests.tui.test_text_read_before_the_question import _next_line, _to_question
from tui.app import QueensTutorApp
from tui.screens.lesson_screen import LessonScreen
from tui.widgets.lesson_pane import LessonPane
from tui.widgets.quiz_panel import FeedbackBox, QuizPanel
from tui.widgets.word_wrapped import WordWrapped

SIZES = [(80, 24), (120, 40)]


@asynccontextmanager
async def opened_at(
    app: QueensTutorApp, page: int, size: tuple[int, int] = (80, 24), settle: int = 3
) -> AsyncIterator[tuple[Pilot[None], LessonScreen]]:
    """``app`` run at ``size``: its pilot, and the lesson screen on ``page`` (from 1), its
    question asked, after ``settle`` pauses."""
    async with lesson_opened(app, size) as (pilot, screen):
        await shown_at(pilot, screen, page - 1, settle)
        yield pilot, screen


async def answer_right(pilot, screen: LessonScreen) -> str:  # type: ignore[no-untyped-def]
    """Answer the waiting question right; the feedback's message."""
    run = screen.lesson_run
    posed = run.asked.posed
    if posed.answer_type is AnswerType.CHOICE:
        await pilot.press(*posed.choice_label(int(posed.expected)))
    else:
        await pilot.press(*posed.expected, "enter")
    await pauses(pilot, 4)
    assert run.answered and run.feedback is not None and run.feedback.correct
    return run.feedback.message


def opening(message: str) -> str:
    """The feedback's first words (on its first line at either size)."""
    return " ".join(message.split()[:3])


@pytest.mark.parametrize("size", sweep(SIZES, everyday=[(80, 24)]))
@pytest.mark.parametrize(
    ("language", "lesson", "page"),
    sweep(
        [("en", "5", 10), ("en", "8", 2), ("pl", "7", 3), ("pl", "8", 2)],
        everyday=[("pl", "7", 3)],
        several=True,
    ),
)
async def test_a_long_feedback_is_shown_once_and_two_enters_go_on(
    language: str, lesson: str, page: int, size: tuple[int, int]
) -> None:
    app = tutor_on_builtin(lesson, language)
    async with opened_at(app, page, size) as (pilot, screen):
        run = screen.lesson_run
        asked = run.asked
        assert asked is not None
        message = await answer_right(pilot, screen)
        first = opening(message)
        shown = ["\n".join(screen_lines(app))]
        assert first in shown[0], shown[0]  # the feedback is read from its start
        box = screen.query_one(FeedbackBox)
        boxfuls = -(-box.virtual_size.height // max(box.size.height, 1))
        enters = 0
        while run.asked is None and enters < 6:
            await pilot.press("enter")
            await pauses(pilot, 3)
            enters += 1
            if run.asked is None:
                shown.append("\n".join(screen_lines(app)))
        assert run.asked is not None and run.asked.key != asked.key, shown[-1]
        # One Enter per boxful of the feedback it had not shown, then one to go on; one more
        # where the page's title, too long for the pane's border, stands whole above its text
        # and the text's last lines were never in view before the answer.
        titled = "…" in str(screen.query_one(LessonPane).border_title)
        assert enters <= max(boxfuls, 2) + (1 if titled else 0), "\n\n".join(shown)
        gone = next((i for i, text in enumerate(shown) if first not in text), len(shown))
        again = [text for text in shown[gone:] if first in text]
        assert not again, "the feedback's start came back:\n" + again[0]


@pytest.mark.parametrize("size", sweep(SIZES, everyday=[(80, 24)]))
async def test_the_text_brought_back_keeps_its_lines_above_a_long_feedback(
    size: tuple[int, int],
) -> None:
    app = tutor_on_builtin("8", "en")
    async with opened_at(app, 2, size) as (pilot, screen):
        message = await answer_right(pilot, screen)
        await pilot.press("pageup")
        await pauses(pilot, 3)
        page = screen.query_one(LessonPane).page
        assert page.size.height > 0
        # The page's text (eight lines at 80x24) whole above the feedback, which keeps a box.
        assert page.virtual_size.height <= page.scrollable_content_region.height, (
            page.virtual_size,
            page.size,
        )
        text = "\n".join(screen_lines(app))
        assert "this page's board." in text, text
        box = screen.query_one(FeedbackBox)
        assert box.size.height >= 3 and opening(message) in text, text
        assert not thumbs(screen), thumbs(screen)  # "More below. Enter: read on." says it


ONE_ENTER = [
    # a choice question; r first: the answer's placement is on screen, not the page's board
    ("problem", 1, ("r", "space", "space", "left"), "en", (80, 24)),
    ("problem", 1, ("r", "space", "space", "left"), "pl", (120, 40)),
    ("problem", 1, (), "en", (80, 24)),  # answered, not stepped: one Enter too
    ("problem", 2, ("left",), "en", (80, 24)),  # run to its solution, one tick back
    ("small-boards", 9, ("s",), "pl", (120, 40)),  # a place question, s to a solution
    ("small-boards", 9, ("s",), "en", (80, 24)),
    ("iterative", 8, ("space",), "en", (80, 24)),  # a next-state question on 6 x 6
]


@pytest.mark.parametrize(
    ("lesson", "page", "steps", "language", "size"),
    sweep(
        ONE_ENTER,
        # a kind of question and of stepping each, at 80x24
        everyday=[ONE_ENTER[0], ONE_ENTER[5], ONE_ENTER[6]],
        several=True,
    ),
)
async def test_one_enter_after_the_answer_turns_the_page(
    lesson: str, page: int, steps: tuple[str, ...], language: str, size: tuple[int, int]
) -> None:
    app = tutor_on_builtin(lesson, language)
    go_on, more = i18n._("Enter: go on."), i18n._("More below. Enter: read on.")
    async with run_opened(app, size) as (pilot, screen, run):
        # the answer shown: the question is over
        await _to_question(pilot, screen, page, last_answer=True)
        for key in steps:
            await pilot.press(key)
        if steps:
            await wait_for(pilot, lambda: run.explored and not screen.running)
        await pilot.pause()
        for _ in range(10):  # the page's text first, where it goes on below the fold
            if _next_line(screen) != more:
                break
            await pilot.press("enter")
            await pilot.pause()
            assert run.page_index == page
        assert _next_line(screen).endswith(go_on), _next_line(screen)
        await pilot.press("enter")
        await wait_for(pilot, lambda: run.page_index == page + 1)
        assert not run.explored  # the next page's board, as the lesson leaves it


async def test_enter_after_the_last_question_finishes_the_lesson() -> None:
    app = tutor_on_builtin("problem", "en")
    async with run_opened(app) as (pilot, screen, run):
        last = len(run.lesson.pages) - 1
        await _to_question(pilot, screen, last, last_answer=True)
        await pilot.press("enter")
        await wait_for(pilot, lambda: run.finished)
        await pilot.pause()
        assert _next_line(screen).startswith("Lesson complete!"), _next_line(screen)


async def test_the_numbers_drawn_after_the_answer_show_with_its_feedback() -> None:
    """Lesson 4 p1: the col+row numbers drawn after the answer show with its feedback."""
    app = tutor_on_builtin("diagonals", "en")
    async with run_opened(app) as (pilot, screen, run):
        await _to_question(pilot, screen, 0)
        assert run.stage.overlay == "off"
        await pilot.press("f3")
        await wait_for(pilot, lambda: run.answered)
        await pilot.pause()
        assert run.stage.overlay == "sum"  # drawn with the feedback
        top = lines(screen.query_one("#lesson-board"))[0]
        assert top.split()[-1] == "·14", top  # col+row of the top right square: 7+7
        assert run.answer_ends_page
        for _ in range(10):  # the page's text first, where it goes on below the fold
            if not _next_line(screen).startswith("More below."):
                break
            await pilot.press("enter")
            await pilot.pause()
        assert _next_line(screen).endswith("Enter: go on."), _next_line(screen)
        await pilot.press("enter")
        await wait_for(pilot, lambda: run.page_index == 1)


async def read_to_end(pilot: Pilot[None], screen: LessonScreen, key: str = "enter") -> int:
    """Press ``key`` until the feedback box shows its end, the page and question as they were;
    the presses it took (the box only ever scrolled down)."""
    box, run = screen.query_one(FeedbackBox), screen.lesson_run
    tops, state = [box.scroll_y], (run.page_index, run.answered, run.asked)
    while box.more_below:
        await pilot.press(key)
        await pauses(pilot, 2)
        tops.append(box.scroll_y)
        assert (run.page_index, run.answered, run.asked) == state, "the key went on"
        assert len(tops) < 40, tops
    assert tops == sorted(tops), tops
    return len(tops) - 1


async def answer_and_count_read_ons(  # type: ignore[no-untyped-def]
    pilot, screen, key: str = ""
) -> tuple[int, int]:
    """Answer the waiting question right (or press ``key``: f3 shows the answer); the
    feedback's lines and the read-ons it took."""
    run = screen.lesson_run
    await pilot.press(*([key] if key else [*run.asked.posed.expected, "enter"]))
    await wait_for(pilot, lambda: run.answered)
    await pauses(pilot, 3)
    return screen.query_one(FeedbackBox).virtual_size.height, await read_to_end(pilot, screen)


def whole_in_the_pane(screen: LessonScreen, widget: Widget) -> bool:
    region = widget.region
    return region.height > 0 and screen.query_one(LessonPane).region.intersection(region) == region


READS = [("enter", "en", (80, 24)), ("end", "pl", (80, 24)), ("enter", "en", (120, 40))]
READS += [("pagedown", "pl", (80, 24)), ("down", "pl", (80, 24))]


@pytest.mark.parametrize(("key", "lang", "size"), sweep(READS, everyday=READS[:2], several=True))
async def test_ten_ticks_feedback_is_read_to_its_end_by_enter_or_a_scrolling_key(
    key: str, lang: str, size: tuple[int, int]
) -> None:
    """Lesson 5 p10's answer shown tells ten ticks in its own box: the box and the line saying
    what Enter does stay whole in the pane; Enter (two read-ons at most) or any scrolling key
    ``?`` lists reads it to its last line, then Enter goes on."""
    app = tutor_on_builtin("5", lang)
    async with opened_at(app, 10, size) as (pilot, screen):
        run = screen.lesson_run
        await pilot.press("f3")
        await wait_for(pilot, lambda: run.answered)
        await pauses(pilot, 3)
        box, following = screen.query_one(FeedbackBox), screen.query_one("#quiz-next")
        lines = box.virtual_size.height
        assert lines > 15, "the test needs the long feedback (it tells ten ticks)"
        assert whole_in_the_pane(screen, box) and whole_in_the_pane(screen, following)
        said = i18n._("More below. Enter: read on.") in "\n".join(screen_lines(app))
        assert said == box.more_below  # said where the box is cut
        reads = await read_to_end(pilot, screen, key)
        # Enter: two at most (a blank column either side of the words costs these lines one)
        assert reads <= 2 or key != "enter", (lines, reads)
        text = " ".join(" ".join(screen_lines(app)).split())
        assert i18n._("Enter: go on.") in text, text
        last = screen.query_one("#quiz-feedback", WordWrapped).text.split()[-3:]
        assert " ".join(last) in text, text  # its last line is on screen
        assert whole_in_the_pane(screen, following) and run.page_index == 9
        await pilot.press("enter")
        await wait_for(pilot, lambda: not run.answered)


async def test_a_right_answer_ten_ticks_ahead_is_told_the_ticks_that_moved_the_search() -> None:
    """Right, the answer's feedback tells the backtrack and how the ten ticks ended, not every
    square tested on the way (the answer shown tells them all): no read-on."""
    app = tutor_on_builtin("5")
    async with opened_at(app, 10) as (pilot, screen):
        _lines, reads = await answer_and_count_read_ons(pilot, screen)
        feedback = screen.lesson_run.feedback
        assert feedback is not None and reads == 0, "\n".join(screen_lines(app))
        assert "backtracked once" in feedback.message and "back to column 4" in feedback.message
        assert "Try the next row" not in feedback.message, feedback.message


async def answer_wrong(pilot, screen: LessonScreen) -> None:  # type: ignore[no-untyped-def]
    """A wrong choice, with the student's keys: a digit chooses, and the Enter after it
    chooses nothing (said under the feedback, which grows by it)."""
    asked = screen.lesson_run.asked
    assert asked is not None and asked.posed.choices
    right = asked.posed.choice_label(int(asked.posed.expected))
    wrong = next(key for key in "123" if key != right)
    await pilot.press(wrong, "enter")
    await pauses(pilot, 3)


async def test_on_the_students_path_the_feedback_box_is_whole_and_pgdn_reads_it_to_its_end() -> (
    None
):
    """Reached as the student reaches it (page 2, its answer shown, Enter to page 3): the box is
    whole in the pane, its foot says PgDn reads on, and PgDn does, to the last words."""
    app = tutor_on_builtin("6", "pl")
    async with opened_at(app, 2) as (pilot, screen):
        await pilot.press("f3")
        await pilot.pause()
        for _ in range(8):
            if screen.lesson_run.page_index == 2:
                break
            await pilot.press("enter")
            await pilot.pause()
        run = screen.lesson_run
        assert run.page_index == 2
        await answer_wrong(pilot, screen)
        inside = screen.query_one(LessonPane).content_region
        quiz = screen.query_one(QuizPanel)
        text = "\n".join(screen_lines(app))
        assert not run.answered and run.asked is not None, text  # wrong: the question waits
        for widget in (quiz, screen.query_one(FeedbackBox), screen.query_one("#quiz-next")):
            region = widget.region
            if region.height:
                assert inside.intersection(region) == region, text  # its foot in the pane
        assert screen.query_one(FeedbackBox).region.height > 0, text
        box = screen.query_one(FeedbackBox)
        assert box.more_below, text  # a feedback longer than the room left
        assert "PgDn" in str(quiz.border_subtitle), text
        await read_to_end(pilot, screen, "pagedown")
        text = "\n".join(screen_lines(app))
        assert not box.more_below, text
        shown = screen.query_one("#quiz-feedback", WordWrapped).text
        assert " ".join(shown.split()[-2:]) in " ".join(text.split()), text  # its last words
        assert not str(quiz.border_subtitle or ""), text
        assert run.asked is not None  # PgDn answered nothing


THUMB = "▁▂▃▄▅▆▇█"
"""The glyphs of a scrollbar's thumb."""


async def right_then_long(pilot, screen: LessonScreen) -> tuple[str, object]:  # type: ignore[no-untyped-def]
    """Answer the waiting question right; its label and its asked question, before the answer."""
    asked, label = screen.lesson_run.asked, screen.lesson_run.question_label
    assert asked is not None
    await answer_right(pilot, screen)
    await pauses(pilot, 3)
    return label, asked


def assert_framed(app, screen: LessonScreen, label: str, asked) -> None:  # type: ignore[no-untyped-def]
    """The long feedback has the pane, its frame kept and named by its question, a blank column
    and the scrollbar inside the border, a blank line above the line saying what Enter does."""
    run = screen.lesson_run
    assert screen.query_one(LessonPane).has_class("-yield")
    quiz = screen.query_one(QuizPanel)
    assert quiz.styles.border_top[0] != ""
    lines = screen_lines(app)
    top = quiz.region.y - screen.region.y
    words = f"{label} {asked.posed.prompt}".split()  # the full screen's own words
    assert f"╭─ {' '.join(words[:3])}" in lines[top], lines[top]
    message = run.feedback.message if run.feedback else ""
    assert opening(message) in "\n".join(lines)  # the feedback from its start
    inside = region_lines(app, quiz)[1:-1]  # the rows between its top and bottom borders
    assert inside and all(row.startswith("│ ") for row in inside), "\n".join(inside)
    thumbs = [row for row in inside if set(row[-3:-1]) & set(THUMB)]
    assert all(row.endswith(" │") for row in inside if row not in thumbs), "\n".join(inside)
    assert all(row[-2] in THUMB and row[-3] == " " for row in thumbs), "\n".join(inside)
    enter = next(i for i, row in enumerate(inside) if "Enter:" in row)
    assert enter > 0 and not inside[enter - 1].strip("│ "), "\n".join(inside)


async def test_page_9s_feedbacks_need_no_read_on_and_the_long_one_keeps_its_frame() -> None:
    """Lesson 5 p9: the backtrack's long feedback needs no read-on and PgUp brings the text back
    above it; the page's fourth feedback keeps its frame."""
    app = tutor_on_builtin("5")
    async with opened_at(app, 9) as (pilot, screen):
        run = screen.lesson_run
        await answer_and_count_read_ons(pilot, screen)
        await pilot.press("enter")  # the next question of the page
        await wait_for(pilot, lambda: run.asked is not None)
        await pilot.pause()
        assert "6 x 6 is harder" in "\n".join(screen_lines(app))  # the text above it again
        lines, reads = await answer_and_count_read_ons(pilot, screen)
        assert lines > 10 and reads == 0, (lines, reads)
        text = "\n".join(screen_lines(app))
        assert "back to column 4!" in text and "Enter: go on." in text, text
        await pilot.press("pageup")
        await pauses(pilot, 2)
        text = "\n".join(screen_lines(app))
        assert "6 x 6 is harder" in text and "Right: backtrack." in text, text
        assert screen.query_one(LessonPane).page.size.height > 0
        for _ in range(6):  # the text brought back read on first, then the next question
            await pilot.press("enter")
            await pauses(pilot, 2)
            if run.asked is not None:
                break
        await answer_right(pilot, screen)
        await pilot.press("enter")
        await pauses(pilot, 3)
        assert_framed(app, screen, *await right_then_long(pilot, screen))


@pytest.mark.thorough
async def test_a_long_feedback_keeps_its_frame_and_names_its_question() -> None:
    app = tutor_on_builtin("8")
    async with opened_at(app, 2) as (pilot, screen):
        assert_framed(app, screen, *await right_then_long(pilot, screen))
