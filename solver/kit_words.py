"""The words of a stepped method's questions: what every stepped kit
(:class:`solver.kit.SteppableKit`) inherits to word guess mode's questions and a lesson's questions
about its board, and to say why an answer is wrong."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from solver.messages import Joined, Message, register

if TYPE_CHECKING:
    from solver.peek import Iteration, Square, Test, Threat

# The guess sentences every stepped method shares: the keys, and the feedback. Each kit registers
# its own questions (``isfree(...)``, ``sicura(...)``, ``isAdm(...)``) in its module.
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
        # Feedback.
        "guess.right": "Right!",
        # A skipped rule: what happened, then the keys that were right (the tick's own
        # sentence after it names the rule in words). Student walk 12, en 9: "The rule was
        # not asked." after the student had skipped it.
        "guess.skipped": "You skipped the rule (not counted).",
        "guess.skipped.counted": "You skipped the rule, so this square counts as not right.",
        "guess.skipped.keys": (
            "The right key was {keys}.",
            "Each of these keys was right: {keys}.",
        ),
        "guess.square": "column {x}, row {y}",
        "guess.square.row_first": "row {y}, column {x}",
        "guess.wrong.attacked": "No: {square} is attacked by the queen in {by}: {why}.",
        "guess.wrong.free": "No: no queen attacks {square}, so it is free.",
        "guess.wrong.attacks": "No: the queen in {by} attacks {square}: {why}.",
        "guess.wrong.safe": "No: the queen in {by} does not attack {square}: not the same row, "
        "not the same diagonal.",
        "guess.wrong.rule.named_below": "Not that rule.",
        "guess.wrong.not_tried": "No: {guess} is not tried in this iteration; the loop goes on "
        "from {first}.",
        "guess.wrong.undone": "No: the queen stood on {guess} until the search came back to "
        "it and removed it; the loop goes on from {first}.",
        "guess.wrong.none_left": "No: {guess} was tried before, and nothing is left to try.",
        "guess.wrong.missed": "No: {square} is free, and the loop tries it before {guess}.",
        # After guess.wrong.missed (or its lesson twin), when a queen the iteration met attacks
        # the square guessed: the student who misread the board hears why it is not free either.
        "guess.wrong.also_attacked": "The queen in {by} attacks {guess} as well: {why}.",
        "guess.wrong.not_backtrack": "No backtrack: {square} is free.",
        # A lesson's next-step question, after a wrong answer that its own sentence already calls
        # wrong ("Column 2 is not right."): the reason without a second verdict, and a lead
        # rather than the answer (student walk 5, it F14). CHOICE_WHY maps the guess's reasons.
        "choice.why.attacked": "The queen in {by} attacks {square}: {why}.",
        # "The search", not "the loop": the Wrocław loop's name in the lessons, and these
        # reasons serve every method (student walk 12, en 16: placeQueens' question).
        "choice.why.not_tried": "The search tried {guess} earlier, before the square it came "
        "back to, and does not go back to it: it goes on from where it left off, not from the "
        "beginning.",
        # The square the search just came back to, given again (student walk 10, en, item 9:
        # column 2 after "placeQueens(1) has just removed the queen of row 1 from column 2").
        "choice.why.undone": "The queen stood on {guess} until the search came back to it and "
        "removed it: that square has been tried. The loop does not try it again: it goes on "
        "with the next one.",
        "choice.why.none_left": "The search tried {guess} before, and nothing is left to try.",
        "choice.why.missed": "A free square comes before {guess}, and the search tries it first.",
        # A lesson's next-step question, after the answer: what the iteration tested.
        "predict.free": "{square} is free.",
        "predict.attacked": "{square} is attacked by the queen in {by}: {why}.",
        "predict.lands": "So the queen goes to {square}.",
        "predict.steps": "So the path steps to {square}.",
        "predict.backtracks": "Nothing is left to try, so the search backtracks.",
        "predict.hint": "Try the squares in the order the notes try them, from where the search "
        "stands: the first one no queen attacks is the answer; if none is free, it backtracks.",
        "predict.state_hint": "Run the notes' code in your head, one test or assignment per tick.",
        "predict.tick_for_iteration": "That is {name} after one tick. An iteration goes on "
        "ticking until a queen is placed or the search backtracks.",
        "predict.iteration_for_tick": "That is {name} after a whole iteration. One tick is only "
        "one test or one assignment of the notes' code.",
    }
)


CHOICE_WHY = {
    "guess.wrong.attacked": "choice.why.attacked",
    "guess.wrong.not_tried": "choice.why.not_tried",
    "guess.wrong.undone": "choice.why.undone",
    "guess.wrong.none_left": "choice.why.none_left",
    "guess.wrong.missed": "choice.why.missed",
}
"""Guess mode's reason for a wrong step (which opens with its verdict, "No:") -> the lesson's twin,
said after the lesson's own verdict (a method's kit adds its own: the maze's)."""


def choice_why(message: Message) -> Message:
    """``message`` (a reason of guess mode) as a lesson's next-step question says it."""
    twin = CHOICE_WHY.get(message.id)
    return message if twin is None else Message(twin, message.params)


@dataclass(frozen=True, slots=True)
class Wording:
    """How a stepped method's notes speak of the board, for guess mode and the lessons."""

    row_wise: bool = False
    """The notes place one queen per row (their straight line is a column), and name a square row
    first."""
    moves: bool = False
    """An answer is a move (the maze), not a column's or a row's number."""


class QuestionWords:
    """The questions' words every stepped kit has (a kit is its subclass through
    :class:`solver.kit.SteppableKit`, which sets its name and what it can do)."""

    name: ClassVar[str]
    queens: ClassVar[bool]
    wording: ClassVar[Wording] = Wording()
    moves: ClassVar[tuple[str, ...]] = ()
    """The moves an answer can name, in the order the method tries them (the maze: ``up``,
    ``right``, ``down``, ``left``); none for a method whose answers are squares."""
    rule_words: ClassVar[str] = ""
    """The message id of guess mode's "by which rule?", asked after a right "attacked" (no
    parameters); "" when it is not asked, or :meth:`rule_prompt` words it with numbers."""
    land_words: ClassVar[str] = ""
    """The message id of guess mode's "where does the queen land?", with ``{k}`` (the column, or
    row, being filled) and ``{last}`` (its last row, or column); or :meth:`land_prompt` words it."""

    # -- the words of its questions ----------------------------------------------------------

    def square_name(self, square: Square) -> Message:
        """A square as the method's notes name it, on every screen: column first (``column 3, row
        2``: the Wrocław lecture's b[i], the row of the queen of column i), or row first where the
        notes place a queen per row (``row 2, column 3``: the Turin notes' queen of row i in column
        q[i], the Salerno notes' (R, C))."""
        x, y = square
        key = "guess.square.row_first" if self.wording.row_wise else "guess.square"
        return Message.of(key, x=x, y=y)

    def square_at(self, subject: int, value: int) -> Square:
        """The square of the queen of ``subject`` (a column; row-wise notes: a row) at ``value``
        (its row; row-wise notes: its column)."""
        return (value, subject) if self.wording.row_wise else (subject, value)

    def landed(self, subject: int, value: int, tests: tuple[Test, ...]) -> Iteration:
        """The iteration that placed the queen of ``subject`` at ``value`` (:meth:`landing` of a
        method whose answers are squares)."""
        from solver.peek import Iteration

        return Iteration(subject, True, value, self.square_at(subject, value), tests)

    def backtracked(self, subject: int, tests: tuple[Test, ...]) -> Iteration:
        """The iteration that found no free square for the queen of ``subject``: a backtrack."""
        from solver.peek import Iteration

        return Iteration(subject, False, None, None, tests)

    def square_of(self, iteration: Iteration, value: int | str) -> Square | None:
        """The square an answer names: the subject's column (row-wise notes: its row) at
        ``value``."""
        if not isinstance(value, int):
            return None
        return self.square_at(iteration.subject, value)

    def comes_after(self, guessed: Square, landed: Square) -> bool:
        """The loop reaches ``guessed`` after ``landed`` (the next column, or row)."""
        if self.wording.row_wise:
            return guessed[0] > landed[0]
        return guessed[1] > landed[1]

    def try_prompt(self, test: Test, n: int) -> Message:
        """The question for the tick that tests ``test.square``."""
        raise NotImplementedError

    def rule_prompt(self, test: Test, n: int) -> Message | None:
        """The question "by which rule?" after a right "attacked" (:attr:`rule_words`); None when
        not asked."""
        return Message.of(self.rule_words) if self.rule_words else None

    def land_prompt(self, iteration: Iteration, n: int) -> Message:
        """The question for one iteration: where does the queen land (:attr:`land_words`)?"""
        if not self.land_words:
            raise NotImplementedError(f"{self.name} words no landing question")
        return Message.of(self.land_words, k=iteration.subject, last=n - 1)

    def why(self, target: Square, threat: Threat, test: Test | None = None) -> Message:
        """Why ``threat`` attacks ``target``, with the numbers (the narration's own clauses);
        ``test``, the tick's test of ``target`` where there is one, lets a method name what its code
        read (the Turin notes' ``b[3]``)."""
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
        if test.free:
            return (Message.of("guess.wrong.free", square=at),)
        return self.wrong_taken(test)

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
        """Why ``value`` (a row or column, a maze move, None for a backtrack) is not where the
        iteration ``it`` lands: the sentences, the square guessed (to draw its attackers) and the
        queens that attack it."""
        if value is None:  # a backtrack guessed, but a queen lands
            assert it.square is not None
            sq = self.square_name(it.square)
            return (Message.of("guess.wrong.not_backtrack", square=sq),), None, ()
        guessed = self.square_of(it, value)
        test = it.test_of(guessed) if guessed is not None else None
        if test is not None and not test.free:
            return self.wrong_taken(test), guessed, test.threats
        moved = self.wrong_move(it, str(value))
        if moved is not None:
            return moved, None, ()
        first = it.tests[0].square if it.tests else it.square
        assert guessed is not None
        gsq = self.square_name(guessed)
        if first is None:  # a backtrack with nothing left to test
            return (Message.of("guess.wrong.none_left", guess=gsq),), None, ()
        if it.square is not None and self.comes_after(guessed, it.square):
            sq = self.square_name(it.square)
            missed = Message.of("guess.wrong.missed", square=sq, guess=gsq)
            threat = self.known_threat(it, guessed, standing)
            if threat is None:
                return (missed,), guessed, ()
            by, why = self.square_name(threat.square), self.why(guessed, threat)
            also = Message.of("guess.wrong.also_attacked", guess=gsq, by=by, why=why)
            return (missed, also), guessed, (threat,)
        fsq = self.square_name(first)
        if self._along(guessed) == self._along(first) - 1:
            # An iteration that does not start at the line's first square goes on after the
            # square its queen stood on until the search came back and removed it.
            return (Message.of("guess.wrong.undone", guess=gsq, first=fsq),), None, ()
        return (Message.of("guess.wrong.not_tried", guess=gsq, first=fsq),), None, ()

    def known_threat(
        self, it: Iteration, square: Square, standing: tuple[Square, ...] = ()
    ) -> Threat | None:
        """A queen that attacks ``square``, a square the iteration ``it`` did not test, among the
        queens its tests met (the ones that attacked the squares it tried), or None: a square
        guessed past where the queen lands may be attacked itself (student walk 13, it 18: "A free
        square comes before (column 3, row 3)" and no word of its own attack)."""
        from solver.geometry import attack_rule
        from solver.peek import ALONG, Threat

        def along(a: Square, b: Square) -> tuple[int, int, int, int]:  # row-wise: x for y
            if self.wording.row_wise:
                return a[1], a[0], b[1], b[0]
            return (*a, *b)

        for test in it.tests:
            for threat in test.threats:
                if threat.square == square:
                    continue
                rule = attack_rule(*along(threat.square, square))
                if rule is not None:
                    return Threat(threat.square, ALONG[rule])
        # else any queen on the board: lesson 6's quiz drew a square attacked along its
        # diagonal by a queen that no square tested before the landing met, and told only that
        # a free square came first (student walk 14, pl 3)
        for queen in standing:
            if queen != square:
                rule = attack_rule(*along(queen, square))
                if rule is not None:
                    return Threat(queen, ALONG[rule])
        return None

    def standing(self, snapshot: Any) -> tuple[Square, ...]:
        """The queens on the board in ``snapshot``, as :meth:`square_name` names squares; none where
        the method does not say (the reasons then name the queens its tests met)."""
        return ()

    def _along(self, square: Square) -> int:
        """How far along its line the search tries ``square``: its row (row-wise notes: its
        column)."""
        return square[0] if self.wording.row_wise else square[1]

    # -- a lesson's questions about its board (lessons/quiz/board.py) ---------------------------
    # Every method's board is asked the same questions; these give them the method's words
    # (the Wrocław loop's kit gives its richer ones: solver/methods/iterative/questions.py).

    def choice_refusal(self, before: Any) -> Message | None:
        """Why next-choice cannot be asked in the state ``before`` though an iteration follows (the
        Wrocław loop after a solution: no column is being filled), or None."""
        return None

    def choice_prompt(self, before: Any, iteration: Iteration) -> Message:
        """next-choice: where does the search go next, from the state ``before``?"""
        return self.land_prompt(iteration, before.n)

    def choice_story(self, before: Any, iteration: Iteration) -> Message:
        """next-choice's explanation: what the iteration tests, square by square."""
        told: list[Message] = []
        for test in () if self.moves else iteration.tests:  # a step taken says it
            square = self.square_name(test.square)
            if test.free or not test.threats:
                told.append(Message.of("predict.free", square=square))
            else:
                first = test.threats[0]
                by, why = self.square_name(first.square), self.why(test.square, first, test)
                told.append(Message.of("predict.attacked", square=square, by=by, why=why))
        if iteration.square is not None:
            landed = "predict.steps" if self.moves else "predict.lands"
            told.append(Message.of(landed, square=self.square_name(iteration.square)))
        else:
            told.append(self.backtrack_story(before, iteration))
        return Message.of("idle", text=Joined(tuple(told)))

    def backtrack_story(self, before: Any, iteration: Iteration) -> Message:
        """The last sentence of :meth:`choice_story` when the iteration backtracks: what the ticks
        the answer plays leave on the board (a kit whose backtrack also undoes the caller's queen
        says so)."""
        return Message.of("predict.backtracks")

    def choice_hint(self, before: Any, iteration: Iteration) -> Message:
        return Message.of("predict.hint")

    def wrong_choice(self, before: Any, iteration: Iteration, value: int | str | None) -> Message:
        """Why ``value`` (None: a backtrack) is not where the search goes next."""
        reasons = self.explain_land(iteration, value, self.standing(before))[0]
        said = tuple(choice_why(m) for m in reasons)
        return Message.of("idle", text=Joined(said))

    def choice_mistakes(self, before: Any, iteration: Iteration) -> dict[str, Message]:
        """Answers a typical misconception gives, with what to say of each (beyond
        :meth:`wrong_choice`): a number one past the board when the answer is a backtrack."""
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
    """The name a lesson's next-state question asks about when it names none (the Wrocław loop:
    ``k``); None: the lesson must name one (``of=NAME``)."""

    def state_mistakes(
        self, name: str, before: Any, after: Any, events: tuple[object, ...]
    ) -> dict[str, Message]:
        """next-state: wrong values of ``name`` a misconception gives, after the ticks whose last
        events are ``events``, with what to say of each."""
        return {}

    def ahead_mistakes(self, name: str, before: str, value: str, ahead: int) -> dict[str, Message]:
        """next-state asked ``ahead`` ticks on: reasons for wrong values of ``name`` (from
        ``before`` to the right ``value``, both as typed) that replace the one-tick reasons, which
        would give away what the ticks ask; none by default."""
        return {}

    def state_largest(self, name: str, before: Any) -> tuple[int, Message] | None:
        """next-state: the largest value ``name`` can ever hold on the board of the state ``before``
        (a row past the board: none), and why no larger number is the answer; None: the kit names no
        such bound."""
        return None

    def landing_reasons(self, name: str, before: Any, after: Any) -> dict[str, Message]:
        """next-state: where ``name`` is where a queen landed in the ticks asked about (the loop's
        b[k] after its iteration), why each other value is not; the least specific of a next-state
        question's reasons (its misconceptions come first)."""
        return {}

    def state_hint(self, ahead: bool, iteration: bool = False) -> Message:
        """next-state's hint, for one step (a whole iteration, with ``iteration``) or for several
        ticks ahead."""
        return Message.of("predict.state_hint")

    def step_mistake(self, name: str, iteration: bool) -> Message:
        """next-state: the value of ``name`` after the other step was given (one tick where an
        iteration is asked, with ``iteration``; a whole iteration where a tick is)."""
        key = "predict.tick_for_iteration" if iteration else "predict.iteration_for_tick"
        return Message.of(key, name=name)
