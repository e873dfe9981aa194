"""Reading a page's text around its questions: a question over cut text says the text goes on,
Enter reads it on before the next question, text read is not read again, "More below" whenever
text is below the fold, no scrollbar thumb but its lines on the border, a grown text scrolls to
its new part."""

from __future__ import annotations

import pytest
from textual.pilot import Pilot

from lessons import i18n
from tests.tiers import sweep
from tests.tui.lesson_apps import lesson_opened, open_page, run_opened, tutor_on_builtin
from tests.tui.screen_text import lines, pauses, pressed, screen_cells, screen_lines
from tui.screens.lesson_screen import LessonScreen
from tui.widgets.lesson_pane import LessonPage, LessonPane
from tui.widgets.quiz_panel import QuizPanel

CUT = "More text above the question: PgDn reads on."


async def _to_question(
    pilot: Pilot[None], screen: LessonScreen, page: int, last_answer: bool = False
) -> None:
    """Open ``page`` (:func:`open_page`) and walk it (Enter, F3 for the questions before) to
    its first question, or (``last_answer``) to the answer (shown) of its last question."""
    run = screen.lesson_run
    await open_page(pilot, screen, page)
    for _ in range(300):
        there = run.answer_ends_page if last_answer else run.asked is not None
        if run.page_index == page and there:
            await pilot.pause()
            return
        await pilot.press("f3" if run.asked is not None else "enter")
    raise AssertionError(f"no {'last answer' if last_answer else 'question'} on page {page + 1}")


def _next_line(screen: LessonScreen) -> str:
    return " ".join(" ".join(lines(screen.query_one("#quiz-next"))).split())


def _cue(screen: LessonScreen) -> str:
    return str(screen.query_one(QuizPanel).border_title or "")


@pytest.mark.parametrize(
    ("lesson", "page", "language"),
    sweep(
        [
            ("naive-search", 2, "en"),  # 3 p3: "And on the 5 x 5 board?" under the question
            ("naive-search", 2, "it"),
            ("naive-search", 2, "pl"),
            ("naive-search", 5, "en"),  # 3 p6
            ("cost", 5, "en"),  # 9 p6: "Now work it out for n = 7."
            ("cost", 6, "en"),  # 9 p7
        ],
        everyday=[("naive-search", 2, "pl"), ("cost", 6, "en")],
        several=True,
    ),
)
async def test_a_question_over_cut_text_says_the_text_goes_on(
    lesson: str, page: int, language: str
) -> None:
    app = tutor_on_builtin(lesson, language)
    async with lesson_opened(app) as (pilot, screen):
        await _to_question(pilot, screen, page)
        text = screen.query_one(LessonPane).page
        assert text.more_below  # the question cuts the page's text at 80x24
        said = i18n._(CUT)
        assert language == "en" or said != CUT  # translated
        assert _cue(screen) == said
        assert said in "\n".join(screen_lines(app))
        for _ in range(20):  # PgDn reads on while the question waits
            if not text.more_below:
                break
            await pressed(pilot, "pagedown")
        assert screen.lesson_run.asked is not None
        assert _cue(screen) == ""  # the text's end in view: no cue


async def test_enter_reads_the_text_before_the_second_question() -> None:
    app = tutor_on_builtin("naive-search")
    more, go_on = i18n._("More below. Enter: read on."), i18n._("Enter: go on.")
    async with run_opened(app) as (pilot, screen, run):
        await _to_question(pilot, screen, 5)
        first = run.asked
        await pressed(pilot, "f3")  # the first question's answer
        assert run.answered
        assert _next_line(screen) == more, _next_line(screen)
        for _ in range(10):
            if _next_line(screen) != more:
                break
            await pressed(pilot, "enter")
            assert run.asked is None  # the text first, not the next question
        assert _next_line(screen) == go_on, _next_line(screen)
        shown = " ".join(" ".join(screen_lines(app)).split())
        assert "from the search space and from the squares tested" in shown
        await pressed(pilot, "enter")
        assert run.asked is not None and run.asked is not first
        assert run.page_index == 5


@pytest.mark.parametrize(
    ("lesson", "language", "wrong", "right"),
    sweep(
        [("diagonals", "it", "2", "1"), ("cost", "pl", "31", "32")],
        everyday=[("cost", "pl", "31", "32")],
        several=True,
    ),
)
async def test_text_read_before_the_answer_is_not_read_again(
    lesson: str, language: str, wrong: str, right: str
) -> None:
    app = tutor_on_builtin(lesson, language)
    async with run_opened(app) as (pilot, screen, run):
        await open_page(pilot, screen, 0)
        assert run.asked is not None
        text = screen.query_one(LessonPane).page
        quiz = screen.query_one(QuizPanel)
        for _ in range(20):  # the student reads the page down to its end
            if not text.more_below:
                break
            await pressed(pilot, "pagedown")
        assert not text.more_below
        for answer in (wrong, right):
            await pilot.press(*answer)
            if len(answer) > 1:  # a number is typed, then Enter; a choice's digit answers
                await pilot.press("enter")
            await pauses(pilot, 2)
            if run.asked is not None:  # the wrong answer's feedback took the text's rows
                assert text.more_below  # cut, but read: no cue over the question
                assert str(quiz.border_title or "") == ""
        assert run.answered
        await pilot.pause()
        next_line = " ".join(" ".join(lines(screen.query_one("#quiz-next"))).split())
        assert next_line != i18n._("More below. Enter: read on."), next_line


def check_label(screen: LessonScreen, where: str) -> None:
    """The next-step line on screen says "More below" exactly when the text or the feedback
    goes on below the fold."""
    page = screen.query_one(LessonPane).page
    box = screen.query_one(QuizPanel).feedback_box
    below = page.scroll_y < page.max_scroll_y or box.more_below
    more = i18n._("More below. Enter: read on.")
    label = " ".join(" ".join(lines(screen.query_one("#quiz-next"))).split())
    text = "\n".join(screen_lines(screen.app))
    if screen.lesson_run.asked is None and not screen.lesson_run.answered:
        assert label, f"{where}: no next-step line\n{text}"
        assert (label == more) == below, f"{where}: below the fold: {below}, {label!r}\n{text}"


@pytest.mark.slow(7)
@pytest.mark.parametrize("language", sweep(["en", "it", "pl"], everyday=["pl"]))
@pytest.mark.parametrize("number", sweep([4, 5], everyday=[5]))
async def test_more_below_while_text_is_below_the_fold(language: str, number: int) -> None:
    async with run_opened(tutor_on_builtin(str(number), language)) as (pilot, screen, run):
        await pauses(pilot, 3)
        checked: set[int] = set()
        for _ in range(300):
            if run.finished or run.page_index >= 3:
                break
            if run.asked is not None:
                await pilot.press("f3")  # the answer shown: the page goes on
                await pauses(pilot, 3)
                continue
            where = f"{language} lesson {number} page {run.page_index + 1}"
            check_label(screen, where)
            if run.page_index not in checked and not run.answered:
                checked.add(run.page_index)
                await pilot.resize_terminal(80, 40)
                await pauses(pilot, 3)
                check_label(screen, where + " at 80x40")
                await pilot.resize_terminal(80, 24)
                await pauses(pilot, 3)
                check_label(screen, where + " back at 80x24")
            await pilot.press("enter")
            await pauses(pilot, 3)
        # Lesson 4's pages 1 and 2 end with their question: one Enter after it turns the page,
        # so no page of theirs is read with no question (the answer's feedback is checked).
        assert ({2} if number == 4 else {1, 2}) <= checked, checked


@pytest.mark.parametrize("language", sweep(["en", "it", "pl"], everyday=["en"]))
async def test_lesson_5_page_2_opens_with_more_below(language: str) -> None:
    """Lesson 5, n to page 2: its last paragraph is below the fold at 80x24 in English, and the
    label says so in every language where it is."""
    async with lesson_opened(tutor_on_builtin("5", language)) as (pilot, screen):
        await pauses(pilot, 3)
        await pilot.press("n")
        await pauses(pilot, 3)
        assert screen.lesson_run.page_index == 1
        page = screen.query_one(LessonPane).page
        if language == "en":
            assert page.max_scroll_y > 0  # text below the fold
        check_label(screen, f"{language} lesson 5 page 2")


LONG = "\n\n".join(f"Paragraph {number} of a long text." for number in range(40))


async def test_grown_text_shows_its_new_part_and_a_page_shown_before_keeps_its_top() -> None:
    app = tutor_on_builtin("recipe")
    async with lesson_opened(app) as (pilot, screen):
        pane = screen.query_one(LessonPane)
        pane.show_page([LONG])
        await pilot.pause()
        pane.show_page([LONG, LONG])
        await pauses(pilot, 3)
        assert pane.page.scroll_y > 0
        pane.show_page([LONG])
        await pilot.pause()
        pane.show_page([LONG, LONG])  # the text grows: its new part is scrolled to, later
        pane.show_page([LONG.replace("Paragraph", "Part")])  # ... but the next page came first
        await pauses(pilot, 3)
        assert pane.page.scroll_y == 0


@pytest.mark.parametrize("language", sweep(["it", "en", "pl"], everyday=["it"]))
async def test_the_text_pane_draws_no_thumb_and_says_which_lines_show(language: str) -> None:
    """After a wrong answer the text goes on below its box: no thumb reads as a value beside
    it; the pane's border says which of its lines show."""
    app = tutor_on_builtin("naive-search", language)
    async with lesson_opened(app) as (pilot, screen):
        await open_page(pilot, screen, 2)  # page 3, the permutations
        await pilot.press("1", "enter")  # a wrong answer: its feedback takes rows of the text
        await pauses(pilot, 3)
        page = screen.query_one(LessonPage)
        assert page.max_scroll_y > 0, "the text goes on below its box"
        cells = screen_cells(app)
        column = [cells[y][page.region.right - 1] for y in range(page.region.y, page.region.bottom)]
        assert not "".join(column).strip(), column
        shown = page.scrollable_content_region.height
        said = i18n._("lines {first}-{last} of {count}").format(
            first=1, last=shown, count=page.virtual_size.height
        )
        assert said in screen_lines(app)[screen.query_one(LessonPane).region.bottom - 1]
