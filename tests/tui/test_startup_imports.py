"""What the tutor's start-up loads: only what its first frame needs (issue 42: start-up at or
under 1.3x a minimal Textual app). The search tree's modules load when a tree is first drawn."""

from __future__ import annotations

import ast
import subprocess
import sys


def loaded_at_start(prefix: str) -> list[str]:
    """The modules under ``prefix`` that importing the tutor's app loads, in a fresh
    interpreter (this one has loaded everything the other tests use)."""
    code = (
        "import sys\n"
        "import tui.cli.main, tui.run_tutor\n"
        f"print(sorted(m for m in sys.modules if m.startswith({prefix!r})))\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=True
    )
    return ast.literal_eval(result.stdout)  # a printed list of strings


def test_the_search_tree_loads_only_when_drawn() -> None:
    assert loaded_at_start("solver.tree") == []


def test_the_tree_characters_are_made_when_first_read() -> None:
    from solver.tree.view import TreeChars
    from tui.widgets import tree_pane

    assert isinstance(tree_pane.ASCII_CHARS, TreeChars)
    assert tree_pane.ASCII_CHARS.branch == "|-" and tree_pane.UNICODE_CHARS.solution == "★"
    assert tree_pane.ASCII_CHARS is tree_pane.ASCII_CHARS  # made once


def test_what_the_first_frame_does_not_draw_loads_later() -> None:
    """The "too small" notice (shown only below 80x24), the word wrapping of the narration and
    the notices (drawn once the view has its size) and the iterative engine (its method's
    own: the board's geometry names its snapshot for types only) are not imported before the
    app runs."""
    later = ["solver.methods.iterative.engine", "tui.screens.too_small", "tui.widgets.no_break"]
    loaded = set(loaded_at_start("solver.")) | set(loaded_at_start("tui."))
    assert sorted(loaded & set(later)) == []


def test_the_package_names_load_when_asked_for() -> None:
    import solver
    from solver.events import Try
    from solver.methods.iterative.engine import IterativeEngine

    assert solver.Try is Try and solver.IterativeEngine is IterativeEngine
    try:
        solver.NotAName  # noqa: B018
    except AttributeError as error:
        assert "NotAName" in str(error)
    else:
        raise AssertionError("solver.NotAName was found")
