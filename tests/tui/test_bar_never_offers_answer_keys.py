"""While a question waits, its answer takes every printable key: the key bar and the help never
offer one (every page of every lesson thorough; lesson 9 p7, which marks [q], every run)."""

from __future__ import annotations

import pytest
from textual.keys import key_to_character
from textual.pilot import Pilot

from lessons.catalog import load_catalog
from tests.tiers import sweep
from tests.tui.lesson_apps import lesson_screen, open_page, tutor_on_builtin
from tests.tui.screen_text import pauses, wait_for
from tui.screens.help_screen import HelpScreen
from tui.screens.lesson_screen import LessonScreen
from tui.widgets.key_bar import KeyBar
from tui.widgets.quiz_answer import AnswerField
from tui.widgets.quiz_choices import QuizChoices


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
