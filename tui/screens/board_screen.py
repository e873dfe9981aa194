"""A screen that steps a board session from the keys (the main screen and its projector layout,
a lesson page): the stepping actions, the long runs in a worker and guess mode's answers,
written once; the session does the work, the screen draws it (:meth:`BoardScreen.show`)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from threading import Event
from typing import TYPE_CHECKING

from textual import work
from textual.binding import Binding, BindingType
from textual.message import Message
from textual.reactive import reactive
from textual.screen import Screen
from textual.worker import get_current_worker

from lessons.i18n import N_
from solver.guess.stage import Stage
from solver.messages import render
from solver.session.board import BoardSession, Goal, Told
from solver.session.runs import FRAMES_PER_SECOND
from tui.bindings import hidden
from tui.glyphs import Glyphs
from tui.run_workers import RunGate, end_if_never_ran
from tui.screens.closing import dismiss_once
from tui.terminal_output import behind
from tui.widgets.guess_pane import GuessPane

if TYPE_CHECKING:
    from solver.session.progress import Progress

STEP_BINDINGS: list[BindingType] = [
    Binding("space,right", "tick", N_("Tick"), tooltip=N_("One tick of the search")),
    Binding("left,backspace", "back", N_("Undo"), tooltip=N_("One tick back (undone exactly)")),
    Binding("i", "iteration", N_("Iter"), tooltip=N_("Up to the next queen placed or backtrack")),
    Binding("s", "run('solution')", N_("Solve"), tooltip=N_("Run to the next solution")),
    hidden("b", "run('backtrack')", N_("Backtrack"), N_("Run to the next backtrack")),
    Binding("escape", "cancel", N_("Stop"), show=False, tooltip=N_("Stop the run")),
]
"""The keys that step a board, on every screen that shows one."""

RESIZE_BINDINGS: list[BindingType] = [
    hidden("right_square_bracket", "resize(1)", N_("Larger"), N_("Board one larger")),
    hidden("left_square_bracket", "resize(-1)", N_("Smaller"), N_("Board one smaller")),
]
"""``]`` and ``[``: the board one larger or smaller (the main screen and the place board)."""

WHOLE_TREE = Binding(
    "T",
    "whole_tree",
    N_("Whole tree"),
    show=False,
    tooltip=N_("The search tree on a screen of its own (n <= 6)"),
)
"""``T``: the session's search tree on a screen of its own."""

BOARD_ACTIONS = frozenset(
    {"tick", "back", "iteration", "run", "reset", "toggle_all", "resize", "method", "guess"}
)
"""Actions that need the session's engine: refused while a run owns it."""

FORWARD_ACTIONS = frozenset({"tick", "iteration", "run", "play", "speed", "guess"})
"""Actions that step the search on, or say how the next steps play (the autoplay's speed,
guess mode): refused once it is over."""

GOALS = {"solution": Goal.SOLUTION, "backtrack": Goal.BACKTRACK}
"""The goals of ``s`` and ``b``, by the name their bindings give."""


class BoardScreen(Screen[None]):
    """Steps :attr:`session` from the keys and draws it after every change (:meth:`show`)."""

    glyphs: Glyphs
    """How the board and the tree are drawn (set by each screen)."""

    running: reactive[bool] = reactive(False)
    """True while a worker runs the session; the keys that step it are dimmed."""

    @dataclass(eq=False)
    class RunProgressed(Message):
        """A worker played another chunk of the session's search (posted from its thread)."""

        session: BoardSession
        progress: Progress
        drawn: Event = field(default_factory=Event, init=False)
        """Set once a frame showing it (or a later report) is drawn: the run waits for it."""

    @dataclass(eq=False)
    class TreeWanted(Message):
        """The whole search tree asked for over ``screen`` (the app opens it)."""

        screen: BoardScreen

    @dataclass(eq=False)
    class RunEnded(Message):
        """A worker let go of the session's engine: the run reached its goal, the end, or was
        stopped (``cancelled``; ``progress`` None: it never started)."""

        session: BoardSession
        progress: Progress | None
        cancelled: bool

    # -- what a screen that shows a board says -------------------------------------------------

    @property
    def session(self) -> BoardSession | None:
        """The session the keys step, or None (a lesson page without a board)."""
        return None

    def show(self) -> None:
        """Draw the session as it stands now."""

    def question_opened(self) -> None:
        """Guess mode asked before a step: the answer keys get their turn."""

    def board_action_allowed(self, action: str) -> bool:
        """Whether the board's ``action`` exists here now."""
        return True

    def tell(self, told: Told) -> None:
        """Show what an action told, replacing any earlier notice."""
        if told.notice is not None:
            self.say(render(told.notice))

    def say(self, notice: str) -> None:
        """Show ``notice`` (plain text) until the next key, as a notification here."""
        self.app.clear_notifications()
        self.notify(notice, markup=False)

    def action_whole_tree(self) -> None:
        """The search tree on a screen of its own, this screen's session stepped there."""
        self.post_message(self.TreeWanted(self))

    def watch_running(self) -> None:
        self.refresh_bindings()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "cancel":
            return self.running
        if action in FORWARD_ACTIONS and self.over:
            return False
        if action == "play":  # not while a guess question waits
            session = self.session
            return (
                session is not None
                and not session.question_open
                and self.board_action_allowed(action)
            )
        if action not in BOARD_ACTIONS:
            return True
        if self.session is None or not self.board_action_allowed(action):
            return False
        if self.running:
            return None  # shown dimmed; the worker owns the engine
        return True

    @property
    def over(self) -> bool:
        """The search on the board is over (no run plays): nothing steps it on."""
        session = self.session
        return session is not None and not self.running and session.snapshot.finished

    def _done(self, told: Told) -> None:
        self.show()
        self.tell(told)
        if told.asked:
            self.question_opened()
        session = self.session
        now = (session is not None and session.can_step_back, self.over)
        if now != self._keys_for:  # the bindings change with these
            self._keys_for = now
            self.refresh_bindings()

    _keys_for: tuple[bool, bool] | None = None
    """Whether the session could step back and its search was over at the last bindings refresh."""

    # -- stepping (the front end's thread, only while no worker runs) ---------------------------

    def _step(self, step: Callable[[BoardSession], Told]) -> None:
        if self.session is not None:
            self._done(step(self.session))

    def action_tick(self) -> None:
        self._step(lambda session: session.tick_forward())

    def action_back(self) -> None:
        self._step(lambda session: session.back())

    def action_iteration(self) -> None:
        self._step(lambda session: session.iteration())

    def action_reset(self) -> None:
        self._step(lambda session: session.reset())

    def action_toggle_all(self) -> None:
        self._step(lambda session: session.toggle_all())

    def action_resize(self, delta: int) -> None:
        self._step(lambda session: session.resize(delta))

    def action_method(self, name: str | None = None) -> None:
        """Switch to method ``name`` (None: the next one); the search starts again."""
        self._step(lambda session: session.use_method(name))

    def action_guess(self) -> None:
        self._step(lambda session: session.toggle_guess())

    def action_overlay(self) -> None:
        if self.session is not None:
            self.session.next_overlay()
            self.show()

    def action_speed(self, step: int) -> None:
        if self.session is not None:
            self.session.faster(step)
            self.show()

    # -- long runs ---------------------------------------------------------------------------

    def action_run(self, goal: str) -> None:
        self._begin(GOALS[goal])

    def action_play(self) -> None:
        """Autoplay at the session's speed; again (or escape) pauses it."""
        if self.running:
            self.action_cancel()
        else:
            self._begin(Goal.AUTOPLAY)

    def _begin(self, goal: Goal) -> None:
        session = self.session
        if session is None or self.running:
            return
        told = session.begin_run(goal)
        if not told.played:
            self.tell(told)
            return
        self.running = True
        self.show()
        self._gate = RunGate()
        self._run_worker(session, self._gate)

    def action_cancel(self) -> None:
        self.workers.cancel_group(self, "board")
        session = self.session

        def never_ran() -> None:
            if session is not None:
                self.post_message(self.RunEnded(session, None, True))

        if self._gate is not None:
            end_if_never_ran(self, self._gate, lambda: self.running, never_ran)

    _gate: RunGate | None = None
    """The last run's: whether its thread began (:mod:`tui.run_workers`)."""

    @work(thread=True, exclusive=True, group="board")
    def _run_worker(self, session: BoardSession, gate: RunGate) -> None:
        if not gate.begin():
            return
        worker = get_current_worker()
        progress = None
        try:
            progress = session.run(worker.cancelled_event, lambda p: self._reported(session, p))
        finally:
            self.post_message(self.RunEnded(session, progress, worker.is_cancelled))

    def _reported(self, session: BoardSession, progress: Progress) -> Event:
        """Post a run's progress (on the run's thread); the event is set once it is drawn."""
        message = self.RunProgressed(session, progress)
        self.post_message(message)
        return message.drawn

    _show_due = False
    """A run's progress has come and the frame is not drawn from it yet."""
    _undrawn: tuple[Event, ...] = ()
    """The reports the frame due will show, told when it is drawn."""

    def on_board_screen_run_progressed(self, message: RunProgressed) -> None:
        """Keep the run's progress; draw once for every report that came in the meantime."""
        message.session.progressed(message.progress)
        if message.session is not self.session:
            message.drawn.set()
            return
        self._undrawn = (*self._undrawn, message.drawn)
        if not self._show_due:
            self._show_due = True
            self.call_later(self._show_progress)

    def _show_progress(self) -> None:
        if behind():  # the terminal has not read the last frames: this one waits
            self.set_timer(1 / FRAMES_PER_SECOND, self._show_progress)
            return
        self._show_due = False
        self.show()
        drawn, self._undrawn = self._undrawn, ()

        def told() -> None:
            for event in drawn:
                event.set()

        self.call_after_refresh(told)

    def on_board_screen_run_ended(self, message: RunEnded) -> None:
        if message.session.running is None:
            return  # ended already
        told = message.session.end_run(message.progress, message.cancelled)
        self.running = False
        if message.session is self.session:
            self.show()
        self.tell(told)

    # -- guess mode's answers (the narration pane takes them) -----------------------------------

    def on_guess_pane_answered(self, message: GuessPane.Answered) -> None:
        session = self.session
        if session is None or session.game.question is None:
            return
        question = session.game.question
        if message.stage != "drop" and message.stage != question.stage:
            return  # for a question another key has closed since
        if message.stage == "drop":
            session.drop_question()
            self.show()
        elif message.stage == Stage.FREE:
            self._done(session.answer_yes(bool(message.value)))
        elif message.stage == Stage.RULE:
            from solver.peek import Along

            self._done(session.answer_rule(Along(str(message.value))))
        else:
            value = message.value
            self._done(session.answer_land(value if isinstance(value, int | str) else None))


class OverBoard(BoardScreen):
    """A board screen shown over another one, on its session: escape stops a run, and with none
    running gives the screen underneath back (:meth:`back`)."""

    _leave_when_stopped = False
    """Escape came during a run: leave once it has stopped."""

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return action == "cancel" or super().check_action(action, parameters)

    def action_cancel(self) -> None:
        if self.running:
            super().action_cancel()
        else:
            self.leave()

    def leave(self) -> None:
        """Back to the screen underneath, which goes on from this tick; a run stops first."""
        if self.running:
            self._leave_when_stopped = True
            super().action_cancel()
            return
        dismiss_once(self)
        self.back()

    def back(self) -> None:
        """The screen underneath draws the session again."""
        raise NotImplementedError

    def on_board_screen_run_ended(self, message: BoardScreen.RunEnded) -> None:
        if self._leave_when_stopped:
            self._leave_when_stopped = False
            self.call_later(self.leave)
