"""The naive searches of the Wrocław lecture and the Italian Python course, as kits: each draws
whole placements from a search space and checks every one (solver/methods/naive/search.py runs
them)."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from solver.kit import MethodKit
from solver.messages import N_, Figure, Message
from solver.method_run import PLACEMENTS_CHECKED

if TYPE_CHECKING:
    from solver.method_run import MethodRun, Progress


MAX_CANDIDATES = 20_000_000
"""Naive searches examining more placements than this are refused (about 30 s of work)."""

NAIVE_MAX_N = 12
"""Above this every naive search needs more than :data:`MAX_CANDIDATES` placements."""


class NaiveKit(MethodKit):
    """A search that checks the placements of its search space in lexicographic order."""

    unit = PLACEMENTS_CHECKED
    max_n = 100
    own_modules: ClassVar[tuple[str, ...]] = ("solver.methods.naive.search",)

    def search_space(self, n: int) -> int | None:
        from solver.methods.naive import search as naive

        return naive.search_space(self.name, n)

    def run(
        self, n: int, every: bool = False, seed: int = 0, progress: Progress | None = None
    ) -> MethodRun:
        from solver.method_run import TooBig
        from solver.methods.naive import search as naive

        space = naive.search_space(self.name, n)
        limits = {
            "method": self.name,
            "space": Figure(f"{space:,}"),
            "formula": self.formula,
            "n": n,
            "limit": Figure(f"{MAX_CANDIDATES:,}"),
        }
        if n > NAIVE_MAX_N:
            raise TooBig(Message.of("too_big.far", **limits, max_n=NAIVE_MAX_N), None)
        cost = naive.cost(self.name, n, every)
        if cost > MAX_CANDIDATES:
            key = "too_big.all" if every else "too_big.first"
            raise TooBig(Message.of(key, **limits, cost=Figure(f"{cost:,}")), cost)
        if every:
            return self.result(n, tuple(naive.solutions(self.name, n, progress)), space)
        result = naive.first_solution(self.name, n, progress)
        solutions = () if result.solution is None else (result.solution,)
        return self.result(n, solutions, result.examined)


class BruteforceKit(NaiveKit):
    name = "bruteforce"
    title = N_("every set of N squares")
    notes_name = N_("brute force")
    source = "python-course"
    summary = N_("every set of N squares, C(N^2, N) placements (the Italian Python course)")
    formula = "C(n^2, n)"


class ColumnsKit(NaiveKit):
    name = "columns"
    title = N_("one queen per column")
    notes_name = N_("one queen per column")
    source = "wroclaw"
    summary = N_("one queen per column, N^N placements (the Wrocław lecture)")
    formula = "n^n"


class PermutationsKit(NaiveKit):
    name = "permutations"
    title = N_("one queen per row and column")
    notes_name = N_("the permutation method")
    source = "python-course"
    summary = N_("one queen per row and column, N! placements (the Italian Python course)")
    formula = "n!"
