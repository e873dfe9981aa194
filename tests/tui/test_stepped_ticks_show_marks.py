"""Lesson 4 p4: once its first question is answered, the ticks the student steps to by hand draw
their attack marks; the lesson's own tick, before the next question, still hides them."""

from __future__ import annotations

from solver.views.frame import Mark
from tests.tui.lesson_apps import lesson_screen, open_page, tutor_on_builtin
from tui.widgets.board import Board


def marks(board: Board) -> set[Mark]:
    frame = board.frame
    assert frame is not None
    return {mark for line in frame.squares for mark in line}


async def test_lesson_4_p4_draws_the_attacks_of_the_ticks_stepped_after_an_answer() -> None:
    app = tutor_on_builtin("4", "pl")
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await lesson_screen(pilot)
        page = next(
            i
            for i, p in enumerate(screen.lesson_run.lesson.pages)
            if [q.kind for q in p.questions] == ["attacker", "attack-rule"]
        )
        await open_page(pilot, screen, page)
        run = screen.lesson_run
        asked = run.asked
        assert asked is not None and asked.question.kind == "attacker"
        board = screen.query_one(Board)
        assert Mark.ATTACKED not in marks(board)  # the question waits: nothing given away
        await pilot.press(*str(asked.posed.expected), "enter")
        await pilot.pause()
        assert run.asked is None and run.finished_question is not None
        session = run.session
        assert session is not None
        lesson_tick = session.tick
        for key, tick in (
            ("left", lesson_tick - 1),
            ("space", lesson_tick),
            ("space", lesson_tick + 1),
        ):
            await pilot.press(key)
            await pilot.pause()
            assert session.tick == tick
            shown = marks(board)
            if tick == lesson_tick:  # the lesson's own tick: the next question's board
                assert Mark.ATTACKED not in shown, (tick, shown)
            else:
                assert {Mark.ATTACKED, Mark.ATTACKER, Mark.CANDIDATE} <= shown, (tick, shown)
