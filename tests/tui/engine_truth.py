"""The right answers to guess mode's questions, read from a second engine's own events (never
from the tutor's guess code): what the next tick found, where the next iteration landed. A new
method's events are read here too (docs/extending.md; the throwaway kit's: tests/throwaway/)."""

from __future__ import annotations

from solver.events import Backtrack, Rule, Try
from solver.methods.general.engine import NewState, TryMove
from solver.methods.general.queens import samecolumn, sameMajorD, sameMinorD
from solver.methods.recursive.events import Line, PlaceQueen, RemoveQueen, TryColumn
from solver.methods.scan.engine import Compare, PlaceRow
from solver.registry import make_engine, stepped
from solver.stepping import Mode, Return, SteppableSearch, Stop
from tests.throwaway.algx import engine as algx
from tests.throwaway.richards import engine as richards


def fresh(method: str, n: int, ticks: int, mode: Mode = Mode.FIRST) -> SteppableSearch:
    """A second engine of ``method``, ``ticks`` ticks in."""
    maze = None if stepped(method).queens else "detour"
    engine = make_engine(method, n, mode, maze)
    assert engine.run(Stop.END, max_ticks=ticks).ticks == ticks
    return engine


def played_tick(method: str, n: int, ticks: int, mode: Mode = Mode.FIRST) -> tuple[bool, set[str]]:
    """What the engine's tick number ``ticks + 1`` found: (free, the rules of the attack as
    the keys 1/2/3 name them: line, sum, diff), read from its own event."""
    engine = fresh(method, n, ticks, mode)
    engine.run(Stop.TICK, max_ticks=1)
    event = engine.snapshot().last_event
    rule_key = {Rule.ROW: "line", Rule.SUM: "sum", Rule.DIFF: "diff"}
    if isinstance(event, Try):
        return event.placed, {rule_key[a.rule] for a in event.attackers}
    if isinstance(event, TryColumn):
        line_key = {Line.C: "line", Line.A: "sum", Line.B: "diff"}
        return event.free, {line_key[b.line] for b in event.blocked}
    if isinstance(event, Compare):
        return event.rule is None, {rule_key[event.rule]} if event.rule else set()
    assert isinstance(event, TryMove), event
    if not stepped(method).queens:  # a maze: no queen attacks
        return event.admissible, set()
    R, m = event.stato.R, event.move  # the Salerno notes' checkQueen, test by test
    tests = (("line", samecolumn), ("sum", sameMinorD), ("diff", sameMajorD))
    rules = {key for r, c in enumerate(event.stato.regine[:R]) for key, t in tests if t(R, m, r, c)}
    return event.admissible, rules


def played_iteration(method: str, n: int, ticks: int, mode: Mode = Mode.FIRST) -> int | str | None:
    """Where the engine's next iteration lands (None: a backtrack), from its own last event."""
    engine = fresh(method, n, ticks, mode)
    engine.run(Stop.ITERATION)
    event = engine.snapshot().last_event
    if isinstance(event, Try):
        return event.row
    if isinstance(event, PlaceQueen):
        return event.col
    if isinstance(event, PlaceRow):
        return event.row
    if isinstance(event, NewState):
        return event.move  # type: ignore[no-any-return]
    if isinstance(event, richards.Place):
        return event.col
    if isinstance(event, algx.Place):
        return event.answer
    backtracks = (Backtrack, RemoveQueen, Return)
    assert isinstance(event, backtracks), event
    return None
