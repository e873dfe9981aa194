"""Key bars and the help offer only keys that act, named as the screen invites them: no key a
waiting answer types, no play or tick while a guess question waits, no forward key on a search
that is over; in a lesson ``b`` and ``T`` where the page names them, Enter for where it goes,
"⏎ Check" once an answer is typed, ``r`` once the board is stepped, "← Undo" after a tick."""

from __future__ import annotations

import pytest
from textual.keys import key_to_character
from textual.pilot import Pilot

from lessons.catalog import load_catalog
from tests.tiers import sweep
from tests.tui.guess_keys import open_guess
from tests.tui.lesson_apps import (
    lesson_opened,
    lesson_screen,
    open_page,
    page_with_board,
    shown_at,
    tutor_on,
    tutor_on_builtin,
)
from tests.tui.screen_text import pauses, press_for, pressed, screen_lines, wait_for
from tests.tui.test_lesson_guess import GUESS
from tui.app import QueensTutorApp
from tui.screens.help_screen import HelpScreen
from tui.screens.lesson_menu import LessonMenuScreen
from tui.screens.lesson_screen import LessonScreen
from tui.widgets.guess_pane import GuessPane
from tui.widgets.key_bar import KeyBar
from tui.widgets.quiz_answer import AnswerField
from tui.widgets.quiz_choices import QuizChoices


def key_bar(app: QueensTutorApp) -> str:
    return str(app.screen.query_one(KeyBar).text)


async def test_the_lesson_guess_board_says_escape_leaves_the_board() -> None:
    app = tutor_on(GUESS.format(ticks=10))
    async with app.run_test(size=(80, 24)) as pilot:
        await lesson_screen(pilot)
        board = await open_guess(pilot)
        for _ in range(6):
            if board.round.game.question is not None:
                break
            await pressed(pilot, "space")
        said = " ".join(board.query_one(GuessPane).shown_text().split())
        assert "esc: leave the board, no attempt" in said, said
        assert "no question" not in said


OVER = """\
@lesson over
@title Over

@page The whole tree
The whole search.
@board n=4 mode=all
@run end
"""


async def test_a_board_whose_search_is_over_offers_no_forward_keys() -> None:
    app = tutor_on(OVER)
    async with lesson_opened(app) as (pilot, screen):
        assert screen.session is not None and screen.session.engine.finished
        await pilot.pause()
        keys = key_bar(app)
        for word in ("space Tick", "Iter", "Solve"):
            assert word not in keys, keys
        assert "Undo" in keys, keys
        await pilot.press("left")
        await wait_for(pilot, lambda: "space Tick" in key_bar(app))
        assert screen.session.engine.tick > 0


def bar_keys(screen: LessonScreen) -> list[str]:
    """The keys the key bar names, as drawn (its first word of each entry)."""
    bar = screen.query_one(KeyBar)
    text = bar.text.plain
    return [text[start:end].split()[0] for start, end, _ in bar._spans]


def typed_keys(screen: LessonScreen) -> set[str]:
    """How the bar would name each key that the focused answer types as a character (none
    where the question is answered on a board of its own)."""
    names: set[str] = set()
    if not isinstance(screen.focused, AnswerField | QuizChoices):
        return names
    for active in screen.active_bindings.values():
        character = key_to_character(active.binding.key)
        typed = character is not None and character.isprintable()
        if typed and active.node is not screen.focused and not active.binding.priority:
            names.add(screen.app.get_key_display(active.binding))
    return names


WALKS = [(lang, "all") for lang in ("en", "it", "pl")] + [("en", "9")]


@pytest.mark.parametrize(("lang", "which"), sweep(WALKS, everyday=[], several=True))
async def test_no_waiting_answer_is_offered_a_key_it_types(lang: str, which: str) -> None:
    offered: list[str] = []
    asked = 0
    lessons = load_catalog(lang).lessons
    for lesson in lessons if which == "all" else [lessons[int(which) - 1]]:
        app = tutor_on_builtin(lesson.id, lang)
        async with lesson_opened(app) as (pilot, screen):
            for page in range(len(lesson.pages)):
                await open_page(pilot, screen, page)
                await pauses(pilot, 2)
                for _ in range(30):
                    run = screen.lesson_run
                    if run.page_index != page or run.page_done or run.finished:
                        break
                    if run.asked is not None:
                        asked += 1
                        typed = typed_keys(screen)
                        bad = [key for key in bar_keys(screen) if key in typed]
                        if bad:
                            offered.append(f"{lesson.id} p{page + 1}: {bad}")
                        screen.action_reveal()
                        await pauses(pilot, 2)
                    screen.action_go_on()
                    await pauses(pilot, 2)
    assert asked > (50 if which == "all" else 10)  # the walk reached the questions
    assert not offered, offered


async def leaves_out_the_keys_the_answer_types(pilot: Pilot[None], screen: LessonScreen) -> None:
    """Lesson 9 p7 marks [q] in its text ("leave with [escape] and [q]"): with its question
    waiting, neither the bar nor the help offers q or any other key the answer types."""
    page = next(
        i
        for i, p in enumerate(screen.lesson_run.lesson.pages)
        if "<kbd>q</kbd>" in "".join(getattr(b, "markdown", "") for b in p.blocks)
    )
    await open_page(pilot, screen, page)
    await pauses(pilot, 2)
    assert screen.lesson_run.asked is not None
    typed = typed_keys(screen)
    assert "q" in typed and not set(bar_keys(screen)) & typed, bar_keys(screen)
    help_screen = await press_for(pilot, HelpScreen, "question_mark")
    keys = {key for b in help_screen.key_bindings for key in b.key.split(",")}
    assert keys and not keys & {"q", "p", "r", "space", "comma", "full_stop"}, keys


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


def bar(screen: LessonScreen) -> str:
    return screen_lines(screen.app)[-1]


async def test_b_r_check_and_the_lessons_end_in_the_bar_only_while_they_act() -> None:
    """b where the page names it; r once the board is stepped away from the lesson's; ⏎ Check
    once a choice question has an answer typed; at the lesson's end Enter alone, for where it
    goes (the help still lists escape). Each does what the bar says."""
    from lessons.i18n import _

    app = tutor_on(KEYS)
    backtrack, check = "b " + _("Backtrack"), "⏎ " + _("Check")
    board = "r " + _("Lesson's board")
    async with lesson_opened(app) as (pilot, screen):
        await pauses(pilot, 3)
        assert backtrack in bar(screen), bar(screen)
        await pilot.press("b")
        await wait_for(pilot, lambda: not screen.running and screen.session is not None)
        await pilot.press("enter")
        await pauses(pilot, 3)
        assert screen.lesson_run.page_index == 1
        assert backtrack not in bar(screen) and f"s {_('Solve')}" in bar(screen), bar(screen)
        assert board not in bar(screen), bar(screen)  # where the lesson left it
        await pilot.press("space")
        await wait_for(pilot, lambda: screen.lesson_run.explored)
        await pauses(pilot, 3)
        assert board in bar(screen), bar(screen)
        await pilot.press("r")
        await wait_for(pilot, lambda: not screen.lesson_run.explored)
        await pauses(pilot, 3)
        assert board not in bar(screen), bar(screen)
        await shown_at(pilot, screen, 2)
        assert "⏎" not in bar(screen), bar(screen)  # nothing chosen nor typed yet
        await pilot.press("w", "r")
        await pauses(pilot, 3)
        assert check in bar(screen), bar(screen)
        await pilot.press("backspace", "backspace")
        await pauses(pilot, 3)
        assert "⏎" not in bar(screen), bar(screen)
        await pilot.press("1")
        await wait_for(pilot, lambda: screen.lesson_run.answered)
        await pilot.press("enter")
        await wait_for(pilot, lambda: screen.lesson_run.finished)
        await pauses(pilot, 3)
        shown = bar(screen)
        assert f"⏎ {_('Lessons')}" in shown and "esc" not in shown, shown
        assert f"⏎ {_('Next')}" not in shown and len(shown.split()) == len(set(shown.split()))
        help_screen = await press_for(pilot, HelpScreen, "question_mark")
        assert any("escape" in b.key for b in help_screen.key_bindings)
        await pilot.press("escape")
        await wait_for(pilot, lambda: app.screen is screen)
        await press_for(pilot, LessonMenuScreen, "enter")


async def test_t_in_the_bar_beside_the_search_tree() -> None:
    app = tutor_on_builtin("3", "en")
    async with lesson_opened(app) as (pilot, screen):
        await shown_at(pilot, screen, 4)
        assert "T: tree screen" in "\n".join(screen_lines(app))
        assert "T Whole tree" in bar(screen), bar(screen)
        await shown_at(pilot, screen, 3)  # a page with no tree
        assert "T " not in bar(screen), bar(screen)


def _offers_back(bar: KeyBar) -> bool:
    return "Undo" in bar.text.plain


async def test_back_is_offered_only_once_a_tick_was_played() -> None:
    app = tutor_on_builtin("1")
    async with lesson_opened(app) as (pilot, screen):
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
    async with lesson_opened(app) as (pilot, screen):
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


async def test_the_keys_the_page_names_stay_in_a_crowded_bar_the_typed_ones_never() -> None:
    app = tutor_on_builtin("9")
    async with lesson_opened(app) as (pilot, screen):
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
        await leaves_out_the_keys_the_answer_types(pilot, screen)
