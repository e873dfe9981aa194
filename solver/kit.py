"""A method's kit: what a method of the notes is and everything that differs from one method to
the next, in one class (as python-chess's variants carry their rules)."""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any, ClassVar

from solver.kit_words import QuestionWords
from solver.messages import Message
from solver.method_run import SQUARES_TESTED, Unit

if TYPE_CHECKING:
    from solver.method_run import MethodRun, Progress
    from solver.peek import Iteration, Test
    from solver.stepping import Mode, SearchSnapshot, SteppableSearch
    from solver.views.views import View

MIN_N = 1
MAX_APP_N = 32
"""The largest board the tutor (and a lesson's board) shows."""

Reader = Callable[[Any], object]
"""Reads one value a lesson's ``@expect NAME`` checks from a snapshot of the kit's engine."""


def load(path: str) -> Any:
    """The object named ``module:attribute``, imported now."""
    module_name, _, attribute = path.partition(":")
    return getattr(importlib.import_module(module_name), attribute)


class NotSteppable(ValueError):
    """The method has no steppable engine (the naive searches, random, the formula)."""


class MethodKit:
    """One method of the notes and what it can do. Subclasses set the class attributes."""

    name: ClassVar[str]
    """The registry name: ``iterative``, ``bruteforce``..."""
    title: ClassVar[str]
    """A short description (``iterative backtracker with isfree``), marked for translation."""
    notes_name: ClassVar[str] = ""
    """What the notes and the lessons call it (``the Wrocław loop``), marked for translation; ""
    for its ``title``."""
    source: ClassVar[str]
    """The key of the notes it comes from (solver/sources.py)."""
    unit: ClassVar[Unit] = SQUARES_TESTED
    """What its ``examined`` counts (a unit of solver/method_run.py, or the method's own)."""
    summary: ClassVar[str] = ""
    """One line for ``solve --help``: what it does, and the notes it comes from."""
    max_n: ClassVar[int] = MAX_APP_N
    """The largest N ``solve`` takes with it (the first solution within about 30 s)."""
    queens: ClassVar[bool] = True
    """It solves the N-Queens problem (the maze does not: solve/count/compare leave it out)."""
    lists_all: ClassVar[bool] = True
    """It can find every solution (``--all``)."""
    backtracker: ClassVar[bool] = False
    """It builds placements square by square; the others draw whole placements, or none."""
    steppable: ClassVar[bool] = False
    """The tutor and the lessons can step it (it has an engine and a view)."""
    seeded: ClassVar[bool] = False
    """Its run depends on a seed (``--seed``, ``--runs``): it draws with replacement."""
    searches: ClassVar[bool] = True
    """It searches (False: an explicit formula places every queen, nothing is examined)."""
    formula: ClassVar[str | None] = None
    """Its search space as the notes write it (``n^n``); None when it draws no placements."""
    own_modules: ClassVar[tuple[str, ...]] = ()
    """Modules besides its kit that implement this method alone, and so may name it."""
    own_order: ClassVar[bool] = False
    """Its solutions come in its own order, not the notes' (``b[]`` ascending): a set to compare."""

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.name}>"

    def search_space(self, n: int) -> int | None:
        """How many candidates it draws from on an n x n board; None when it draws none."""
        return None

    def result(self, n: int, solutions: tuple[tuple[int, ...], ...], examined: int) -> MethodRun:
        """What a run of this method found, with what the kit says of it."""
        from solver.method_run import MethodRun

        return MethodRun(
            self.name,
            n,
            solutions,
            examined,
            unit=self.unit,
            space=self.search_space(n),
            formula=self.formula,
            seeded=self.seeded,
        )

    def run(
        self, n: int, every: bool = False, seed: int = 0, progress: Progress | None = None
    ) -> MethodRun:
        """Its first solution on the n x n board (every one with ``every``), and how many
        candidates it examined."""
        raise NotImplementedError

    def check_solvable(self, n: int) -> None:
        """Raise NoSolution when the n x n board has none."""
        from solver.counting.bitmask import count_solutions
        from solver.method_run import NoSolution

        if n < 4 and count_solutions(n) == 0:
            raise NoSolution(Message.of("no_solution.method", n=n, method=self.name))

    def make_engine(
        self, n: int, mode: Mode | None = None, maze: str | None = None
    ) -> SteppableSearch:
        """A new engine on the n x n board (the maze: ``maze``; n is then ignored)."""
        raise NotSteppable(f"{self.name} cannot be stepped")


class SteppableKit(MethodKit, QuestionWords):
    """A method the tutor steps tick by tick: its engine, its view, its peek and its words."""

    steppable: ClassVar[bool] = True
    engine_path: ClassVar[str]
    """``module:Class`` of its engine, imported when the first one is made."""
    view_path: ClassVar[str]
    """``module:Class`` of its headless view (solver/views/)."""
    expect_names: ClassVar[Mapping[str, Reader]] = {}
    """The names a lesson's ``@expect`` reads besides the common ones; a name with a list value
    also reads ``NAME[i]``."""
    tests_squares: ClassVar[bool] = True
    """Its ticks test squares (the maze: moves) one at a time, and :meth:`test_of` says which;
    False: guess mode asks only where each iteration lands."""
    land_hides: ClassVar[tuple[str, ...]] = ()
    """The state-table rows whose cells give away where an iteration lands: they show ``?`` while
    guess mode's "where does the queen land?" waits."""
    has_tree: ClassVar[bool] = False
    """Its search tree can be drawn beside the board (``t``, a lesson's ``@tree``)."""

    def run(
        self, n: int, every: bool = False, seed: int = 0, progress: Progress | None = None
    ) -> MethodRun:
        """The batch run: the kit's engine played to the end in chunks."""
        from solver.stepping import Mode

        if not self.queens:
            raise ValueError(f"{self.name} is not an N-Queens method")
        engine = self.make_engine(n, Mode.ALL if every else Mode.FIRST)
        while not engine.finished:
            engine.run(max_ticks=1 << 20)
            if progress is not None:
                progress(engine.examined)
        found = tuple(self.as_b(s) for s in engine.snapshot().solutions)
        return self.result(n, found, engine.examined)

    def as_b(self, solution: tuple[int, ...]) -> tuple[int, ...]:
        """A solution as the engine keeps it (row-wise notes: the column of each row's queen) as
        ``b[]``, the row of the queen of each column."""
        if not self.wording.row_wise:
            return solution
        return tuple(sorted(range(len(solution)), key=solution.__getitem__))

    def make_engine(
        self, n: int, mode: Mode | None = None, maze: str | None = None
    ) -> SteppableSearch:
        from solver.stepping import Mode

        if not MIN_N <= n <= MAX_APP_N:
            raise ValueError(f"n must be from {MIN_N} to {MAX_APP_N}, not {n}")
        engine: SteppableSearch = load(self.engine_path)(n, mode or Mode.FIRST)
        return engine

    def make_view(self) -> View:
        """A new view: it turns this method's snapshots into frames."""
        view: View = load(self.view_path)()
        return view

    def test_of(self, snapshot: SearchSnapshot) -> Test | None:
        """The square the last tick of ``snapshot`` tested, or None when it tested none."""
        return None

    def landing(
        self, snapshot: SearchSnapshot, tests: tuple[Test, ...], events: tuple[object, ...]
    ) -> Iteration | None:
        """The iteration that ended with ``snapshot`` (``events``: every tick's event in it), or
        None when a learner cannot be asked about it."""
        return None

    def placements(self, snapshot: Any) -> tuple[tuple[int, ...], ...]:
        """The solutions found so far as ``b[]`` (the row of the queen of each column); none for a
        method whose notes write them otherwise."""
        return ()

    def next_test(self, engine: SteppableSearch) -> Test | None:
        """The square the next tick of ``engine`` tests, or None; the engine is left as it was."""
        from solver.stepping import Stop, back_to

        tick = engine.tick
        if engine.run(Stop.TICK, max_ticks=1).ticks == 0:
            return None
        try:
            return self.test_of(engine.snapshot())
        finally:
            back_to(engine, tick)

    def asks_nothing(self, test: Test, n: int) -> bool:
        """``test`` tries a square of the first column (row-wise: row) the search fills on the
        n x n board, free by construction: guess mode does not ask about it."""
        if not self.queens:
            return False
        x, y = test.square
        return (y if self.wording.row_wise else x) == self.fill_order(n)[0]

    def next_iteration(self, engine: SteppableSearch) -> Iteration | None:
        """What the next iteration of ``engine`` does, or None when it places or lifts no queen a
        learner can be asked about; the engine is left as it was."""
        from dataclasses import replace

        from solver.stepping import Kind, Stop, back_to

        tick = engine.tick
        tests: list[Test] = []
        events: list[object] = []
        try:
            while engine.run(Stop.TICK, max_ticks=1).ticks:
                snapshot = engine.snapshot()
                test = self.test_of(snapshot)
                if test is not None:
                    tests.append(test)
                events.append(snapshot.last_event)
                if snapshot.last_kind in Stop.ITERATION.value:
                    if snapshot.last_kind not in (Kind.PLACE, Kind.BACKTRACK):
                        return None
                    landed = self.landing(snapshot, tuple(tests), tuple(events))
                    if landed is None:
                        return None
                    back_to(engine, tick)
                    landed = replace(landed, ticks=snapshot.tick - tick, n=engine.n)
                    return replace(landed, earlier=self._earlier(engine, landed))
            return None
        finally:
            back_to(engine, tick)

    def _earlier(self, engine: SteppableSearch, it: Iteration) -> tuple[Test, ...]:
        """The last test of each square of ``it``'s line before it (up to 600 ticks back) by
        the engine's history, which is left as it was."""
        from solver.stepping import Stop

        first = it.tests[0].square if it.tests else it.square
        if first is None or not self.queens:
            return ()
        before = self.scan_order(it.n)[: self._along(first, it.kind, it.n)]
        wanted = {self.square_at(it.subject, v, it.kind) for v in before}
        tick, found = engine.tick, dict[tuple[int, int], "Test"]()
        while wanted - found.keys() and 0 < engine.tick > tick - 600:
            test = self.test_of(engine.snapshot())
            if test is not None and test.square in wanted:
                found.setdefault(test.square, test)
            engine.back()
        engine.run(Stop.END, max_ticks=tick - engine.tick)
        return tuple(found.values())

    def before_answer(self, snapshot: SearchSnapshot) -> SearchSnapshot:
        """``snapshot`` as drawn while a question about its next step waits."""
        return snapshot


def common_expect_names() -> Mapping[str, Reader]:
    """The ``@expect`` names every stepped method has."""

    def kind(snapshot: Any) -> str:
        last = snapshot.last_kind
        return "none" if last is None else str(last.name).lower()

    return {
        "tick": lambda s: s.tick,
        "solutions": lambda s: s.solutions_found,
        "finished": lambda s: "yes" if s.finished else "no",
        "event": kind,
    }
