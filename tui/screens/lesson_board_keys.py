"""A lesson page's board, stepped with the main screen's keys: the student explores the page's
search in the page's own method, and the lesson goes on from the board as it left it.

The lesson screen mixes these actions in. Whether the board may be stepped, and where the lesson
left it, is the lesson runner's (lessons/runner.py: ``can_explore``, ``explored``, ``settle``);
long runs (to the next solution or backtrack) go to a worker, as on the main screen, and
escape stops them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual import work
from textual.binding import Binding, BindingType
from textual.message import Message
from textual.worker import get_current_worker

from lessons.i18n import N_, _, ngettext, number
from solver.stepping import SearchSnapshot, Stop
from tui.run_loop import Progress, budget_message, run_chunks
from tui.run_workers import end_if_never_ran

if TYPE_CHECKING:
    from lessons.runner import LessonRun

LESSON_BOARD_BINDINGS: list[BindingType] = [
    Binding("space,right", "tick", N_("Tick"), tooltip=N_("One tick of the page's search")),
    Binding("left,backspace", "back", N_("Back"), tooltip=N_("One tick back (undone exactly)")),
    Binding("i", "iteration", N_("Iter"), tooltip=N_("Up to the next queen placed or backtrack")),
    Binding("s", "run('solution')", N_("Solve"), tooltip=N_("Run to the next solution")),
    Binding(
        "b",
        "run('backtrack')",
        N_("Backtrack"),
        show=False,
        tooltip=N_("Run to the next backtrack"),
    ),
    Binding(
        "r",
        "settle",
        N_("Lesson's board"),
        show=False,
        tooltip=N_("The board as the lesson left it"),
    ),
    Binding("escape", "cancel", N_("Stop"), show=False, tooltip=N_("Stop the run")),
]
"""The keys that step a lesson's board; the lesson screen lists them before its own."""

BOARD_ACTIONS = frozenset({"tick", "back", "iteration", "run", "settle"})
"""Actions that step the board: only while the runner lets the student explore, and no run."""

_STOPS = {"solution": Stop.SOLUTION, "backtrack": Stop.BACKTRACK}


class LessonBoardKeys:
    """Actions for the lesson screen (which sets the attributes declared here)."""

    lesson_run: LessonRun
    running: bool

    class RunProgressed(Message):
        """A worker played another chunk of the page's search (posted from its thread)."""

        def __init__(self, progress: Progress) -> None:
            super().__init__()
            self.progress = progress

    class RunEnded(Message):
        """The worker let go of the board: its goal was reached, the search ended, or the
        student stopped it."""

        def __init__(self, progress: Progress, cancelled: bool) -> None:
            super().__init__()
            self.progress = progress
            self.cancelled = cancelled

    def show(self, ask: bool = False, snapshot: SearchSnapshot | None = None) -> None: ...

    def _tell(self, message: str) -> None: ...

    def board_action_allowed(self, action: str) -> bool | None:
        """For ``check_action``: True, False (hidden) or None (dimmed, a run owns the board)
        for the board's actions; True for any other."""
        if action == "cancel":
            return self.running
        if action not in BOARD_ACTIONS:
            return True
        if not self.lesson_run.can_explore:
            return False
        if self.running:
            return None
        return action != "settle" or self.lesson_run.explored

    def _over(self) -> None:
        self._tell(_("The search on this board is over: r brings back the lesson's board."))

    def action_tick(self) -> None:
        engine = self.lesson_run.engine
        if engine is None or not self.lesson_run.can_explore:
            return
        if engine.run(Stop.TICK, max_ticks=1).ticks == 0:
            self._over()
        self.show()

    def action_iteration(self) -> None:
        engine = self.lesson_run.engine
        if engine is None or not self.lesson_run.can_explore:
            return
        if engine.run(Stop.ITERATION).ticks == 0:
            self._over()
        self.show()

    def action_back(self) -> None:
        engine = self.lesson_run.engine
        if engine is None or not self.lesson_run.can_explore:
            return
        if not engine.back():
            self._tell(_("At the start: nothing to step back."))
        self.show()

    def action_settle(self) -> None:
        self.lesson_run.settle()
        self.show()

    def action_run(self, goal: str) -> None:
        engine = self.lesson_run.engine
        if engine is None or not self.lesson_run.can_explore or self.running:
            return
        if engine.finished:
            self._over()
            return
        self.running = True
        self._run_worker(_STOPS[goal])

    def action_cancel(self) -> None:
        self.workers.cancel_group(self, "lesson-board")  # type: ignore[attr-defined]
        end_if_never_ran(self, "lesson-board", lambda: self.running, self._run_never_ran)  # type: ignore[arg-type]

    def _run_never_ran(self) -> None:
        self.running = False  # cancelled before its thread ran: no end message will come
        self.show()

    @work(thread=True, exclusive=True, group="lesson-board")
    def _run_worker(self, stop: Stop) -> None:
        engine = self.lesson_run.engine
        assert engine is not None  # action_run checked it
        worker = get_current_worker()
        post = self.post_message  # type: ignore[attr-defined]
        progress = None
        try:
            progress = run_chunks(
                engine, stop, worker.cancelled_event, lambda p: post(self.RunProgressed(p))
            )
        finally:
            final = progress or Progress(0, 0.0, engine.snapshot())
            post(self.RunEnded(final, worker.is_cancelled))

    def on_lesson_board_keys_run_progressed(self, message: RunProgressed) -> None:
        self.show(snapshot=message.progress.snapshot)

    def on_lesson_board_keys_run_ended(self, message: RunEnded) -> None:
        self.running = False
        self.show()
        if message.progress.over_budget:  # a served session's CPU budget (tui/run_loop.py)
            self._tell(budget_message())
        elif message.cancelled:
            ticks = message.progress.ticks
            self._tell(
                ngettext(
                    "Stopped after {count} tick: step on, or back with left.",
                    "Stopped after {count} ticks: step on, or back with left.",
                    ticks,
                ).format(count=number(ticks))
            )
