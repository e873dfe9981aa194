"""Solver/peek.py: a peek at the next tick or iteration is taken back exactly and says what
playing it then does, at every tick of a whole search of every method."""

from __future__ import annotations

import pytest

from solver.registry import DEFAULT_METHOD, steppable_methods, stepped
from solver.stepping import Kind, Mode, Stop
from tests.tiers import method_sweep
from tests.unit.solver.lecture_reference import lecture_ticks


# Everyday: the first method and the maze (another snapshot altogether).
@pytest.mark.parametrize(
    "method",
    method_sweep(
        steppable_methods(),
        everyday=[
            steppable_methods()[0],
            *(m for m in steppable_methods() if not stepped(m).queens),
        ],
    ),
)
def test_a_peek_is_what_the_step_then_does(method: str) -> None:
    kit = stepped(method)
    engine = kit.make_engine(5, Mode.ALL, None if kit.queens else "corridor")
    tests = iterations = 0
    while not engine.finished:
        before = engine.snapshot()
        peeked = kit.next_test(engine)
        iteration = kit.next_iteration(engine)
        assert engine.snapshot() == before  # taken back exactly
        if iteration is not None:
            tick = engine.tick
            engine.run(Stop.ITERATION)
            after = engine.snapshot()
            assert after.last_kind is (Kind.PLACE if iteration.placed else Kind.BACKTRACK)
            while engine.tick > tick:
                engine.back()
            assert engine.snapshot() == before
            iterations += 1
        engine.run(Stop.TICK, max_ticks=1)
        assert kit.test_of(engine.snapshot()) == peeked
        tests += peeked is not None
    assert iterations > 5
    assert tests > 10 if kit.tests_squares else tests == 0


def isfree_calls(n: int) -> list[tuple[int, int]]:
    """The isfree(k, b[k]) calls of the Wrocław lecture's loop until its first solution (its
    transcription's ticks after ``b[0]=0; k=1``, which calls none)."""
    ticks = lecture_ticks(n)[1:]
    return [(k - (kind == "placed"), b[k - (kind == "placed")]) for kind, b, k in ticks
            if kind in ("attacked", "placed")]  # fmt: skip


@pytest.mark.parametrize("n", [4, 6])
def test_the_iterative_loop_tests_only_the_squares_it_calls_isfree_on(n: int) -> None:
    """The loop sets b[0]=0 directly: guess mode never asks about isfree(0, 0), which the
    lecture never calls; after a backtrack to column 0, isfree(0, 1) is called and asked."""
    kit = stepped(DEFAULT_METHOD)  # the Wrocław lecture's loop, checked against its own code
    engine = kit.make_engine(n, Mode.FIRST)
    asked = []
    while not engine.finished:
        test = kit.next_test(engine)
        if test is not None:
            asked.append(test.square)
        engine.run(Stop.TICK, max_ticks=1)
    assert asked[0] != (0, 0) and (0, 1) in asked
    assert asked == isfree_calls(n)
