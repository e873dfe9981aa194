"""The edutecnica page's tenta/sicura and the Wrocław lecture's hetmany/isf, and the edutecnica T[]
left over on a 5 x 5 board."""

from __future__ import annotations

import itertools

from solver.methods.scan.engine import ScanEngine
from solver.methods.scan.search import Tally, first_solution, hetmany, isf, queensRek, sicura, tenta
from solver.methods.scan.view import ScanView
from solver.stepping import Mode
from solver.views.frame import CellMark
from tests.unit.solver.lecture_reference import lecture_ticks
from tests.unit.solver.reference_solutions import reference_solutions

EDUTECNICA_LISTING = """\
0 4 7 5 2 6 1 3
0 5 7 2 6 3 1 4
0 6 3 5 7 1 4 2
0 6 4 7 1 3 5 2
1 3 5 7 2 0 6 4
1 4 6 0 2 7 5 3
1 4 6 3 0 7 5 2
1 5 0 6 3 7 2 4"""


def test_tenta_finds_every_solution_in_the_edutecnica_pages_order() -> None:
    lines = [" ".join(map(str, s)) for s in itertools.islice(tenta(8), 8)]
    assert "\n".join(lines) == EDUTECNICA_LISTING
    for n in range(1, 9):
        assert list(tenta(n)) == reference_solutions(n)


def squares_tested_by_the_lecture(n: int) -> int:
    return sum(1 for kind, _, _ in lecture_ticks(n) if kind in ("attacked", "placed"))


def test_tenta_is_lazy_and_tests_the_squares_the_lecture_loop_tests() -> None:
    tally = Tally()
    next(tenta(8, tally))
    assert tally.checks == squares_tested_by_the_lecture(8)
    tally = Tally()
    first_solution(8, tally)
    assert tally.checks == squares_tested_by_the_lecture(8)


def test_sicura_and_isf_agree_and_hetmany_and_queens_rek_find_the_first_solution() -> None:
    T = [0, 4, 7, 5, 2, 6, 1, 3]
    for k in range(8):
        for row in range(8):
            assert sicura(T, k, row) == isf(k, row, T)
    assert not sicura([0], 1, 1) and not sicura([0], 1, 0) and sicura([0], 1, 2)
    a = [-1] * 8
    assert hetmany(8, 0, a) and a == [0, 4, 7, 5, 2, 6, 1, 3]
    assert queensRek(3)[0] == -1
    k, b = queensRek(6)
    assert k == 6 and tuple(b) == reference_solutions(6)[0]
    for n in range(1, 9):
        reference = reference_solutions(n)
        assert first_solution(n) == (reference[0] if reference else None)


def left_over(engine: ScanEngine) -> set[int]:
    frame = ScanView().frame(engine.snapshot(), "off")
    (row,) = frame.tables.rows
    return {k for k, cell in enumerate(row.cells) if cell.mark is CellMark.STALE}


def test_only_columns_a_removed_queen_stood_in_are_left_over() -> None:
    engine = ScanEngine(6, Mode.ALL)
    reached: set[int] = set()  # the columns a queen has been placed in so far
    history: list[set[int]] = []
    for _ in range(300):
        if engine.step() is None:
            break
        snapshot = engine.snapshot()
        reached |= {col for col, _ in snapshot.placed}
        on_board = {col for col, _ in snapshot.placed}
        shown = left_over(engine)
        assert shown <= reached - on_board, (engine.tick, shown, reached, on_board)
        assert shown == snapshot.held - on_board
        history.append(shown)
    assert any(history), "a backtrack left a T[k] over somewhere"
    # The first ticks, before any queen reached columns 2 to 4: none of them in parentheses.
    engine.reset()
    for _ in range(3):
        engine.step()
    assert left_over(engine) == set()
    # Stepping back gives each tick's marks again.
    engine.reset()
    for _ in range(len(history)):
        engine.step()
    for shown in reversed(history):
        assert left_over(engine) == shown
        engine.back()
