"""'You drive' (solver/placement/driving.py): each step graded against the Wrocław loop's engine."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from solver.events import Backtrack, Try
from solver.messages import render
from solver.methods.iterative.engine import IterativeEngine
from solver.placement.driving import Act, Answer, DriveSession, expected_answer
from solver.stepping import Mode, Stop
from tests.tiers import examples
from tests.tui.place_keys import loop_answers


def test_the_drive_starts_after_the_lectures_first_line() -> None:
    """The drive starts with the lecture's ``b[0]=0; k=1`` played, not asked, not taken back."""
    session = DriveSession(4)
    snapshot = session.snapshot()
    assert (snapshot.b, snapshot.k, session.asked) == ((0, -1, -1, -1), 1, 0)
    assert session.next_event() == Try(1, 0, session.engine.attackers(1, 0))
    assert not session.back() and session.snapshot() == snapshot
    session.answer(Answer(Act.TRY, (1, 0)))
    session.reset()
    assert session.snapshot() == snapshot and session.asked == 0


@pytest.mark.parametrize(("n", "solutions"), [(1, ((0,),)), (3, ()), (4, ((1, 3, 0, 2),))])
def test_driving_the_loop_right_to_its_end_finds_its_solutions_with_full_marks(
    n: int, solutions: tuple[tuple[int, ...], ...]
) -> None:
    """On one square the drive is over before its first step; n = 3 ends with none."""
    session = DriveSession(n)
    answers = loop_answers(n)
    for answer in answers:
        verdict = session.answer(answer)
        assert verdict is not None and verdict.right, render(verdict.message)
    assert session.over and session.engine.solutions == solutions
    assert (session.right, session.asked) == (len(answers), len(answers))
    assert session.answer(Answer(Act.BACKTRACK)) is None
    assert solutions or session.engine.k == -1


def test_wrong_answers_say_what_the_loop_does_and_why():
    session = DriveSession(4)  # b[0]=0; k=1 played
    # Column 1, row 0 is next, attacked along the row by the queen of column 0.
    verdict = session.answer(Answer(Act.PLACE, (1, 0)))
    assert verdict is not None and not verdict.right
    assert verdict.expected == Answer(Act.TRY, (1, 0))
    assert session.wrong == (1, 0)  # marked where the loop tried it too
    assert render(verdict.message) == (
        "Not right. Column 1, row 0 is attacked by the queen in column 0 along the row "
        "(same row 0): the loop tries it and moves on to the next row."
    )
    # The loop played it anyway: row 1 is next, attacked along i-j.
    verdict = session.answer(Answer(Act.TRY, (1, 2)))
    assert verdict is not None and not verdict.right
    assert render(verdict.message).startswith(
        "Not right. The loop tries rows in order from b[k]+1 = 1, so row 2 is not next"
    )
    assert session.wrong == (1, 2)  # the square named, where the loop did not go
    verdict = session.answer(Answer(Act.BACKTRACK))
    assert verdict is not None and "still has rows to try" in render(verdict.message)
    assert session.wrong is None
    verdict = session.answer(Answer(Act.TRY, (3, 0)))
    assert verdict is not None and render(verdict.message) == (
        "Not right. The loop works on column k = 2, not on column 3. "
        "Instead, the loop tries column 2, row 0: it is attacked."
    )
    assert (session.right, session.asked) == (0, 4)


@settings(max_examples=examples(40), deadline=None)
@given(n=st.integers(1, 8), steps=st.integers(0, 200), back=st.integers(0, 200))
def test_stepping_back_returns_to_the_engines_own_state(n: int, steps: int, back: int) -> None:
    session = DriveSession(n)
    reference = IterativeEngine(n, Mode.FIRST)
    snapshots = [session.snapshot()]
    for answer in loop_answers(n)[:steps]:
        session.answer(answer)
        snapshots.append(session.snapshot())
    for _ in range(min(back, len(snapshots) - 1)):
        assert session.back()
        snapshots.pop()
        assert session.snapshot() == snapshots[-1]
    reference.run(Stop.END, max_ticks=session.engine.tick)
    assert reference.snapshot() == session.snapshot()


def test_every_attacker_is_named_when_two_attack() -> None:
    """Right or wrong, a square two queens attack is told with both, as the board names them."""
    drive = DriveSession(4)
    seen = 0
    while not drive.over:
        event = drive.next_event()
        assert event is not None
        many = isinstance(event, Try) and len(event.attackers) > 1
        if many and seen == 0:  # said wrong: the learner calls it free
            verdict = drive.answer(Answer(Act.PLACE, (event.col, event.row)))
        else:
            verdict = drive.answer(expected_answer(event))
        assert verdict is not None
        if many:
            seen += 1
            said = render(verdict.message)
            assert f"attacked by {len(event.attackers)} queens" in said, said
            for attacker in event.attackers:
                assert f"column {attacker.col} (" in said, said
    assert seen >= 2


def test_an_attacked_last_row_called_free_or_a_missed_backtrack_says_the_loop_backtracks() -> None:
    """Row 3 of column 2 on 4 x 4 called free: there is no next row, the loop backtracks next;
    a try where the loop backtracks: the column has no row left."""
    session, told = DriveSession(4), 0
    for answer in loop_answers(4):
        if answer.square == (2, 3):
            verdict = session.answer(Answer(Act.PLACE, (2, 3)))
            assert verdict is not None and not verdict.right
            said = render(verdict.message)
            assert "with no row left it backtracks next" in said, said
            assert "next row" not in said, said
            assert session.next_event() == Backtrack(2)
        elif answer.act is Act.BACKTRACK and not told:
            verdict = session.answer(Answer(Act.TRY, (0, 0)))
            assert verdict is not None and not verdict.right
            assert "has no row left" in render(verdict.message)
        else:
            session.answer(answer)
            continue
        told += 1
    assert told == 2
