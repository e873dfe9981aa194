"""Place your own queens, and "you drive" the Wrocław loop, in the plain tutor: the full-screen
place board's models (solver/placement/board.py, solver/placement/driving.py) and sentences
(solver/placement/view.py), with a square named by its column and row instead of a cursor.

``2 3`` puts a queen on column 2, row 3 (or takes it up); in "you drive", ``space 2 3`` says the
loop finds that square attacked, ``enter 2 3`` that it is free and the queen stays, ``b`` that
it backtracks. After each move the board says what it knows: the queens, every attacking pair
with its rule, a solution and its symmetry class, the placements tried on a small board.
"""

from __future__ import annotations

from collections.abc import Callable

from lessons.answers.whole_numbers import is_digits
from lessons.i18n import _
from solver.messages import Message, render
from solver.placement import MAX_N
from solver.placement import view as place_view
from solver.placement.board import (
    EXHAUST_MAX_N,
    Exhaustion,
    FoundSolutions,
    Placement,
    solution_count,
)
from solver.placement.driving import Act, Answer, DriveSession
from tui.plain import commands, words
from tui.plain.output import Out

LIST_MAX_N = 3
"""Up to this size every placement with one queen per row and column is listed (as the
full-screen board's pane does)."""

_ACTS = {"attacked": Act.TRY, "free": Act.PLACE}
"""You drive: what the loop does with the square named after the command."""


def _square(parts: list[str]) -> tuple[int, int] | None:
    """Two whole numbers, a column and a row."""
    if len(parts) != 2 or not all(is_digits(p) for p in parts):
        return None
    return int(parts[0]), int(parts[1])


class PlaceBoard:
    """The learner's own board in words; :attr:`over` turns True when they leave it."""

    def __init__(
        self, out: Out, n: int, found: FoundSolutions | None = None, drive: bool = False
    ) -> None:
        self.out = out
        self.found = found if found is not None else FoundSolutions()
        self.view = place_view.PlaceView()
        self.drive = drive
        self.hints = False
        self.over = False
        self.found_now: list[tuple[int, ...]] = []
        self._new(min(max(n, 1), MAX_N))

    def _new(self, n: int) -> None:
        self.n = n
        self.placement = Placement(n)
        self.session = DriveSession(n)
        self.exhaustion = Exhaustion(n) if n <= EXHAUST_MAX_N else None

    # -- saying ------------------------------------------------------------------------------

    def hello(self) -> None:
        """What the board is and how to work it."""
        if self.drive:
            self.out.line(
                _(
                    "You drive the Wrocław loop on the {n} x {n} board: type space C R if the "
                    "loop finds column C, row R attacked, enter C R if it is free (the queen "
                    "stays), b if it backtracks; u undoes, c starts again, y goes back to "
                    "placing queens, escape leaves."
                ).format(n=self.n)
            )
            if self.session.set_up:  # the lecture's first line, played before the first step
                self.out.line(render(Message.of("drive.start")))
        else:
            self.out.line(
                _(
                    "Your queens on the {n} x {n} board: type a column and a row (such as 2 3) "
                    "to put a queen down or take it up; u undoes, c clears, x says the squares "
                    "attacked, y: you drive the Wrocław loop, escape leaves."
                ).format(n=self.n)
            )

    def say(self, full: bool = False) -> None:
        """What the board knows now; ``full``: the found solutions and, on a small board, every
        placement too."""
        if self.drive:  # the keys, in the full-screen words, are said by hello()
            lines = place_view.drive_lines(self.session)
            self.out.lines(render(m) for m in lines if m.id != "drive.keys")
            return
        state = self.placement.state()
        new = bool(self.found_now) and state.solution == self.found_now[-1]
        self.out.lines(render(m) for m in place_view.summary(state, self.found, new))
        self.out.lines(render(m) for m in place_view.pair_lines(state))
        if not full:
            return
        found = place_view.found_line(self.n, self.found, solution_count(self.n))
        if found is not None:
            self.out.line(render(found))
        if self.exhaustion is not None:
            head, candidates = place_view.exhaustion_lines(self.exhaustion, ("", "", ""))
            self.out.line(render(head))
            if self.n <= LIST_MAX_N:
                self.out.lines(render(c.message).strip() for c in candidates)

    def board(self) -> None:
        if self.drive:
            frame = self.view.drive_board(self.session, (0, 0), self.hints)
            pairs = False
        else:
            frame = self.view.board(self.placement.state(), (0, 0), self.hints)
            pairs = True
        size = f"n = {self.n}"
        self.out.lines(words.board_lines(frame, size, hidden=not self.hints, pairs=pairs))

    # -- moves -------------------------------------------------------------------------------

    def handle(self, word: str, parts: list[str]) -> bool:
        """Do the place board's command ``word`` (its arguments ``parts``); False when it is
        none of its commands."""
        square = _square([word, *parts])
        if square is not None:
            self._put(square)
            return True
        name = commands.find(word, commands.PLACE)
        simple: dict[str, Callable[[], None]] = {
            "undo": self._undo,
            "clear": self._clear,
            "hints": self._toggle_hints,
            "drive": self._toggle_drive,
            "larger": lambda: self._resize(1),
            "smaller": lambda: self._resize(-1),
            "board": self.board,
            "status": lambda: self.say(full=True),
        }
        if name in ("attacked", "free", "backtrack"):
            self._answer(name, word, parts)
        elif name == "leave":
            self.over = True
        elif name in simple:
            simple[name]()
        else:
            return False
        return True

    def _toggle_hints(self) -> None:
        self.hints = not self.hints
        self.board()

    def _toggle_drive(self) -> None:
        self.drive = not self.drive
        self.hello()
        self.say()

    def _put(self, square: tuple[int, int]) -> None:
        col, row = square
        if self.drive:
            self.out.line(
                _(
                    "You drive: type space {col} {row} (attacked) or enter {col} {row} (free)."
                ).format(col=col, row=row)
            )
            return
        if not (col < self.n and row < self.n):
            self.out.line(_("The board has columns and rows 0 to {last}.").format(last=self.n - 1))
            return
        put = self.placement.push(square)
        if put:
            self.out.line(_("A queen in column {col}, row {row}.").format(col=col, row=row))
        else:
            self.out.line(
                _("The queen of column {col}, row {row} is taken away.").format(col=col, row=row)
            )
        self._placed()

    def _placed(self) -> None:
        """After a change of the queens: what is known, and a solution found."""
        state = self.placement.state()
        was_exhausted = self.exhaustion is not None and self.exhaustion.exhausted()
        if self.exhaustion is not None:
            self.exhaustion.observe(state)
        b = state.solution
        if b is not None and self.found.record(b):
            self.found_now.append(b)
            self.out.line(_("A solution you had not found before!"))
            from tui.found_store import saving_news  # loaded with the found solutions' file

            self.out.lines(render(news) for news in saving_news(self.found))
        elif self.exhaustion is not None and not was_exhausted and self.exhaustion.exhausted():
            self.out.line(
                _(
                    "Every placement has been tried or ruled out: the {n} x {n} board has no "
                    "solution."
                ).format(n=self.n)
            )
        self.say()

    def _answer(self, name: str, word: str, parts: list[str]) -> None:
        if not self.drive:
            self.out.line(_("y first: these keys drive the Wrocław loop."))
            return
        if name == "backtrack":
            answer = Answer(Act.BACKTRACK, None)
        else:
            square = _square(parts)
            if square is None:
                self.out.line(
                    _("Name the square after {key}: its column and row, such as {key} 2 3.").format(
                        key=word
                    )
                )
                return
            answer = Answer(_ACTS[name], square)
        verdict = self.session.answer(answer)
        message = Message.of("drive.over") if verdict is None else verdict.message
        self.out.line(render(message))
        self.say()

    def _undo(self) -> None:
        undone = self.session.back() if self.drive else self.placement.pop()
        self.out.line(_("The last move is undone.") if undone else _("Nothing to undo."))
        if undone and not self.drive:
            self._placed()
        elif undone:
            self.say()

    def _clear(self) -> None:
        if self.drive:
            self.session.reset()
        else:
            self.placement.clear()
            self._placed()
            return
        self.hello()

    def _resize(self, delta: int) -> None:
        n = min(max(self.n + delta, 1), MAX_N)
        if n == self.n:
            self.out.line(
                _("Boards to place queens on go from 1 to {max} squares a side.").format(max=MAX_N)
            )
            return
        self._new(n)
        self.hello()

    def driven(self) -> bool:
        """You drive: the loop has reached its first solution."""
        return self.session.engine.solutions_found > 0

    def exhausted(self) -> bool:
        return self.exhaustion is not None and self.exhaustion.exhausted()
