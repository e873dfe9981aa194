"""The tutor's main screen: it owns the engine of the chosen method, steps it from the keys, and
runs long runs in a worker. After every change it takes one immutable snapshot, has the method's
view turn it into a frame, and hands the frame's parts to the widgets.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from textual.app import ComposeResult
from textual.binding import BindingType
from textual.content import Content
from textual.message import Message
from textual.reactive import reactive
from textual.screen import Screen

from lessons.i18n import _
from solver.guess.game import GuessGame, Play
from solver.registry import DEFAULT_METHOD, MAX_APP_N, METHODS, make_engine, steppable_methods
from solver.sources import SOURCES
from solver.stepping import Mode, SearchSnapshot, SteppableSearch, Stop
from solver.views.frame import Frame
from solver.views.squares import Overlay
from solver.views.views import View, make_view, narration_text
from solver.views.widths import side_column
from tui.glyphs import UNICODE, Glyphs
from tui.run_loop import Progress
from tui.screens.guess_keys import GuessKeys
from tui.screens.main_bindings import MAIN_BINDINGS
from tui.screens.main_runs import RunKeys
from tui.screens.place_and_tree import PlaceAndTreeKeys
from tui.widgets.board import Board
from tui.widgets.code_pane import CodePane
from tui.widgets.guess_pane import GuessPane
from tui.widgets.key_bar import KeyBar
from tui.widgets.run_status import RunStatus
from tui.widgets.state_table import StateTable

if TYPE_CHECKING:
    from solver.tree.view import TreeFollower
    from tui.found_store import FoundStore
    from tui.widgets.tree_pane import TreePane

SPEEDS = (1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 10_000)
"""Autoplay speeds in ticks per second, for ``+`` and ``-``."""

# Actions that touch the engine: disabled while a worker runs it.
_ENGINE_ACTIONS = frozenset(
    {"tick", "back", "iteration", "run", "toggle_all", "reset", "resize", "method", "guess"}
)


class MainScreen(RunKeys, GuessKeys, PlaceAndTreeKeys, Screen[None]):
    """Board, b[] table, code, narration and status, stepped from the keyboard.

    | Key | Action |
    | --- | --- |
    | space, right | one tick forward |
    | left, backspace | one tick back |
    | enter | one iteration: up to the next placement or backtrack |
    | s | run to the next solution (in a worker) |
    | b | run to the next backtrack (in a worker) |
    | p | play / pause autoplay (in a worker); also stops any run |
    | escape | stop the run |
    | + / - | autoplay faster / slower |
    | a | toggle all-solutions mode |
    | r | reset the search |
    | ] / [ | board one larger / smaller (the maze: the next / previous maze; resets) |
    | m | the next method of the notes (resets) |
    | d | diagonal overlay: off, col+row, row-col |
    | g | guess mode: space and enter ask first (y/n, 1/2/3, a row or b; esc drops) |
    | o | place your own queens; "you drive" the loop |
    | t | the search tree in place of the code (n <= 6, the iterative loop) |
    | ? | help |
    | q | quit |
    """

    BINDINGS: ClassVar[list[BindingType]] = MAIN_BINDINGS

    AUTO_FOCUS = ""
    """Nothing has the focus at start: the screen takes the keys. The narration pane takes it
    while a guess-mode question is open (focusing it at start restyled the screen for nothing)."""

    running: reactive[bool] = reactive(False)
    """True while a worker owns the engine; the keys that step it are disabled."""
    speed: reactive[int] = reactive(SPEEDS[2])
    """Autoplay speed in ticks per second."""
    _columns_for: tuple[object, ...] = ()
    """What the right column's width was worked out for (see :meth:`_fit_columns`)."""

    class RunProgressed(Message):
        """A worker played another chunk (posted from the worker thread)."""

        def __init__(self, goal: str, progress: Progress) -> None:
            super().__init__()
            self.goal = goal
            self.progress = progress

    class RunEnded(Message):
        """A worker let go of the engine: the run reached its goal, the end, or was stopped."""

        def __init__(self, goal: str, progress: Progress, cancelled: bool) -> None:
            super().__init__()
            self.goal = goal
            self.progress = progress
            self.cancelled = cancelled

    def __init__(
        self,
        n: int = 8,
        mode: Mode = Mode.FIRST,
        glyphs: Glyphs = UNICODE,
        method: str = DEFAULT_METHOD,
        maze: str | None = None,
        guess: bool = False,
    ) -> None:
        super().__init__()
        self.guessing = guess
        self.game = GuessGame()
        self.n = n
        self.maze = maze
        self.glyphs = glyphs
        self.overlay = Overlay.OFF
        self._speed = SPEEDS[2]  # read by the autoplay thread
        self.found_solutions: FoundStore | None = None
        """The solutions the learner has placed by hand (the place screen), read and saved in
        the data directory; loaded when the place screen first opens."""
        self._tree: TreeFollower | None = None
        self._tree_pane: TreePane | None = None
        """The search tree's pane, mounted in the code's place when ``t`` first shows it."""
        self._use(method, mode)

    def _use(self, method: str, mode: Mode) -> None:
        """Make ``method``'s engine and view (the search starts again)."""
        self.method = method
        self.game.drop()
        self.engine: SteppableSearch = make_engine(method, self.n, mode, self.maze)
        self.view: View = make_view(method)
        self.snapshot: SearchSnapshot = self.engine.snapshot()

    def compose(self) -> ComposeResult:
        board = Board(self.glyphs, id="board")
        status = RunStatus(self.glyphs, id="status")
        table = StateTable(self.glyphs, id="table")
        code = CodePane(self.glyphs, id="code")
        narration = GuessPane(id="narration")
        self._board, self._table, self._code = board, table, code
        self._narration, self._status = narration, status
        self._table_title = ""
        # One grid, no nested containers: a frame composes fewer widgets (main.tcss).
        yield board
        yield table
        yield code
        yield status.data_bind(MainScreen.speed)
        yield narration
        # Every main key fits in 80 columns without the palette's key (help lists ctrl+p).
        yield KeyBar(id="keys")

    def on_mount(self) -> None:
        self.retranslate()

    def retranslate(self) -> None:
        """Draw every word again in the language now in use."""
        self._board.border_title = _("board")
        self._narration.border_title = _("what happened")
        self._status.overlay = Overlay.label(self.overlay)
        self._status.refresh_words()
        self.refresh_bindings()
        self._changed()

    # -- attributes down -----------------------------------------------------------------

    def show(self, snapshot: SearchSnapshot) -> None:
        """Turn one snapshot into a frame and hand its parts to the widgets."""
        self.snapshot = snapshot
        if self.guessing:
            from solver.guess.view import guess_frame  # guess mode's marks, when first on

            frame = guess_frame(self.view, snapshot, self.overlay, self.game)
        else:
            frame = self.view.frame(snapshot, self.overlay)
        self.frame = frame
        self._fit_columns(frame)
        self._board.frame = frame.board
        if self._table_title != frame.table_title:
            self._table_title = frame.table_title
            self._table.border_title = Content(frame.table_title)  # code, not markup
        self._table.tables = frame.tables
        self._code.code = frame.code
        self._narration.text = narration_text(frame)
        self._status.status = frame.status
        self._status.maze = not frame.board.checkered
        self._status.guess = self.game.tally if self.guessing else None
        question = self.game.question
        self._narration.maze = self._status.maze
        self._narration.stage = question.stage if question is not None else None
        if self._tree is not None:
            self._show_tree(snapshot)

    def _fit_columns(self, frame: Frame) -> None:
        """The right column as wide as the frame's state table and code ask (nothing in them
        wraps), from 44 to 52 columns: an 8 x 8 board keeps its 28 at 80 columns. Worked out
        again only when the board or the code changes, not at every tick."""
        key = (frame.board.width, frame.board.height, frame.code.lines, len(frame.tables.rows))
        if key != self._columns_for:
            self._columns_for = key
            width = max(side_column(frame, 52), 44)
            self.styles.grid_columns = f"1fr {width}"

    def _changed(self) -> None:
        self.show(self.engine.snapshot())

    def watch_running(self) -> None:
        self.refresh_bindings()

    def watch_speed(self, speed: int) -> None:
        self._speed = speed

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in _ENGINE_ACTIONS and self.running:
            return None  # shown dimmed; the worker owns the engine
        if action == "cancel" and not self.running:
            return None
        return True

    # -- stepping (UI thread, only while no worker runs) ---------------------------------

    def action_tick(self) -> None:
        if self._ask_first(Play.TICK):
            return
        if self.engine.run(Stop.TICK, max_ticks=1).ticks == 0:
            self._tell(_("The search is over: r resets, a switches to all solutions."))
        self._changed()

    def action_back(self) -> None:
        self.game.drop()
        if not self.engine.back():
            self._tell(_("At the start: nothing to step back."))
        self._changed()

    def action_iteration(self) -> None:
        if self._ask_first(Play.ITERATION):
            return
        # An iteration is a few ticks per square of a column: quick enough for the UI thread.
        if self.engine.run(Stop.ITERATION).ticks == 0:
            self._tell(_("The search is over: r resets, a switches to all solutions."))
        self._changed()

    def action_toggle_all(self) -> None:
        self.game.drop()  # the next step may differ in the other mode
        engine = self.engine
        engine.mode = Mode.FIRST if engine.mode is Mode.ALL else Mode.ALL
        self._changed()

    def action_reset(self) -> None:
        self.game.drop()
        self.engine.reset()
        self._changed()

    def action_resize(self, delta: int) -> None:
        if not METHODS[self.method].queens:
            self._next_maze(delta)
            return
        n = min(max(self.n + delta, 1), MAX_APP_N)
        if n == self.n:
            self._tell(_("The board size goes from 1 to {max}.").format(max=MAX_APP_N))
            return
        self.n = n
        self._use(self.method, self.engine.mode)
        self._changed()

    def _next_maze(self, delta: int) -> None:
        from solver.methods.maze.mazes import next_maze_spec

        self.maze = next_maze_spec(self.maze, delta)
        self._use(self.method, self.engine.mode)
        self._changed()
        self._tell(_("Maze: {name}.").format(name=self.maze))

    def action_method(self, name: str | None = None) -> None:
        """Switch to method ``name`` (None: the next one); the search starts again."""
        methods = steppable_methods()
        if name is None:
            name = methods[(methods.index(self.method) + 1) % len(methods)]
        self._use(name, self.engine.mode)
        self._changed()
        info = METHODS[name]
        self._tell(
            _("{method} ({source}).").format(
                method=_(info.title), source=_(SOURCES[info.source].short_name)
            )
        )

    def action_overlay(self) -> None:
        self.overlay = Overlay.next(self.overlay)
        self._status.overlay = Overlay.label(self.overlay)
        self._changed()

    def action_speed(self, step: int) -> None:
        index = SPEEDS.index(self.speed) if self.speed in SPEEDS else 2
        self.speed = SPEEDS[min(max(index + step, 0), len(SPEEDS) - 1)]

    def action_help(self) -> None:
        from tui.screens.help_screen import HelpScreen  # loaded when first asked for

        self.app.push_screen(HelpScreen([*self.BINDINGS, *self.app.BINDINGS]))

    def _tell(self, message: str) -> None:
        """Notify, replacing any earlier notice (a repeated key does not pile them up)."""
        self.app.clear_notifications()
        self.notify(message, markup=False)

    def action_quit(self) -> None:
        self.app.exit()
