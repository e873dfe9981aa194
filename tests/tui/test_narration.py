"""Narration is read whole: it pages or grows into the room it has, wraps as Textual wraps
(without its cost), and stands beside the page's text."""

from __future__ import annotations

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st
from textual.content import Content

from lessons import i18n
from tests.tiers import sweep
from tests.tui.guess_keys import answer_keys, open_guess
from tests.tui.lesson_apps import lesson_opened, open_page, run_opened, tutor_on, tutor_on_builtin
from tests.tui.screen_text import lines, main_screen, pauses, pressed, tutor_run, wait_for
from tui.screens.lesson_screen import LessonScreen
from tui.widgets.board import Board
from tui.widgets.guess_pane import GuessPane
from tui.widgets.lesson_pane import LessonPage, LessonPane
from tui.widgets.narration_pane import CUT_MARK
from tui.widgets.no_break import HOLD, hold_formulas, release, wrap_words
from tui.widgets.quiz_panel import QuizPanel

MORE = {"en": "PgDn: more", "it": "pag↓: continua", "pl": "PgDn: dalej"}


@pytest.mark.parametrize("language", sweep(["en", "it", "pl"], everyday=["pl"]))
async def test_the_recursive_methods_first_sentence_reads_whole(language: str) -> None:
    i18n.set_language(language)
    async with tutor_run(size=(80, 24)) as (app, pilot):
        await pilot.pause()
        screen = main_screen(app)
        view = screen.panes.view
        assert view is not None
        await pilot.press("m")  # the Turin notes' placeQueens
        await wait_for(pilot, lambda: "placeQueens(0)" in view.narration)
        await pilot.pause()
        pane = view.pane("narration")
        assert pane.max_scroll[1] > 0  # longer than the pane at 80x24
        assert pane.subtitle == MORE[language]
        read = view.pane_lines("narration")
        for _ in range(10):
            if pane.subtitle is None:
                break
            before = pane.scroll_y
            await pressed(pilot, "pagedown")
            assert pane.scroll_y > before
            height = pane.view[1]
            read += view.pane_lines("narration")[height - (pane.scroll_y - before) :]
        assert pane.subtitle is None  # its end in view: no mark
        assert " ".join(read).split() == view.narration.split()  # every word, once, in order
        await pressed(pilot, "pageup")
        assert pane.scroll_y < pane.max_scroll[1]
        assert pane.subtitle == MORE[language]
        await pressed(pilot, "space")  # the next tick's sentence, from its start
        assert pane.scroll_y == 0


LESSON = """\
@lesson guessing
@title Guessing

@quiz
@board n=6
@step 8
@question guess ticks=12 goal=3
@end
"""


@pytest.mark.parametrize("language", sweep(["en", "it", "pl"], everyday=["pl"]))
async def test_a_long_narration_is_whole_beside_a_small_board(language: str) -> None:
    """In the guess stretch a sentence grows into the board's room, whole; one longer than half
    the screen is cut, and says it goes on."""
    app = tutor_on(LESSON, language)
    async with lesson_opened(app) as (pilot, _screen):
        board = await open_guess(pilot)
        pane = board.query_one(GuessPane)
        text = pane.text  # a sentence longer than half the screen says it goes on
        pane.text = " ".join(["The queen of column 4 attacks it."] * 40)
        board.fit_narration()
        await pilot.pause()
        assert pane.outer_size.height == 24 // 2
        shown = [line for line in lines(pane) if line.strip()]
        assert shown[-1].endswith(CUT_MARK.strip()), shown
        pane.text = text
        board.fit_narration()
        longest = 0
        for _ in range(300):  # right answers, until a sentence takes more than three lines
            if app.screen is not board:
                break
            await answer_keys(pilot, board, right=True)
            await pilot.pause()
            if app.screen is not board:
                break
            width = pane.scrollable_content_region.width
            needed = pane.lines_needed(width)
            shown = [line for line in lines(pane) if line.strip()]
            assert len(shown) == needed, (needed, shown)  # every line of it in view
            assert not shown[-1].endswith(CUT_MARK.strip()), shown
            longest = max(longest, needed)
            # The board keeps every row and its numbers (6 + 1, and its border).
            assert board.query_one(Board).outer_size.height >= 6 + 1 + 2
        if language != "en":  # English says it in three lines here
            assert longest > 3, longest  # a sentence the old three lines cut was seen whole


WORD = st.text(alphabet="abcxyz0123456789-=(),.:;ąęółśżźćń", min_size=1, max_size=12)


@given(words=st.lists(WORD, min_size=1, max_size=40), width=st.integers(12, 120))
def test_words_that_fit_wrap_as_textual_wraps_them(words: list[str], width: int) -> None:
    """Where no formula is held, the lines Textual's own wrap gives."""
    text = " ".join(words)
    assume(HOLD not in hold_formulas(text, no_break_spaces=False))
    assert wrap_words(text, width) == [line.plain for line in Content(text).wrap(width)]


@given(words=st.lists(WORD, min_size=1, max_size=40), width=st.integers(1, 40))
def test_lines_fit_the_pane_and_hold_every_word_and_formula(words: list[str], width: int) -> None:
    """No line is wider than the pane and no word is lost; a formula or number (its spaces
    held) that fits a line stands whole on one line; one wider than the line breaks at its
    spaces, never inside a word that fits."""
    text = " ".join(words)
    lines = wrap_words(text, width)
    assert all(0 < len(line) <= width for line in lines)
    assert "".join(lines).replace(" ", "") == text.replace(" ", "")
    for unit in hold_formulas(text, no_break_spaces=False).split(" "):
        whole = release(unit)
        if HOLD in unit and len(whole) <= width:
            assert any(whole in line for line in lines), (whole, lines)
        elif HOLD in unit:
            for part in unit.split(HOLD):
                if len(part) <= width:
                    assert any(part in line for line in lines), (part, lines)


def test_a_board_size_of_two_digits_or_a_number_grouped_by_spaces_is_never_split() -> None:
    """Lesson 9's Q3 at 120x40 broke "12 x" / "12." (one-digit sizes were held, "8 x 8",
    two-digit ones were not); lesson 3 p3 broke "4 426 165" / "368" (the lesson writes the
    Polish thousands with plain spaces; the tutor's own numbers use no-break ones)."""
    sizes = "the loop reaching its first solution in fewer ticks on 13 x 13 than on 12 x 12. Why?"
    number = "Permutacji jest n!: 40 320 dla n = 8 („...a zaczynaliśmy od 4 426 165 368”)."
    for text, kept, narrowest in (
        (sizes, ("13 x 13", "12 x 12."), 20),
        (number, ("4 426 165 368", "40 320"), 16),
    ):
        for width in range(narrowest, 80):
            lines = wrap_words(text, width)
            assert all(any(words in line for line in lines) for words in kept), (width, lines)
    assert hold_formulas("n = 8 to 92 z 40 320") == f"n{HOLD}={HOLD}8 to 92 z 40{HOLD}320"


@pytest.mark.parametrize(
    ("text", "width", "wrapped"),
    [
        ("0 = 000000000", 12, ["0 =", "000000000"]),  # a formula wider: broken at its spaces
        ("ab abcdefgh cd", 3, ["ab", "abc", "def", "gh", "cd"]),  # a word wider: in pieces
        ("語a b", 1, ["語", "a", "b"]),  # a character wider than the line: a line of its own
        (
            "No free square in column 2: remove it, back to column 1.",
            30,
            ["No free square in column 2:", "remove it, back to column 1."],
        ),
    ],
)
def test_examples_wrap_as_expected(text: str, width: int, wrapped: list[str]) -> None:
    assert wrap_words(text, width) == wrapped


async def test_a_polish_number_in_the_quiz_feedback_is_never_split_across_lines() -> None:
    """``4 426 165 368`` (no-break spaces, Polish thousands) stays on one line of the quiz
    panel's feedback at any width it fits in."""
    from textual.app import App, ComposeResult

    from tui.widgets.quiz_panel import QuizPanel

    number = "4\u00a0426\u00a0165\u00a0368"
    message = (
        f"To nie jest dobra odpowiedź: dla n = 8 to {number} rozmieszczeń, sprawdź jeszcze raz."
    )

    class One(App[None]):
        def compose(self) -> ComposeResult:
            yield QuizPanel()

    app = One()
    async with app.run_test(size=(24, 12)) as pilot:
        for width in range(24, 60, 3):
            await pilot.resize_terminal(width, 12)
            app.query_one(QuizPanel).feedback(message)
            await pilot.pause()
            lines = str(app.query_one("#quiz-feedback").render()).split("\n")
            assert any(number in line for line in lines), (width, lines)
            assert " ".join(" ".join(lines).split()) == " ".join(message.split())


def _text_rows(screen: LessonScreen) -> tuple[int, int]:
    """The rows the page's text has, and the rows inside the text pane's border."""
    page = screen.query_one(LessonPage)
    return page.size.height, screen.query_one(LessonPane).content_region.height


@pytest.mark.parametrize("language", sweep(["en", "it", "pl"], everyday=["pl"]))
async def test_the_tree_page_keeps_half_its_pane_for_the_text(language: str) -> None:
    app = tutor_on_builtin("naive-search", language)
    async with run_opened(app) as (pilot, screen, run):
        await open_page(pilot, screen, 4)  # page 5, the tree of the 4 x 4 search
        assert run.stage.tree
        await pilot.press("space", "space", "space")
        await wait_for(pilot, lambda: run.explored)
        await pauses(pilot, 2)
        box = screen.query_one(QuizPanel).feedback_box
        assert box.display  # the tick's narration
        text, pane = _text_rows(screen)
        assert screen.query_one(LessonPage).more_below
        assert text * 2 >= pane - 1, (text, pane)  # about half, at least
        # Enter reads on: the narration's own rest first, if it is longer than its box ...
        for _ in range(5):
            if not box.more_below:
                break
            await pressed(pilot, "enter")
        assert box.display
        # ... then the page's text, and the narration closes: the text has its room.
        await pressed(pilot, "enter")
        await pilot.pause()
        assert not box.display
        read_on, _pane = _text_rows(screen)
        assert read_on >= pane - 4, (read_on, pane)  # all but the line under it
        next_line = " ".join(lines(screen.query_one("#quiz-next"))).split()
        assert next_line, "what Enter does stays in view"
        # The next step tells its tick again.
        await pressed(pilot, "space")
        await pilot.pause()
        assert box.display


@pytest.mark.parametrize("language", sweep(["it", "en", "pl"], everyday=["it"]))
async def test_a_narration_beside_a_page_being_read_is_whole(
    language: str,
) -> None:
    """In Italian (lesson 8 p4 at 80x24, the page read to its end, then two steps):
    the narration kept to three lines, cut at "... (c+r = 6). Non", its rest readable only
    line by line with Enter, and PgDn closed it unread. It has the rows it needs, the text
    keeping about half of the pane (PgDn closes a narration only once its end is in view)."""
    app = tutor_on_builtin("recipe", language)
    async with run_opened(app) as (pilot, screen, run):
        await open_page(pilot, screen, 3)  # page 4, the queens as BackTrack
        await pressed(pilot, "enter", "enter")
        await pilot.press("space", "space")
        await wait_for(pilot, lambda: run.explored)
        await pauses(pilot, 4)
        box = screen.query_one(QuizPanel).feedback_box
        assert box.display and screen.query_one(LessonPane).has_class("-reading")
        told = " ".join(" ".join(lines(screen.query_one("#quiz-feedback"))).split())
        assert told.rstrip().endswith("."), told
        assert not box.more_below, "the narration is whole in its box"
        text, pane = _text_rows(screen)
        assert text * 2 >= pane - 1, (text, pane)
