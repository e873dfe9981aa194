"""The key bar and the help offer only keys that act: no play or tick while a guess question waits,
escape on a lesson's guess board says it leaves, no forward key on a search that is over, and no
key a waiting answer types (every page of every lesson thorough; lesson 9 p7 every run)."""

from __future__ import annotations

import pytest
from textual.keys import key_to_character
from textual.pilot import Pilot

from lessons.catalog import load_catalog
from tests.tiers import sweep
from tests.tui.guess_keys import open_guess
from tests.tui.lesson_apps import lesson_screen, open_page, tutor_on, tutor_on_builtin
from tests.tui.screen_text import pauses, wait_for
from tui.app import QueensTutorApp
from tui.screens.help_screen import HelpScreen
from tui.screens.lesson_screen import LessonScreen
from tui.widgets.guess_pane import GuessPane
from tui.widgets.key_bar import KeyBar
from tui.widgets.quiz_answer import AnswerField
from tui.widgets.quiz_choices import QuizChoices


def key_bar(app: QueensTutorApp) -> str:
    return str(app.screen.query_one(KeyBar).text)


async def test_play_is_not_offered_while_a_guess_question_waits() -> None:
    app = QueensTutorApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("g")
        await pilot.pause()
        screen = app.screen
        session = screen.session  # type: ignore[attr-defined]
        assert session.guessing and "Play" in key_bar(app)
        for _ in range(6):
            if session.question_open:
                break
            await pilot.press("space")
            await pilot.pause()
        assert session.question_open
        await wait_for(pilot, lambda: "Play" not in key_bar(app))
        # The y/n question: space would only ask again, so no Tick either; at the rule's question
        # space skips it, and Tick is offered.
        assert "y Yes" in key_bar(app) and "Tick" not in key_bar(app) and "Iter" not in key_bar(app)
        await pilot.press("y")
        await wait_for(pilot, lambda: not session.question_open)
        await wait_for(pilot, lambda: "space Tick" in key_bar(app))


GUESS = """\
@lesson guessing
@title Guessing

@quiz
@board n=4
@question guess ticks=10 goal=3
@end
"""


async def test_the_lesson_guess_board_says_escape_leaves_the_board() -> None:
    app = tutor_on(GUESS)
    async with app.run_test(size=(80, 24)) as pilot:
        await lesson_screen(pilot)
        board = await open_guess(pilot)
        for _ in range(6):
            if board.round.game.question is not None:
                break
            await pilot.press("space")
            await pilot.pause()
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
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await lesson_screen(pilot)
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


async def settle(pilot: Pilot[None]) -> None:
    await pauses(pilot, 2)


WALKS = [(lang, "all") for lang in ("en", "it", "pl")] + [("en", "9")]


@pytest.mark.parametrize(("lang", "which"), sweep(WALKS, everyday=[], several=True))
async def test_no_waiting_answer_is_offered_a_key_it_types(lang: str, which: str) -> None:
    offered: list[str] = []
    asked = 0
    lessons = load_catalog(lang).lessons
    for lesson in lessons if which == "all" else [lessons[int(which) - 1]]:
        app = tutor_on_builtin(lesson.id, lang)
        async with app.run_test(size=(80, 24)) as pilot:
            screen = await lesson_screen(pilot)
            for page in range(len(lesson.pages)):
                await open_page(pilot, screen, page)
                await settle(pilot)
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
                        await settle(pilot)
                    screen.action_go_on()
                    await settle(pilot)
    assert asked > (50 if which == "all" else 10)  # the walk reached the questions
    assert not offered, offered


async def test_the_help_leaves_out_the_keys_the_answer_types() -> None:
    """Lesson 9 p7 marks [q] in its text ("leave with [escape] and [q]"): with its question
    waiting, neither the bar nor the help offers q or any other key the answer types."""
    app = tutor_on_builtin("9")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await lesson_screen(pilot)
        page = next(
            i
            for i, p in enumerate(screen.lesson_run.lesson.pages)
            if "<kbd>q</kbd>" in "".join(getattr(b, "markdown", "") for b in p.blocks)
        )
        await open_page(pilot, screen, page)
        await settle(pilot)
        assert screen.lesson_run.asked is not None
        typed = typed_keys(screen)
        assert "q" in typed and not set(bar_keys(screen)) & typed, bar_keys(screen)
        await pilot.press("question_mark")
        await wait_for(pilot, lambda: isinstance(app.screen, HelpScreen))
        help_screen = app.screen
        assert isinstance(help_screen, HelpScreen)
        keys = {key for b in help_screen.key_bindings for key in b.key.split(",")}
        assert keys and not keys & {"q", "p", "r", "space", "comma", "full_stop"}, keys
