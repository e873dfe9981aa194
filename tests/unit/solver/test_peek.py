"""solver/peek.py: peeking plays the next tick or iteration and takes it back exactly, and
says what playing it then does, at every tick of a whole search of every method."""

from __future__ import annotations

import pytest

from solver.registry import steppable_methods, stepped
from solver.stepping import Kind, Mode, Stop


@pytest.mark.parametrize("method", steppable_methods())
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
    assert tests > 10 and iterations > 5
