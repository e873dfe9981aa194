"""The main screen's long runs: ``s`` and ``b`` run to the next solution or backtrack, ``p``
plays at the chosen speed, in a worker thread that owns the engine until it ends or ``escape``
cancels it; its progress and its end come back as the screen's messages."""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from textual import work
from textual.worker import get_current_worker

from lessons.i18n import N_, _, ngettext, number
from solver.guess.game import GuessGame
from solver.stepping import SearchSnapshot, SteppableSearch, Stop
from tui.run_loop import Progress, autoplay, budget_message, run_chunks
from tui.run_workers import end_if_never_ran
from tui.widgets.run_status import RunProgress, RunStatus

if TYPE_CHECKING:
    from textual.message import Message
    from textual.worker_manager import WorkerManager

    from tui.screens.main_screen import MainScreen

GOALS = {
    "solution": (Stop.SOLUTION, N_("to next solution")),
    "backtrack": (Stop.BACKTRACK, N_("to next backtrack")),
}

AUTOPLAY = N_("autoplay")
"""The goal of autoplay, as the status line names it."""


class RunKeys:
    """Long runs for :class:`tui.screens.main_screen.MainScreen` (which sets what is declared
    here, and defines the messages :class:`MainScreen.RunProgressed` and ``RunEnded``)."""

    engine: SteppableSearch
    game: GuessGame
    running: bool
    _speed: int
    _status: RunStatus

    if TYPE_CHECKING:

        def _changed(self) -> None: ...

        def _tell(self, message: str) -> None: ...

        def _question_open(self) -> bool: ...

        def show(self, snapshot: SearchSnapshot) -> None: ...

        def post_message(self, message: Message) -> bool: ...

        workers: WorkerManager
        RunProgressed = MainScreen.RunProgressed
        RunEnded = MainScreen.RunEnded

    def action_run(self, goal: str) -> None:
        if self._question_open():
            return
        stop, label = GOALS[goal]
        if self.engine.finished:
            self._tell(_("The search is over: r resets, a switches to all solutions."))
            return
        self.game.drop()
        self.running = True
        self._run_worker(stop, label)

    def action_play(self) -> None:
        if self.running:
            self.action_cancel()
            return
        if self._question_open():
            return
        if self.engine.finished:
            self._tell(_("The search is over: r resets, a switches to all solutions."))
            return
        self.game.drop()
        self.running = True
        self._play_worker()

    def action_cancel(self) -> None:
        screen = cast("MainScreen", self)  # the screen this is mixed into
        self.workers.cancel_group(screen, "engine")
        end_if_never_ran(screen, "engine", lambda: self.running, self._run_never_ran)

    def _run_never_ran(self) -> None:
        self._status.progress = None
        self.running = False
        self._changed()

    @work(thread=True, exclusive=True, group="engine")
    def _run_worker(self, stop: Stop, goal: str) -> None:
        worker = get_current_worker()
        progress = None
        try:
            progress = run_chunks(
                self.engine,
                stop,
                worker.cancelled_event,
                lambda p: self.post_message(self.RunProgressed(goal, p)),
            )
        finally:
            final = progress or Progress(0, 0.0, self.engine.snapshot())
            self.post_message(self.RunEnded(goal, final, worker.is_cancelled))

    @work(thread=True, exclusive=True, group="engine")
    def _play_worker(self) -> None:
        worker = get_current_worker()
        progress = None
        try:
            progress = autoplay(
                self.engine,
                lambda: self._speed,
                worker.cancelled_event,
                lambda p: self.post_message(self.RunProgressed(AUTOPLAY, p)),
            )
        finally:
            final = progress or Progress(0, 0.0, self.engine.snapshot())
            self.post_message(self.RunEnded(AUTOPLAY, final, worker.is_cancelled))

    def on_main_screen_run_progressed(self, message: MainScreen.RunProgressed) -> None:
        p = message.progress
        self._status.progress = RunProgress(message.goal, p.ticks, p.rate, p.tried)
        self.show(p.snapshot)

    def on_main_screen_run_ended(self, message: MainScreen.RunEnded) -> None:
        p = message.progress
        self._status.progress = None
        self.running = False
        self.show(p.snapshot)
        if p.over_budget:  # a served session's CPU budget (tui/run_loop.py)
            self._tell(budget_message())
        elif message.cancelled:
            self._tell(
                ngettext(
                    "Stopped after {count} tick: step on, or back with left.",
                    "Stopped after {count} ticks: step on, or back with left.",
                    p.ticks,
                ).format(count=number(p.ticks))
            )
