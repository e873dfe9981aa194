"""No answer on the lesson screen: the app gives none the headless walk (tests/unit/lessons/
answers_on_screen.py) does not; every page of every lesson at 80x24 shows each question with
its choices, answer line and feedback, the text it is about in reach, the board hiding answers."""

from __future__ import annotations

import asyncio
import itertools
import re
from dataclasses import replace

import pytest
from hypothesis import assume, given, settings
from textual.pilot import Pilot
from textual.widget import Widget

from lessons import i18n
from lessons.answers.checking import BACKTRACK, AnswerType, Posed
from lessons.catalog import load_catalog
from lessons.checking.validate import check_text
from lessons.model import Text
from lessons.quiz.kinds import KINDS
from solver.views.frame import Mark
from solver.views.hidden import HIDDEN
from tests.tiers import examples, sweep
from tests.tui.lesson_apps import run_opened, tutor_on, tutor_on_builtin
from tests.tui.screen_text import pressed, screen_lines, wait_for
from tests.unit.lessons.answers_on_screen import Waiting, as_waiting, on_screen, tells
from tests.unit.lessons.generated_lessons import lessons
from tui.app import QueensTutorApp
from tui.lesson_context import LessonContext
from tui.screens.lesson_screen import LessonScreen
from tui.widgets.board import Board
from tui.widgets.lesson_pane import LessonPane
from tui.widgets.lesson_text import CodeListing
from tui.widgets.quiz_answer import AnswerField
from tui.widgets.quiz_choices import QuizChoices

SIZE = (100, 40)


def _screen_text(app: QueensTutorApp) -> str:
    return " ".join(screen_lines(app))


@pytest.mark.parametrize("lang", sweep(["en", "it", "pl"], everyday=["pl"]))
async def test_the_screen_gives_no_answer_the_walk_does_not(lang: str) -> None:
    i18n.set_language(lang)
    lesson = LessonContext.load(lang=lang).catalog.find("naive-search")
    assert lesson is not None
    app = tutor_on(lesson.path.read_text(encoding="utf-8"), lang)
    compared = 0
    async with run_opened(app, SIZE) as (pilot, _screen, run):
        while not run.finished and compared < 12:
            if run.asked is None:
                await pressed(pilot, "enter")
                continue
            await pilot.pause()
            shown = _screen_text(app)
            headless, _marks = on_screen(run)
            on_app = set(tells(as_waiting(run, shown)))
            assert on_app <= set(tells(as_waiting(run, headless)))
            assert on_app == set()
            prompt = " ".join(run.asked.posed.prompt.split()[:4])
            assert prompt in " ".join(shown.split()), prompt
            compared += 1
            await pressed(pilot, "f3")  # show the answer: the next question
    assert compared >= 8


COUNTED = """@lesson counted
@title Counted
@page Five
@board n=5 mode=all
@run end
@question solutions n=5
@end
"""


async def test_the_walk_reads_a_count_on_the_screen() -> None:
    app = tutor_on(COUNTED, "en")
    async with run_opened(app, SIZE) as (pilot, _screen, run):
        await pilot.pause()
        waiting = as_waiting(run, _screen_text(app))
        assert tells(waiting) == []  # the box of solutions found is hidden while it waits
        await pressed(pilot, "f3")
        assert "solutions found: 10" in _screen_text(app)
        assert tells(Waiting("", 0, "", "solutions", waiting.posed, _screen_text(app), frozenset()))


LESSONS = load_catalog("en").lessons  # the lessons only: no progress store at import
_WORD = re.compile(r"[A-Za-z0-9]+")


def words(text: str) -> list[str]:
    # a key is written <kbd>o</kbd> and shown [o]: the student reads "o", not "kbd"
    return _WORD.findall(re.sub(r"</?kbd>", "", text))


def last_paragraph(markdown: str) -> str:
    """The paragraph (or code block) that ends a text block: what a question is about."""
    paragraphs = [p for p in re.split(r"\n\s*\n", markdown.strip()) if p.strip()]
    return "\n".join(
        line for line in paragraphs[-1].splitlines() if not line.lstrip().startswith("```")
    )


def in_order(needle: list[str], haystack: list[str]) -> bool:
    found = iter(haystack)
    return all(any(word == seen for seen in found) for word in needle)


def wrong_answer(posed: Posed) -> str:
    """A wrong answer typed or chosen as the student would (keys for the Pilot)."""
    if posed.answer_type is AnswerType.CHOICE:  # its label: a digit, or a letter where the
        return posed.choice_label(0 if posed.expected != "0" else 1)  # choices are numbers
    if posed.expected == BACKTRACK:
        return "0"
    if posed.answer_type is AnswerType.ROW:  # a row of the board (one off it costs nothing)
        right = {posed.expected, *posed.also_right}  # an attacker question: every attacker
        return next(str(row) for row in range(64) if str(row) not in right)
    wrong = int(posed.expected) + posed.tolerance + 1
    while str(wrong) in posed.also_right:
        wrong += 1
    return str(wrong)


def fully_visible(pane: LessonPane, widget: Widget) -> bool:
    inside = pane.content_region
    region = widget.region
    return region.height > 0 and inside.intersection(region) == region


def lines_with_listings(screen: LessonScreen, pane: LessonPane) -> list[str]:
    """The screen's lines, each code listing's lines on it whole: a listing wider than the
    pane wraps, each continuation marked, and its words are read from it as they are read from
    the prose."""
    lines = screen_lines(screen.app)
    for listing in pane.query(CodeListing):
        inside = listing.scrollable_content_region.intersection(pane.page.scrollable_content_region)
        for y in inside.line_range:
            line = listing.line(y - listing.region.y + round(listing.scroll_y))
            lines[y] = lines[y][: listing.region.x] + line
    return lines


async def check_question_on_screen(
    pilot: Pilot[None], screen: LessonScreen, feedback: bool
) -> None:
    run = screen.lesson_run
    assert run.asked is not None
    where = f"{screen.lesson.id} page {run.page_index + 1} ({run.page.title!r})"
    pane = screen.query_one(LessonPane)
    needed: list[Widget] = [screen.query_one("#quiz-prompt")]
    posed = run.asked.posed
    if posed.answer_type is AnswerType.PLACE:
        pass  # answered on the place board (o): only the prompt and the feedback show
    elif posed.answer_type is AnswerType.CHOICE:
        choices = screen.query_one(QuizChoices)
        needed.append(choices)
        assert choices.option_count == len(posed.choices)
        # every choice on its own line(s), none scrolled away inside the list
        assert choices.max_scroll_y == 0, f"{where}: the choices do not all fit"
    else:
        needed.append(screen.query_one(AnswerField))
    if feedback:
        needed.append(screen.query_one("#quiz-feedback"))
    for widget in needed:
        assert fully_visible(pane, widget), (
            f"{where}: {widget.id or widget} is not all on screen\n"
            + "\n".join(screen_lines(screen.app))
        )
    shown = [block for block in run.shown if isinstance(block, Text)]
    if shown:
        about = words(last_paragraph(shown[-1].markdown))
        left = pane.region.x

        def visible() -> list[str]:
            return words(" ".join(line[left:] for line in lines_with_listings(screen, pane)))

        if not in_order(about, visible()):
            # The page opens at its top: the text just before the question is an End away
            # (the key works while the question waits; a paragraph taller than the room
            # above a long feedback, a page up from there), and the question stays in view.
            # Where a long feedback leaves a few lines above it, the paragraph is read a page
            # at a time: its words in order over the views PgUp shows, from the top down.
            await pressed(pilot, "end")
            views = [visible()]
            reached = in_order(about, views[0])
            for _ in range(8):
                if reached:
                    break
                await pressed(pilot, "pageup")
                views.insert(0, visible())
                reached = in_order(about, [word for view in views for word in view])
            screen_text = "\n".join(screen_lines(screen.app))
            assert reached, f"{where}: text out of reach\n{screen_text}"
            for widget in needed:
                assert fully_visible(pane, widget), f"{where}: {widget.id} gone at end"
            await pressed(pilot, "home")
    if run.predicting and run.shows_board:  # a page without a board has nothing to hide
        board = screen.query_one(Board).frame
        assert board is not None
        marks = {mark for line in board.squares for mark in line}
        assert not marks & set(HIDDEN), f"{where}: the board shows {marks & set(HIDDEN)}"
        if run.asked is not None and KINDS[run.asked.question.kind].board:
            # A question about the board shows its queens (any question hides the marks).
            engine = run.engine
            assert Mark.QUEEN in marks or not any(b >= 0 for b in engine.b), where  # type: ignore[union-attr]


@pytest.mark.thorough
@pytest.mark.slow(9)
@pytest.mark.parametrize("lesson", LESSONS, ids=[lesson.id for lesson in LESSONS])
async def test_every_question_fits_at_80x24(lesson: object) -> None:
    app = tutor_on_builtin(lesson.id)  # type: ignore[attr-defined]
    asked = 0
    async with run_opened(app) as (pilot, screen, run):
        for _ in range(500):
            if run.finished:
                break
            if run.asked is None:
                await pilot.press("enter")
                continue
            asked += 1
            key = run.asked.key
            if run.asked.posed.answer_type is AnswerType.PLACE:
                # Open the place board and leave it with nothing done: said, no attempt.
                await pilot.press("o")
                await wait_for(pilot, lambda: app.screen is not screen)
                await pilot.press("escape")
                await wait_for(pilot, lambda: app.screen is screen)
            else:
                await pilot.press(*wrong_answer(run.asked.posed))
            if run.asked.posed.answer_type not in (AnswerType.CHOICE, AnswerType.PLACE):
                await pilot.press("enter")
            # Leaving the guess board (escape) is no attempt: the question waits, no feedback;
            # nor the place board left halfway, which says where it stands.
            guess = run.asked.posed.kind == "guess"
            tried = 0 if guess or run.asked.posed.answer_type is AnswerType.PLACE else 1
            await wait_for(pilot, lambda t=tried: run.asked is not None and run.asked.attempts == t)
            await pilot.pause()
            await check_question_on_screen(pilot, screen, feedback=not guess)
            await pilot.press("f3")
            await wait_for(pilot, lambda key=key: run.asked is None or run.asked.key != key)
            await pilot.press("enter")
        assert run.finished
    assert asked == sum(len(page.questions) for page in lesson.pages)  # type: ignore[attr-defined]


_FRESH = itertools.count()


async def _walked_at_80x24(text: str, lang: str) -> None:
    """Every question of the lesson ``text`` waits at 80x24 with no answer on screen, then is
    shown (F3)."""
    app = tutor_on(text.replace("@lesson gen", f"@lesson gen-{next(_FRESH)}"), lang)  # unplayed
    async with run_opened(app) as (pilot, _screen, run):
        for _ in range(200):
            await pilot.pause()
            if run.finished:
                break
            if run.asked is None:
                await pilot.press("enter")
                continue
            shown = _screen_text(app)  # no lesson's prose: a count on it is the tutor's
            assert tells(replace(as_waiting(run, shown), panes=shown)) == [], (text, shown)
            key = run.asked.key
            await pilot.press("f3")
            await wait_for(pilot, lambda key=key: run.asked is None or run.asked.key != key)
        assert run.finished, text


@pytest.mark.thorough
@pytest.mark.timeout(600)
@settings(max_examples=examples(8), derandomize=True)
@given(lessons())
def test_a_generated_lesson_shows_no_answer_at_80x24(generated: tuple[str, object, str]) -> None:
    """A lesson drawn from the format's grammar that the check passes (in Italian if it has a
    translation)."""
    text, _boards, italian = generated
    assume(not check_text(italian or text, "gen.md"))
    asyncio.run(_walked_at_80x24(italian or text, "it" if italian else "en"))
