"""Every method of the lecture notes behind one call, for the command line and comparisons."""

from __future__ import annotations

from solver.method_run import MethodRun, NoSolution, Progress, TooBig
from solver.registry import (
    ALL_MAX_N,  # noqa: F401 - the commands read it from here too
    kit,
    listing_methods,
    queens_methods,
)

__all__ = ["MethodRun", "NoSolution", "Progress", "TooBig", "progress_unit", "run_method"]


def progress_unit(method: str) -> str:
    """What ``method`` counts in its progress calls: engine ticks, or the candidates examined."""
    return kit(method).unit.name


def run_method(
    method: str,
    n: int,
    every: bool = False,
    seed: int = 0,
    progress: Progress | None = None,
) -> MethodRun:
    """Run ``method`` on the n x n board: the first solution, or every one with ``every``."""
    methods = queens_methods()
    if method not in methods:
        raise ValueError(f"unknown method {method!r}; choose one of {', '.join(methods)}")
    if n < 1:
        raise ValueError(f"n must be at least 1, not {n}")
    if every and method not in listing_methods():
        raise ValueError(f"{method} finds one solution; it cannot list them all")
    return kit(method).run(n, every, seed, progress)
