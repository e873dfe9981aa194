"""What the last tick did, in the plain words a teacher would use (solver.narration)."""

from __future__ import annotations

from textual.reactive import reactive
from textual.widgets import Static

from solver.iterative import Snapshot
from solver.narration import describe

IDLE_TEXT = (
    "b[i] = -1 in every column: all queens are under the board. "
    "The first tick runs b[0]=0; k=1: a queen in the bottom-left corner."
)


class NarrationPane(Static):
    """The teacher's sentence for :attr:`snapshot`'s last tick (``idle_text`` before any)."""

    snapshot: reactive[Snapshot | None] = reactive(None)
    """The state whose last tick is narrated."""

    def __init__(
        self,
        idle_text: str = IDLE_TEXT,
        *,
        name: str | None = None,
        id: str | None = None,
        classes: str | None = None,
    ) -> None:
        super().__init__(idle_text, name=name, id=id, classes=classes, markup=False)
        self.idle_text = idle_text

    def watch_snapshot(self, snapshot: Snapshot | None) -> None:
        # A fixed height (as on the main screen) does not depend on the text: no layout needed.
        height = self.styles.height
        layout = height is None or height.is_auto
        if snapshot is None or snapshot.last_event is None:
            self.update(self.idle_text, layout=layout)
        else:
            self.update(describe(snapshot.last_event, snapshot.n), layout=layout)
