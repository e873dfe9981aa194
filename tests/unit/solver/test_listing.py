"""Which lines of the lecture's loop each tick runs."""

from __future__ import annotations

from solver.events import Attacker, Backtrack, Done, Rule, Try
from solver.methods.iterative.engine import IterativeEngine, Mode
from solver.methods.iterative.listing import (
    ADVANCE,
    INCREMENT,
    INIT,
    LOOP,
    RETREAT,
    RETURN,
    TEST,
    WHILE,
    lines_run,
)
from solver.stepping import Found


def test_the_listing_is_the_lecture_loop_and_each_kind_of_tick_runs_its_lines() -> None:
    assert LOOP[INIT] == "b[0]=0; k=1;"
    assert "b[k]++" in LOOP[INCREMENT] and "isfree(k,b[k])" in LOOP[TEST]
    assert "k++" in LOOP[ADVANCE] and "b[k]=-1; k--;" in LOOP[RETREAT]
    assert lines_run(None) == ()
    assert lines_run(Try(0, 0, ())) == (INIT,)
    assert lines_run(Try(1, 0, (Attacker(0, 0, Rule.ROW),))) == (INCREMENT, TEST)
    assert lines_run(Try(1, 2, ())) == (INCREMENT, TEST, ADVANCE)
    assert lines_run(Backtrack(2)) == (INCREMENT, TEST, RETREAT)
    assert lines_run(Found((1, 3, 0, 2), 1)) == (WHILE, RETURN)
    assert lines_run(Done(0)) == (WHILE, RETURN)


def test_only_the_first_tick_runs_the_init_line() -> None:
    engine = IterativeEngine(6, Mode.ALL)
    firsts = [INIT in lines_run(event) for event in engine.events()]
    assert firsts[0] and not any(firsts[1:])
