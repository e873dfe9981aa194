"""With every solution asked for, the iterative loop does not end at ``return k``: the sentence
of each solution says so and names the step that follows."""

from __future__ import annotations

from solver.events import Try
from solver.methods.iterative.engine import IterativeEngine
from solver.methods.iterative.narration import describe
from solver.methods.iterative.trace import ticks
from solver.stepping import Found, Mode


def _first_solution_and_next(n: int) -> tuple[Found, Try]:
    engine = IterativeEngine(n, Mode.ALL)
    events = engine.events()
    for event in events:
        if isinstance(event, Found):
            following = next(events)
            assert isinstance(following, Try)
            return event, following
    raise AssertionError("no solution")


def test_a_solution_names_the_step_that_follows_in_all_mode_only() -> None:
    solution, following = _first_solution_and_next(4)
    said = describe(solution, 4, Mode.ALL)
    assert following.col == 3  # the next tick moves column n-1's queen up, as said
    assert "b = [1, 3, 0, 2]" in said and "goes on" in said and "k = 3" in said and "b[3]++" in said
    first = describe(solution, 4, Mode.FIRST)
    assert "goes on" not in first and "b[3]++" not in first


def test_trace_all_says_it_goes_on_and_trace_first_does_not() -> None:
    every = [t.sentence() for t in ticks(6, every=True) if isinstance(t.event, Found)]
    assert len(every) == 4  # OEIS A000170: 4 solutions at n = 6
    assert all("b[5]++" in s for s in every)
    first = [t.sentence() for t in ticks(6, every=False) if isinstance(t.event, Found)]
    assert len(first) == 1 and "b[5]++" not in first[0]
