"""The chessboard as the lecture draws it: column k left to right, row 0 at the bottom.

It draws one :class:`~solver.iterative.Snapshot`: the queens placed for good, the square
being tried, the queens attacking it with the line to each, and every square the placed
queens attack (the lecture's "•"). Optionally each square shows its ``col+row`` or
``row-col`` value, the two diagonal identities of ``isfree``.
"""

from __future__ import annotations

from enum import Enum
from typing import ClassVar

from textual.geometry import Region
from textual.reactive import reactive

from solver.events import Rule, Try
from solver.geometry import attacked_squares, focus_square, line_between
from solver.iterative import Snapshot
from tui.glyphs import UNICODE, Glyphs
from tui.widgets.lines_view import Cell, LinesView, Row


class Overlay(Enum):
    """What each square shows besides its glyph."""

    OFF = "off"
    SUM = "col+row"
    DIFF = "row-col"

    def next(self) -> Overlay:
        members = list(Overlay)
        return members[(members.index(self) + 1) % len(members)]

    def of(self, col: int, row: int) -> int | None:
        """The overlay's number for a square, None when the overlay is off."""
        if self is Overlay.SUM:
            return col + row
        if self is Overlay.DIFF:
            return row - col
        return None


class Board(LinesView):
    """An n x n board drawn from :attr:`snapshot`; scrolls, keeping the square in focus visible.

    | Glyph (Unicode / ASCII) | Square |
    | --- | --- |
    | ♛ / Q | a queen placed for good |
    | ✕ / ? | the square being tried, found attacked |
    | ♕ / A | a queen attacking that square |
    | ─ ╲ ╱ / - \\ / | the line from an attacker to it (same row, col+row, row-col) |
    | • / x | a square attacked by a placed queen |
    | · / . | a free square |
    """

    COMPONENT_CLASSES: ClassVar[set[str]] = {
        "board--light",
        "board--dark",
        "board--label",
        "board--queen",
        "board--candidate",
        "board--attacker",
        "board--line",
        "board--attacked",
        "board--free",
    }

    snapshot: reactive[Snapshot | None] = reactive(None, repaint=False)
    """The state to draw; None draws nothing. The watcher repaints only what changed."""
    overlay: reactive[Overlay] = reactive(Overlay.OFF, repaint=False)
    """Show each square's col+row or row-col value."""

    def __init__(
        self,
        glyphs: Glyphs = UNICODE,
        *,
        name: str | None = None,
        id: str | None = None,
        classes: str | None = None,
    ) -> None:
        super().__init__(glyphs, name=name, id=id, classes=classes)
        self._free: list[tuple[Cell, ...]] = []
        self._free_key: tuple[int, Overlay, int, str] | None = None
        self._cells: dict[tuple[int, int, str, str], Cell] = {}
        self._placed_rows: list[tuple[Cell, ...]] = []
        self._placed_key: tuple[tuple[int, int], ...] | None = None
        self._labels_cache: tuple[list[tuple[Cell, ...]], Row] = ([], Row((), ()))
        self._labels_key: tuple[int, int, int] | None = None
        self._labelled: tuple[int, int] | None = None
        self._attacked: list[tuple[Cell, ...]] = []
        self._attacked_key: tuple[int, Overlay, int, str] | None = None

    def watch_snapshot(self) -> None:
        self._redraw()

    def watch_overlay(self) -> None:
        self._redraw()

    # The board has no scrollbars (they cost a redraw on every frame); when it does not fit,
    # the bottom border says which part shows.

    def watch_scroll_x(self, old_value: float, new_value: float) -> None:
        super().watch_scroll_x(old_value, new_value)
        self._label_view()

    def watch_scroll_y(self, old_value: float, new_value: float) -> None:
        super().watch_scroll_y(old_value, new_value)
        self._label_view()

    def on_resize(self) -> None:
        self._label_view()

    def view_label(self) -> str | None:
        """``cols 3-12, rows 8-15 of 32``: the squares in view when the board does not fit;
        None when it all shows."""
        snapshot = self.snapshot
        width, height = self.scrollable_content_region.size
        if snapshot is None or width <= 0:
            return None
        n = snapshot.n
        cell, _ = self._cell_width(n)
        scroll_x, scroll_y = self.scroll_offset
        body_width = width - self._head_width
        first_col = min(-(-scroll_x // cell), n - 1)  # the first whole square
        last_col = min(max((scroll_x + body_width) // cell, first_col + 1), n) - 1
        top_index = min(scroll_y, n - 1)
        bottom_index = min(max(scroll_y + height - 1, top_index + 1), n) - 1  # 1: file numbers
        if (first_col, last_col, top_index, bottom_index) == (0, n - 1, 0, n - 1):
            return None
        low, high = n - 1 - bottom_index, n - 1 - top_index
        return f"cols {first_col}-{last_col}, rows {low}-{high} of {n}"

    def _label_view(self) -> None:
        label = self.view_label()
        if label != (None if self.border_subtitle is None else str(self.border_subtitle)):
            self.border_subtitle = label

    def _cell_width(self, n: int) -> tuple[int, int]:
        """(cell width, width of the overlay value) for an n x n board."""
        if self.overlay is Overlay.OFF:
            return 3, 0
        values = [str(self.overlay.of(c, r)) for c in range(n) for r in (0, n - 1)]
        value_width = max(len(v) for v in values)
        return value_width + 2, value_width

    def _cell(self, col: int, row: int, glyph: str, kind: str, value_width: int) -> Cell:
        shade = "board--dark" if (col + row) % 2 == 0 else "board--light"
        value = self.overlay.of(col, row)
        text = f" {glyph} " if value is None else f"{glyph}{value:>{value_width}} "
        return text, (shade, kind)

    def _free_rows(self, n: int, value_width: int) -> list[tuple[Cell, ...]]:
        """Every row's cells with every square free (index: row), kept while n and the
        overlay stay the same: a tick then only sets the squares that are not free."""
        free = self.glyphs.free
        key = (n, self.overlay, value_width, free)
        if self._free_key != key:
            self._free = [
                tuple(self._cell(col, row, free, "board--free", value_width) for col in range(n))
                for row in range(n)
            ]
            self._free_key = key
            self._cells = {}
            self._placed_key = None
        return self._free

    def _attacked_rows(self, n: int, value_width: int) -> list[tuple[Cell, ...]]:
        """Every row's cells with every square attacked (index: row), kept with the free rows:
        a new queen then picks its attacked squares from them instead of building each."""
        key = (n, self.overlay, value_width, self.glyphs.attacked)
        if self._attacked_key != key:
            attacked = self.glyphs.attacked
            self._attacked = [
                tuple(
                    self._cell(col, row, attacked, "board--attacked", value_width)
                    for col in range(n)
                )
                for row in range(n)
            ]
            self._attacked_key = key
        return self._attacked

    def _cell_for(self, col: int, row: int, glyph: str, kind: str, value_width: int) -> Cell:
        """The square's cell, kept with the free rows (a square shows only a few glyphs)."""
        cell = self._cells.get((col, row, glyph, kind))
        if cell is None:
            cell = self._cells[col, row, glyph, kind] = self._cell(
                col, row, glyph, kind, value_width
            )
        return cell

    def _rows_placed(
        self, placed: tuple[tuple[int, int], ...], n: int, value_width: int
    ) -> list[tuple[Cell, ...]]:
        """Every row's cells with the queens placed for good and the squares they attack
        (index: row), kept while those queens stay: a failed try changes only a few squares."""
        free = self._free_rows(n, value_width)
        if self._placed_key != placed:
            attacked = self._attacked_rows(n, value_width)
            rows_hit: list[set[int]] = [set() for _ in range(n)]
            for col, row in attacked_squares(placed, n):
                rows_hit[row].add(col)
            bodies = [
                [attacked[row][col] if col in hit else cell for col, cell in enumerate(free[row])]
                if hit
                else None
                for row, hit in enumerate(rows_hit)
            ]
            for col, row in placed:
                body = bodies[row]
                if body is None:
                    body = bodies[row] = list(free[row])
                body[col] = self._cell_for(col, row, self.glyphs.queen, "board--queen", value_width)
            self._placed_rows = [
                free[row] if body is None else tuple(body) for row, body in enumerate(bodies)
            ]
            self._placed_key = placed
        return self._placed_rows

    def _squares(self, snapshot: Snapshot) -> dict[tuple[int, int], tuple[str, str]]:
        """Glyph and component class of every square the last tick marks over the placed
        queens and what they attack: column k's queen, the attackers, their lines, the try."""
        g = self.glyphs
        squares: dict[tuple[int, int], tuple[str, str]] = {}
        k = snapshot.k
        if 0 <= k < snapshot.n and snapshot.b[k] >= 0:
            # Column k's queen is still on the board (b[k] holds its row): after a backtrack it
            # waits there to move up, as the lecture draws it; after a failed try it is the
            # candidate, drawn below.
            squares[k, snapshot.b[k]] = (g.queen, "board--queen")
        event = snapshot.last_event
        if isinstance(event, Try) and event.attackers:
            target = (event.col, event.row)
            for attacker in event.attackers:
                source = (attacker.col, attacker.row)
                glyph = {Rule.ROW: g.line_row, Rule.SUM: g.line_sum, Rule.DIFF: g.line_diff}[
                    attacker.rule
                ]
                for square in line_between(source, target):
                    squares[square] = (glyph, "board--line")
                squares[source] = (g.attacker, "board--attacker")
            squares[target] = (g.candidate, "board--candidate")
        return squares

    def _labels(self, n: int, width: int, label_width: int) -> tuple[list[tuple[Cell, ...]], Row]:
        """Each row's rank number (index: row) and the footer row of file numbers."""
        key = (n, width, label_width)
        if self._labels_key != key:
            ranks: list[tuple[Cell, ...]] = [
                ((f"{row:>{label_width - 1}} ", ("board--label",)),) for row in range(n)
            ]
            files = "".join(f"{col:^3}".ljust(width) for col in range(n))
            footer = Row(((" " * label_width, ()),), ((files, ("board--label",)),))
            self._labels_cache = (ranks, footer)
            self._labels_key = key
        return self._labels_cache

    def _redraw(self) -> None:
        snapshot = self.snapshot
        if snapshot is None:
            self.show_rows(())
            return
        n = snapshot.n
        width, value_width = self._cell_width(n)
        label_width = len(str(n - 1)) + 1
        bodies: list[tuple[Cell, ...]] = list(self._rows_placed(snapshot.placed(), n, value_width))
        changed: dict[int, list[Cell]] = {}
        for (col, row), (glyph, kind) in self._squares(snapshot).items():
            body = changed.get(row)
            if body is None:
                body = changed[row] = list(bodies[row])
            body[col] = self._cell_for(col, row, glyph, kind, value_width)
        for row, body in changed.items():
            bodies[row] = tuple(body)
        ranks, footer = self._labels(n, width, label_width)
        # A row whose squares did not change keeps its Row (the view then skips it quickly).
        old = self._rows if len(self._rows) == n else [None] * n
        rows = [
            old_row
            if old_row is not None and old_row.body is bodies[row] and old_row.head is ranks[row]
            else Row(ranks[row], bodies[row])
            for row, old_row in zip(range(n - 1, -1, -1), old, strict=True)
        ]
        files = footer.body[0][0]
        # Keep the square in focus in view; before the first tick, the corner where the search
        # starts (column 0, row 0).
        col, row = focus_square(snapshot) or (0, 0)
        keep = Region(col * width, n - 1 - row, width, 1)
        self.show_rows(
            rows,
            footer,
            keep,
            step=width,
            body_width=max(n * width, len(files)),
            head_width=label_width,
        )
        if (n, width) != self._labelled:  # else only a scroll or a resize changes the label
            self._labelled = (n, width)
            self._label_view()
