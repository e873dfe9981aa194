"""The main screen's keys ``o`` (place your own queens, "you drive") and ``t`` (the search tree
in place of the code), kept apart from the main screen's stepping."""

from __future__ import annotations

from typing import TYPE_CHECKING

from solver.messages import render
from solver.registry import METHODS
from solver.stepping import SearchSnapshot
from tui.glyphs import Glyphs
from tui.widgets.code_pane import CodePane

if TYPE_CHECKING:
    from solver.tree.view import TreeFollower
    from tui.found_store import FoundStore
    from tui.widgets.tree_pane import TreePane


class PlaceAndTreeKeys:
    """Actions for the main screen (which sets the attributes declared here)."""

    n: int
    method: str
    glyphs: Glyphs
    snapshot: SearchSnapshot
    found_solutions: FoundStore | None
    _tree: TreeFollower | None
    _tree_pane: TreePane | None
    _code: CodePane

    def _tell(self, message: str) -> None: ...

    def action_place(self, drive: bool = False) -> None:
        """Open the board to place queens by hand (n up to 10), or to drive the loop."""
        from solver.placement.board import MAX_N as PLACE_MAX_N
        from tui.found_store import FoundStore
        from tui.screens.place_screen import PlaceScreen

        if self.found_solutions is None:  # read when first needed: start-up stays fast
            self.found_solutions = FoundStore()
        n = min(self.n, PLACE_MAX_N) if METHODS[self.method].queens else 4
        self.app.push_screen(  # type: ignore[attr-defined]
            PlaceScreen(n, self.glyphs, self.found_solutions, drive)
        )
        for warning in self.found_solutions.warnings:
            self._tell(render(warning))
        self.found_solutions.warnings.clear()

    def action_tree(self) -> None:
        """Show the search tree in place of the code, or the code again."""
        # The tree's modules and pane load when the tree is first asked for (start-up stays fast).
        from solver.tree.view import TreeFollower, refusal
        from tui.widgets.tree_pane import TreePane, tree_chars

        if self._tree is None:
            why = refusal(self.snapshot)
            if why is not None:
                self._tell(render(why))
                return
            self._tree = TreeFollower(tree_chars(self.glyphs))
            if self._tree_pane is None:
                self._tree_pane = TreePane(self.glyphs, id="tree")
                self._code.parent.mount(self._tree_pane, after=self._code)  # type: ignore[union-attr]
        else:
            self._tree = None
        self._code.display = self._tree is None
        if self._tree_pane is not None:
            self._tree_pane.display = self._tree is not None
        if self._tree is not None:
            self._show_tree(self.snapshot)

    def _show_tree(self, snapshot: SearchSnapshot) -> None:
        """Grow or shrink the tree to the engine's tick; put the code back when it no longer
        applies (another method, a larger board)."""
        assert self._tree is not None and self._tree_pane is not None
        frame = self._tree.frame(snapshot)
        if frame is None:
            self.action_tree()
            return
        self._tree_pane.border_title = frame.title
        self._tree_pane.frame = frame
