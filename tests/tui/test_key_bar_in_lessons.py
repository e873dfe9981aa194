"""A lesson's key bar names the keys that act as the screen invites them: ``b`` where the text
names it, ``T`` beside the search tree, Enter for where it goes (read on, next, lessons), "⏎
Check" once an answer is typed, ``r`` once the board is stepped, "← Undo" (a tick back, not a
page) only once a tick was played; the keys the page names stay in a crowded bar."""

from __future__ import annotations

from textual.pilot import Pilot

from tests.tui.lesson_apps import (
    lesson_screen,
    open_page,
    page_with_board,
    tutor_on,
    tutor_on_builtin,
)
from tests.tui.screen_text import pauses, screen_lines, wait_for
from tui.screens.lesson_menu import LessonMenuScreen
from tui.screens.lesson_screen import LessonScreen
from tui.widgets.key_bar import KeyBar

KEYS = """\
@lesson keys
@title Keys

@page Says b
Step it with <kbd>space</kbd>; <kbd>b</kbd> runs to the next backtrack.
@board n=5

@page Says nothing of b
The same board.
@board n=5

@page Asks
@question choice
prompt: Pick one.
- [x] right
- [ ] wrong
  why: It is not.
@end
"""


async def settle(pilot: Pilot[None]) -> None:
    await pauses(pilot, 3)


def bar(screen: LessonScreen) -> str:
    return screen_lines(screen.app)[-1]


async def test_b_in_the_bar_only_where_the_page_names_it() -> None:
    app = tutor_on(KEYS)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await lesson_screen(pilot)
        await settle(pilot)
        assert "b Backtrack" in bar(screen), bar(screen)
        await pilot.press("b")  # it does what the bar says
        await wait_for(pilot, lambda: not screen.running and screen.session is not None)
        await pilot.press("enter")
        await settle(pilot)
        assert screen.lesson_run.page_index == 1
        assert "b Backtrack" not in bar(screen) and "s Solve" in bar(screen), bar(screen)


async def test_check_in_the_bar_once_a_choice_question_has_an_answer_typed() -> None:
    app = tutor_on(KEYS)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await lesson_screen(pilot)
        screen.lesson_run.goto(2)
        screen.show(ask=True)
        await settle(pilot)
        assert "⏎" not in bar(screen), bar(screen)  # nothing chosen nor typed yet
        await pilot.press("w", "r")
        await settle(pilot)
        assert "⏎ Check" in bar(screen), bar(screen)
        await pilot.press("backspace", "backspace")
        await settle(pilot)
        assert "⏎" not in bar(screen), bar(screen)


async def test_t_in_the_bar_beside_the_search_tree() -> None:
    app = tutor_on_builtin("3", "en")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await lesson_screen(pilot)
        screen.lesson_run.goto(4)
        screen.show(ask=True)
        await settle(pilot)
        assert "T: tree screen" in "\n".join(screen_lines(app))
        assert "T Whole tree" in bar(screen), bar(screen)
        screen.lesson_run.goto(3)  # a page with no tree
        screen.show(ask=True)
        await settle(pilot)
        assert "T " not in bar(screen), bar(screen)


async def test_the_lessons_end_names_one_key_back_to_the_lessons() -> None:
    """At the lesson's end the bar names Enter for where it goes, alone (not "esc Lekcje  ⏎
    Lekcje", nor "⏎ Next"); the help still lists escape; Enter goes back to the lessons."""
    from tui.screens.help_screen import HelpScreen

    app = tutor_on(KEYS, "pl")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await lesson_screen(pilot)
        screen.lesson_run.goto(2)
        screen.show(ask=True)
        await settle(pilot)
        await pilot.press("1")
        await wait_for(pilot, lambda: screen.lesson_run.answered)
        await pilot.press("enter")
        await wait_for(pilot, lambda: screen.lesson_run.finished)
        await settle(pilot)
        shown = bar(screen)
        assert "⏎ Lekcje" in shown and "esc" not in shown and "⏎ Dalej" not in shown, shown
        words = shown.split()
        assert len(words) == len(set(words)), shown  # no label twice
        await pilot.press("question_mark")
        await wait_for(pilot, lambda: isinstance(app.screen, HelpScreen))
        help_screen = app.screen
        assert isinstance(help_screen, HelpScreen)
        assert any("escape" in b.key for b in help_screen.key_bindings)
        await pilot.press("escape")
        await wait_for(pilot, lambda: app.screen is screen)
        await pilot.press("enter")
        await wait_for(pilot, lambda: isinstance(app.screen, LessonMenuScreen))


async def test_r_in_the_bar_once_the_board_is_stepped_away_from_the_lesson() -> None:
    """The key r (the lesson's board) acted on 5 p3 once the board was stepped,
    and only the help named it."""
    app = tutor_on(KEYS)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await lesson_screen(pilot)
        screen.lesson_run.goto(1)
        screen.show(ask=True)
        await settle(pilot)
        assert "r Lesson's board" not in bar(screen), bar(screen)  # where the lesson left it
        await pilot.press("space")
        await wait_for(pilot, lambda: screen.lesson_run.explored)
        await settle(pilot)
        assert "r Lesson's board" in bar(screen), bar(screen)
        await pilot.press("r")  # it does what the bar says
        await wait_for(pilot, lambda: not screen.lesson_run.explored)
        await settle(pilot)
        assert "r Lesson's board" not in bar(screen), bar(screen)


def _offers_back(bar: KeyBar) -> bool:
    return "Undo" in bar.text.plain


async def test_back_is_offered_only_once_a_tick_was_played() -> None:
    app = tutor_on_builtin("1")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await lesson_screen(pilot)
        run = screen.lesson_run
        await pilot.press("n")  # page 2: its board at the start, and a question
        await wait_for(pilot, lambda: run.page_index == 1 and run.asked is not None)
        await pilot.press("2")  # answered: the board's keys are the student's
        await wait_for(pilot, lambda: run.asked is None)
        await pilot.pause()
        session = run.session
        assert session is not None and session.tick == 0
        bar = screen.query_one(KeyBar)
        # the answer's placement is on the board: r shows the page's board, which then steps
        # (the keys step only what is on screen)
        assert "Tick" not in bar.text.plain and "r Lesson's board" in bar.text.plain
        await pilot.press("r")
        await wait_for(pilot, lambda: "Tick" in bar.text.plain)  # the page's board steps
        assert not _offers_back(bar)
        assert screen.check_action("back", ()) is False  # nor in the ? help
        await pilot.press("space")
        await wait_for(pilot, lambda: session.tick == 1)
        await wait_for(pilot, lambda: _offers_back(bar))
        await pilot.press("left")
        await wait_for(pilot, lambda: session.tick == 0)
        await wait_for(pilot, lambda: not _offers_back(bar))


async def test_left_is_named_a_tick_back_beside_the_previous_page() -> None:
    app = tutor_on_builtin("2")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await lesson_screen(pilot)
        session = screen.session
        assert session is not None and session.tick > 0  # page 1 shows its board at tick 2
        await pilot.pause()
        text = screen.query_one(KeyBar).text.plain
        assert "← Undo" in text, text
        assert "← Back" not in text, text
        tick = session.tick
        await pilot.press("left")
        await wait_for(pilot, lambda: session.tick == tick - 1)
        assert screen.lesson_run.page_index == 0  # the board stepped back, not the page


async def test_the_keys_the_page_names_stay_in_a_crowded_bar() -> None:
    app = tutor_on_builtin("9")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await lesson_screen(pilot)
        await open_page(pilot, screen, page_with_board(screen, 7))  # its [i], [b], [s]
        assert "Backtracks on 7 x 7" in screen.lesson_run.page.title
        session = screen.session
        assert session is not None
        await pilot.press("i")
        await wait_for(pilot, lambda: session.tick > 0)
        bar = screen.query_one(KeyBar)
        await wait_for(pilot, lambda: "Undo" in bar.text.plain)
        text = bar.text.plain
        for shown in ("i Iter", "b Backtrack", "s Solve", "← Undo"):
            assert shown in text, text
        assert len(text) <= 80, text
