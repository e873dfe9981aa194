"""The session view's grid: the board over the status, the state table over the code (or the
search tree), the narration across; each pane's frame and box."""

from __future__ import annotations

from collections.abc import Iterable

from tui.widgets.rows import BLANK
from tui.widgets.session_view.pane import NO_BOX, Box, Look, Pane

RIGHT_MOST = 52
RIGHT_LEAST = 44
"""The right column's width: as the frame's table and code ask, within these."""
STATUS_HEIGHT = 6
NARRATION_HEIGHT = 5
TABLE_MOST = 0.4
"""The state table takes at most this share of the terminal's height, and scrolls beyond."""

LOOKS = {
    "board": Look(
        border="session-view--board-border",
        title="session-view--board-title",
        subtitle="session-view--board-subtitle",
    ),
    "table": Look(border="session-view--table-border"),  # its border says what is cut
    # no thumb (one reads as a value): the code's and the narration's borders say where they are
    "code": Look(border="session-view--code-border", horizontal=1),
    "tree": Look(border="session-view--tree-border", vertical=2, horizontal=1),
    "status": Look(padding=(0, 0, 0, 1), blank=()),
    "narration": Look(
        border="session-view--narration-border",
        subtitle="session-view--board-subtitle",
        padding=(0, 1, 0, 1),
        blank=BLANK,
    ),
}
IN_COLUMN = frozenset({"table", "code", "tree"})
"""The panes of the right column, drawn by its widget when there is one."""


def boxes(width: int, height: int, right: int, table: int, tree: bool) -> dict[str, Box]:
    """Each pane's box in a view ``width`` x ``height``: the right column ``right`` wide, the
    state table ``table`` high, the tree or else the code under it."""
    left = width - right
    top = max(height - STATUS_HEIGHT - NARRATION_HEIGHT, 0)
    table = min(table, top)
    under = Box(left, table, right, max(height - NARRATION_HEIGHT - table, 0))
    return {
        "board": Box(0, 0, left, top),
        "status": Box(0, top, left, min(STATUS_HEIGHT, height - top)),
        "table": Box(left, 0, right, table),
        "code": NO_BOX if tree else under,
        "tree": under if tree else NO_BOX,
        "narration": Box(0, height - NARRATION_HEIGHT, width, NARRATION_HEIGHT),
    }


def line_panes(
    panes: Iterable[Pane], height: int, column: int
) -> tuple[list[list[Pane]], list[Pane | None]]:
    """The panes on each of the view's ``height`` lines, left to right, and the pane on each
    line of the right column's widget (``column`` lines; 0: no such widget)."""
    at: list[list[Pane]] = [[] for _ in range(height)]
    right_at: list[Pane | None] = [None] * column
    for pane in sorted(panes, key=lambda pane: pane.box.x):
        box = pane.box
        if box.width and box.height:
            for y in range(max(box.y, 0), min(box.y + box.height, height)):
                if pane.name in IN_COLUMN and y < column:
                    right_at[y] = pane
                else:
                    at[y].append(pane)
    return at, right_at
