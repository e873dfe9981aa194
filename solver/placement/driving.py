""" "You drive": the learner carries out the Wrocław lecture's loop, one step at a time, and each
step is graded against the engine (:class:`solver.methods.iterative.engine.IterativeEngine`).

At each step the learner says what the loop does next: it *tries* a square and finds it attacked
(``b[k]++``, ``isfree`` false), it *places* the queen on a free square (``isfree`` true, ``k++``),
or it *backtracks* (``b[k]=-1; k--``). The engine's next tick is the answer: right, the engine
plays it; wrong, the learner is told what the loop does instead and why, and the engine plays it
then too. The announcements of a solution and of the end have no choice in them: they are played
with the step before them. Nor has the lecture's ``b[0]=0; k=1``, which comes before the loop: a
drive starts with it played, and the first step graded is the loop's first ``b[k]++``.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from solver.events import Attacker, Backtrack, Event, Try
from solver.messages import Message, register
from solver.methods.iterative.engine import IterativeEngine, Snapshot
from solver.methods.iterative.narration import why
from solver.registry import DEFAULT_METHOD
from solver.session.board import BoardSession
from solver.stepping import Kind, Mode

register(
    {
        "drive.right.try": "Right: column {col}, row {row} is attacked ({why}).",
        "drive.right.try.many": (
            "Right: column {col}, row {row} is attacked by {count} queen: {attackers}.",
            "Right: column {col}, row {row} is attacked by {count} queens: {attackers}.",
        ),
        "drive.attacker": "column {col} ({why})",
        "drive.right.place": "Right: column {col}, row {row} is free: the queen stays "
        "(b[{col}]={row}).",
        "drive.right.backtrack": "Right: column {col} has no row left: b[{col}]=-1, back to "
        "column {prev}.",
        "drive.right.backtrack.first": "Right: column 0 has no row left: b[0]=-1 and k = -1.",
        # {why} is a sentence: "Column 0 ...", "The loop ..."
        "drive.wrong": "Not right. {why} The loop has played that step: now k = {k}.",
        "drive.wrong.column": "The loop works on column k = {k}, not on column {col}. {expected}",
        "drive.wrong.order": "The loop tries rows in order from b[k]+1 = {next}, so row {row} "
        "is not next. {expected}",
        "drive.wrong.attacked": "Column {col}, row {row} is attacked by the queen in column "
        "{a_col} along {rule} ({why}): the loop tries it and moves on to the next row.",
        "drive.wrong.attacked.many": (
            "Column {col}, row {row} is attacked by {count} queen: {attackers}. The loop "
            "tries it and moves on to the next row.",
            "Column {col}, row {row} is attacked by {count} queens: {attackers}. The loop "
            "tries it and moves on to the next row.",
        ),
        # The last row: no next row to move on to.
        "drive.wrong.attacked.last": "Column {col}, row {row} is attacked by the queen in "
        "column {a_col} along {rule} ({why}): the loop tries it, and with no row left it "
        "backtracks next.",
        "drive.wrong.attacked.many.last": (
            "Column {col}, row {row} is attacked by {count} queen: {attackers}. The loop "
            "tries it, and with no row left it backtracks next.",
            "Column {col}, row {row} is attacked by {count} queens: {attackers}. The loop "
            "tries it, and with no row left it backtracks next.",
        ),
        "drive.wrong.free": "Column {col}, row {row} is free: no queen of columns 0 to {last} "
        "attacks it, so the loop places the queen there.",
        # One column before it: not "columns 0 to 0".
        "drive.wrong.free.second": "Column 1, row {row} is free: the queen of column 0 does "
        "not attack it, so the loop places the queen there.",
        "drive.wrong.free.first": "Column 0, row {row} is free: no queen stands on the board "
        "yet, so the loop places the queen there.",
        "drive.wrong.not_back": "Column {k} still has rows to try: the loop tries rows in order "
        "from b[k]+1 = {next} before it backtracks. {expected}",
        "drive.wrong.must_back": "Column {k} has no row left (b[{k}] = {last} is the last row): "
        "the loop backtracks, b[{k}]=-1 and k = {prev}.",
        "drive.expected.try": "Instead, the loop tries column {col}, row {row}: it is attacked.",
        "drive.expected.place": "Instead, the loop tries column {col}, row {row}: it is free, "
        "so the queen stays.",
        "drive.expected.backtrack": "Instead, the loop backtracks.",
        "drive.over": "The loop is over: c starts it again, y goes back to placing queens.",
        "drive.over.question": "The loop is over: c starts it again.",
        "drive.rule.row": "the row",
        "drive.rule.sum": "col+row",
        "drive.rule.diff": "row-col",
    }
)


class Act(StrEnum):
    """What the learner says the loop does next."""

    TRY = "try"
    """Tries a square and finds it attacked."""
    PLACE = "place"
    """Tries a square, finds it free and leaves the queen there."""
    BACKTRACK = "backtrack"


@dataclass(frozen=True, slots=True)
class Answer:
    act: Act
    square: tuple[int, int] | None = None
    """(column, row) for a try or a placement."""


@dataclass(frozen=True, slots=True)
class Verdict:
    """A graded step: was it right, the engine's step, and the sentence that says why."""

    right: bool
    expected: Answer
    message: Message


def expected_answer(event: Event) -> Answer:
    """The answer that names the tick ``event``."""
    if isinstance(event, Try):
        return Answer(Act.TRY if event.attackers else Act.PLACE, (event.col, event.row))
    if isinstance(event, Backtrack):
        return Answer(Act.BACKTRACK)
    raise ValueError(f"no answer names {event!r}")


def _attackers(col: int, row: int, attackers: tuple[Attacker, ...]) -> tuple[Message, ...]:
    """Every queen that attacks (col, row), each with its rule: "column 0 (same row 2)"."""
    return tuple(Message.of("drive.attacker", col=a.col, why=why(col, row, a)) for a in attackers)


DRIVEN_METHOD = DEFAULT_METHOD
"""The method whose loop a learner drives (the Wrocław lecture's loop, the board session's
default): a lesson's page on the same method and board can follow the drive to its tick."""


def replays_drive(board: BoardSession, n: int) -> bool:
    """Whether ``board`` plays the same steps as a drive on ``n`` x ``n``: the driven loop on
    the same board, to its first solution, so that a drive's tick count is a tick of its
    own (a lesson's page follows the drive there)."""
    return board.method == DRIVEN_METHOD and board.n == n and board.engine.mode is Mode.FIRST


SETUP_TICKS = 1
"""The engine's ticks of the lecture's ``b[0]=0; k=1`` (the engine plays it as its first tick)."""


class DriveSession:
    """The learner's run of the loop: a board session of the loop (its engine, its frame, reset
    and back, as every board has), the score, and the grading of each step."""

    def __init__(self, n: int) -> None:
        self.engine = IterativeEngine(n, Mode.FIRST)
        self.board = BoardSession(DRIVEN_METHOD, engine=self.engine)
        """The loop's board: the drive board draws its frame."""
        self._set_up()
        self.right = 0
        self.asked = 0
        self.missed: list[Answer] = []
        """What the loop did at each step graded wrong, in order (the score's wrong steps)."""
        self.wrong: tuple[int, int] | None = None
        """(column, row) the learner named at the last step when it was graded wrong (the drive
        board marks it, also where the loop then tried the same square); None otherwise."""

    @property
    def n(self) -> int:
        return self.engine.n

    def snapshot(self) -> Snapshot:
        snapshot = self.board.snapshot
        assert isinstance(snapshot, Snapshot)
        return snapshot

    @property
    def over(self) -> bool:
        return self.engine.finished

    def _set_up(self) -> None:
        """Play the lecture's ``b[0]=0; k=1``, the line before the loop: it is no step of the
        loop and asks nothing of the learner."""
        for _ in range(SETUP_TICKS):
            self.board.tick_forward()
        self._announced()  # n = 1: that line solved the board
        self._start = self.engine.tick

    def _announced(self) -> None:
        """k == n or k < 0: the loop's condition fails; the next tick, the announcement of a
        solution or of the end, has no choice in it and is played at once."""
        if not self.engine.finished and self.engine.k in (-1, self.n):
            self.board.tick_forward()

    @property
    def set_up(self) -> bool:
        """Whether the board stands where the drive starts: ``b[0]=0; k=1`` and nothing more."""
        return self.engine.tick <= self._start

    def reset(self) -> None:
        """The loop from its start again; the score stays (a wrong step is not taken back)."""
        self.board.reset()
        self._set_up()
        self.wrong = None

    def next_event(self) -> Event | None:
        """The engine's next tick, found by playing it and taking it back (exact, O(1))."""
        engine = self.engine
        if engine.step() is None:
            return None
        event = engine.last_event
        engine.back()
        return event

    def _expected_message(self, event: Event) -> Message:
        if isinstance(event, Try):
            key = "drive.expected.try" if event.attackers else "drive.expected.place"
            return Message.of(key, col=event.col, row=event.row)
        return Message.of("drive.expected.backtrack")

    def _explain(self, answer: Answer, event: Event) -> Message:
        """Why ``answer`` is not what the loop does at ``event``."""
        k = self.engine.k
        b = self.engine.b
        n = self.n
        expected = self._expected_message(event)
        if isinstance(event, Backtrack):
            prev = -1 if k == 0 else k - 1
            return Message.of("drive.wrong.must_back", k=k, last=n - 1, prev=prev)
        assert isinstance(event, Try)
        if answer.act is Act.BACKTRACK:
            return Message.of("drive.wrong.not_back", k=k, next=b[k] + 1, expected=expected)
        assert answer.square is not None
        col, row = answer.square
        if col != event.col:
            return Message.of("drive.wrong.column", k=event.col, col=col, expected=expected)
        if row != event.row:
            return Message.of("drive.wrong.order", next=event.row, row=row, expected=expected)
        last = ".last" if row == n - 1 else ""
        if len(event.attackers) > 1:  # every attacker named, as the page's board names them
            return Message.of(
                f"drive.wrong.attacked.many{last}",
                col=col,
                row=row,
                count=len(event.attackers),
                attackers=_attackers(col, row, event.attackers),
            )
        if event.attackers:
            a = event.attackers[0]
            return Message.of(
                f"drive.wrong.attacked{last}",
                col=col,
                row=row,
                a_col=a.col,
                rule=Message.of(f"drive.rule.{a.rule}"),
                why=why(col, row, a),
            )
        if col == 0:
            return Message.of("drive.wrong.free.first", row=row)
        if col == 1:
            return Message.of("drive.wrong.free.second", row=row)
        return Message.of("drive.wrong.free", col=col, row=row, last=col - 1)

    @staticmethod
    def _praise(event: Event) -> Message:
        if isinstance(event, Try):
            if len(event.attackers) > 1:
                return Message.of(
                    "drive.right.try.many",
                    col=event.col,
                    row=event.row,
                    count=len(event.attackers),
                    attackers=_attackers(event.col, event.row, event.attackers),
                )
            if event.attackers:
                a = event.attackers[0]
                return Message.of(
                    "drive.right.try",
                    col=event.col,
                    row=event.row,
                    why=why(event.col, event.row, a),
                )
            return Message.of("drive.right.place", col=event.col, row=event.row)
        assert isinstance(event, Backtrack)
        if event.col == 0:
            return Message.of("drive.right.backtrack.first")
        return Message.of("drive.right.backtrack", col=event.col, prev=event.col - 1)

    def answer(self, answer: Answer) -> Verdict | None:
        """Grade ``answer`` against the loop's next step, then play that step (and the
        announcement of a solution or of the end that follows it). None when the loop is over.
        """
        event = self.next_event()
        if event is None:
            return None
        expected = expected_answer(event)
        right = answer == expected
        self.asked += 1
        self.wrong = None
        if right:
            self.right += 1
            message = self._praise(event)
        else:
            why = self._explain(answer, event)
            self.missed.append(expected)
            if answer.square is not None:  # the loop's own square too
                self.wrong = answer.square
        self.board.tick_forward()
        self._announced()
        if not right:  # the step played: where the loop goes on, so the next one is not misread
            message = Message.of("drive.wrong", why=why, k=self.engine.k)
        return Verdict(right, expected, message)

    def back(self) -> bool:
        """Take back the last step (and an announcement after it); the score stays. The
        lecture's ``b[0]=0; k=1`` is never taken back (False: nothing was)."""
        self.wrong = None
        if self.set_up:
            return False
        if self.engine.last_kind in (Kind.SOLUTION, Kind.DONE):
            self.board.back()
        return self.board.back().played == 1
