"""The place board and "you drive" in the plain tutor: the place board's flow
(solver/placement/flow.py) said in words, a square named by column and row (``2 3``; ``space 2
3``, ``enter 2 3``, ``b`` in "you drive")."""

from __future__ import annotations

from collections.abc import Callable, Iterable

from lessons.answers.whole_numbers import is_digits
from lessons.i18n import _
from solver.messages import Message, render
from solver.placement import view as place_view
from solver.placement.board import FoundSolutions, solution_count
from solver.placement.driving import Act
from solver.placement.flow import PlaceFlow, PlaceOutcome, Square
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
        self,
        out: Out,
        n: int,
        found: FoundSolutions | None = None,
        drive: bool = False,
        question: bool = False,
        left: PlaceOutcome | None = None,
        queens: tuple[Square, ...] = (),
    ) -> None:
        """``question``: the board answers a lesson's question, in the mode it opened in; ``left``:
        how it was last left (its placements tried, the loop driven: gone on from), ``queens``."""
        self.out = out
        tried, driving = (left.tried, left.driving) if left is not None else (None, None)
        self.flow = PlaceFlow(n, found, drive, queens, tried, driving, question=question)
        self.view = place_view.PlaceView()
        self.over = False

    @property
    def n(self) -> int:
        return self.flow.n

    # -- saying ------------------------------------------------------------------------------

    def hello(self) -> None:
        """What the board is and how to work it."""
        if self.flow.drive:
            said = _(
                "You drive the Wrocław loop on the {n} x {n} board: type space C R if the loop "
                "finds column C, row R attacked, enter C R if it is free (the queen stays), b if "
                "it backtracks; u undoes, c starts again, escape leaves."
            )
            switch = _("y goes back to placing queens.")
        else:
            said = _(
                "Your queens on the {n} x {n} board: type a column and a row (such as {example}) "
                "to put a queen down or take it up; u undoes, c clears, x says the squares "
                "attacked, escape leaves."
            )
            switch = _("y: you drive the Wrocław loop.")
        said = said.format(n=self.n, example=f"{min(2, self.n - 1)} {self.n - 1}")
        self.out.line(said if self.flow.question else f"{said} {switch}")
        left = self.flow.session.asked if self.flow.drive else self.flow.state.queens
        if left:  # gone on from: where the loop stands, or the queens left standing
            self.say()
        elif self.flow.drive and self.flow.session.set_up:  # the lecture's first line, played
            self.out.line(render(Message.of("drive.start")))

    def say(self, full: bool = False) -> None:
        """What the board knows now; ``full``: also the solutions found and the placements."""
        flow = self.flow
        if flow.drive:  # the keys, in the full-screen words, are said by hello()
            lines = place_view.drive_lines(flow.session)
            self.out.lines(render(m) for m in lines if m.id != "drive.keys")
            return
        state = flow.state
        # a new solution is said at the move ("A solution you had not found before!"), not here
        summary = place_view.summary(state, flow.found, flow.new_solution)
        self.out.lines(render(m) for m in summary if m.id != "place.new")
        self.out.lines(render(m) for m in place_view.pair_lines(state))
        if not full:
            return
        found = place_view.found_line(self.n, flow.found, solution_count(self.n))
        if found is not None:
            self.out.line(render(found))
        if flow.exhaustion is not None:
            head, candidates = place_view.exhaustion_lines(flow.exhaustion, ("", "", ""))
            self.out.line(render(head))
            if self.n <= LIST_MAX_N:
                self.out.lines(render(c.message).strip() for c in candidates)

    def board(self) -> None:
        flow = self.flow
        if flow.drive:
            frame = self.view.drive_board(flow.session, (0, 0), flow.hints)
        else:
            frame = self.view.board(flow.state, (0, 0), flow.hints)
        size = f"n = {self.n}"
        self.out.lines(words.board_lines(frame, size, hidden=not flow.hints, pairs=not flow.drive))

    def _told(self, said: Iterable[Message], then: Callable[[], None] | None = None) -> None:
        """What a move made happen, then what the board knows (or ``then``)."""
        said = tuple(said)
        self.out.lines(render(message) for message in said)
        if any(message.id == "place.new_solution" for message in said):
            from tui.found_store import saving_news  # loaded with the found solutions' file

            self.out.lines(render(news) for news in saving_news(self.flow.found))
        (then or self.say)()

    # -- moves -------------------------------------------------------------------------------

    def handle(self, word: str, parts: list[str]) -> bool:
        """Do the place board's command ``word`` with ``parts``; False when it is none of them."""
        square = _square([word, *parts])
        if square is not None:
            col, row = square
            if self.flow.drive:
                self.out.line(
                    _(
                        "You drive: type space {col} {row} (attacked) or enter {col} {row} (free)."
                    ).format(col=col, row=row)
                )
            elif not (col < self.n and row < self.n):
                last = self.n - 1
                self.out.line(_("The board has columns and rows 0 to {last}.").format(last=last))
            else:
                self._told(self.flow.toggle(square))
            return True
        name = commands.find(word, commands.PLACE)
        simple: dict[str, Callable[[], None]] = {
            "undo": self._undo,
            "clear": self._clear,
            "hints": self._toggle_hints,
            "drive": self._switch,
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

    def _undo(self) -> None:
        said = self.flow.undo()
        if said[0].id == "place.nothing_to_undo":
            self.out.line(render(said[0]))
        else:
            self._told(said)

    def _clear(self) -> None:
        if self.flow.drive:
            self.flow.clear()
            self.hello()
        else:
            self._told(self.flow.clear())

    def _switch(self) -> None:
        """y: placing and driving trade places; a question's board keeps its mode."""
        if self.flow.question:
            self.out.line(
                _(
                    "This question's board keeps its mode: y switches modes only on the main "
                    "screen's place board."
                )
            )
        else:
            self._told(self.flow.set_drive(not self.flow.drive)[1:], self._hello_say)

    def _hello_say(self) -> None:
        self.hello()
        self.say()

    def _toggle_hints(self) -> None:
        self.flow.hints = not self.flow.hints
        self.board()

    def _answer(self, name: str, word: str, parts: list[str]) -> None:
        if not self.flow.drive:
            self.out.line(_("y first: these keys drive the Wrocław loop."))
            return
        square = None
        if name != "backtrack":
            square = _square(parts)
            if square is None:
                self.out.line(
                    _("Name the square after {key}: its column and row, such as {key} 2 3.").format(
                        key=word
                    )
                )
                return
        self._told(self.flow.answer(_ACTS.get(name, Act.BACKTRACK), square))

    def _resize(self, delta: int) -> None:
        n = self.n
        said = self.flow.resize(delta)
        if self.n == n:
            self.out.lines(render(message) for message in said)
        else:
            self.hello()
