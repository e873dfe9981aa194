"""A next-state question whose value is a list: the prompt says how to type it, a wrong entry is
named, a line that is no list costs nothing, the right list is graded and saved."""

from __future__ import annotations

from lessons.progress.store import ProgressStore
from lessons.stage.expect_names import read
from solver.registry import make_engine
from solver.stepping import Mode, Stop
from tests.tui.lesson_apps import lesson_screen, tutor_on
from tests.tui.screen_text import lines, wait_for
from tui.app import QueensTutorApp

START, AHEAD = 3, 3
LESSON = f"""\
@lesson listing
@title Listing

@quiz
@board n=5 algorithm=recursive
@step {START}
@question next-state of=q ticks={AHEAD}
@end
"""


def q_then(tick: int) -> list[str]:
    """placeQueens' q[] ``AHEAD`` ticks after ``tick``, from a recursive engine of its own."""
    engine = make_engine("recursive", 5, Mode.FIRST, None)
    engine.run(Stop.END, max_ticks=tick + AHEAD)
    return read(engine, "recursive", "q").strip("[]").split(", ")


def shown(app: QueensTutorApp, widget: str) -> str:
    """The words one widget of the quiz pane shows on the screen, its wrapped lines joined."""
    return " ".join(" ".join(lines(app.screen.query_one(widget))).split())


async def test_a_list_typed_with_a_wrong_entry_is_named_and_the_right_list_is_graded() -> None:
    app = tutor_on(LESSON)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await lesson_screen(pilot)
        run = screen.lesson_run
        assert run.asked is not None and run.asked.question.kind == "next-state"
        assert run.engine is not None  # the quiz's drawn tick: the board shows it
        right = q_then(run.engine.tick)
        wrong = list(right)
        wrong[1] = str(int(wrong[1]) + 2)
        assert "what will q be then? Type its entries in order, like [0, 2, -1]" in shown(
            app, "#quiz-prompt"
        )
        await pilot.press(*" ".join(wrong), "enter")
        await wait_for(pilot, lambda: run.feedback is not None)
        assert run.feedback is not None and run.feedback.counted
        named = f"q[1] is {right[1]} then, not {wrong[1]}"
        assert named in run.feedback.message
        assert named in shown(app, "#quiz-feedback")
        await pilot.press(*"[1;2", "enter")  # no closing bracket: not read, not an attempt
        await wait_for(pilot, lambda: run.feedback is not None and not run.feedback.counted)
        assert "“[1;2” is not a list the tutor can read" in shown(app, "#quiz-feedback")
        await pilot.press(*f"[{','.join(right)}]", "enter")
        await wait_for(pilot, lambda: run.answered)
        assert run.feedback is not None and run.feedback.correct
        assert f"Right: [{', '.join(right)}]" in shown(app, "#quiz-feedback")
    saved = ProgressStore().records["listing"]
    answer = next(iter(saved.answers.values()))
    assert answer.right and answer.attempts == 2
