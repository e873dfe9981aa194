"""The edutecnica page on screen: ``tenta(k)`` and ``sicura(regina, riga)`` in C++, ``T[]``, and one
comparison a tick, so the learner sees why the test costs O(k)."""

from __future__ import annotations

from solver.geometry import Rule
from solver.messages import Message, register
from solver.methods.scan.engine import Compare, PlaceRow, ScanSnapshot, TryRow
from solver.stepping import Call, Done, Found, Return
from solver.views.frame import CodeFrame, Frame, Mark, Tables
from solver.views.squares import attack_marks
from solver.views.views import QueensView, table_row

CODE = (
    "bool sicura(int regina, int riga){",
    "  for (int i = 0; i < regina; i++){",
    "    int xriga = T[i];",
    "    if (xriga == riga ||",
    "        xriga == riga - (regina - i) ||",
    "        xriga == riga + (regina - i))",
    "      return false;",
    "  }",
    "  return true;",
    "}",
    "void tenta(int k){",
    "  if (k < n){",
    "    for (int i = 0; i < n; i++)",
    "      if (sicura(k, i)){",
    "        T[k] = i;",
    "        tenta(k + 1);",
    "      }",
    "  }else{",
    "    for (int i = 0; i < n; i++)",
    '      cout << T[i] << " ";',
    "    cout << endl;",
    "  }",
    "}",
)
"""The page's two functions (its comments left out, its lines as it writes them)."""

_CONDITION_LINE = {Rule.ROW: 3, Rule.DIFF: 4, Rule.SUM: 5}

register(
    {
        "scan.idle": "T[] starts as zeros and main() calls tenta(0). The page draws no board: "
        "the tutor draws T[k] as the row of the queen of column k, row 0 at the bottom. Each "
        "tick of sicura compares with one earlier queen, so the test costs O(k).",
        "scan.call": "tenta({k}) is called: it looks for a row for the queen of column {k}.",
        "scan.call.full": "tenta({k}) is called with k = n: every column holds a queen.",
        "scan.try.first": "tenta(0) tries row {row}: no earlier queen, so sicura(0, {row}) is "
        "true at once.",
        "scan.try": (
            "tenta({k}) tries row {row}: sicura({k}, {row}) compares with the {count} earlier "
            "queen, one tick each.",
            "tenta({k}) tries row {row}: sicura({k}, {row}) compares with the {count} earlier "
            "queens, one tick each.",
        ),
        "scan.compare.safe": "sicura compares with the queen of column {i} (T[{i}] = {xriga}): "
        "not the same row, not the same diagonal.",
        "scan.compare.row": "sicura compares with the queen of column {i}: xriga == riga "
        "({xriga} == {row}), the same row. sicura returns false.",
        "scan.compare.diff": "sicura compares with the queen of column {i}: xriga == riga - "
        "(regina - i), {xriga} == {row} - ({k} - {i}): the same diagonal. sicura returns false.",
        "scan.compare.sum": "sicura compares with the queen of column {i}: xriga == riga + "
        "(regina - i), {xriga} == {row} + ({k} - {i}): the same diagonal. sicura returns false.",
        "scan.place": "sicura({k}, {row}) is true: T[{k}] = {row}, and tenta({next}) is called.",
        "scan.print": "tenta({n}): all {n} queens are placed and the page prints T: {T} "
        "(solution {number}).",
        "scan.return": "tenta({k}) has tried every row and returns: the loop of tenta({prev}) "
        "goes on. T[{k}] keeps its old value, as in C.",
        "scan.return.printed": "tenta({k}) returns after printing; the search goes on.",
        "scan.done": (
            "tenta(0) has returned: {count} solution printed for n = {n}.",
            "tenta(0) has returned: {count} solutions printed for n = {n}.",
        ),
    }
)


class ScanView(QueensView):
    """Frames for :class:`solver.methods.scan.engine.ScanEngine` snapshots."""

    method = "scan"

    def frame(self, snapshot: ScanSnapshot, overlay: str) -> Frame:
        n = snapshot.n
        event = snapshot.last_event
        marks: dict[tuple[int, int], Mark] = {}
        focus = (0, 0)
        if isinstance(event, TryRow):
            marks = {(event.k, event.row): Mark.TRYING}
            focus = (event.k, event.row)
        elif isinstance(event, Compare):
            source = (event.i, event.xriga)
            if event.rule is None:
                marks = {(event.k, event.row): Mark.TRYING}
            else:
                marks = attack_marks(
                    (event.k, event.row), ((source, self.layout.line(event.rule)),), True
                )
            focus = (event.k, event.row)
        elif isinstance(event, PlaceRow):
            focus = (event.k, event.row)
        elif snapshot.placed:
            focus = snapshot.placed[-1]
        board = self._board.frame(n, snapshot.placed, marks, focus, overlay, show_attacked=False)
        return self.queens_frame(
            snapshot,
            board,
            _tables(snapshot),
            CodeFrame("tenta(int k)", CODE, _lines(event)),
            _narrate(snapshot),
            f"k = {len(snapshot.frames) - 1 if snapshot.frames else 0}",
            "T[]",
        )


def _lines(event: object) -> tuple[int, ...]:
    if isinstance(event, Call):
        return (10, 11)
    if isinstance(event, TryRow):
        return (12, 13, 1)
    if isinstance(event, Compare):
        return (1, 2, 3, 4, 5) if event.rule is None else (1, 2, _CONDITION_LINE[event.rule], 6)
    if isinstance(event, PlaceRow):
        return (8, 13, 14, 15)
    if isinstance(event, Found):
        return (11, 17, 18, 19, 20)
    if isinstance(event, Return):
        return (12, 22)
    return (22,) if isinstance(event, Done) else ()


def _tables(snapshot: ScanSnapshot) -> Tables:
    event = snapshot.last_event
    changed = event.k if isinstance(event, PlaceRow) else None
    # stale: a T[k] a removed queen left, never the zero T[] starts with
    stale = snapshot.held.difference(col for col, _ in snapshot.placed)
    T = table_row("T", tuple(map(str, snapshot.T)), snapshot.compare, changed, stale)
    head = table_row("k", tuple(map(str, range(snapshot.n))), snapshot.compare, changed)
    lines = []
    if snapshot.compare is not None and snapshot.frames:
        top = snapshot.frames[-1]
        lines.append(f"sicura({top.k}, {top.i})  i = {snapshot.compare}")
    for frame in reversed(snapshot.frames):
        lines.append(f"tenta({frame.k})  i = {frame.i}" if frame.i >= 0 else f"tenta({frame.k})")
    focus = snapshot.compare
    if focus is None and snapshot.frames:
        focus = min(snapshot.frames[-1].k, snapshot.n - 1)
    return Tables(
        (head, T),
        focus=focus,
        lines=tuple(lines),
        reads=True,
        room=snapshot.n + 2,  # tenta(0) to tenta(n), and sicura on top
        widest=len(str(snapshot.n - 1)),
        index_row=True,
    )


def _narrate(snapshot: ScanSnapshot) -> Message:
    event = snapshot.last_event
    n = snapshot.n
    if event is None:
        return Message.of("scan.idle")
    if isinstance(event, Call):
        return Message.of("scan.call.full" if event.at == n else "scan.call", k=event.at)
    if isinstance(event, TryRow):
        if event.k == 0:
            return Message.of("scan.try.first", row=event.row)
        return Message.of("scan.try", k=event.k, row=event.row, count=event.k)
    if isinstance(event, Compare):
        key = "scan.compare.safe" if event.rule is None else f"scan.compare.{event.rule.value}"
        return Message.of(key, i=event.i, xriga=event.xriga, row=event.row, k=event.k)
    if isinstance(event, PlaceRow):
        return Message.of("scan.place", k=event.k, row=event.row, next=event.k + 1)
    if isinstance(event, Found):
        T = " ".join(map(str, event.solution))
        return Message.of("scan.print", n=n, T=T, number=event.number)
    if isinstance(event, Return):
        if event.at == n:
            return Message.of("scan.return.printed", k=event.at)
        return Message.of("scan.return", k=event.at, prev=event.at - 1)
    assert isinstance(event, Done)
    return Message.of("scan.done", count=event.solutions, n=n)
