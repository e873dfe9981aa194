"""Plain text under the board: ``n = 8  k = 3  tick 17``, the mode, any run in progress."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from rich.text import Text
from textual.reactive import reactive
from textual.widget import Widget

from solver.iterative import Mode, Snapshot
from tui.glyphs import UNICODE, Glyphs


@dataclass(frozen=True, slots=True)
class RunProgress:
    """A run in a worker: what it runs to, ticks played so far and ticks per second."""

    goal: str
    ticks: int
    rate: float


def rate_text(rate: float) -> str:
    """Ticks per second, short: ``950``, ``12.5k``, ``1.31M``."""
    if rate >= 1e6:
        return f"{rate / 1e6:.2f}M"
    if rate >= 1e3:
        return f"{rate / 1e3:.1f}k"
    return f"{rate:.0f}"


class RunStatus(Widget):
    """The numbers a learner reads as text, and the legend of the board's glyphs."""

    COMPONENT_CLASSES: ClassVar[set[str]] = {"run-status--running", "run-status--legend"}

    snapshot: reactive[Snapshot | None] = reactive(None)
    """The state shown."""
    progress: reactive[RunProgress | None] = reactive(None)
    """The run in progress, None when idle."""
    speed: reactive[int] = reactive(5)
    """Autoplay speed in ticks per second."""
    overlay: reactive[str] = reactive("off")
    """The board's diagonal overlay, by name."""

    def __init__(
        self,
        glyphs: Glyphs = UNICODE,
        *,
        name: str | None = None,
        id: str | None = None,
        classes: str | None = None,
    ) -> None:
        super().__init__(name=name, id=id, classes=classes)
        self.glyphs = glyphs

    def render(self) -> Text:
        text = Text(no_wrap=True, overflow="ellipsis")
        snapshot = self.snapshot
        if snapshot is not None:
            text.append(f"n = {snapshot.n}   k = {snapshot.k}   tick {snapshot.tick}\n")
            mode = "all solutions" if snapshot.mode is Mode.ALL else "first solution"
            text.append(f"mode: {mode}   found {snapshot.solutions_found}\n")
        text.append(f"overlay: {self.overlay}   speed {self.speed}/s\n")
        progress = self.progress
        g = self.glyphs
        legend = self.get_component_rich_style("run-status--legend")
        if progress is not None:
            running = self.get_component_rich_style("run-status--running")
            text.append(f"{progress.goal} (esc stops)\n", running)
            text.append(f"{progress.ticks:,} ticks at {rate_text(progress.rate)}/s\n", running)
        else:
            if snapshot is not None and snapshot.finished:
                text.append("search finished (r resets)\n")
            else:
                text.append("ready\n")
            text.append(f"{g.queen} queen  {g.candidate} tried  {g.attacker} attacker\n", legend)
        lines = f"{g.line_row}{g.line_sum}{g.line_diff}"
        text.append(f"{g.attacked} attacked  {g.free} free  {lines} line", legend)
        return text
