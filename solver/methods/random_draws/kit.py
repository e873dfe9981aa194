"""The Italian Python course's random search: shuffle a permutation until one is a solution, seeded
and so reproducible, as a kit."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from solver.kit import MethodKit
from solver.messages import N_
from solver.method_run import PERMUTATIONS_TRIED

if TYPE_CHECKING:
    from solver.method_run import MethodRun, Progress


class RandomKit(MethodKit):
    name = "random"
    title = N_("random permutations")
    notes_name = N_("random permutations")
    source = "python-course"
    unit = PERMUTATIONS_TRIED
    lists_all = False
    summary = N_("shuffled permutations until one works (the Italian Python course)")
    max_n = 14
    seeded = True
    formula = "n!"
    own_modules: ClassVar[tuple[str, ...]] = ("solver.methods.naive.search",)

    def search_space(self, n: int) -> int | None:
        import math

        return math.factorial(n)

    def run(
        self, n: int, every: bool = False, seed: int = 0, progress: Progress | None = None
    ) -> MethodRun:
        import random

        from solver.methods.naive import search as naive

        self.check_solvable(n)
        result = naive.random_search(n, random.Random(seed), progress=progress)
        assert result is not None  # no max_tries: it returns only with a solution
        return self.result(n, (result.solution,), result.tries)
