"""G. Persiano's Salerno notes on screen: ``BackTrack.Solve`` and the ``Queen`` class in Python, the
state ``[regine, R]``, the Solve frames, and the queens row by row (row 0 at the top)."""

from __future__ import annotations

from solver.messages import Message, register
from solver.methods.general.engine import NewState, QueensRecipeSnapshot, TryMove
from solver.methods.general.queens import queen_tests
from solver.stepping import Call, Found, Mode, Return
from solver.views.frame import CodeFrame, Frame, Mark, Tables
from solver.views.squares import TOP_DOWN, attack_marks
from solver.views.views import QueensView, table_row

SOLVE = (
    "class BackTrack:",
    "  def Solve(self, stato):",
    "    if self.isFinal(stato):",
    "      return [True, stato]",
    "    for m in self.allMoves(stato):",
    "      if self.isAdm(stato, m):",
    "        r = self.Solve(self.newStato(stato, m))",
    "        if r[0]: return r",
    "    return [False]",
    "",
)
"""The notes' BackTrack, shared with the maze (lines 0-9)."""

# Solve's own lines: its def, the isFinal test, return [True, stato], the for over allMoves,
# the isAdm test, the recursive call with newStato, return [False].
_DEF, _IS_FINAL, _TRUE, _FOR, _IS_ADM, _RECURSE, _FALSE = 1, 2, 3, 4, 5, 6, 8


def solve_lines(problem: tuple[str, ...]) -> dict[str, tuple[int, ...]]:
    """The lines of ``SOLVE + problem`` each kind of tick runs, the one that decided it last:
    Solve's own, and the body of the problem's isFinal, isAdm or newStato that the tick calls (found
    by its ``def``, so the listing and the lines it marks cannot drift apart)."""

    def body(name: str) -> tuple[int, ...]:
        start = next(i for i, line in enumerate(problem) if line.startswith(f"  def {name}("))
        end = next(
            (i for i in range(start + 1, len(problem)) if problem[i].startswith("  def ")),
            len(problem),
        )
        return tuple(range(len(SOLVE) + start, len(SOLVE) + end))

    return {
        "call": (_DEF, _IS_FINAL, *body("isFinal")),
        "try": (_FOR, *body("isAdm"), _IS_ADM),
        "place": (*body("newStato"), _RECURSE),
        "solution": (_IS_FINAL, *body("isFinal"), _TRUE),
        "return": (_FOR, _FALSE),
        "return-final": (_TRUE,),
        "done": (_FALSE,),
    }


QUEEN = (
    "class Queen(BackTrack):",
    "  def allMoves(self, stato):",
    "    return list(range(self.n))",
    "  def isAdm(self, stato, m):",
    "    R = stato[1]",
    "    return self.checkQueen(stato[0], R, m)",
    "  def newStato(self, stato, m):",
    "    newStato = []",
    "    newStato.append(stato[0].copy())",
    "    R = stato[1]",
    "    newStato[0][R] = m",
    "    newStato.append(R+1)",
    "    return newStato",
    "  def isFinal(self, stato):",
    "    return stato[1] == self.n",
)
"""The notes' Queen subclass (lines 10-24), with the slide's typos mended."""

_LINES = solve_lines(QUEEN)

register(
    {
        "general.idle": "The state is [regine, R]: regine[r] is the column of the queen of row "
        "r (None while undecided), R the next row, row 0 at the top. The first tick calls "
        "Solve([[None]*{n}, 0]).",
        "general.call": "Solve is called on the state R = {R}: isFinal asks whether R == n.",
        "general.free": "isAdm(stato, {m}): no queen of rows 0 to {last} attacks row {R}, "
        "column {m}. The move is admissible.",
        "general.free.one": "isAdm(stato, {m}): the queen of row 0 does not attack row 1, "
        "column {m}. The move is admissible.",
        "general.free.first": "isAdm(stato, {m}): row 0 has no queen above it, so column {m} "
        "is admissible.",
        "general.attacked.samecolumn": "isAdm(stato, {m}): checkQueen finds the queen of row "
        "{r} in the same column {m}. Not admissible: the next move is tried.",
        "general.attacked.major": "isAdm(stato, {m}): checkQueen finds the queen of row {r} on "
        "the same major diagonal (c-r = {value}). Not admissible: the next move is tried.",
        "general.attacked.minor": "isAdm(stato, {m}): checkQueen finds the queen of row {r} on "
        "the same minor diagonal (c+r = {value}). Not admissible: the next move is tried.",
        "general.place": "newStato copies regine and sets regine[{R}] = {m}; Solve is called on "
        "R = {next}.",
        "general.final.first": "R == n = {n}: the state is final, and Solve returns [True, "
        "stato] all the way up: regine = {regine}.",
        "general.final.all": "R == n = {n}: final state {number}, regine = {regine}. To find "
        "every solution the tutor goes on instead of returning [True, stato].",
        "general.return": "Every move of row {R} has been tried: Solve returns [False] and the "
        "state before it tries its next move.",
        "general.return.final": "The final state is left; the search goes on in row {R}.",
        "general.done": (
            "The first Solve has returned: {count} solution found for n = {n}.",
            "The first Solve has returned: {count} solutions found for n = {n}.",
        ),
    }
)


_LINE_MARK = {"samecolumn": Mark.LINE_COL, "major": Mark.LINE_FALLING, "minor": Mark.LINE_RISING}
"""checkQueen's lines as drawn, row 0 at the top: c+r's diagonal (sameMinorD) rises."""


class GeneralView(QueensView):
    """Frames for :class:`solver.methods.general.engine.QueensRecipeEngine` snapshots."""

    method = "general"
    layout = TOP_DOWN

    def frame(self, snapshot: QueensRecipeSnapshot, overlay: str) -> Frame:
        n = snapshot.n
        event = snapshot.last_event
        stato = snapshot.stato
        placed = tuple((c, r) for r, c in snapshot.placed)
        marks: dict[tuple[int, int], Mark] = {}
        focus = placed[-1] if placed else (0, 0)
        read = None
        if isinstance(event, TryMove):
            R, m = event.stato.R, event.move
            # the first queen checkQueen finds attacking (R, m), and by which of the notes' tests
            found = next(queen_tests(event.stato.regine, R, m), None)
            attackers: tuple[tuple[tuple[int, int], Mark], ...] = ()
            if found is not None:
                read, column, test = found
                attackers = (((column, read), _LINE_MARK[test]),)
            marks = attack_marks((m, R), attackers, found is not None)
            focus = (m, R)
        board = self._board.frame(n, placed, marks, focus, overlay, show_attacked=False)
        kind = event.kind if event is not None else ""
        if isinstance(event, Return) and n == event.at.R:
            kind = "return-final"
        return self.queens_frame(
            snapshot,
            board,
            _tables(snapshot, read),
            CodeFrame("BackTrack.Solve", SOLVE + QUEEN, _LINES.get(kind, ())),
            _narrate(snapshot),
            f"R = {stato.R}",
            "stato = [regine, R]",
        )


def _tables(snapshot: QueensRecipeSnapshot, read: int | None) -> Tables:
    event = snapshot.last_event
    stato = snapshot.stato
    changed = event.stato.R if isinstance(event, NewState) else None
    regine = tuple("None" if c is None else str(c) for c in stato.regine)
    lines = tuple(
        f"Solve(R={f.stato.R})  m = {f.move}" if f.move is not None else f"Solve(R={f.stato.R})"
        for f in reversed(snapshot.frames)
    )
    focus = min(stato.R, snapshot.n - 1)
    return Tables(
        (table_row("regine", regine, read, changed),),
        focus=focus,
        lines=lines,
        reads=True,
        room=snapshot.n + 1,  # Solve(R=0) to Solve(R=n)
        widest=max(len(str(snapshot.n - 1)), 4),  # None
    )


def _narrate(snapshot: QueensRecipeSnapshot) -> Message:
    event = snapshot.last_event
    n = snapshot.n
    if event is None:
        return Message.of("general.idle", n=n)
    if isinstance(event, Call):
        return Message.of("general.call", R=event.at.R)
    if isinstance(event, TryMove):
        R, m = event.stato.R, event.move
        found = next(queen_tests(event.stato.regine, R, m), None)
        if found is None:
            if R == 0:
                return Message.of("general.free.first", m=m)
            free = "general.free.one" if R == 1 else "general.free"  # never "rows 0 to 0"
            return Message.of(free, m=m, R=R, last=R - 1)
        r, _column, test = found
        value = m - R if test == "major" else m + R
        return Message.of(f"general.attacked.{test}", m=m, r=r, value=value)
    if isinstance(event, NewState):
        return Message.of("general.place", R=event.stato.R, m=event.move, next=event.new.R)
    if isinstance(event, Found):
        regine = str(list(event.solution.regine))  # as Python prints it: None, not -1
        if snapshot.mode is Mode.FIRST:
            return Message.of("general.final.first", n=n, regine=regine)
        return Message.of("general.final.all", n=n, regine=regine, number=event.number)
    if isinstance(event, Return):
        if n == event.at.R:
            return Message.of("general.return.final", R=n - 1)
        return Message.of("general.return", R=event.at.R)
    return Message.of("general.done", count=snapshot.solutions_found, n=n)
