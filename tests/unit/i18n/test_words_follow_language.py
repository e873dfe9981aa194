"""Words kept in a cache follow a change of language (the search tree's node labels)."""

from __future__ import annotations

from lessons import i18n
from solver.methods.iterative.engine import IterativeEngine
from solver.stepping import Mode, Stop
from solver.tree.tree import SearchTree
from solver.tree.view import tree_frame
from tui.widgets.tree_pane import UNICODE_CHARS


def _labels() -> list[str]:
    engine = IterativeEngine(4, Mode.FIRST)
    engine.run(Stop.END, max_ticks=6)
    tree = SearchTree(4, Mode.FIRST)
    tree.follow(engine.snapshot())
    return [line.text for line in tree_frame(tree, UNICODE_CHARS).lines]


def test_the_tree_labels_change_with_the_language() -> None:
    english = _labels()
    assert any("b[1]=0: row, col 0" in line for line in english)
    i18n.set_language("it")
    italian = _labels()
    assert not any(": row, col" in line for line in italian), italian
    i18n.set_language("en")
    assert _labels() == english
