"""One board the learner steps: the method's kit, its engine and view, the board's size or maze, the
diagonal overlay, guess mode and any long run on it, and the frame that shows them."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum
from threading import Event
from typing import TYPE_CHECKING

from solver.guess.game import GuessGame, Play
from solver.guess.stage import Stage
from solver.kit import MAX_APP_N, MIN_N, SteppableKit
from solver.messages import Message, Words, register, words_version
from solver.registry import DEFAULT_METHOD, steppable_methods, stepped
from solver.session.runs import autoplay, budget_message, run_chunks
from solver.session.share import in_run_thread
from solver.sources import SOURCES
from solver.stepping import Mode, SearchSnapshot, SteppableSearch, Stop, back_to
from solver.views.frame import Frame
from solver.views.squares import Overlay

if TYPE_CHECKING:
    from solver.peek import Along
    from solver.session.progress import Progress
    from solver.views.views import View

register(
    {
        "session.over": "The search is over: [r] resets, [a] switches to all solutions.",
        "session.over_all": "The search is over: every solution is found. [r] resets.",
        "session.over_lesson": "The search on this board is over: [r] brings back the lesson's "
        "board.",
        "session.over_home": "The search on this board is over.",
        "session.at_start": "At the start: nothing to step back.",
        "session.back": "Back one tick.",
        "session.answer_first": "Answer the question first (escape: no question).",
        "session.size_range": "The board size goes from 1 to {max}.",
        "session.maze_size": "A maze has its own size: larger and smaller choose the next or "
        "previous maze.",
        "session.maze": "Maze: {name}.",
        "session.method": "{method} ({source}).",
        "session.guess_on": "Guess mode: space and enter ask before they play.",
        "session.guess_off": "Guess mode off: every mark is shown again.",
        "session.overlay": "Diagonal overlay: {overlay}.",
        "session.stopped": (
            "Stopped after {count} tick: step on, or back with left.",
            "Stopped after {count} ticks: step on, or back with left.",
        ),
        "session.dropped": "No question: the step was not played.",
        "goal.solution": "to next solution",
        "goal.backtrack": "to next backtrack",
        "goal.autoplay": "autoplay",
        "goal.end": "to the end of the search",
    }
)

SPEEDS = (1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 10_000)
"""Autoplay speeds in ticks per second (``+`` and ``-`` go from one to the next)."""

Each = Callable[[], object] | None
"""Called after each tick an action plays (the plain tutor says every tick of an iteration)."""


class Goal(Enum):
    """Where a long run stops, and the words that name it on the status line."""

    SOLUTION = (Stop.SOLUTION, "goal.solution")
    BACKTRACK = (Stop.BACKTRACK, "goal.backtrack")
    AUTOPLAY = (Stop.END, "goal.autoplay")
    """Ticks at the session's :attr:`BoardSession.speed` until the search ends or it is stopped."""

    @property
    def stop(self) -> Stop:
        return self.value[0]

    @property
    def label(self) -> Message:
        return Message.of(self.value[1])


@dataclass(frozen=True, slots=True)
class Told:
    """What one action did, for the front end to show or say."""

    played: int = 0
    """Ticks played."""
    notice: Message | None = None
    """A sentence for the learner about the action, or None."""
    asked: bool = False
    """A guess-mode question is open now: the front end gives the answer keys their turn."""


NOTHING = Told()


class BoardSession:
    """A board stepped by the learner: one method, one engine, how it is shown, and its runs."""

    def __init__(
        self,
        method: str = DEFAULT_METHOD,
        n: int = 8,
        mode: Mode = Mode.FIRST,
        maze: str | None = None,
        *,
        guessing: bool = False,
        overlay: str = Overlay.OFF,
        engine: SteppableSearch | None = None,
        lesson: bool = False,
    ) -> None:
        """A new search of ``method`` on the n x n board (the maze: ``maze``), or the search
        ``engine`` made elsewhere (it is not copied)."""
        if engine is not None:
            method, n, mode = engine.method, engine.n, engine.mode
        self.n = n
        self.maze = maze
        self._overlay = overlay
        self.guessing = guessing
        """Guess mode: a forward step asks before it plays."""
        self.game = GuessGame()
        """Guess mode's open question, last verdict and tally (kept when guessing is turned off and
        on: it counts the whole session)."""
        self.home = 0
        """The tick :meth:`reset` goes back to: the start, or where a lesson left the board."""
        self.speed = SPEEDS[2]
        """Autoplay's ticks per second (read by the worker thread at every frame)."""
        self._lesson = lesson
        self.running: Goal | None = None
        """The goal of the run that owns the engine now, or None."""
        self.progress: Progress | None = None
        """The running run's last report (ticks, rates), None when none runs."""
        self._version = 0
        self._frame: tuple[tuple[int, int], Frame] | None = None
        self._use(method, mode, engine)

    def _use(self, method: str, mode: Mode, engine: SteppableSearch | None = None) -> None:
        """Make ``method``'s engine and view (or take ``engine``): the search starts again."""
        self.kit: SteppableKit = stepped(method)
        self.game.drop()
        self.engine: SteppableSearch = engine or self.kit.make_engine(self.n, mode, self.maze)
        self.home = self.engine.tick
        self._view: View | None = None
        self._changed()

    @property
    def method(self) -> str:
        return self.kit.name

    @property
    def overlay(self) -> str:
        """The diagonal overlay: off, col+row or row-col (solver.views.squares.Overlay)."""
        return self._overlay

    @overlay.setter
    def overlay(self, overlay: str) -> None:
        if overlay != self._overlay:
            self._overlay = overlay
            self._version += 1

    @property
    def view(self) -> View:
        """The method's view, made when first drawn."""
        if self._view is None or self._view.method != self.engine.method:
            self._view = self.kit.make_view()
        return self._view

    @property
    def version(self) -> int:
        """A number that changes with every change of what the frame shows."""
        return self._version

    def _changed(self, snapshot: SearchSnapshot | None = None) -> None:
        self._snapshot: SearchSnapshot = snapshot or self.engine.snapshot()
        self._version += 1

    @property
    def snapshot(self) -> SearchSnapshot:
        """The state shown: the engine's, or while a run owns the engine its last report."""
        shown = self._snapshot
        if self.running is None:
            engine = self.engine
            if engine.tick != shown.tick or engine.mode is not shown.mode:
                self._changed()
                return self._snapshot
        return shown

    def frame(self) -> Frame:
        """The frame of the board as it stands (guess mode: nothing on it answers the open
        question). Built once per state, in the language in use."""
        snapshot = self.snapshot  # first: it notices an engine moved from outside
        key = (self._version, words_version())
        if self._frame is not None and self._frame[0] == key:
            return self._frame[1]
        if self.guessing:
            from solver.guess.view import guess_frame  # guess mode's marks, when first on

            frame = guess_frame(self.view, snapshot, self.overlay, self.game)
        else:
            frame = self.view.frame(snapshot, self.overlay)
        self._frame = (key, frame)
        return frame

    def plain_frame(self) -> Frame:
        """The frame with the last tick's own narration, whatever guess mode hides."""
        return self.view.frame(self.snapshot, self.overlay)

    @property
    def tick(self) -> int:
        return self.snapshot.tick

    @property
    def explored(self) -> bool:
        """The board is not where :attr:`home` is: the learner has stepped it."""
        return self.snapshot.tick != self.home

    @property
    def can_step_back(self) -> bool:
        """A tick has been played: :meth:`back` undoes it (at the start it only says there is
        nothing to step back)."""
        return self.engine.tick > 0

    @property
    def over(self) -> Message | None:
        """What the learner is told once the search is over (a key that steps it on only says that),
        or None while it goes on."""
        snapshot = self.snapshot
        if not snapshot.finished:
            return None
        if self._lesson:  # [r] brings back the page's board, unless it is the one shown
            return Message.of(
                "session.over_home" if snapshot.tick == self.home else "session.over_lesson"
            )
        return Message.of("session.over_all" if snapshot.mode is Mode.ALL else "session.over")

    @property
    def question_open(self) -> bool:
        return self.game.question is not None

    def tick_forward(self, each: Each = None) -> Told:
        """One tick; in guess mode a tick that tests a square asks first (space on a rule question
        skips the rule and plays)."""
        return self._ask_first(Stop.TICK, each) or self._play(Stop.TICK, each)

    def iteration(self, each: Each = None) -> Told:
        """Up to the next queen placed or lifted; in guess mode it asks where first."""
        return self._ask_first(Stop.ITERATION, each) or self._play(Stop.ITERATION, each)

    def _play(self, stop: Stop, each: Each) -> Told:
        played = 0
        if each is None:
            played = self.engine.run(stop, max_ticks=None if stop is not Stop.TICK else 1).ticks
        else:  # tick by tick, so that each one is told
            while self.engine.run(Stop.TICK, max_ticks=1).ticks:
                played += 1
                self._changed()
                each()
                if stop is Stop.TICK or self.engine.last_kind in stop.value:
                    break
        self._changed()
        return Told(played, None if played else self.over)

    def back(self) -> Told:
        """One tick back, undone exactly (an open question is dropped)."""
        self.game.drop()
        if not self.engine.back():
            self._changed()
            return Told(notice=Message.of("session.at_start"))
        self._changed()
        return Told(played=1)

    def reset(self) -> Told:
        """Back to :attr:`home`: the start of the search, or where the lesson left the board (the
        learner's steps undone, or the ticks stepped back played again)."""
        self.game.drop()
        engine = self.engine
        if self.home == 0:
            engine.reset()
        elif engine.tick > self.home:
            back_to(engine, self.home)
        elif engine.tick < self.home:
            engine.run(Stop.END, max_ticks=self.home - engine.tick)
        self._changed()
        return NOTHING

    def settle_here(self) -> None:
        """Where the board stands now is its home (a lesson has moved it)."""
        self._changed()
        self.home = self.engine.tick

    def toggle_all(self) -> Told:
        """First solution only, or every solution."""
        self.game.drop()  # the next step may differ in the other mode
        engine = self.engine
        engine.mode = Mode.FIRST if engine.mode is Mode.ALL else Mode.ALL
        self._changed()
        return NOTHING

    def resize(self, delta: int) -> Told:
        """The board one larger or smaller (a maze: the next or previous maze)."""
        if not self.kit.queens:
            from solver.methods.maze.mazes import next_maze_spec

            self.maze = next_maze_spec(self.maze, delta)
            self._use(self.method, self.engine.mode)
            return Told(notice=Message.of("session.maze", name=self.maze))
        n = min(max(self.n + delta, MIN_N), MAX_APP_N)
        if n == self.n:
            return Told(notice=Message.of("session.size_range", max=MAX_APP_N))
        return self.set_size(n)

    def set_size(self, n: int) -> Told:
        """The board n x n: the search starts again."""
        if not self.kit.queens:
            return Told(notice=Message.of("session.maze_size"))
        if not MIN_N <= n <= MAX_APP_N:
            return Told(notice=Message.of("session.size_range", max=MAX_APP_N))
        self.n = n
        self._use(self.method, self.engine.mode)
        return NOTHING

    def use_method(self, name: str | None = None) -> Told:
        """Method ``name`` (None: the next one the tutor steps): the search starts again. ValueError
        for a method that cannot be stepped."""
        methods = steppable_methods()
        if name is None:
            name = methods[(methods.index(self.method) + 1) % len(methods)]
        kit = stepped(name)
        self._use(name, self.engine.mode)
        source = SOURCES[kit.source].short_name
        return Told(
            notice=Message.of("session.method", method=Words(kit.title), source=Words(source))
        )

    def next_overlay(self) -> Told:
        """The diagonal overlay: off, col+row, row-col."""
        self.overlay = Overlay.next(self.overlay)
        label = Message.of(f"overlay.{self.overlay}")
        return Told(notice=Message.of("session.overlay", overlay=label))

    def faster(self, steps: int) -> None:
        """Autoplay ``steps`` speeds faster (negative: slower)."""
        index = SPEEDS.index(self.speed) if self.speed in SPEEDS else 2
        self.speed = SPEEDS[min(max(index + steps, 0), len(SPEEDS) - 1)]
        self._version += 1

    def toggle_guess(self) -> Told:
        """Guess mode on or off; off shows every mark again (the tally is kept)."""
        self.guessing = not self.guessing
        self.game.drop()
        self._changed()
        return Told(notice=Message.of("session.guess_on" if self.guessing else "session.guess_off"))

    def _ask_first(self, stop: Stop, each: Each) -> Told | None:
        """In guess mode, a question instead of the step; None when the step plays as usual."""
        if not self.guessing:
            return None
        game = self.game
        question = game.question
        if question is not None:
            if question.stage is Stage.RULE and stop is Stop.TICK:
                return self._answered(game.answer_rule(None), each)  # space skips the rule
            return Told(notice=Message.of("session.answer_first"), asked=True)
        engine = self.engine
        kit = self.kit
        if stop is Stop.TICK:
            opened = game.ask_tick(kit, engine)
        else:
            opened = game.ask_iteration(kit, engine)
        if not opened:
            return None  # this step tests nothing: it plays as usual
        self._changed()
        return Told(asked=True)

    def answer_yes(self, yes: bool, each: Each = None) -> Told:
        """y or n to the open "is it free?" question."""
        return self._answer(Stage.FREE, lambda: self.game.answer_yes(yes), each)

    def answer_rule(self, along: Along | None, each: Each = None) -> Told:
        """1, 2 or 3 to the open "by which rule?" question; None skips it."""
        return self._answer(Stage.RULE, lambda: self.game.answer_rule(along), each)

    def answer_land(self, value: int | str | None, each: Each = None) -> Told:
        """A row (column), a maze move, or None for a backtrack, to the open "where?" question."""
        return self._answer(Stage.LAND, lambda: self.game.answer_land(value), each)

    def _answer(self, stage: Stage, answer: Callable[[], Play], each: Each) -> Told:
        question = self.game.question
        if question is None or question.stage is not stage:
            return NOTHING
        return self._answered(answer(), each)

    def drop_question(self) -> Told:
        """Close the open question unanswered: nothing is counted, nothing played."""
        if self.game.question is None:
            return NOTHING
        self.game.drop()
        self._changed()
        return Told(notice=Message.of("session.dropped"))

    def _answered(self, play: Play, each: Each) -> Told:
        """Play the step an answer was about (none while a follow-up question is open)."""
        if play is Play.NOTHING:
            self._changed()
            return Told(notice=self.game.notice, asked=True)
        return self._play(Stop.TICK if play is Play.TICK else Stop.ITERATION, each)

    def begin_run(self, goal: Goal) -> Told:
        """Whether a run to ``goal`` may start now; when it may (``played`` is 1), the session is
        :attr:`running` until :meth:`end_run`."""
        if self.running is not None:
            return NOTHING
        if self.game.question is not None:
            return Told(notice=Message.of("session.answer_first"), asked=True)
        if self.engine.finished:
            return Told(notice=self.over)
        self.game.drop()
        self.running = goal
        from solver.session.progress import Progress  # created with the first run

        self.progress = Progress(0, 0.0, self.snapshot)
        self._version += 1
        return Told(played=1)

    def run(self, cancelled: Event, report: Callable[[Progress], object]) -> Progress:
        """The run :meth:`begin_run` started, called on the worker's thread, which waits while the
        run plays on a thread of its own at the lowest priority (autoplay: at the caller's;
        solver/session/share.py); ``report`` is called with each progress (from that thread)."""
        goal = self.running
        assert goal is not None, "begin_run first"
        if goal is Goal.AUTOPLAY:
            # paced and watched: not at the lowest priority
            return in_run_thread(
                lambda: autoplay(self.engine, lambda: self.speed, cancelled, report),
                lowest=False,
            )
        return in_run_thread(lambda: run_chunks(self.engine, goal.stop, cancelled, report))

    def progressed(self, progress: Progress) -> None:
        """A report of the running run (on the front end's thread): the frame shows its state."""
        if self.running is None:
            return  # a report that arrived after the end
        self.progress = progress
        self._changed(progress.snapshot)

    def end_run(self, progress: Progress | None, cancelled: bool) -> Told:
        """The run has let go of the engine (its goal reached, the search over, stopped, or never
        started): what the learner is told."""
        self.running = None
        self.progress = None
        self._changed()
        if progress is None:
            return NOTHING
        if progress.over_budget:  # a served session's CPU budget (solver/session/runs.py)
            return Told(progress.ticks, budget_message())
        if cancelled:
            return Told(progress.ticks, Message.of("session.stopped", count=progress.ticks))
        return Told(progress.ticks)
