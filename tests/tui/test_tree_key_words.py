"""``T`` opens the search tree on a screen of its own, the board, b[] and
the narration beside it: nothing calls it "the whole screen" (the tree pane's border, the
help's tooltip, docs/students.md), and the words are translated."""

from __future__ import annotations

from pathlib import Path

import pytest

from lessons import i18n
from tests.tiers import sweep
from tests.tui.test_lesson_layout import builtin, open_page
from tui.screens.board_screen import WHOLE_TREE
from tui.widgets.tree_pane import TreePane

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("lang", sweep(["en", "it", "pl"], everyday=["pl"]))
async def test_the_tree_pane_says_what_t_opens(lang: str) -> None:
    app = builtin(3, 5, (80, 24), lang)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_page(pilot, 3, 5)
        subtitle = str(screen.query_one(TreePane).border_subtitle)
        assert subtitle == i18n.translation(lang).gettext("T: tree screen"), subtitle
        assert "whole" not in subtitle and "tutto schermo" not in subtitle, subtitle
        assert "cały ekran" not in subtitle, subtitle
        if lang != "en":
            assert subtitle != "T: tree screen"  # translated


def test_no_word_of_the_whole_screen_for_t() -> None:
    assert "whole screen" not in str(WHOLE_TREE.tooltip)
    readme = (ROOT / "docs" / "students.md").read_text(encoding="utf-8")
    row = next(line for line in readme.splitlines() if line.startswith("| `T` |"))
    assert "whole screen" not in row, row
