"""The students' page's key table lists every key the main screen and the app bind, and no key
that nothing binds; the front page's keys to begin are among them; the page says the place
board's own limit for listing placements."""

from __future__ import annotations

import re
from pathlib import Path

from textual.binding import Binding

from tui.app import QueensTutorApp
from tui.screens.main_screen import MainScreen
from tui.screens.place_screen import LIST_MAX_N

ROOT = Path(__file__).resolve().parents[2]
STUDENTS = ROOT / "docs" / "students.md"
FRONT = ROOT / "README.md"
SPELLED = {
    "plus": "+",
    "equals_sign": "=",
    "minus": "-",
    "right_square_bracket": "]",
    "left_square_bracket": "[",
    "question_mark": "?",
    "f1": "F1",
    "pagedown": "PgDn",
    "pageup": "PgUp",
}
"""Textual's key names as the docs write them."""
ALWAYS = {"ctrl+p", "ctrl+q"}
"""Keys the help adds to the bindings' rows (the palette; Textual's own quit)."""


def bound_keys() -> set[str]:
    keys: set[str] = set()
    for item in [*MainScreen.BINDINGS, *QueensTutorApp.BINDINGS]:
        bindings = [item] if isinstance(item, Binding) else Binding.make_bindings([item])
        for binding in bindings:
            keys |= {SPELLED.get(key.strip(), key.strip()) for key in binding.key.split(",")}
    return keys | ALWAYS


def readme_keys(page: Path = STUDENTS) -> set[str]:
    """The keys in the first column of the page's first table under ``| key | does |``."""
    lines = page.read_text(encoding="utf-8").splitlines()
    start = lines.index("| key | does |") + 2
    keys: set[str] = set()
    for line in lines[start:]:
        if not line.startswith("|"):
            break
        keys |= set(re.findall(r"`([^`]+)`", line.split("|")[1]))
    return keys


def test_the_key_tables_of_the_docs_and_the_front_page_are_the_main_screens_bindings() -> None:
    bound, written = bound_keys(), readme_keys()
    assert bound - written == set(), "bound, missing from docs/students.md's key table"
    assert written - bound == set(), "in docs/students.md's key table, bound to nothing"
    # The front page's keys to begin are bound too.
    front = readme_keys(FRONT)
    assert {"space", "enter", "l", "?", "q"} <= front
    assert front - bound_keys() == set(), "in README's keys to begin, bound to nothing"


def test_the_spelling_covers_every_key_name_used() -> None:
    """A key Textual names in words the docs would write as a symbol fails here first."""
    for key in bound_keys() - ALWAYS:
        assert len(key) == 1 or key in {"F1", "space", "right", "left", "backspace", "enter",
                                        "escape", "PgDn", "PgUp"}, key  # fmt: skip


def test_the_students_page_says_up_to_which_n_the_placements_are_listed() -> None:
    text = " ".join(STUDENTS.read_text(encoding="utf-8").split())
    assert f"Up to n = {LIST_MAX_N} the pane lists the n! placements" in text
    assert f"for n = {LIST_MAX_N + 1} it counts them" in text
