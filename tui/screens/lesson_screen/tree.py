"""``@tree`` on a lesson page: the search tree at the board's tick, in the board's column; ``T``
shows it on a screen of its own (tui/screens/tree_screen.py)."""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from lessons.i18n import _
from tui.glyphs import Glyphs

if TYPE_CHECKING:
    from textual.widget import Widget

    from solver.session.board import BoardSession
    from solver.tree.view import TreeFollower, TreeFrame
    from tui.widgets.tree_pane import TreePane


class LessonTree:
    """The tree pane of a lesson screen, under the widget ``under`` (the board)."""

    def __init__(self, glyphs: Glyphs) -> None:
        self.glyphs = glyphs
        self.follower: TreeFollower | None = None
        self.pane: TreePane | None = None

    def widest(self, n: int) -> int:
        """The widest line of the tree on an ``n`` x ``n`` board: the pane keeps that width."""
        from rich.cells import cell_len

        from solver.messages import Message, render
        from tui.widgets.tree_pane import tree_chars

        chars = tree_chars(self.glyphs)
        last = max(n - 1, 0)
        labels = [render(Message.of("tree.root"))]
        for key in ("tree.placed", "tree.left"):
            labels.append(render(Message.of(key, col=last, row=last)))
        labels.append(render(Message.of("tree.solution", col=last, row=last, number=99)))
        for rule in ("row", "sum", "diff"):
            why = Message.of(f"tree.rule.{rule}")
            labels.append(render(Message.of("tree.cut", col=last, row=last, rule=why, a_col=last)))
        guide = max(cell_len(chars.branch), cell_len(chars.last))
        indent = max(cell_len(chars.pipe), cell_len(chars.blank)) * last
        glyph = max(map(cell_len, (chars.placed, chars.cut, chars.left, chars.solution)))
        head = cell_len(chars.marker) + 1 + indent + guide + glyph + 1
        widest = head + max(map(cell_len, labels))
        if last:  # a node backtracked to has a column after it: a level less deep
            step = max(cell_len(chars.pipe), cell_len(chars.blank))
            back = render(Message.of("tree.back", col=last - 1, row=last, next=last))
            widest = max(widest, head - step + cell_len(back))
        return widest

    def show(
        self, under: Widget, shown: bool, session: BoardSession | None, hidden: bool
    ) -> TreeFrame | None:
        """Show the tree at the board's tick when the page shows it (``hidden``: its last
        node's refusal left out, as the board's), else hide it (None)."""
        if not shown or session is None:
            if self.pane is not None:
                self.pane.display = False
            return None
        # The tree's modules load when a page first shows it (start-up stays fast).
        from solver.tree.view import TreeFollower
        from tui.widgets.tree_pane import TreePane, tree_chars

        if self.follower is None:
            self.follower = TreeFollower(tree_chars(self.glyphs))
        if self.pane is None:
            self.pane = TreePane(self.glyphs, id="lesson-tree")
            column = cast("Widget", under.parent)  # the board's column: the tree takes it
            column.mount(self.pane)
        frame = self.follower.frame(session.kit, session.snapshot, hidden)
        self.pane.display = frame is not None
        if frame is not None:
            self.pane.border_title = frame.title
            self.pane.note = _("T: tree screen")
            self.pane.frame = frame
        return frame
