"""Plain text under the board: ``n = 8  k = 3  tick 17``, the mode, any run in progress."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from textual.reactive import reactive

from lessons.i18n import _, decimal, ngettext, number
from lessons.i18n import current as current_language
from solver.guess.game import Tally
from solver.views.frame import Status
from tui.glyphs import Glyphs
from tui.widgets.lines_view import LinesView, Row
from tui.widgets.rows import Content

if TYPE_CHECKING:
    from tui.widgets.run_progress import RunProgress


def rate_text(rate: float) -> str:
    """Ticks per second, short, with the language's decimal point: ``950``, ``12.5k``, ``1.31M``."""
    if rate >= 1e6:
        return decimal(f"{rate / 1e6:.2f}M")
    return decimal(f"{rate / 1e3:.1f}k") if rate >= 1e3 else f"{rate:.0f}"


@dataclass(frozen=True, slots=True)
class StatusShown:
    """What the status lines say: the numbers, the run in progress, autoplay's speed, the
    overlay (by name), whether the board is a maze, and guess mode's tally."""

    status: Status | None = None
    progress: RunProgress | None = None
    speed: int = 5
    overlay: str = "off"
    maze: bool = False
    guess: Tally | None = None


class StatusDrawing:
    """The status lines of :class:`StatusShown`, with the legend of the board's glyphs (the
    lines under the first made again only when what they show changes)."""

    def __init__(self, glyphs: Glyphs) -> None:
        self.glyphs = glyphs
        self._rest_key: tuple[object, ...] | None = None
        self._rest: list[tuple[str, tuple[str, ...]]] = []

    def lines(self, shown: StatusShown, width: int) -> list[tuple[str, tuple[str, ...]]]:
        """Each line's text and component classes for a pane ``width`` wide (0: not laid out)."""
        lines: list[tuple[str, tuple[str, ...]]] = []
        status = shown.status
        if status is not None:
            tick = _("tick {tick}").format(tick=status.tick)
            first = f"{status.size}  {status.where}  {tick}"
            if width and len(first) > width:  # the tick count must show
                first = f"{status.where}  {tick}"
            lines.append((first, ()))
        key = (
            current_language(),
            None if status is None else (status.all_mode, status.found, status.finished),
            shown.guess,
            shown.overlay,
            shown.speed,
            shown.progress,
            shown.maze,
        )
        if key != self._rest_key:
            self._rest_key, self._rest = key, self._rest_lines(shown)
        return lines + self._rest

    def _rest_lines(self, shown: StatusShown) -> list[tuple[str, tuple[str, ...]]]:
        """The lines under the first: mode and count, overlay or guess tally, run or legend."""
        lines: list[tuple[str, tuple[str, ...]]] = []

        def add(text: str, classes: tuple[str, ...] = ()) -> None:
            lines.append((text, classes))

        status = shown.status
        if status is not None:
            if status.all_mode:  # as the plain tutor's words.found_words says it
                add(_("all solutions, found {count}").format(count=status.found))
            else:
                add(_("first solution, found {count}").format(count=status.found))
        tally = shown.guess
        if tally is not None:  # guess mode: the tally takes the overlay's line
            text = _("guesses {right}/{asked}  streak {streak}")
            add(text.format(right=tally.right, asked=tally.asked, streak=tally.streak))
        else:
            overlay = _("off") if shown.overlay == "off" else shown.overlay
            text = _("overlay {overlay}  speed {speed}/s")
            add(text.format(overlay=overlay, speed=shown.speed))
        progress = shown.progress
        g = self.glyphs
        legend = ("run-status--legend",)
        running = ("run-status--running",)
        if progress is not None:
            add(_("{goal}: esc stops").format(goal=progress.goal), running)
            ticks = ngettext(
                "{count} tick at {rate}/s", "{count} ticks at {rate}/s", progress.ticks
            )
            add(ticks.format(count=number(progress.ticks), rate=rate_text(progress.rate)), running)
        else:
            finished = status is not None and status.finished
            add(_("search finished ([r] resets)") if finished else _("ready"))
            if shown.maze:
                text = _("{wall} wall {path} path {here} here")
                add(text.format(wall=g.wall, path=g.path, here=g.here), legend)
            elif shown.guess is not None:  # guess mode: the square asked about has its glyph
                text = _("{queen} queen {asked} asked {tried} tried")
                add(text.format(queen=g.queen, asked=g.trying, tried=g.candidate), legend)
            else:
                text = _("{queen} queen {tried} tried {attacker} attacker")
                add(text.format(queen=g.queen, tried=g.candidate, attacker=g.attacker), legend)
        if progress is not None and status is not None:  # candidates examined per second
            tried = rate_text(progress.tried)
            add(_("{unit}: {rate}/s").format(rate=tried, unit=_(progress.unit)), running)
        elif shown.maze:
            text = _("{dead_end} dead end {tried} tried {open} open")
            add(text.format(dead_end=g.dead_end, tried=g.trying, open=g.floor), legend)
        else:
            line = f"{g.line_row}{g.line_falling}{g.line_rising}"
            text = _("{attacked} attacked {free} free {line} line")
            add(text.format(attacked=g.attacked, free=g.free, line=line), legend)
        return lines


class RunStatus(LinesView):
    """The numbers a learner reads as text, and the legend of the board's glyphs."""

    COMPONENT_CLASSES: ClassVar[set[str]] = {"run-status--running", "run-status--legend"}

    status: reactive[Status | None] = reactive(None, repaint=False)
    """The numbers shown."""
    progress: reactive[RunProgress | None] = reactive(None, repaint=False)
    """The run in progress, None when idle."""
    speed: reactive[int] = reactive(5, repaint=False)
    """Autoplay speed in ticks per second."""
    overlay: reactive[str] = reactive("off", repaint=False)
    """The board's diagonal overlay, by name."""
    maze: reactive[bool] = reactive(False, repaint=False)
    """The board is a maze: the legend names the maze's glyphs."""
    guess: reactive[Tally | None] = reactive(None, repaint=False)
    """Guess mode's tally (right / asked, the streak); None when guess mode is off."""

    DRAWING = StatusDrawing
    drawing: StatusDrawing
    """The lines, made from the reactives."""

    def lines(self) -> list[tuple[str, tuple[str, ...]]]:
        """Each line's text and the component classes that style it."""
        shown = StatusShown(
            self.status, self.progress, self.speed, self.overlay, self.maze, self.guess
        )
        return self.drawing.lines(shown, self.scrollable_content_region.width)

    def refresh_words(self) -> None:
        """Draw the lines again (in the language now in use)."""
        self.show(Content([Row((), (line,)) for line in self.lines()]))

    watch_status = watch_progress = watch_speed = refresh_words
    watch_overlay = watch_maze = watch_guess = on_resize = refresh_words
