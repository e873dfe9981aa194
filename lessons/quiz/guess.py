"""``@question guess ticks=N [goal=R | slack=S]``: the student predicts the next N ticks of
the page's board in guess mode (:class:`solver.guess.game.GuessGame`), whatever its method.

A tick is right when every answer about it was right; the question is passed with at least R
ticks right, or at most S wrong (by default every tick but one). :class:`GuessRound` is the
headless round both front ends drive and :func:`grade` compares its :class:`GuessResult` with
the goal; afterwards the board stands N ticks later (``Posed.play``), answered or shown."""

from __future__ import annotations

from dataclasses import dataclass

from lessons.answers.checking import AnswerType, Posed, Verdict
from lessons.i18n import N_, _, ngettext
from lessons.quiz.board import check_board
from lessons.quiz.not_askable import NotAskable
from lessons.quiz.params import ParamError, Params
from solver.guess.game import GuessGame, Tally
from solver.guess.stage import Stage
from solver.kit import SteppableKit
from solver.messages import Message, render
from solver.peek import Along, Test
from solver.session.board import BoardSession, Told
from solver.stepping import SteppableSearch, Stop, back_to
from solver.views.squares import Overlay

LEAVE_KEYS = {
    "guess.keys.yes_no": N_("Keys: y yes, n no (esc: leave the board, no attempt)."),
    "guess.keys.digits": N_("Keys: digits or b (esc: leave the board, no attempt)."),
    "guess.keys.moves": N_(
        "Keys: the arrows, or b for a dead end (esc: leave the board, no attempt)."
    ),
    "guess.keys.rule": N_("Keys: 1, 2 or 3 (space: skip the rule; that counts as not right)."),
}
"""A question's key line on this screen, where escape leaves the board."""
COUNTED_KEYS = {
    "guess.keys.yes_no": N_("Keys: y yes, n no (esc: leave the board, counted as an attempt)."),
    "guess.keys.digits": N_("Keys: digits or b (esc: leave the board, counted as an attempt)."),
    "guess.keys.moves": N_(
        "Keys: the arrows, or b for a dead end (esc: leave the board, counted as an attempt)."
    ),
}
"""The same once a prediction was missed: leaving then counts (:meth:`GuessRound.kept`)."""


def stretch_line(message: Message, missed: bool = False) -> str:
    """One line of a guess question's narration on its board, where escape leaves the board
    (``missed``: a prediction was, so leaving counts as an attempt)."""
    here = (COUNTED_KEYS if missed else {}).get(message.id) or LEAVE_KEYS.get(message.id)
    return _(here) if here is not None else render(message)


MAX_TICKS = 200
"""The most ticks one guess question asks the student to predict."""
MAX_PREDICTIONS = 40
"""The most ticks that ask (each a prediction) in one guess question: more is more than a
student predicts in one sitting for one point (`lessons check` refuses it at its line)."""
DONE = "done"
"""The canonical right answer of a guess question (never typed: see :func:`grade`)."""


@dataclass(frozen=True, slots=True)
class GuessResult:
    """What one visit to the guess board reports."""

    asked: int
    """Ticks that asked a question ..."""
    right: int
    """... of which every answer was right."""
    played: int
    """Ticks played during the visit (the question's N when the visit went to its end)."""

    def given(self) -> str:
        """The visit as the record keeps it among the answers given, in the notation of the
        files (not a sentence): ``right=2/3 played=5``."""
        return f"right={self.right}/{self.asked} played={self.played}"


def ticks_of(params: Params) -> int:
    """The ticks to predict. Raises ParamError."""
    return params.integer("ticks", 1, MAX_TICKS)


def questions_ahead(kit: SteppableKit, engine: SteppableSearch, ticks: int) -> int:
    """How many of the next ``ticks`` ticks test a square (each asks a question), found by
    playing them and taking them back; raises NotAskable when the search ends before."""
    return len(tests_ahead(kit, engine, ticks))


def tests_ahead(kit: SteppableKit, engine: SteppableSearch, ticks: int) -> list[tuple[int, Test]]:
    """The ticks among the next ``ticks`` that test a square as guess mode asks about it, each
    with its test, found by playing them and taking them back; raises NotAskable when the
    search ends before."""
    start = engine.tick
    asked: list[tuple[int, Test]] = []
    try:
        for _played in range(ticks):
            test = kit.next_test(engine)
            if test is not None and not kit.asks_nothing(test, engine.n):  # as guess mode asks
                asked.append((engine.tick + 1, test))
            if engine.run(Stop.TICK, max_ticks=1).ticks == 0:
                raise NotAskable(
                    _(
                        "@question guess ticks={ticks}: the search is over at tick {tick}, "
                        "before the last of these ticks"
                    ).format(ticks=ticks, tick=engine.tick)
                )
    finally:
        back_to(engine, start)
    return asked


def _tested(kit: SteppableKit, tick: int, test: Test) -> str:
    """One tick of the stretch as the answer shows it: the square, free or attacked, and by
    which queen and rule (the maze: open or not)."""
    square = render(kit.square_name(test.square))
    if kit.moves:
        if test.free:
            return _("tick {tick}: {square} is open").format(tick=tick, square=square)
        return _("tick {tick}: {square} is not open").format(tick=tick, square=square)
    if test.against is not None:  # one comparison with one queen (the edutecnica page)
        by = render(kit.square_name(test.against))
        if test.free or not test.threats:
            said = _("tick {tick}: the queen in {by} does not attack {square}")
            return said.format(tick=tick, by=by, square=square)
        why = render(kit.why(test.square, test.threats[0], test))
        said = _("tick {tick}: the queen in {by} attacks {square} ({why})")
        return said.format(tick=tick, by=by, square=square, why=why)
    if test.free or not test.threats:
        return _("tick {tick}: {square} is free").format(tick=tick, square=square)
    threat = test.threats[0]
    return _("tick {tick}: {square} is attacked by the queen in {by} ({why})").format(
        tick=tick,
        square=square,
        by=render(kit.square_name(threat.square)),
        why=render(kit.why(test.square, threat, test)),
    )


def goal_of(params: Params, asked: int) -> int:
    """The ticks to get right of ``asked``: ``goal=R``, or every one but S (``slack=S``, by
    default 1; at least 1). Raises ParamError when R is more than the ticks that ask, or both
    are given."""
    if asked == 0:
        raise ParamError(
            _("@question guess ticks={ticks}: none of these ticks tests a square").format(
                ticks=ticks_of(params)
            )
        )
    if params.has("goal") and params.has("slack"):
        raise ParamError(
            _(
                "@question guess: give goal= (the ticks to get right) or slack= (the ticks "
                "that may be wrong), not both"
            )
        )
    if not params.has("goal"):
        return max(1, asked - (params.integer("slack", 0, MAX_TICKS) if params.has("slack") else 1))
    goal = params.integer("goal", 1, MAX_TICKS)
    if goal > asked:
        raise ParamError(
            ngettext(
                "@question guess goal={goal}: these ticks ask only {asked} question",
                "@question guess goal={goal}: these ticks ask only {asked} questions",
                asked,
            ).format(goal=goal, asked=asked)
        )
    return goal


def slack_of(params: Params, asked: int) -> int:
    """How many of ``asked`` ticks may be predicted wrong: ``asked`` minus the goal. Raises
    ParamError as :func:`goal_of`."""
    return asked - goal_of(params, asked)


def pose_guess(params: Params, board: BoardSession | None) -> Posed:
    """Predict the next N ticks of the page's board in guess mode."""
    board = check_board(board, "guess")
    ticks = ticks_of(params)
    asked = questions_ahead(board.kit, board.engine, ticks)
    if asked > MAX_PREDICTIONS:
        raise ParamError(
            ngettext(
                "@question guess ticks={ticks}: these ticks ask {asked} question, more than the "
                "{max} a student predicts in one sitting; ask a few shorter guess questions "
                "instead (a @step between two of them skips a stretch of the search)",
                "@question guess ticks={ticks}: these ticks ask {asked} questions, more than the "
                "{max} a student predicts in one sitting; ask a few shorter guess questions "
                "instead (a @step between two of them skips a stretch of the search)",
                asked,
            ).format(ticks=ticks, asked=asked, max=MAX_PREDICTIONS)
        )
    goal = goal_of(params, asked)
    tested = tests_ahead(board.kit, board.engine, ticks)
    maze = bool(board.kit.moves)
    if maze:
        prompt = ngettext(
            "Press [o] and predict {ticks} tick of the maze in guess mode: if it tries a step, say "
            "whether the square it leads to is open (y or n): no wall, not outside, not on the "
            "path.",
            "Press [o] and predict the maze's next {ticks} ticks in guess mode: before each tick "
            "that tries a step, say whether the square it leads to is open (y or n): no wall, "
            "not outside, not on the path.",
            ticks,
        ).format(ticks=ticks)
        plain = ngettext(
            "Predict {ticks} tick of the maze: if it tries a step, say whether the square it "
            "leads to is open (y or n): no wall, not outside, not on the path.",
            "Predict the maze's next {ticks} ticks: before each tick that tries a step, say "
            "whether the square it leads to is open (y or n): no wall, not outside, not on the "
            "path.",
            ticks,
        ).format(ticks=ticks)
    else:
        prompt = ngettext(
            "Press [o] and predict {ticks} tick of the board in guess mode: if it tests a square, "
            "answer what it asks (y or n) and, when the square is attacked, by which rule (1, 2 "
            "or 3).",
            "Press [o] and predict the board's next {ticks} ticks in guess mode: before each tick "
            "that tests a square, answer what it asks (y or n) and, when the square is attacked, "
            "by which rule (1, 2 or 3).",
            ticks,
        ).format(ticks=ticks)
        plain = ngettext(
            "Predict {ticks} tick of the board: if it tests a square, answer what it asks (y or "
            "n) and, when the square is attacked, by which rule (1, 2 or 3).",
            "Predict the board's next {ticks} ticks: before each tick that tests a square, answer "
            "what it asks (y or n) and, when the square is attacked, by which rule (1, 2 or 3).",
            ticks,
        ).format(ticks=ticks)
    goal_line = _("Questions: {asked}; to pass, at least {goal} right.").format(
        asked=asked, goal=goal
    )
    # The answer is what the ticks did, one by one with the rule, not the task restated.
    expected = ngettext(
        "{count} tick tests a square: {ticks_said}",
        "{count} ticks test a square, in order: {ticks_said}",
        len(tested),
    ).format(
        count=len(tested), ticks_said="; ".join(_tested(board.kit, t, test) for t, test in tested)
    )
    explanation = ngettext(
        "The board has played {ticks} tick.", "The board has played the {ticks} ticks.", ticks
    ).format(ticks=ticks)
    return Posed(
        kind="guess",
        prompt=f"{prompt} {goal_line}",
        plain_prompt=f"{plain} {goal_line}",
        answer_type=AnswerType.PLACE,
        expected=expected,
        explanation=explanation,
        hint=_(
            "isAdm lets a step through when the square it leads to is inside the maze, is no "
            "wall and is not on the path already; the steps are tried up, right, down, left."
        )
        if maze
        else _(
            "A square is free when no queen already placed shares its row, its column or one "
            "of its diagonals (the same sum, the same difference)."
        ),
        play=ticks,
        point="answer.point.target",
        values={
            "ticks": str(ticks),
            "goal": str(goal),
            "asked": str(asked),
            "tick": str(board.engine.tick),
        },
    )


def grade(posed: Posed, result: GuessResult) -> Verdict:
    """Whether the visit went to the end of the N ticks with at least the goal right."""
    ticks, goal = int(posed.values["ticks"]), int(posed.values["goal"])
    if result.played < ticks:
        left = ngettext(  # left once a prediction was missed (GuessRound.kept)
            "The board was left after {played} of {ticks} tick, a prediction missed: that counts "
            "as an attempt. Press [o] to start again from the question's tick.",
            "The board was left after {played} of {ticks} ticks, a prediction missed: that "
            "counts as an attempt. Press [o] to start again from the question's tick.",
            ticks,
        )
        return Verdict(False, left.format(played=result.played, ticks=ticks))
    if result.right >= goal:
        right = ngettext(
            "Right: {right} of {asked} tick predicted right (goal {goal}).",
            "Right: {right} of {asked} ticks predicted right (goal {goal}).",
            result.asked,
        )
        return Verdict(True, right.format(right=result.right, asked=result.asked, goal=goal))
    said = ngettext(
        "{right} of {asked} tick predicted right; the goal is {goal}.",
        "{right} of {asked} ticks predicted right; the goal is {goal}.",
        result.asked,
    ).format(right=result.right, asked=result.asked, goal=goal)
    keys = _("Press [o] to try again, or [f3] to show the answer.")
    return Verdict(False, f"{said} {keys}", plain_message=said)


class GuessRound:
    """One visit to the guess board: the engine taken back to the question's tick, then ``ticks``
    ticks predicted one by one on :attr:`session` (guess mode), asked by :meth:`next` and answered
    by :meth:`answer_yes` and :meth:`answer_rule`."""

    def __init__(
        self, engine: SteppableSearch, start: int, ticks: int, overlay: str = Overlay.OFF
    ) -> None:
        self.start = start
        self.ticks = ticks
        self.overlay = overlay
        self.session = self._session(engine)
        self.asked = 0
        self.right = 0
        self._before = Tally()
        self.restart()

    def _session(self, engine: SteppableSearch) -> BoardSession:
        session = BoardSession(engine=engine, overlay=self.overlay, guessing=True, lesson=True)
        session.game.graded = True  # a skipped rule counts as not right
        return session

    @property
    def engine(self) -> SteppableSearch:
        return self.session.engine

    @property
    def game(self) -> GuessGame:
        return self.session.game

    def restart(self) -> None:
        """Back to the question's tick, nothing counted."""
        engine = self.engine
        if engine.tick > self.start:
            back_to(engine, self.start)
        elif engine.tick < self.start:
            engine.run(Stop.END, max_ticks=self.start - engine.tick)
        self.session = self._session(engine)
        self.asked = self.right = 0

    @property
    def played(self) -> int:
        return self.engine.tick - self.start

    @property
    def left(self) -> int:
        return self.ticks - self.played

    @property
    def done(self) -> bool:
        return self.left <= 0 or (self.engine.finished and self.game.question is None)

    @property
    def question_number(self) -> int:
        """The number of the question open now, or of the last one asked."""
        return self.asked + (1 if self.game.question is not None else 0)

    def count_words(self) -> str:
        """The round's count, as the guess board shows it under the question."""
        return _(
            "questions {number}, right {right}, ticks left {left} (board at tick {tick})"
        ).format(
            number=self.question_number, right=self.right, left=self.left, tick=self.session.tick
        )

    def result(self) -> GuessResult:
        return GuessResult(self.asked, self.right, self.played)

    def kept(self) -> GuessResult | None:
        """What leaving the visit now reports: its result once played out or once a prediction
        was missed (an attempt: a miss is not taken back by leaving), else None (nothing)."""
        return self.result() if self.done or self.asked > self.right else None

    def next(self) -> bool:
        """Ask about the next tick, or play it when it tests no square; False when a question
        is already open (it must be answered first) or the round is over."""
        if self.done:
            return False
        question = self.game.question
        if question is not None:
            if question.stage is Stage.RULE:
                self._after(self.session.answer_rule(None))  # skipped: counted as not right
                return True
            return False
        self._before = self.game.tally
        self.session.tick_forward()  # a question, or the tick when it tests no square
        return True

    def answer_yes(self, yes: bool) -> None:
        """y or n to the open "is it free?" question."""
        self._after(self.session.answer_yes(yes))

    def answer_rule(self, along: Along) -> None:
        """1, 2 or 3 to the open "by which rule?" question."""
        self._after(self.session.answer_rule(along))

    def _after(self, told: Told) -> None:
        """A question over and its tick played: counted, right when every answer was."""
        if not told.played:
            return
        tally = self.game.tally
        self.asked += 1
        if tally.asked - self._before.asked == tally.right - self._before.right:
            self.right += 1
