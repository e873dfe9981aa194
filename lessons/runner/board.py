"""What a lesson run's board shows, and when the student may step it (mixed into
:class:`lessons.runner.LessonRun`): the marks a waiting question hides, a question's own
placement or maze, the board a "you drive" question left, and the code lines a question is
about. Every front end draws :meth:`BoardShowing.shown`."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, replace
from types import UnionType
from typing import TYPE_CHECKING

from lessons.answers.checking import Posed
from lessons.model import (
    BackOp,
    BoardOp,
    Lesson,
    OverlayOp,
    Page,
    Question,
    RunOp,
    StepOp,
    Text,
    TreeOp,
)
from lessons.quiz.drawers import live as instances_live
from lessons.quiz.guess import GuessRound
from lessons.quiz.kinds import KINDS, LIVE
from lessons.runner.answering import Asked
from lessons.stage import Stage
from solver.placement.driving import replays_drive
from solver.session.board import BoardSession
from solver.stepping import Stop, back_to
from solver.views import hidden as hiding
from solver.views.frame import BoardFrame, Frame, Mark, Tables
from solver.views.hidden import given_placement, given_tables, with_asked, without_answers
from solver.views.squares import Overlay as BoardOverlay

MOVES = BoardOp | StepOp | BackOp | RunOp  # the directives that move the board
LOOK_AHEAD = 12
"""The most ticks ahead whose code lines a waiting question is about (its answer's ticks)."""
WINDOW = 4
"""The most lines from the first to the last of those a question is about."""


@dataclass(frozen=True, slots=True)
class BoardShown:
    """What the page's board column shows now."""

    frame: Frame | None
    """The page's board as it stands (None: no board yet)."""
    board: BoardFrame | None
    """The board drawn: the page's (its answers hidden while a question waits), or a
    question's own placement or maze, or where the student drove the loop."""
    about: Asked | None
    """The question whose board or words the page shows (waiting, answered, or kept)."""
    given: bool
    """The board is not the page's board's state: its state and code are not shown, and the
    step keys (which step the page's board) are not offered."""
    given_after: bool
    """Only the placement an answered question shows (``shows:``): the step keys step the
    page's board, which shows from the first step."""
    maze: bool
    """The board drawn is a maze."""
    tables: Tables | None
    """The state table's arrays: the page's, or the ``b[]`` of a placement drawn."""
    table: bool
    """The state table shows (not beside a question's own board)."""
    column: bool
    """The board's column shows at all: the page declares its board, or a question brings
    its own; a question about other notes' arrays stands beside no board."""


class BoardShowing:
    """The board half of a lesson run."""

    stage: Stage
    asked: Asked | None
    finished_question: Asked | None
    kept_board: Asked | None
    lesson: Lesson
    page_index: int
    place_boards: dict[str, tuple[int, tuple[tuple[int, int], ...]]]
    aside: Asked | None
    _cursor: int
    _feedback_tick: int | None
    _explored: dict[int, int]

    if TYPE_CHECKING:

        @property
        def page(self) -> Page: ...

        @property
        def is_last_page(self) -> bool: ...

        @property
        def page_done(self) -> bool: ...

    @property
    def session(self) -> BoardSession | None:
        """The page's board, as the student steps it (None: no board yet)."""
        return self.stage.session

    @property
    def explored(self) -> bool:
        """The board is not where the lesson left it: the student has stepped it."""
        session = self.stage.session
        return session is not None and session.explored

    @property
    def can_explore(self) -> bool:
        """The student may step the page's board: there is a board and no question waits."""
        return self.stage.engine is not None and self.asked is None

    def settle(self) -> None:
        """Bring the board back to where the lesson left it, so the lesson goes on from its
        own state."""
        session = self.stage.session
        if session is not None and session.explored:
            session.reset()

    def guess_round(self) -> GuessRound | None:
        """A visit to the board of the waiting ``guess`` question, from the question's tick:
        the board is brought back there first (each visit starts there); None when no guess
        question waits on a board."""
        asked, session = self.asked, self.stage.session
        if asked is None or asked.question.kind != "guess" or session is None:
            return None
        self.settle()
        ticks = int(asked.posed.values["ticks"])
        return GuessRound(session.engine, session.engine.tick, ticks, session.overlay)

    def show_page_board(self) -> bool:
        """Show the page's board in place of the answered question's own placement or maze
        (``r``); whether there was one to put aside."""
        shown = self.board_shown()
        if not shown.given or self.asked is not None:
            return False
        self.aside = shown.about
        return True

    @property
    def predicting(self) -> bool:
        """The board hides what would answer a question about it: one waits, or another is still to
        come on this page or as the next page opens."""
        if self.asked is not None:
            return True
        if self.explored:
            return False  # the ticks the student steps to show their marks
        if self.finished_question is not None and self._board_question_ahead():
            return True
        return not self._ahead(MOVES | Question) and self._next_page_asks()

    @property
    def hides_solutions(self) -> bool:
        """A question waits that the list of solutions found could answer (any but one about the
        live board)."""
        return self.asked is not None and self.asked.question.kind not in LIVE

    def steps_forward(self, tick: bool) -> bool:
        """The board may step forward (``tick``: one tick, else an iteration or a run): always,
        unless a question about it is still to come on this page or as the next page opens,
        when only a tick back towards where the lesson left it shows nothing of its answer."""
        session = self.stage.session
        if session is None or not (
            self._board_question_ahead()
            or (not self._ahead(MOVES | Question) and self._next_page_asks())
        ):
            return True
        return tick and session.tick < session.home

    @property
    def asks_later_here(self) -> bool:
        """A question about the board is still to come on this page (else, where
        :meth:`steps_forward` refuses, as the next page opens)."""
        return self._board_question_ahead()

    def _ahead(self, kinds: UnionType | type) -> bool:
        """A block of ``kinds`` is left on this page (the board must then go on from the
        lesson's own state when it moves the board or asks about it)."""
        return any(isinstance(block, kinds) for block in self.page.blocks[self._cursor :])

    def _next_page_asks(self) -> bool:
        """The next page opens with a question about this board, as it stands at this page's
        end (no directive moves it before)."""
        if self.is_last_page:
            return False
        for block in self.lesson.pages[self.page_index + 1].blocks:
            if isinstance(block, BoardOp | StepOp | BackOp | RunOp):
                return False
            if isinstance(block, Question):
                return KINDS[block.kind].board
        return False

    def _board_question_ahead(
        self, diagonal: bool = False, stop: UnionType | type = BoardOp
    ) -> bool:
        """A question about the live board (``diagonal``: one the board's col+row or row-col
        numbers answer) comes later on this page, before a block of ``stop`` (a new board)."""
        for block in self.page.blocks[self._cursor :]:
            if isinstance(block, stop):
                return False
            if isinstance(block, Question) and (KINDS[block.kind].diagonal or not diagonal):
                return diagonal or KINDS[block.kind].board
        return False

    def _follow_drive(self, n: int, ticks: int) -> None:
        """A "you drive" question answered: the page's board goes on from where the student drove
        the loop (``ticks`` on ``n`` x ``n``), when it is the same loop on the same board."""
        session = self.stage.session
        if session is None or ticks <= 0 or not replays_drive(session, n):
            return
        self.settle()
        instances_live.move_to(session.engine, ticks)
        self._left_here()

    def _left_here(self) -> None:
        """The lesson has moved the board: this is now the state the student returns to."""
        session = self.stage.session
        if session is not None:
            session.settle_here()

    @property
    def shows_board(self) -> bool:
        """The page shows the board: it has one, and a directive or a question of the page already
        reached declares it."""
        if self.stage.session is None or self._board_jumped_away():
            return False
        for index, block in enumerate(self.page.blocks):
            declares = isinstance(block, BoardOp | StepOp | BackOp | RunOp | OverlayOp | TreeOp)
            if declares or (isinstance(block, Question) and KINDS[block.kind].board):
                return index < self._cursor or not isinstance(block, BoardOp)
        return False

    def _board_jumped_away(self) -> bool:
        """A question not about the board waits (or its feedback shows) after questions drawn at
        other ticks: the board stands at a tick the student never saw, so none is shown."""
        about = self.asked or self.finished_question
        engine = self.stage.engine
        if about is None or engine is None or KINDS[about.question.kind].board:
            return False
        return self._feedback_tick is not None and engine.tick != self._feedback_tick

    def _own_board(self, asked: Asked | None) -> Asked | None:
        """``asked`` when it drew a board of its own (a maze, a placement that is not the
        page's board's last solution, or one it shows once answered); None otherwise."""
        if asked is None:
            return None
        posed = asked.posed
        if not (posed.placement or posed.maze or posed.shown_after):
            return None
        session = self.stage.session
        if asked.posed.placement and session is not None:
            found = session.kit.placements(session.snapshot)
            if found and tuple(found[-1]) == tuple(asked.posed.placement):
                return None  # the page's own board shows it, with its state
        return asked

    def _keep_explored(self) -> None:
        """Leaving a page: remember the tick the student stepped its board to."""
        session = self.stage.session
        if session is not None and session.explored and self.page_done:
            self._explored[self.page_index] = session.tick
        else:
            self._explored.pop(self.page_index, None)

    def _restore_explored(self) -> None:
        """Entering a page again: its board where the student left it, once the page's own
        directives have played."""
        tick = self._explored.get(self.page_index)
        session = self.stage.session
        if tick is not None and session is not None and self.page_done:
            instances_live.move_to(session.engine, tick)

    # -- what is drawn ---------------------------------------------------------------------

    def page_frame(self) -> Frame | None:
        """The page's board as it stands (None: none yet), without what answers a question."""
        session, asked = self.stage.session, self.asked
        if session is None:
            return None
        frame = session.frame()
        ahead = self.finished_question is not None and self._board_question_ahead(diagonal=True)
        if ahead or (asked is not None and KINDS[asked.question.kind].diagonal):
            frame = session.view.frame(session.snapshot, BoardOverlay.OFF)
        kind = asked.question.kind if asked is not None else ""
        hides = session.kit.land_hides if kind == "next-choice" else ()
        if hides and frame.tables is not None:  # the rows whose cells say where it lands
            frame = replace(frame, tables=hiding.hide_cells(frame.tables, dict.fromkeys(hides)))
        elif (kind in ("attacker", "attack-rule") or ahead) and frame.tables is not None:  # how:
            quiet = hiding.hide_cells(frame.tables, {}, hiding.QUIET)  # nor the test's line ran
            frame = replace(frame, tables=quiet, code=replace(frame.code, ran=()))
        return replace(frame, board=without_answers(frame.board)) if self.predicting else frame

    def board_shown(self) -> BoardShown:
        """What the board's column shows now (see :class:`BoardShown`)."""
        session, frame = self.stage.session, self.page_frame()
        board = frame.board if frame is not None else None
        asked, explored = self.asked, self.explored
        # the squares a question asks about, while it waits and while its feedback speaks of them
        marked = asked or (self.finished_question if not explored else None)
        if board is not None and marked is not None and marked.posed.squares:
            board = with_asked(board, marked.posed.squares)
        about = asked or self.finished_question or (self.kept_board if not explored else None)
        posed = about.posed if about is not None else None
        # a placement an answered question shows (``shows:``), never while it waits
        after = posed.shown_after if posed is not None and about is not asked else ()
        after = () if explored else after
        aside = asked is None and about is not None and about is self.aside
        given = posed is not None and bool(posed.placement or posed.maze or after) and not aside
        if posed is not None and given:
            placement = posed.placement or after
            if placement:
                board = given_placement(placement)
            else:
                from solver.methods.maze.view import given_maze  # with the first maze asked

                board = given_maze(posed.maze)
        driven = None if asked is not None or explored or aside else self._driven(about)
        if driven is not None:
            board, given = driven, True
        own = posed is not None and bool(posed.placement or posed.maze)
        given_after = given and bool(after) and driven is None and not own
        if given and posed is not None and driven is None:
            maze = bool(posed.maze)
        else:
            maze = not given and session is not None and not session.kit.queens
        # a placement drawn is listed in the page's b[] pane: the array the question is about
        placement = (posed.placement or after) if posed is not None and given and not driven else ()
        listed = bool(placement) and frame is not None and frame.table_title == "b[]"
        tables = frame.tables if frame is not None else None
        if listed:
            tables = given_tables(placement)
        elif given:
            tables = None
        off_board = posed is not None and posed.off_board
        column = not off_board and (given or (frame is not None and self.shows_board))
        return BoardShown(
            frame, board, about, given, given_after, maze, tables, not given or listed, column
        )

    def _driven(self, about: Asked | None) -> BoardFrame | None:
        """After a "you drive" or "place a solution" question, the placement the student drove
        the loop to or placed; None for any other question, and where the page's board stands
        there itself."""
        if about is None or about.posed.values.get("goal") not in ("drive", "solution"):
            return None
        n, queens = self.place_boards.get(about.key, (0, ()))
        if not queens or str(n) != about.posed.values.get("n"):
            return None
        b = [-1] * n
        for col, row in queens:
            b[col] = row
        session = self.session
        if session is not None and tuple(getattr(session.snapshot, "b", ())) == tuple(b):
            return None
        return given_placement(tuple(b))

    @property
    def board_asked(self) -> bool:
        """The question waiting, or whose feedback shows, is about the live board: the board
        stays whole beside it, and the panes beside the board give way first."""
        about = self.asked or self.finished_question
        return about is not None and KINDS[about.question.kind].board

    _lines_of: tuple[Posed, tuple[int, ...]] | None = None
    """The question whose lines were worked out last (as posed), and its lines."""

    def question_lines(self) -> tuple[int, ...]:
        """The lines of the board's code the waiting question is about (the next ticks' and the last
        one's, within :data:`WINDOW`): first the line deciding the first of them that tries a
        square (its test), or where none does the first line the next tick runs (a backtrack's
        loop), then the rest in order; () for a question not about the board or without code.
        Its feedback keeps them."""
        asked, kept = self.asked, self._lines_of
        about = asked or self.finished_question
        if about is not None and kept is not None and kept[0] is about.posed:
            return kept[1]
        self._lines_of = None
        lines = self._lines_now()
        if asked is not None:
            self._lines_of = (asked.posed, lines)
        return lines

    def _lines_now(self) -> tuple[int, ...]:
        session, asked = self.stage.session, self.asked
        if session is None or asked is None or not self.shows_board:
            return ()
        code = session.frame().code
        if code is None or not code.lines:
            return ()
        if not (KINDS[asked.question.kind].board or _quotes(self.page, code.lines)):
            return ()
        engine = session.engine
        runs: Counter[int] = Counter()
        decides: list[int] = []  # the line that decides the first tick trying a square
        first: list[int] = []  # else the first line the next tick runs (a backtrack's loop)
        start = engine.tick
        try:
            for _tick in range(max(1, min(asked.posed.play, LOOK_AHEAD))):
                if engine.finished or not engine.run(Stop.TICK, max_ticks=1).ticks:
                    break
                frame = session.view.frame(engine.snapshot(), session.overlay)
                ran = frame.code.ran if frame.code is not None else ()
                squares = frame.board.squares if frame.board is not None else ()
                if any(mark in (Mark.CANDIDATE, Mark.TRYING) for line in squares for mark in line):
                    decides = decides or list(ran[-1:])  # the board marks a square being tried
                first = first or list(ran[:1])
                runs.update(ran)
        finally:
            back_to(engine, start)
        runs.update(code.ran[-1:])
        lines: set[int] = set()
        decides = decides or first
        for line in [*decides, *(line for line, _count in runs.most_common())]:
            if not lines or max(lines | {line}) - min(lines | {line}) < WINDOW:
                lines.add(line)  # that line, then those run most often
        return tuple(sorted(lines, key=lambda line: (line not in decides, line)))


def _quotes(page: Page, code: tuple[str, ...]) -> bool:
    """The page's text quotes a program most of whose lines are lines of ``code``."""
    known = {line.strip() for line in code}
    for block in page.blocks:
        if not isinstance(block, Text):
            continue
        fenced, program, listing = False, False, []
        for line in block.markdown.splitlines():
            if not line.strip().startswith(("```", "~~~")):
                if fenced:
                    listing.append(line.strip())
                continue
            if not fenced:  # a program's listing names its language
                program = line.strip().strip("`~").strip() not in ("", "text")
                fenced, listing = True, []
                continue
            fenced = False
            quoted = [row for row in listing if row]
            if program and quoted and 2 * sum(row in known for row in quoted) >= len(quoted):
                return True
    return False
