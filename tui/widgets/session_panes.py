"""A board session drawn in panes: the one place where a session's frame reaches the widgets
of a screen that shows a board."""

from __future__ import annotations

from dataclasses import dataclass

from textual.content import Content

from solver.messages import render
from solver.session.board import BoardSession
from solver.views.frame import Frame
from solver.views.squares import Overlay
from solver.views.views import narration_text
from tui.widgets.board import Board
from tui.widgets.code_pane import CodePane
from tui.widgets.guess_pane import GuessPane
from tui.widgets.run_status import RunStatus, StatusShown
from tui.widgets.session_view import SessionView
from tui.widgets.state_table import StateTable


@dataclass
class SessionPanes:
    """The panes one screen shows a session in (None: not shown)."""

    board: Board | None = None
    table: StateTable | None = None
    code: CodePane | None = None
    narration: GuessPane | None = None
    status: RunStatus | None = None
    view: SessionView | None = None
    """Every pane in one widget (the main screen)."""
    _table_title: str = ""
    _session: BoardSession | None = None
    """The session last drawn (another one's table keeps no lines of it)."""

    def draw(self, session: BoardSession, frame: Frame | None = None) -> Frame:
        """Hand ``session``'s frame (or a screen's ``frame`` of it) to the panes; the frame."""
        frame = frame or session.frame()
        question = session.game.question
        for keys in (self.view, self.narration):  # the keys that answer its questions
            if keys is not None:
                keys.kit, keys.n = session.kit, session.n
                keys.stage = question.stage if question is not None else None
        if self.view is not None:
            self.view.show(frame, status_shown(session, frame), narration_text(frame))
        if self.board is not None:
            self.board.frame = frame.board
        if self.table is not None:
            if self._table_title != frame.table_title:
                self._table_title = frame.table_title
                self.table.border_title = Content(frame.table_title)  # code, not markup
            if session is not self._session:
                self.table.drawing.forget_lines()
            self.table.tables = frame.tables
        self._session = session
        if self.code is not None:
            self.code.code = frame.code
        if self.narration is not None:
            self.narration.text = narration_text(frame)
        if self.status is not None:  # each of what it shows, as its reactive of that name
            shown = status_shown(session, frame)
            for name in ("status", "maze", "guess", "speed", "overlay", "progress"):
                setattr(self.status, name, getattr(shown, name))
        return frame

    def clear(self) -> None:
        """No board to show (a lesson page before its first ``@board``)."""
        if self.board is not None:
            self.board.frame = None
        if self.table is not None:
            self.table.tables = None
        if self.code is not None:
            self.code.code = None


def status_shown(session: BoardSession, frame: Frame) -> StatusShown:
    """What the status lines say about ``session`` drawn as ``frame``."""
    progress, goal = session.progress, session.running
    running = None
    if progress is not None and goal is not None:
        from tui.widgets.run_progress import RunProgress

        label = render(goal.label)
        unit = session.kit.unit.name
        running = RunProgress(label, progress.ticks, progress.rate, progress.tried, unit)
    return StatusShown(
        status=frame.status,
        progress=running,
        speed=session.speed,
        overlay=Overlay.label(session.overlay),  # in the language in use
        maze=not frame.board.checkered,
        guess=session.game.tally if session.guessing else None,
    )
