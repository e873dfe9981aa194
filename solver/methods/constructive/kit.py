"""The Wrocław lecture's remark: an explicit formula places every queen, no search, as a kit."""

from __future__ import annotations

from typing import TYPE_CHECKING

from solver.kit import MethodKit
from solver.messages import N_
from solver.method_run import NOTHING

if TYPE_CHECKING:
    from solver.method_run import MethodRun, Progress


class ConstructiveKit(MethodKit):
    name = "constructive"
    title = N_("an explicit formula")
    notes_name = N_("the explicit placement")
    source = "wroclaw"
    unit = NOTHING
    lists_all = False
    summary = N_("an explicit formula, no search (the Wrocław lecture's remark)")
    max_n = 10_000_000
    searches = False

    def run(
        self, n: int, every: bool = False, seed: int = 0, progress: Progress | None = None
    ) -> MethodRun:
        from solver.checker import is_valid
        from solver.methods.constructive.construction import construct

        self.check_solvable(n)
        placement = construct(n)
        if not is_valid(placement):  # pragma: no cover - the construction is proved, and tested
            raise AssertionError(f"the explicit placement for n={n} is not a solution")
        return self.result(n, (tuple(placement),), 0)
