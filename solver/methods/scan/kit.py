"""The edutecnica page: recursive ``tenta`` with the O(k) check ``sicura``, as a kit."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from solver.kit import Reader, SteppableKit
from solver.messages import N_, Message, register

if TYPE_CHECKING:
    from solver.method_run import MethodRun, Progress
    from solver.peek import Iteration, Square, Test
    from solver.stepping import SearchSnapshot

register(
    {
        "guess.try.scan": "sicura({k}, {row}), i = {i}: does the queen of column {i} (T[{i}] = "
        "{xriga}) attack column {k}, row {row}?",
        "guess.try.scan.first": "sicura({k}, {row}): no queen stands before column {k}: is "
        "column {k}, row {row} free?",
        "guess.rule.scan": "Right, it attacks. Which test is true? 1 xriga == riga, 2 xriga == "
        "riga + (regina - i), 3 xriga == riga - (regina - i).",
        "guess.land.scan": "tenta({k}): which row does T[{k}] get? Type the row (0 to {last}), "
        "or b if sicura is false for every row left (tenta returns).",
    }
)


class ScanKit(SteppableKit):
    name = "scan"
    title = N_("recursive tenta with the O(k) check sicura")
    notes_name = N_("the edutecnica tenta")
    source = "edutecnica"
    summary = N_("tenta/sicura, the O(k) check (the edutecnica page)")
    max_n = 27
    backtracker = True
    engine_path = "solver.methods.scan.engine:ScanEngine"
    view_path = "solver.methods.scan.view:ScanView"
    rule_words = "guess.rule.scan"
    land_words = "guess.land.scan"
    expect_names: ClassVar[dict[str, Reader]] = {
        "T": lambda s: s.T,
        "k": lambda s: len(s.frames) - 1,
        "depth": lambda s: len(s.frames),
        "compare": lambda s: "none" if s.compare is None else s.compare,
    }

    def run(
        self, n: int, every: bool = False, seed: int = 0, progress: Progress | None = None
    ) -> MethodRun:
        from solver.methods.scan import search as scan

        tally = scan.Tally(progress=progress)
        if every:
            found = tuple(scan.tenta(n, tally))
        else:
            first = scan.first_solution(n, tally)
            found = () if first is None else (first,)
        return self.result(n, found, tally.checks)

    def test_of(self, snapshot: SearchSnapshot) -> Test | None:
        from solver.methods.scan.engine import Compare, TryRow
        from solver.peek import ALONG, Test, Threat

        event = snapshot.last_event
        if isinstance(event, TryRow) and event.k == 0:  # no queen before it: sicura is true at once
            return Test((event.k, event.row), True, ())
        if not isinstance(event, Compare):
            return None
        against = (event.i, event.xriga)
        threats = () if event.rule is None else (Threat(against, ALONG[event.rule]),)
        return Test((event.k, event.row), event.rule is None, threats, against=against)

    def standing(self, snapshot: Any) -> tuple[Square, ...]:
        placed: tuple[Square, ...] = getattr(snapshot, "placed", ())
        return placed

    def landing(
        self, snapshot: SearchSnapshot, tests: tuple[Test, ...], events: tuple[object, ...]
    ) -> Iteration | None:
        from solver.methods.scan.engine import PlaceRow
        from solver.stepping import Return

        event = snapshot.last_event
        if isinstance(event, PlaceRow):
            return self.landed(event.k, event.row, tests)
        return self.backtracked(event.at, tests) if isinstance(event, Return) else None

    def try_prompt(self, test: Test, n: int) -> Message:
        (x, y), against = test.square, test.against
        if against is None:  # the first column: no queen to compare with
            return Message.of("guess.try.scan.first", k=x, row=y)
        return Message.of("guess.try.scan", k=x, row=y, i=against[0], xriga=against[1])
