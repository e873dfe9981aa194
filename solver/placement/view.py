"""The board of queens placed by hand, and of "you drive", as frames; what the side pane says.

Headless: the models are :class:`solver.placement.board.Placement` and
:class:`solver.placement.driving.
DriveSession`; this turns their state into a :class:`BoardFrame` (with the learner's cursor) and
the pane's sentences as Messages. Squares are (column, row) with row 0 at the bottom; the cursor
is kept in the same numbers and turned into a drawn line here.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from solver.checker import COLUMN, PairAttack
from solver.geometry import Rule, line_between
from solver.messages import Figure, Message, register
from solver.placement.board import (
    Candidate,
    Exhaustion,
    FoundSolutions,
    PlacementState,
    classify,
    explain_pair,
)
from solver.placement.driving import DriveSession
from solver.views.frame import BoardFrame, Mark
from solver.views.squares import BOTTOM_UP, BoardBuilder

Square = tuple[int, int]

PAIRS_LISTED = 40
"""The most attacking pairs the side pane lists, all of them counted: a full 10 x 10 board has
4,950, and each would be laid out again at every key."""

PAIR_LINE = {
    "row": Mark.LINE_ROW,
    COLUMN: Mark.LINE_COL,
    "sum": BOTTOM_UP.line(Rule.SUM),
    "diff": BOTTOM_UP.line(Rule.DIFF),
}

register(
    {
        "place.count": (
            "n = {n}: {count} queen of {n} on the board.",
            "n = {n}: {count} queens of {n} on the board.",
        ),
        "place.pairs.none": "No two queens attack each other.",
        "place.pairs": (
            "{count} pair attacks:",
            "{count} pairs attack:",
        ),
        "place.pairs.more": (
            "{more} more pair attacks (the first {listed} are listed).",
            "{more} more pairs attack (the first {listed} are listed).",
        ),
        "place.solution": "A solution: b = [{b}].",
        "place.class": "It belongs to fundamental solution {number} of {fundamentals} "
        "(canonical form [{canonical}]), whose orbit has {size} distinct solutions under "
        "the 8 symmetries of the board.",
        # a board of one orbit (4 x 4, 6 x 6): not "fundamental solution 1 of 1"
        "place.class.only": "It belongs to the orbit of the only fundamental solution "
        "(canonical form [{canonical}]), which has {size} distinct solutions under the 8 "
        "symmetries of the board.",
        "place.class.one": "It belongs to fundamental solution {number} of {fundamentals} "
        "(canonical form [{canonical}]), whose orbit has 1 distinct solution: every symmetry "
        "of the board leaves it as it is.",
        "place.new": "New: you had not found it before.",
        "place.again": "You found this one before.",
        # A plural for the translations ("ne hai trovata 1 su 2"); English says it once.
        "place.in_class": (
            "Of its orbit you have found {count} of {size}.",
            "Of its orbit you have found {count} of {size}.",
        ),
        "place.found": "Solutions of n = {n} found: {found} of {total}.",
        "place.exhaust": "Placements with one queen in each row and column: {total}; tried or "
        "ruled out: {settled}.",
        "place.exhausted": "Every one of the {total} placements with one queen in each row and "
        "column has been tried or ruled out, and none works: the {n} x {n} board has no "
        "solution.",
        "place.candidate.open": "{mark} [{b}]: not tried yet",
        "place.candidate.works": "{mark} [{b}]: a solution",
        "place.candidate.out": "{mark} [{b}]: the queens of columns {a_col} and {b_col} attack "
        "along {rule}",
        "place.rule.sum": "col+row",
        "place.rule.diff": "row-col",
        "drive.status": "You drive the Wrocław loop on n = {n}: k = {k}, b = [{b}].",
        "drive.score": "Score: right {right}/{asked}.",
        "drive.keys": "Move the cursor to the square the loop tries next: space if it is "
        "attacked, enter if it is free (the queen stays); b for a backtrack.",
        # What happened before the first step: said once, as the drive
        # starts; the pane says where the loop stands after that.
        "drive.start": "b[0]=0; k=1 is played: the loop starts at column 1.",
        "drive.goes_on": "You go on where you left the loop: k = {k}, {right} of {asked} steps "
        "right so far.",
        "drive.solved": "The loop found the solution b = [{b}].",
        "drive.none": "The loop is over: the {n} x {n} board has no solution.",
    }
)


@dataclass(frozen=True, slots=True)
class CandidateLine:
    """One of the n! placements and what is known of it, for the side pane."""

    candidate: Candidate
    message: Message


def _joined(b: tuple[int, ...]) -> str:
    return ", ".join(map(str, b))


class PlaceView:
    """Frames of a learner's board: queens, attacking pairs with their lines, the cursor."""

    def __init__(self) -> None:
        self._board = BoardBuilder(BOTTOM_UP)
        self._marked: tuple[PlacementState, dict[Square, Mark]] | None = None
        """The last state's marks: a cursor move draws the same queens again."""

    def _cursor(self, n: int, cursor: Square) -> tuple[int, int]:
        col, row = cursor
        return col, n - 1 - row  # drawn with row 0 at the bottom

    def board(self, state: PlacementState, cursor: Square, hints: bool) -> BoardFrame:
        """Queens (a queen in an attacking pair drawn as an attacker), the line between each
        attacking pair, and, with ``hints``, every square the queens attack."""
        marks = self._marks(state)
        frame = self._board.frame(state.n, state.queens, marks, cursor, show_attacked=hints)
        return _with_cursor(frame, self._cursor(state.n, cursor))

    def _marks(self, state: PlacementState) -> dict[Square, Mark]:
        if self._marked is not None and self._marked[0] is state:
            return self._marked[1]
        marks: dict[Square, Mark] = {}
        for pair in state.attacks:
            for square in line_between(pair.first, pair.second):
                if square not in state.queens:
                    marks.setdefault(square, PAIR_LINE[pair.rule])
        for square in state.clashing:
            marks[square] = Mark.ATTACKER
        self._marked = (state, marks)
        return marks

    def drive_board(self, session: DriveSession, cursor: Square, hints: bool) -> BoardFrame:
        """The loop's board as its board session draws it (the iterative view's frame),
        attacked squares only with hints, and the square of a wrong step marked
        (:attr:`Mark.WRONG`) unless a queen stands there."""
        frame = session.board.frame().board
        if not hints:
            squares = tuple(
                tuple(Mark.FREE if mark is Mark.ATTACKED else mark for mark in line)
                for line in frame.squares
            )
            frame = replace(frame, squares=squares)
        if session.wrong is not None:
            col, line = self._cursor(session.n, session.wrong)
            # Over anything but a queen: the loop's own ✕ on the square it tried hid the
            # learner's wrong step there.
            if frame.squares[line][col] not in (Mark.QUEEN, Mark.ATTACKER):
                rows = [list(row) for row in frame.squares]
                rows[line][col] = Mark.WRONG
                frame = replace(frame, squares=tuple(map(tuple, rows)))
        return _with_cursor(frame, self._cursor(session.n, cursor))


def _with_cursor(frame: BoardFrame, cursor: tuple[int, int]) -> BoardFrame:
    return replace(frame, focus=cursor, cursor=cursor)


def pair_lines(state: PlacementState, listed: int = PAIRS_LISTED) -> tuple[Message, ...]:
    """The first ``listed`` attacking pairs with their rules, as ``queens-tutor check`` words
    them."""
    return tuple(explain_pair(pair) for pair in state.attacks[:listed])


def more_pairs_line(state: PlacementState, listed: int = PAIRS_LISTED) -> Message | None:
    """How many attacking pairs :func:`pair_lines` leaves out; None when it lists them all."""
    more = len(state.attacks) - listed
    if more <= 0:
        return None
    return Message.of("place.pairs.more", count=more, more=Figure(f"{more:,}"), listed=listed)


def summary(state: PlacementState, found: FoundSolutions, new: bool) -> tuple[Message, ...]:
    """What the pane says above the pairs: the count, and a solution's class when it is one."""
    lines = (Message.of("place.count", count=len(state.queens), n=state.n),)
    b = state.solution
    if b is None and state.attacks:
        return (*lines, Message.of("place.pairs", count=len(state.attacks)))
    if b is None:
        return (*lines, Message.of("place.pairs.none")) if state.queens else lines
    cls = classify(b)
    key = "place.class.one" if cls.size == 1 else "place.class"
    if cls.size > 1 and cls.fundamentals == 1:
        key = "place.class.only"
    counts = {"number": cls.number, "fundamentals": cls.fundamentals, "size": cls.size}
    return (
        *lines,
        Message.of("place.solution", b=_joined(b)),
        Message.of(key, canonical=_joined(cls.canonical), **counts),
        Message.of("place.new" if new else "place.again"),
        Message.of("place.in_class", count=found.in_class(cls), size=cls.size),
    )


def found_line(n: int, found: FoundSolutions, total: int) -> Message | None:
    """How many of the board's solutions have been found; None for a board with none, and
    before the first is found (the learner finds out by trying whether there is one: "found:
    0 of 2" would tell lesson 2's "does the 4 x 4 board have a solution?" before the search)."""
    if total == 0 or not found.of(n):
        return None
    return Message.of("place.found", n=n, found=len(found.of(n)), total=total)


def exhaustion_lines(
    known: Exhaustion, marks: tuple[str, str, str]
) -> tuple[Message, tuple[CandidateLine, ...]]:
    """The count of placements settled (or the verdict), and one line for each placement.

    ``marks`` are the glyphs of a placement that works, one ruled out and one not tried yet."""
    works, out, open_ = marks
    candidates = known.candidates()
    lines = []
    for c in candidates:
        b = _joined(c.b)
        if c.works and c.tried:  # whether it works shows only once it has been tried
            message = Message.of("place.candidate.works", mark=works, b=b)
        elif c.refuted_by is not None:
            pair: PairAttack = c.refuted_by
            a_col, b_col, rule = pair.first[0], pair.second[0], f"place.rule.{pair.rule}"
            message = Message.of(
                "place.candidate.out",
                mark=out,
                b=b,
                a_col=a_col,
                b_col=b_col,
                rule=Message.of(rule),
            )
        else:
            message = Message.of("place.candidate.open", mark=open_, b=b)
        lines.append(CandidateLine(c, message))
    total = len(candidates)
    if known.exhausted():
        head = Message.of("place.exhausted", total=total, n=known.n)
    else:
        settled = sum(c.settled for c in candidates)
        head = Message.of("place.exhaust", total=total, settled=settled)
    return head, tuple(lines)


def drive_lines(session: DriveSession) -> tuple[Message, ...]:
    """The loop's state and the score, for the pane of "you drive"."""
    snapshot = session.snapshot()
    lines = [
        Message.of("drive.status", n=snapshot.n, k=snapshot.k, b=_joined(snapshot.b)),
        Message.of("drive.score", right=session.right, asked=session.asked),
    ]
    if not snapshot.finished:
        return (*lines, Message.of("drive.keys"))
    if snapshot.solutions:
        return (*lines, Message.of("drive.solved", b=_joined(snapshot.solutions[-1])))
    return (*lines, Message.of("drive.none", n=snapshot.n))
