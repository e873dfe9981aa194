"""G. Persiano's Salerno notes: the general ``BackTrack`` recipe on the queens, as a kit."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from solver.kit import Reader, SteppableKit
from solver.kit_words import Wording
from solver.messages import N_, Message, register

if TYPE_CHECKING:
    from solver.geometry import Square
    from solver.method_run import MethodRun, Progress
    from solver.peek import Iteration, Test
    from solver.stepping import SearchSnapshot

register(
    {
        "guess.try.general": "isAdm(stato, {m}): may the queen of row {R} go in column {m}?",
        "guess.rule.general": "Right, it is not admissible. Which test of checkQueen is true? "
        "1 samecolumn, 2 sameMinorD (c+r), 3 sameMajorD (c-r).",
        "guess.land.general": "Solve in row R = {k}: which move m is admissible next? Type the "
        "column (0 to {last}), or b if none is (Solve returns [False]).",
    }
)


class GeneralKit(SteppableKit):
    name = "general"
    title = N_("the general BackTrack recipe on the queens")
    notes_name = N_("the Salerno BackTrack")
    source = "salerno"
    summary = N_("the BackTrack recipe isFinal/allMoves/isAdm/newStato (the Salerno notes)")
    max_n = 27
    backtracker = True
    engine_path = "solver.methods.general.engine:QueensRecipeEngine"
    view_path = "solver.methods.general.view:GeneralView"
    rule_words = "guess.rule.general"
    land_words = "guess.land.general"
    wording = Wording(row_wise=True)
    expect_names: ClassVar[dict[str, Reader]] = {
        "R": lambda s: s.stato.R,
        "regine": lambda s: s.stato.regine,
        "depth": lambda s: len(s.frames),
        "m": lambda s: "none" if not s.frames or s.frames[-1].move is None else s.frames[-1].move,
    }

    def run(
        self, n: int, every: bool = False, seed: int = 0, progress: Progress | None = None
    ) -> MethodRun:
        from solver.methods.general import queens as recipe_queens

        queen = recipe_queens.Queen(n)
        queen.progress = progress
        start = recipe_queens.QueenState.start(n)
        if every:
            found = tuple(self.as_b(s.placement()) for s in queen.solutions(start))
        else:
            final = queen.solve(start)
            found = () if final is None else (self.as_b(final.placement()),)
        return self.result(n, found, queen.examined)

    def standing(self, snapshot: Any) -> tuple[Square, ...]:
        placed: tuple[tuple[int, int], ...] = getattr(snapshot, "placed", ())
        return tuple((col, row) for row, col in placed)  # placed: (row, column)

    def test_of(self, snapshot: SearchSnapshot) -> Test | None:
        from solver.methods.general.engine import TryMove
        from solver.methods.general.queens import queen_tests
        from solver.peek import Along, Test, Threat

        event = snapshot.last_event
        if not isinstance(event, TryMove):
            return None
        R, m = event.stato.R, event.move
        along = {"samecolumn": Along.LINE, "major": Along.DIFF, "minor": Along.SUM}
        found = queen_tests(event.stato.regine, R, m)
        threats = tuple(Threat((c, r), along[test]) for r, c, test in found)
        return Test((m, R), event.admissible, threats)

    def landing(
        self, snapshot: SearchSnapshot, tests: tuple[Test, ...], events: tuple[object, ...]
    ) -> Iteration | None:
        from solver.methods.general.engine import NewState
        from solver.stepping import Return

        event = snapshot.last_event
        if isinstance(event, NewState):
            return self.landed(event.stato.R, event.move, tests)
        if isinstance(event, Return) and snapshot.n > event.at.R:
            return self.backtracked(event.at.R, tests)
        return None

    def try_prompt(self, test: Test, n: int) -> Message:
        x, y = test.square
        return Message.of("guess.try.general", R=y, m=x)
