"""The board a lesson drives: a board session with the page's overlay, changed by the lesson's
directives (:meth:`Stage.apply`); the runner and ``lessons check`` share it."""

from __future__ import annotations

from dataclasses import dataclass

from lessons.i18n import N_, _, ngettext, number
from lessons.model import (
    BackOp,
    BoardOp,
    ExpectOp,
    Op,
    Overlay,
    OverlayOp,
    RunOp,
    StepOp,
    StepUnit,
    TreeOp,
)
from lessons.stage import expect_names
from solver.registry import DEFAULT_METHOD, stepped
from solver.session.board import BoardSession
from solver.stepping import Mode, SteppableSearch, Stop
from solver.tree.tree import MAX_N as TREE_MAX_N
from solver.views.squares import Overlay as BoardOverlay

MAX_RUN_TICKS = 250_000
"""A ``@run`` that has not reached its stop after this many ticks is an error."""
MAX_LESSON_TICKS = 250_000
"""The most ticks ``@step`` and ``@run`` may play in one lesson, all boards together (a lesson
is played whole when loaded, and up to the page at every page turn)."""


EXPECTED = N_("expected {name} = {wanted}, but {name} = {actual} at tick {tick}")
"""An @expect that does not hold."""


class StageError(ValueError):
    """A directive that cannot be played, or an ``@expect`` that does not hold."""


@dataclass
class Stage:
    """The lesson's board (``session``: None until the first ``@board``, a new one at each);
    ``played`` counts the ticks of ``@step`` and ``@run``, ``tree`` whether the search tree is
    shown beside the board until the page or the board ends (:meth:`new_page`), as ``overlay``."""

    session: BoardSession | None = None
    overlay: Overlay = Overlay.OFF
    algorithm: str = DEFAULT_METHOD
    played: int = 0
    tree: bool = False

    @property
    def engine(self) -> SteppableSearch | None:
        """The board's engine, None before the first ``@board``."""
        return self.session.engine if self.session is not None else None

    @property
    def queens_n(self) -> int | None:
        """The size of a queens board; None before the first ``@board`` and on a maze."""
        session = self.session
        return session.n if session is not None and session.kit.queens else None

    def new_page(self) -> None:
        """A page starts: the overlay and the tree end with the page (and board) that shows them."""
        self.tree = False
        self.apply(OverlayOp(0, Overlay.OFF))

    def apply(self, op: Op) -> None:
        if isinstance(op, BoardOp):
            mode = Mode.ALL if op.all_solutions else Mode.FIRST
            try:
                self.session = BoardSession(op.algorithm, op.n, mode, op.maze, lesson=True)
            except ValueError as error:
                raise StageError(_("@board: {error}").format(error=error)) from None
            self.algorithm = op.algorithm
            self.new_page()  # a new board starts without the overlay and the tree
            return
        if isinstance(op, OverlayOp):
            self.overlay = op.overlay
            if self.session is not None:
                self.session.overlay = BoardOverlay.ORDER[list(Overlay).index(op.overlay)]
            return
        engine = self.engine
        if engine is None:
            raise StageError(_("no board yet: put @board n=N before this line"))
        if isinstance(op, TreeOp):
            if op.shown and (not stepped(self.algorithm).has_tree or engine.n > TREE_MAX_N):
                raise StageError(
                    _(
                        "@tree: the search tree is the Wrocław loop's, drawn up to n = {max}: "
                        "put it after @board n=N algorithm=iterative with N at most {max}"
                    ).format(max=TREE_MAX_N)
                )
            self.tree = op.shown
            return
        if isinstance(op, StepOp):
            self._step(engine, op)
        elif isinstance(op, BackOp):
            if engine.tick < op.count:
                text = ngettext(
                    "@back {count}: only {tick} tick has been played",
                    "@back {count}: only {tick} ticks have been played",
                    engine.tick,
                )
                raise StageError(text.format(count=op.count, tick=engine.tick))
            target = engine.tick - op.count
            while engine.tick > target and engine.back():
                pass
        elif isinstance(op, RunOp):
            self._run(engine, op)
        else:
            check_expect(engine, self.algorithm, op)

    def _budget(self, what: str) -> int:
        left = MAX_LESSON_TICKS - self.played
        if left <= 0:
            raise StageError(
                _("{what}: the lesson plays more than {max} ticks").format(
                    what=what, max=number(MAX_LESSON_TICKS)
                )
            )
        return min(MAX_RUN_TICKS, left)

    def _step(self, engine: SteppableSearch, op: StepOp) -> None:
        stop = Stop.TICK if op.unit is StepUnit.TICK else Stop.ITERATION
        for done in range(op.count):
            ticks = engine.run(stop, max_ticks=self._budget("@step")).ticks
            self.played += ticks
            if ticks == 0:
                if op.unit is StepUnit.TICK:
                    text = ngettext(
                        "@step: the search is over at tick {tick}; only {done} of {count} tick "
                        "could be played",
                        "@step: the search is over at tick {tick}; only {done} of {count} ticks "
                        "could be played",
                        op.count,
                    )
                else:
                    text = ngettext(
                        "@step: the search is over at tick {tick}; only {done} of {count} "
                        "iteration could be played",
                        "@step: the search is over at tick {tick}; only {done} of {count} "
                        "iterations could be played",
                        op.count,
                    )
                raise StageError(text.format(tick=engine.tick, done=done, count=op.count))

    def _run(self, engine: SteppableSearch, op: RunOp) -> None:
        if engine.finished:
            raise StageError(
                _("@run {to}: the search is already over at tick {tick}").format(
                    to=op.to.value, tick=engine.tick
                )
            )
        budget = self._budget(f"@run {op.to.value}")
        result = engine.run(Stop[op.to.name], max_ticks=budget)  # each RunTo names its Stop
        self.played += result.ticks
        if not result.reached and not engine.finished:
            raise StageError(
                _("@run {to}: not reached within {budget} ticks").format(
                    to=op.to.value, budget=number(budget)
                )
            )


def check_expect(engine: SteppableSearch, algorithm: str, op: ExpectOp) -> None:
    """Check an ``@expect`` (spaces and case aside; ``event = try`` holds for a square found
    free or attacked); StageError when it does not hold."""
    try:
        actual = expect_names.read(engine, algorithm, op.name)
    except expect_names.UnknownName as error:
        raise StageError(str(error)) from None
    wanted = op.value
    if op.name == "event" and wanted.strip() == "try" and actual in ("placed", "attacked"):
        return
    if not expect_names.same(wanted, actual):
        raise StageError(
            _(EXPECTED).format(name=op.name, wanted=wanted, actual=actual, tick=engine.tick)
        )
