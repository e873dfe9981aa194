"""The place board as one flow, whatever draws it: the learner's queens put down and taken up,
every attacking pair named, a solution recognised, the small boards tried by hand, and "you
drive" the Wrocław loop, graded. Every move answers with what happened, as Messages (the
move's, then any news it made): the full-screen board (tui/screens/place_screen.py) shows the
last, the plain tutor (tui/plain/place_board.py) says them all.

Squares are (column, row), row 0 at the bottom.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from solver.messages import Message, register
from solver.placement import MAX_N
from solver.placement.board import (
    EXHAUST_MAX_N,
    Exhaustion,
    FoundSolutions,
    Placement,
    PlacementState,
)
from solver.placement.driving import Act, Answer, DriveSession

Square = tuple[int, int]

register(
    {
        "place.hello": "Move with the arrows or h j k l (or click a square); space or enter "
        "puts a queen down or takes it up; u undoes; y: you drive the Wrocław loop.",
        "place.hello.question": "Move with the arrows or h j k l (or click a square); space or "
        "enter puts a queen down or takes it up; u undoes; escape takes the board back to the "
        "question.",
        "place.sizes": "Boards to place queens on go from 1 to {max} squares a side.",
        "place.new_solution": "A solution you had not found before!",
        "place.nothing_to_undo": "Nothing to undo.",
        "place.undone": "The last move is undone.",
        "place.put": "A queen in column {col}, row {row}.",
        "place.took": "The queen of column {col}, row {row} is taken away.",
        "place.cleared": "The board is cleared: no queen on it.",
        "place.resized": "A new {n} x {n} board, with no queen on it.",
        "place.exhausted.now": "Every placement has been tried or ruled out: the {n} x {n} "
        "board has no solution.",
    }
)


@dataclass(frozen=True, slots=True)
class PlaceOutcome:
    """What the learner did on the board, as the board is left."""

    n: int
    """The board size when it was left."""
    found: tuple[tuple[int, ...], ...]
    """The solutions stood on the board during this visit, in the order found, whether or not
    the learner had found them before."""
    exhausted: bool
    """The learner tried or ruled out every placement of a board with no solution (n = 2, 3)."""
    right: int
    """You drive: the steps graded right ..."""
    asked: int
    """... of the steps graded."""
    driven: bool = False
    """You drive: the loop reached its first solution during this visit."""
    queens: tuple[Square, ...] = ()
    """The queens on the board, (column, row) in order (you drive: the loop's)."""
    missed: tuple[Answer, ...] = ()
    """You drive: what the loop did at each step graded wrong."""
    ticks: int = 0
    """You drive: the ticks the loop had played."""
    cursor: Square = (0, 0)
    """The cursor's square: the board opened again for the same question puts it back there."""
    driving: DriveSession | None = field(default=None, compare=False)
    """You drive: the loop as it was left, to go on from (not part of what the learner did)."""
    tried: Exhaustion | None = field(default=None, compare=False)
    """The placements tried or ruled out so far (boards up to EXHAUST_MAX_N), to go on from."""


class PlaceFlow:
    """The learner's own board, or the loop driven by hand (:attr:`drive`)."""

    n: int
    placement: Placement
    session: DriveSession
    """The loop driven by hand."""
    exhaustion: Exhaustion | None
    """The placements tried or ruled out (boards up to EXHAUST_MAX_N; None above)."""

    def __init__(
        self,
        n: int,
        found: FoundSolutions | None = None,
        drive: bool = False,
        queens: Iterable[Square] = (),
        tried: Exhaustion | None = None,
        driving: DriveSession | None = None,
        question: bool = False,
    ) -> None:
        """``queens``: a board to start from (undo takes it away); ``tried`` and ``driving``:
        an earlier visit's placements tried and loop driven, gone on from on a board of their
        size (a loop driven to its end starts over); ``question``: the board answers a lesson's
        question, in the mode it opens in."""
        self.found = found if found is not None else FoundSolutions()
        self.drive = drive
        self.question = question
        self.hints = False
        """The squares the queens attack are shown."""
        self.found_now: list[tuple[int, ...]] = []
        """The solutions stood on the board during this visit."""
        self.new_solution = False
        """The last move made a solution the learner had not found before."""
        self._new(min(max(n, 1), MAX_N))
        if tried is not None and self.exhaustion is not None and tried.n == self.n:
            self.exhaustion = tried
        if driving is not None and driving.n == self.n and not driving.over:
            self.session = driving
        start = tuple(queens)
        if start:
            self.placement.set_queens(start)
            if self.exhaustion is not None:
                self.exhaustion.observe(self.placement.state())

    def _new(self, n: int) -> None:
        self.n = n
        self.placement = Placement(n)
        self.session = DriveSession(n)
        self.exhaustion = Exhaustion(n) if n <= EXHAUST_MAX_N else None
        self.new_solution = False

    @property
    def state(self) -> PlacementState:
        return self.placement.state()

    @property
    def exhausted(self) -> bool:
        return self.exhaustion is not None and self.exhaustion.exhausted()

    @property
    def driven(self) -> bool:
        """You drive: the loop has reached its first solution."""
        return self.session.engine.solutions_found > 0

    def hello(self, question: bool = False) -> Message:
        """What the board says as it opens (``question``: for a lesson's question)."""
        if self.drive:
            return self.drive_hello()
        return Message.of("place.hello.question" if question else "place.hello")

    def drive_hello(self) -> Message:
        """What happened as the drive opens: the lecture's first line played, or, on a loop an
        earlier visit left halfway, where it goes on."""
        session = self.session
        if session.set_up:
            return Message.of("drive.start")
        return Message.of(
            "drive.goes_on", k=session.engine.k, right=session.right, asked=session.asked
        )

    # -- moves -----------------------------------------------------------------------------

    def toggle(self, square: Square) -> tuple[Message, ...]:
        """Put a queen down on ``square`` (column, row), or take it up."""
        col, row = square
        put = self.placement.push(square)
        return self._placed(Message.of("place.put" if put else "place.took", col=col, row=row))

    def _placed(self, said: Message) -> tuple[Message, ...]:
        """After a change of the queens: what is known, a solution found, a board tried out."""
        state = self.placement.state()
        was_exhausted = self.exhausted
        if self.exhaustion is not None:
            self.exhaustion.observe(state)
        b = state.solution
        self.new_solution = b is not None and self.found.record(b)
        if b is not None and b not in self.found_now:
            self.found_now.append(b)
        if self.new_solution:
            return (said, Message.of("place.new_solution"))
        if not was_exhausted and self.exhausted:
            return (said, Message.of("place.exhausted.now", n=self.n))
        return (said,)

    def answer(self, act: Act, square: Square | None) -> tuple[Message, ...]:
        """You drive: the loop's next step as the learner says it, graded."""
        verdict = self.session.answer(Answer(act, None if act is Act.BACKTRACK else square))
        over = Message.of("drive.over.question" if self.question else "drive.over")
        return (over if verdict is None else verdict.message,)

    def undo(self) -> tuple[Message, ...]:
        undone = self.session.back() if self.drive else self.placement.pop()
        said = Message.of("place.undone" if undone else "place.nothing_to_undo")
        return self._placed(said) if not self.drive else (said,)

    def clear(self) -> tuple[Message, ...]:
        """No queen on the board; you drive: the loop from its start again."""
        if self.drive:
            self.session.reset()
            return (self.drive_hello(),)
        self.placement.clear()
        return self._placed(Message.of("place.cleared"))

    def resize(self, delta: int) -> tuple[Message, ...]:
        """A board ``delta`` larger, with no queen on it (within 1 to MAX_N)."""
        n = min(max(self.n + delta, 1), MAX_N)
        if n == self.n:
            return (Message.of("place.sizes", max=MAX_N),)
        self._new(n)
        return (Message.of("place.resized", n=n),)

    def set_drive(self, drive: bool) -> tuple[Message, ...]:
        self.drive = drive
        return (self.hello(),)

    def outcome(self, cursor: Square = (0, 0)) -> PlaceOutcome:
        """What the learner did, as the board is left with the cursor on ``cursor``."""
        session = self.session
        queens = tuple(sorted(self.placement.queens))
        if self.drive:  # the loop's queens where the student drove it
            queens = tuple((col, row) for col, row in enumerate(session.snapshot().b) if row >= 0)
        return PlaceOutcome(
            self.n,
            tuple(self.found_now),
            self.exhausted,
            session.right,
            session.asked,
            self.driven,
            queens,
            tuple(session.missed),
            session.engine.tick if self.drive else 0,
            cursor,
            tried=self.exhaustion,
            driving=session if self.drive else None,
        )
