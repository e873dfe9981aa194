"""The lesson screen's layout and keys: a page opens at its top, its question docked under the text
and what it needs in view; the panes are sized by what they show; the answer keeps the focus;
the key bar, footer and help offer only keys that act; listings are never cut."""

from __future__ import annotations

import re

import pytest
from textual.widgets import Static

from lessons import i18n
from lessons.model import Lesson, Text
from lessons.parsing.parser import parse
from solver.views.widths import board_whole
from tests.tiers import sweep
from tests.tui.code_in_view import deciding, pane_code
from tests.tui.lesson_apps import lesson_opened, shown_at, tutor_on, tutor_on_builtin
from tests.tui.lesson_apps import open_builtin as open_builtin_page
from tests.tui.lesson_apps import open_page as open_lesson_page
from tests.tui.screen_text import pauses, press_for, pressed, region_lines, screen_lines, wait_for
from tests.tui.test_text_read_before_the_question import _cue, _to_question
from tui.app import QueensTutorApp
from tui.glyphs import UNICODE
from tui.lesson_context import LessonContext
from tui.screens.help_screen import HelpScreen
from tui.screens.lesson_screen import LessonScreen
from tui.widgets.board import Board
from tui.widgets.key_bar import KeyBar
from tui.widgets.lesson_pane import LessonPage, LessonPane
from tui.widgets.lesson_text import CodeListing, blocks
from tui.widgets.quiz_answer import AnswerField
from tui.widgets.quiz_choices import QuizChoices


def wrapped(listing: CodeListing) -> bool:
    """Whether a line of ``listing`` goes on over more lines (the pane is narrower than it)."""
    return listing.content_width() > listing.size.width


def listings_whole(screen: LessonScreen) -> bool:
    return not any(wrapped(listing) for listing in screen.query(CodeListing))


def board_is_whole(screen: LessonScreen) -> bool:
    board = screen.query_one("#lesson-board", Board)
    assert board.frame is not None
    return board.outer_size.width >= board_whole(board.frame) and not board.border_subtitle


async def test_6_p3_and_8_p4_show_their_code_and_their_board_whole_at_80x24() -> None:
    """Listings and board whole, but where a code question waits (the board yields to its lines)."""
    for number, page in ((6, 3), (8, 4)):
        app = tutor_on_builtin(str(number))
        async with app.run_test(size=(80, 24)) as pilot:
            screen = await open_builtin_page(pilot, number, page)
            assert screen.query(CodeListing), (number, page)
            run = screen.lesson_run
            assert run.question_lines() or listings_whole(screen), (number, page)
            if run.asked is not None and run.question_lines():
                assert run.session is not None
                shown = pane_code(screen_lines(app), run.session.frame().code.title)
                assert all(line in shown for line in deciding(run)), (number, page, shown)
                await pilot.press("f3")
                await wait_for(pilot, lambda run=run: run.answered)
                for _ in range(6):  # the feedback read on, then on from it
                    await pressed(pilot, "enter")
                    if not run.answered:
                        break
            await pilot.pause()
            assert board_is_whole(screen), (number, page)
            assert listings_whole(screen), (number, page)
            if number == 6:
                assert not run.question_lines()
                left = screen.query_one("#lesson-left")
                assert left.outer_size.width < 36  # the column kept 36 before, for 20 of board
                pane = screen.query_one(LessonPane)
                assert pane.outer_size.width == 80 - left.outer_size.width


async def test_a_16x16_board_is_whole_at_120x40_and_says_which_part_shows_at_80x24() -> None:
    app = tutor_on_builtin("9")
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await open_builtin_page(pilot, 9, 3)
        board = screen.query_one("#lesson-board", Board)
        assert board.frame is not None and board.frame.width == 16
        assert board_is_whole(screen)
        assert any(" 14 15" in line for line in region_lines(app, board))  # every file number
        await pilot.resize_terminal(80, 24)  # larger than its column: part of it
        await wait_for(pilot, lambda: "of 16" in region_lines(app, board)[-1])
        bottom = region_lines(app, board)[-1]
        assert bottom.count("cols") == 1, bottom


async def test_a_page_opens_at_its_top_with_its_question_in_view() -> None:
    """Hint and show answer are offered (and the prompt shown) only while a question waits."""
    app = tutor_on_builtin("1")
    async with lesson_opened(app) as (pilot, first):
        prompt = first.query_one("#quiz-prompt", Static)
        assert first.lesson_run.asked is None and not {"hint", "reveal"} & offered(first)
        assert not prompt.display  # no empty prompt line above the note
        screen = await open_builtin_page(pilot, 1, 2)
        assert screen.lesson_run.asked is not None
        await wait_for(pilot, lambda: prompt.display)
        assert {"hint", "reveal"} <= offered(screen)
        pane = screen.query_one(LessonPane)
        assert pane.page.scroll_y == 0
        text = " ".join(" ".join(region_lines(app, pane)).split())
        assert "Two queens in one column attack each other" in text
        assert "suppose b = [1, 3, -1, -1, -1]" in text and "3. (column 0, row 1)" in text
        await pilot.press("end")  # the text scrolls; the question stays
        assert pane.page.scroll_y == pane.page.max_scroll_y > 0
        text = " ".join(" ".join(region_lines(app, pane)).split())
        assert "suppose b = [1, 3, -1, -1, -1]" in text and "waits under the board" in text
        await pilot.press("f3")  # show the answer: no question waits any more
        await wait_for(pilot, lambda: not prompt.display)
        assert screen.lesson_run.asked is None
        assert not {"hint", "reveal"} & offered(screen)


async def test_no_empty_state_pane_beside_a_questions_own_board() -> None:
    app = tutor_on_builtin("8")  # the maze question: its own maze on the board
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_builtin_page(pilot, 8, 6)
        assert screen.lesson_run.asked is not None
        assert screen.query_one("#lesson-board").display
        assert not screen.query_one("#lesson-table").display
        # The prompt does not draw the maze again beside the board that shows it.
        prompt = screen.query_one("#quiz-prompt")
        assert "#S" not in str(prompt.render())


WIDE_LINE = (
    "            r = self.Solve(self.newStato(stato, m))  # r is [True, soluzione] or [False]"
)
WIDE_LISTING = f"""\
@lesson wide
@title Wide

@page Listing and question
```
def Solve(self, stato):
{WIDE_LINE}
```
@board n=4
@question number
prompt: How many columns?
answer: 4
@end
"""


async def test_tab_never_takes_the_answer_keys_and_a_wide_line_wraps_marked() -> None:
    app = tutor_on(WIDE_LISTING)
    async with lesson_opened(app) as (pilot, screen):
        assert board_is_whole(screen)  # the board keeps its columns from a listing wrapped anyway
        listing = list(screen.query(CodeListing))[-1]
        # It says how wide it is whole (a screen may size a pane by it): its padding, the line.
        assert listing.content_width() == len(WIDE_LINE) + 2 > listing.size.width
        drawn = [listing.line(y) for y in range(listing.size.height)]
        wraps = next(index for index, line in enumerate(drawn) if "r = self.Solve" in line)
        assert drawn[wraps + 1].lstrip().startswith(MARK)  # under its start, marked
        indent = len(drawn[wraps]) - len(drawn[wraps].lstrip())
        assert len(drawn[wraps + 1]) - len(drawn[wraps + 1].lstrip()) == indent
        assert not listing.has_class("-cut") and not listing.border_subtitle
        await pressed(pilot, "tab", "4")  # the keys stay the question's, never the listing's
        assert isinstance(screen.focused, AnswerField)
        assert screen.query_one(AnswerField).text == "4"
        await pilot.press("shift+tab", "enter")
        await wait_for(pilot, lambda: screen.lesson_run.asked is None)
        assert screen.lesson_run.record.answers["0.0"].right


TEXT_THEN_QUESTION = """\
@lesson keys
@title Keys

@page Text only
Nothing to step here.

@page A board
@board n=4
@step 3

@page A question
@board n=4
@question choice
prompt: Pick one.
- [x] this
- [ ] that
@end
"""


def bar(screen: LessonScreen) -> str:
    return str(screen.query_one(KeyBar).text)


async def test_the_key_bar_and_the_help_offer_only_keys_that_act_on_the_page() -> None:
    app = tutor_on(TEXT_THEN_QUESTION)
    async with lesson_opened(app, (100, 50)) as (pilot, screen):  # page 1: text only, no board
        assert "Tick" not in bar(screen) and "Solve" not in bar(screen)
        await press_for(pilot, HelpScreen, "question_mark")
        await pilot.pause()
        shown = " ".join(" ".join(screen_lines(app)).split())
        assert "One tick of the search" not in shown  # no board on this page
        assert "Run to the next solution" not in shown
        assert "Go on: the next question or page" in shown
        assert "col+row (sum)" in shown  # the glossary, whose end is below at 100x50
        await pressed(pilot, "end")
        assert "i, j (Turin)" in " ".join(" ".join(screen_lines(app)).split())
        await pilot.press("escape")
        await open_lesson_page(pilot, screen, 1)  # the board's page
        assert "Tick" in bar(screen)
        await open_lesson_page(pilot, screen, 2)  # a choice question waits
        await wait_for(pilot, lambda: isinstance(screen.focused, QuizChoices))
        await pilot.pause()
        # p is a letter of the answer while one is typed: the bar offers F4 instead.
        assert "p Prev page" not in bar(screen) and "Next" not in bar(screen)
        assert "f4 Prev page" in bar(screen) and "Show answer" in bar(screen)
        await pilot.press("question_mark")  # ? is not an answer letter: the help opens
        await wait_for(pilot, lambda: isinstance(app.screen, HelpScreen))
        await pilot.pause()
        shown = " ".join(" ".join(screen_lines(app)).split())
        assert shown.count("Show the answer (no point)") == 1  # s and f3: one line
        assert "Run to the next solution" not in shown  # s is not Solve while it waits
        assert "Choose that answer" in shown
        assert " s, " not in shown and "f3 " in shown  # s is a letter of a typed answer now
        await pilot.press("escape")
        await open_lesson_page(pilot, screen, 0)  # back to the text: no board to step
        assert "Tick" not in bar(screen) and "Solve" not in bar(screen)


WIDTH = 80


def listings(lang: str) -> list[list[str]]:
    """Every code listing of the built-in lessons in ``lang``, as its lines."""
    found = []
    for lesson in LessonContext.load(lang=lang).catalog.lessons:
        for page in lesson.pages:
            for block in page.blocks:
                if isinstance(block, Text):
                    found += [b.text.splitlines() for b in blocks(block.markdown) if b.lexer]
    assert found
    return found


def page_of(codes: list[list[str]]) -> Lesson:
    body = "\n\n".join("Listing:\n\n```\n" + "\n".join(code) + "\n```" for code in codes)
    result = parse(f"@lesson listings\n@title L\n@summary S\n\n@page P\n{body}\n", "l.md")
    assert result.lesson is not None, result.errors
    return result.lesson


MARK = f"{UNICODE.wrap} "


@pytest.mark.parametrize("lang", sweep(["en", "it", "pl"], everyday=["pl"]))
async def test_no_listing_line_is_cut(lang: str) -> None:
    codes = listings(lang)
    height = sum(2 * len(code) + 8 for code in codes) + 20
    app = QueensTutorApp(8)
    async with app.run_test(size=(WIDTH, height)) as pilot:
        await app.push_screen(LessonScreen(page_of(codes), None))
        await pauses(pilot, 2)
        pane = app.screen.query_one(LessonPane).page
        inside = pane.scrollable_content_region
        assert pane.max_scroll_y == 0, "the page is meant to be on screen whole"
        rows = [line[inside.x : inside.right] for line in screen_lines(app)]
        row = 0
        for code in codes:
            lines = [line for line in code if line.strip()]
            # The listing's first line, then each next line on the screen's next lines.
            start = None
            for y in range(row, len(rows)):
                if rows[y].lstrip().startswith(lines[0].strip()[:20]):
                    start = y
                    break
            assert start is not None, f"listing not found: {lines[0]!r}"
            x = rows[start].index(lines[0].strip()[:20]) - (len(lines[0]) - len(lines[0].lstrip()))
            y = start
            for line in code:
                drawn = rows[y][x:].rstrip()
                y += 1
                # Its continuations: under its start, marked (never a line of its own).
                while rows[y][x:].lstrip(" ").startswith(MARK):
                    indent = len(rows[y][x:]) - len(rows[y][x:].lstrip(" "))
                    assert indent <= len(line) - len(line.lstrip(" ")), rows[y]
                    drawn += " " + rows[y][x:].lstrip(" ")[len(MARK) :].rstrip()
                    y += 1
                # Every character of the line, in order (it breaks at a blank, or in a token).
                assert "".join(drawn.split()) == "".join(line.split()), f"{line!r}: {drawn!r}"
                assert len(rows[y - 1][x:].rstrip()) <= inside.width - x, "drawn past the pane"
            row = y


def offered(screen: LessonScreen) -> set[str]:
    """The actions the footer may show (check_action False leaves a binding out)."""
    return {active.binding.action for active in screen.active_bindings.values()}


RUN_IT = {
    "en": r"Run\s+queens-tutor\s+compare\s+10\s+in\s+a\s+second\s+shell",
    "it": r"Esegui\s+queens-tutor\s+compare\s+10\s+in\s+una\s+seconda\s+shell",
    "pl": r"Uruchom\s+queens-tutor\s+compare\s+10\s+w\s+drugiej\s+powłoce",
}


@pytest.mark.parametrize("lang", sweep(["en", "it", "pl"], everyday=["pl"]))
async def test_the_compare_page_says_how_to_answer_above_its_question(lang: str) -> None:
    app = tutor_on_builtin("9", lang)
    async with lesson_opened(app) as (pilot, screen):
        pages = screen.lesson_run.lesson.pages
        page = next(
            i
            for i, p in enumerate(pages)
            if any(getattr(q, "kind", "") == "examined" for q in p.questions)
        )
        await shown_at(pilot, screen, page, 2)
        asked = screen.lesson_run.asked
        assert asked is not None and "compare 10" in asked.posed.prompt
        shown = " ".join(region_lines(app, screen.query_one(LessonPage))).replace("\u00a0", " ")
        assert re.search(RUN_IT[lang], shown), shown


LONG = "More text above the question: PgDn reads on."
SHORT = "Text above: PgDn reads on."
SHORTEST = "PgDn: more above."
PAGE_DOWN = {"en": "PgDn", "it": "pag↓", "pl": "PgDn"}


@pytest.mark.parametrize("language", sweep(["en", "it", "pl"], everyday=["pl"]))
async def test_the_cue_beside_a_board_shows_whole(language: str) -> None:
    app = tutor_on_builtin("diagonals", language)
    async with lesson_opened(app) as (pilot, screen):
        await _to_question(pilot, screen, 0)  # 4 p1: a board beside the text
        await pilot.pause()
        assert screen.query_one(LessonPane).page.more_below
        cue = _cue(screen)
        assert cue in (i18n._(LONG), i18n._(SHORT), i18n._(SHORTEST)), cue
        assert language == "en" or cue not in (LONG, SHORT, SHORTEST)  # translated
        shown = "\n".join(screen_lines(app))
        assert f"─ {cue} ─" in shown, shown  # whole on the border, nothing cut
        assert PAGE_DOWN[language] in cue  # the key named as the key bar names it


@pytest.mark.parametrize("language", sweep(["it", "pl"], everyday=["it"]))
async def test_the_cue_beside_a_9_by_9_board_shows_whole(language: str) -> None:
    """Beside lesson 8 p2's 9 x 9 board, after a wrong answer, the cue is whole or not needed."""
    app = tutor_on_builtin("recipe", language)
    async with lesson_opened(app) as (pilot, screen):
        await _to_question(pilot, screen, 1)
        await pressed(pilot, "b", "enter")  # a wrong answer: the feedback comes, the cue stays
        cue = _cue(screen)
        shown = "\n".join(screen_lines(app))
        if cue:  # the page's text goes on above the question: the cue says so, whole
            assert PAGE_DOWN[language] in cue and "…" not in cue, cue
            assert f"─ {cue} ─" in shown, shown
        else:  # no cue: nothing above the question that was never in view
            assert not screen.query_one(LessonPane).unread, shown
