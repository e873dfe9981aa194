"""The words of a stepped method's questions (guess mode's and a lesson's), and why an answer is
wrong: what every stepped kit inherits."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from solver.messages import N_, Joined, Message, register

if TYPE_CHECKING:
    from solver.peek import Iteration, Square, Test, Threat

register(
    {
        "guess.keys.yes_no": "Keys: y yes, n no (esc: no question).",
        "guess.keys.yes_no.words": "Type y or yes, n or no (esc: no question).",
        "guess.keys.rule": "Keys: 1, 2 or 3 (space: skip the rule).",
        "guess.keys.rule.words": "Type 1, 2 or 3.",
        "guess.keys.digits": "Keys: digits or b (esc: no question).",
        "guess.keys.moves": "Keys: the arrows, or b for a dead end (esc: no question).",
        "guess.keys.moves.words": "Type the step, up, right, down or left, or b for a dead "
        "end (esc: no question).",
        "guess.typed": "Typed: {typed} (enter takes it).",
        "guess.no_such": "There is no {value} on this board: type 0 to {last}.",
        "guess.right": "Right!",
        "guess.skipped": "You skipped the rule (not counted).",
        "guess.skipped.counted": "You skipped the rule, so this square counts as not right.",
        "guess.skipped.keys": (
            "The right key was {keys}.",
            "Each of these keys was right: {keys}.",
        ),
        "guess.square": "column {x}, row {y}",
        "guess.square.row_first": "row {y}, column {x}",
        "guess.wrong.attacked": "Wrong: {square} is attacked by the queen in {by}: {why}.",
        "guess.wrong.free": "Wrong: no queen attacks {square}, so it is free.",
        "guess.wrong.attacks": "Wrong: the queen in {by} attacks {square}: {why}.",
        "guess.wrong.safe": "Wrong: the queen in {by} does not attack {square}: not the same row, "
        "not the same diagonal.",
        "guess.wrong.rule.named_below": "Not that rule.",
        "guess.wrong.not_tried": "Wrong: {guess} is not tried in this iteration; the loop goes on "
        "from {first}.",
        "guess.wrong.undone": "Wrong: the queen stood on {guess} until the search came back to "
        "it and removed it; the loop goes on from {first}.",
        "guess.wrong.refused": "Wrong: {guess} was tested in this loop and is attacked; the loop "
        "goes on from {first}.",
        "guess.wrong.none_left": "Wrong: {guess} was tried before, and nothing is left to try.",
        "guess.wrong.missed": "Wrong: {square} is free, and the loop tries it before {guess}.",
        "guess.wrong.also_attacked": "The queen in {by} attacks {guess} as well: {why}.",
        "guess.wrong.not_backtrack": "Wrong: no backtrack, {square} is free.",
        "guess.wrong.elsewhere": "Wrong: the search does not put the queen on {guess} at this "
        "step.",
        "choice.why.attacked": "The queen in {by} attacks {square}: {why}.",
        "choice.why.not_tried": "The search tried {guess} earlier, before the square it came "
        "back to, and does not go back to it: it goes on from where it left off, not from the "
        "beginning.",
        "choice.why.undone": "The queen stood on {guess} until the search came back to it and "
        "removed it: that square has been tried. The loop does not try it again: it goes on "
        "with the next one.",
        "choice.why.refused": "The search tested {guess} in this loop and found it attacked: "
        "the loop does not test it again; it goes on with the next one.",
        "choice.why.none_left": "The search tried {guess} before, and nothing is left to try.",
        "choice.why.missed": "A free square comes before {guess}, and the search tries it first.",
        "choice.why.not_backtrack": "No backtrack: a free square is still left for this queen, "
        "and the search takes it.",
        "choice.why.elsewhere": "The search does not put the queen on {guess} at this step.",
        "predict.free": "{square} is free.",
        "predict.attacked": "{square} is attacked by the queen in {by}: {why}.",
        "predict.lands": "So the queen goes to {square}.",
        "predict.steps": "So the path steps to {square}.",
        "predict.backtracks": "Nothing is left to try, so the search backtracks.",
        "predict.hint": "Try the squares in the order the notes try them, from where the search "
        "stands: the first one no queen attacks is the answer; if none is free, it backtracks.",
        "predict.state_hint": "Run the notes' code in your head, one test or assignment per tick.",
        "predict.ahead_working": (
            "Count what the tick does: queens placed {placed}, backtracks {back}.",
            "Count what the {count} ticks do: queens placed {placed}, backtracks {back}.",
        ),
        "predict.ahead_working.moves": (
            "Count what the tick does: moves made {placed}, moves taken back {back}.",
            "Count what the {count} ticks do: moves made {placed}, moves taken back {back}.",
        ),
        "predict.ahead_working.calls": (
            "Count what the tick does: calls made {calls}, calls returned {returns}, queens "
            "placed {placed}, backtracks {back}.",
            "Count what the {count} ticks do: calls made {calls}, calls returned {returns}, "
            "queens placed {placed}, backtracks {back}.",
        ),
        "predict.ahead_working.moves.calls": (
            "Count what the tick does: calls made {calls}, calls returned {returns}, moves "
            "made {placed}, moves taken back {back}.",
            "Count what the {count} ticks do: calls made {calls}, calls returned {returns}, "
            "moves made {placed}, moves taken back {back}.",
        ),
        "predict.tick_for_iteration": "That is {name} after one tick. An iteration goes on "
        "ticking until a queen is placed or the search backtracks.",
        "predict.iteration_for_tick": "That is {name} after a whole iteration. One tick is only "
        "one test or one assignment of the notes' code.",
    }
)


RULE_KEYS = {"1": "line", "2": "sum", "3": "diff"}
"""The keys that answer "by which rule?" and the line each names (a solver.peek.Along value)."""
_TWINS = ("attacked", "not_tried", "undone", "refused", "none_left", "missed", "not_backtrack")
CHOICE_WHY = {f"guess.wrong.{r}": f"choice.why.{r}" for r in (*_TWINS, "elsewhere")}
"""Guess mode's reason for a wrong step -> the lesson's twin, without the verdict."""


def choice_why(message: Message) -> Message:
    """``message`` (a reason of guess mode) as a lesson's next-step question says it."""
    twin = CHOICE_WHY.get(message.id)
    return message if twin is None else Message(twin, message.params)


@dataclass(frozen=True, slots=True)
class Wording:
    """How a stepped method's notes speak of the board, for guess mode and the lessons."""

    row_wise: bool = False
    """The notes place one queen per row and name a square row first."""
    moves: bool = False
    """An answer is a move (the maze), not a column's or a row's number."""
    scans: bool = True
    """Its loop tries a column's (row's) squares in order, from where it left off; False: a
    wrong landing gets only what is true of any search, never that order's reasons."""


class QuestionWords:
    """The questions' words every stepped kit has (through :class:`solver.kit.SteppableKit`)."""

    name: ClassVar[str]
    queens: ClassVar[bool]
    wording: ClassVar[Wording] = Wording()
    moves: ClassVar[tuple[str, ...]] = ()
    """The moves an answer can name, in the order the method tries them; none for squares."""
    rule_words: ClassVar[str] = ""
    """The message id of guess mode's "by which rule?"; "" when not asked (or see
    :meth:`rule_prompt`)."""
    land_words: ClassVar[str] = ""
    """The message id of guess mode's "where does the queen land?" (``{k}``, ``{last}``)."""
    not_backtrack: ClassVar[str] = "guess.wrong.not_backtrack"
    """The message id of a backtrack guessed where the search goes on (``{square}``: where)."""

    def row_wise_at(self, kind: str = "") -> bool:
        """A subject of ``kind`` (``Iteration.kind``; "": the kit's one) is a row, named first."""
        return kind == "row" if kind else self.wording.row_wise

    def square_name(self, square: Square, kind: str = "") -> Message:
        """A square as the method's notes name it: column first, or row first where the notes
        place a queen per row (or the subject of ``kind`` is a row)."""
        x, y = square
        key = "guess.square.row_first" if self.row_wise_at(kind) else "guess.square"
        return Message.of(key, x=x, y=y)

    def square_at(self, subject: int, value: int, kind: str = "") -> Square:
        """The square of the queen of ``subject`` (a column, or row, by ``kind``) at ``value``."""
        return (value, subject) if self.row_wise_at(kind) else (subject, value)

    def landed(
        self, subject: int, value: int, tests: tuple[Test, ...], kind: str = ""
    ) -> Iteration:
        """The iteration that placed the queen of ``subject`` (of ``kind``) at ``value``."""
        from solver.peek import Iteration

        square = self.square_at(subject, value, kind)
        return Iteration(subject, True, value, square, tests, kind=kind)

    def backtracked(self, subject: int, tests: tuple[Test, ...], kind: str = "") -> Iteration:
        """The iteration that backtracked from ``subject`` (of ``kind``)."""
        from solver.peek import Iteration

        return Iteration(subject, False, None, None, tests, kind=kind)

    def square_of(self, iteration: Iteration, value: int | str) -> Square | None:
        """The square an answer ``value`` names."""
        if not isinstance(value, int):
            return None
        return self.square_at(iteration.subject, value, iteration.kind)

    def scan_order(self, n: int) -> Sequence[int]:
        """The values of a subject's line (a column's rows) in the order the search tries them
        on the n x n board: 0 to n-1, unless the notes scan in another order (middle out, say),
        which a kit then returns here; every reason that speaks of that order follows it."""
        return range(n)

    def fill_order(self, n: int) -> Sequence[int]:
        """The subjects (columns, or rows) in the order the search fills them: 0 to n-1 unless
        a kit says otherwise. The first one's squares are free by construction."""
        return range(n)

    def comes_after(self, guessed: Square, landed: Square, kind: str = "", n: int = 0) -> bool:
        """The loop reaches ``guessed`` after ``landed`` on its line (``n``: the board's size,
        for the kit's :meth:`scan_order`)."""
        return self._along(guessed, kind, n) > self._along(landed, kind, n)

    def try_prompt(self, test: Test, n: int) -> Message:
        """The question for the tick that tests ``test.square``."""
        raise NotImplementedError

    def rule_prompt(self, test: Test, n: int) -> Message | None:
        """The question "by which rule?" after a right "attacked"; None when not asked."""
        return Message.of(self.rule_words) if self.rule_words else None

    @classmethod
    def rule_key(cls, along: str) -> str:
        """The word for rule key ``along`` (a :data:`RULE_KEYS` line), as the rule prompt asks."""
        words = {"line": N_("column") if cls.wording.row_wise else N_("row"), "sum": N_("col+row")}
        return words.get(along, N_("row-col"))

    def land_prompt(self, iteration: Iteration, n: int) -> Message:
        """The question for one iteration: where does the queen land (:attr:`land_words`)?"""
        if not self.land_words:
            raise NotImplementedError(f"{self.name} words no landing question")
        kind = f".{iteration.kind}" if iteration.kind else ""  # guess.land.NAME.row ...
        return Message.of(self.land_words + kind, k=iteration.subject, last=n - 1)

    def why(self, target: Square, threat: Threat, test: Test | None = None) -> Message:
        """Why ``threat`` attacks ``target``, with the numbers (``test``: the tick's test of
        ``target``, for a method that names what its code read)."""
        from solver.peek import Along

        (x, y), (ax, ay) = target, threat.square
        if threat.along is Along.LINE:
            if self.wording.row_wise:
                return Message.of("why.col", col=x)
            return Message.of("why.row", row=y)
        if threat.along is Along.SUM:
            return Message.of("why.sum", col=x, row=y, value=x + y, a_col=ax, a_row=ay)
        return Message.of("why.diff", col=x, row=y, value=y - x, a_col=ax, a_row=ay)

    def wrong_test(self, test: Test) -> tuple[Message, ...]:
        """Why a guess about the square ``test`` tested was wrong."""
        at = self.square_name(test.square)
        if test.against is not None:  # one comparison with one queen
            by = self.square_name(test.against)
            if test.free:
                return (Message.of("guess.wrong.safe", by=by, square=at),)
            why = self.why(test.square, test.threats[0], test)
            return (Message.of("guess.wrong.attacks", by=by, square=at, why=why),)
        return (Message.of("guess.wrong.free", square=at),) if test.free else self.wrong_taken(test)

    def wrong_taken(self, test: Test) -> tuple[Message, ...]:
        """Why a square guessed for a queen is taken."""
        first = test.threats[0]
        return (
            Message.of(
                "guess.wrong.attacked",
                square=self.square_name(test.square),
                by=self.square_name(first.square),
                why=self.why(test.square, first, test),
            ),
        )

    def wrong_move(self, iteration: Iteration, move: str) -> tuple[Message, ...] | None:
        """Why a guessed move was wrong (the maze); None for a method of squares."""
        return None

    def explain_land(
        self, it: Iteration, value: int | str | None, standing: tuple[Square, ...] = ()
    ) -> tuple[tuple[Message, ...], Square | None, tuple[Threat, ...]]:
        """Why ``value`` (None: a backtrack) is not where ``it`` lands: the sentences, the square
        guessed and the queens that attack it (``standing``: the queens on the board)."""
        if value is None:  # a backtrack guessed, but a queen lands
            assert it.square is not None
            sq = self.square_name(it.square, it.kind)
            return (Message.of(self.not_backtrack, square=sq),), None, ()
        guessed = self.square_of(it, value)
        test = it.test_of(guessed) if guessed is not None else None
        if test is not None and not test.free:
            return self.wrong_taken(test), guessed, test.threats
        moved = self.wrong_move(it, str(value))
        if moved is not None:
            return moved, None, ()
        first = it.tests[0].square if it.tests else it.square
        assert guessed is not None
        gsq = self.square_name(guessed, it.kind)
        if not self.wording.scans:  # true of any search: a queen lands on no attacked square
            threat = self.known_threat(it, guessed, standing)
            if threat is not None:
                from solver.peek import Test

                return self.wrong_taken(Test(guessed, False, (threat,))), guessed, (threat,)
            return (Message.of("guess.wrong.elsewhere", guess=gsq),), None, ()
        if first is None:  # a backtrack with nothing left to test
            return (Message.of("guess.wrong.none_left", guess=gsq),), None, ()
        if it.square is not None and self.comes_after(guessed, it.square, it.kind, it.n):
            lsq = self.square_name(it.square, it.kind)
            missed = Message.of("guess.wrong.missed", square=lsq, guess=gsq)
            threat = self.known_threat(it, guessed, standing)
            if threat is None:
                return (missed,), guessed, ()
            by, why = self.square_name(threat.square), self.why(guessed, threat)
            also = Message.of("guess.wrong.also_attacked", guess=gsq, by=by, why=why)
            return (missed, also), guessed, (threat,)
        fsq = self.square_name(first, it.kind)
        last = next((test for test in it.earlier if test.square == guessed), None)
        if last is not None and not last.free:  # tested in this loop and refused
            return (Message.of("guess.wrong.refused", guess=gsq, first=fsq),), None, ()
        before = self._along(first, it.kind, it.n) - 1
        if last is not None or self._along(guessed, it.kind, it.n) == before:
            # the square its queen stood on until the search came back and removed it
            return (Message.of("guess.wrong.undone", guess=gsq, first=fsq),), None, ()
        return (Message.of("guess.wrong.not_tried", guess=gsq, first=fsq),), None, ()

    def known_threat(
        self, it: Iteration, square: Square, standing: tuple[Square, ...] = ()
    ) -> Threat | None:
        """A queen that attacks ``square`` (which ``it`` did not test), among the queens its
        tests met, else among ``standing``; or None."""
        met = [threat.square for test in it.tests for threat in test.threats]
        queens = [queen for queen in (*met, *standing) if queen != square]
        return next(self.attackers(square, queens, it.kind), None)

    def attackers(
        self, square: Square, queens: Sequence[Square], kind: str = ""
    ) -> Iterator[Threat]:
        """Each of ``queens`` that attacks ``square``, in their order, with the line it attacks
        along (a subject of ``kind`` that is a row: rows and columns swapped)."""
        from solver.geometry import attack_rule
        from solver.peek import ALONG, Threat

        row_wise = self.row_wise_at(kind)
        for queen in queens:
            a, b = (queen[::-1], square[::-1]) if row_wise else (queen, square)
            rule = attack_rule(*a, *b)
            if rule is not None:
                yield Threat(queen, ALONG[rule])

    def standing(self, snapshot: Any) -> tuple[Square, ...]:
        """The queens on the board in ``snapshot``; none where the method does not say."""
        return ()

    def _along(self, square: Square, kind: str = "", n: int = 0) -> int:
        """How far along its line (of a subject of ``kind``) the search tries ``square``: its
        place in :meth:`scan_order` (``n`` 0, unknown: its value)."""
        value = square[0] if self.row_wise_at(kind) else square[1]
        order = self.scan_order(n)
        return order.index(value) if value in order else value

    def choice_refusal(self, before: Any) -> Message | None:
        """Why next-choice cannot be asked in the state ``before``, or None."""
        return None

    def choice_prompt(self, before: Any, iteration: Iteration) -> Message:
        """next-choice: where does the search go next, from the state ``before``?"""
        return self.land_prompt(iteration, before.n)

    def choice_story(self, before: Any, iteration: Iteration) -> Message:
        """next-choice's explanation: what the iteration tests, square by square."""
        told: list[Message] = []
        # each square once, in the order first tested, with its last test's verdict (a scan
        # compares a square with each queen in turn); a step taken says it
        for test in {t.square: t for t in (() if self.moves else iteration.tests)}.values():
            square = self.square_name(test.square)
            if test.free or not test.threats:
                told.append(Message.of("predict.free", square=square))
            else:
                first = test.threats[0]
                by, why = self.square_name(first.square), self.why(test.square, first, test)
                told.append(Message.of("predict.attacked", square=square, by=by, why=why))
        if iteration.square is not None:
            landed = "predict.steps" if self.moves else "predict.lands"
            square = self.square_name(iteration.square, iteration.kind)
            told.append(Message.of(landed, square=square))
        else:
            told.append(self.backtrack_story(before, iteration))
        return Message.of("idle", text=Joined(tuple(told)))

    def backtrack_story(self, before: Any, iteration: Iteration) -> Message:
        """The last sentence of :meth:`choice_story` when the iteration backtracks."""
        return Message.of("predict.backtracks")

    def choice_hint(self, before: Any, iteration: Iteration) -> Message:
        return Message.of("predict.hint")

    def wrong_choice(self, before: Any, iteration: Iteration, value: int | str | None) -> Message:
        """Why ``value`` (None: a backtrack) is not where the search goes next."""
        reasons = self.explain_land(iteration, value, self.standing(before))[0]
        return Message.of("idle", text=Joined(tuple(choice_why(m) for m in reasons)))

    def choice_mistakes(self, before: Any, iteration: Iteration) -> dict[str, Message]:
        """Answers a typical misconception gives, with what to say of each."""
        n = before.n
        if iteration.answer is None and not self.moves:
            return {str(n): Message.of("guess.no_such", value=n, last=n - 1)}
        return {}

    def move_name(self, move: str) -> Message:
        """A move an answer can name (:attr:`moves`), by its name in the language in use."""
        return Message.of("idle", text=move)

    def dead_end_name(self) -> Message:
        """The choice that no move is left (a dead end), for a method whose answers are moves."""
        return Message.of("predict.backtracks")

    state_name: ClassVar[str | None] = None
    """The name a next-state question asks about when it names none; None: the lesson must."""

    def state_mistakes(
        self, name: str, before: Any, after: Any, events: tuple[object, ...]
    ) -> dict[str, Message]:
        """next-state: wrong values of ``name`` a misconception gives after the ticks whose events
        are ``events``, with what to say of each."""
        return {}

    def ahead_mistakes(self, name: str, before: str, value: str, ahead: int) -> dict[str, Message]:
        """next-state asked ``ahead`` ticks on: reasons for wrong values of ``name`` that replace
        the one-tick reasons."""
        return {}

    def state_largest(self, name: str, before: Any) -> tuple[int, Message] | None:
        """next-state: the largest value ``name`` can hold, and why no larger one is the answer;
        None for no bound."""
        return None

    def landing_reasons(self, name: str, before: Any, after: Any) -> dict[str, Message]:
        """next-state: each wrong value's reason, where ``name`` is a queen's row after a step."""
        return {}

    def state_hint(self, ahead: bool, iteration: bool = False) -> Message:
        """next-state's hint, for a tick, an iteration or several ticks ahead."""
        return Message.of("predict.state_hint")

    def ahead_working(self, count: int, kinds: Sequence[int]) -> Message:
        """next-state asked ``count`` ticks on, a wrong value no mistake explains: how to work
        the answer out from what the ticks did (their kinds, :class:`solver.stepping.Kind`: queens
        or moves placed and taken back, and calls made and returned where there were any),
        never the value itself."""
        from solver.stepping import Kind

        if count == 1:  # one tick's counts would say what it does: the answer
            return self.state_hint(True)
        calls, returns = kinds.count(Kind.CALL), kinds.count(Kind.RETURN)
        key = "predict.ahead_working" + ("" if self.queens else ".moves")
        key += ".calls" if calls or returns else ""
        placed, back = kinds.count(Kind.PLACE), kinds.count(Kind.BACKTRACK)
        return Message.of(key, count=count, placed=placed, back=back, calls=calls, returns=returns)

    def step_mistake(self, name: str, iteration: bool) -> Message:
        """next-state: the value of ``name`` after the other step was given (a tick for an
        iteration, or the reverse)."""
        key = "predict.tick_for_iteration" if iteration else "predict.iteration_for_tick"
        return Message.of(key, name=name)
