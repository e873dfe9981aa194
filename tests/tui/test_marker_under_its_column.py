"""The state table's "▶ k = 3" stands under column k of b[] on every board a lesson page draws at
80x24, its words before the ▶ on the same line where they do not fit after it."""

from __future__ import annotations

import pytest

from lessons.parsing.parser import parse
from solver.methods.iterative.engine import IterativeEngine, Mode
from tests.tiers import sweep
from tests.tui.screen_text import lines
from tui.app import QueensTutorApp
from tui.glyphs import UNICODE
from tui.screens.lesson_screen import LessonScreen
from tui.widgets.state_table import POINTER_BACK, StateTable, _marker

SIZE = (80, 24)


def first_ticks(n: int) -> dict[int, int]:
    """The first tick at which the loop's k is each column 0..n-1 (it reaches every one)."""
    engine = IterativeEngine(n, Mode.FIRST)
    found = {engine.k: 0}
    while not engine.finished:
        engine.step()
        found.setdefault(engine.k, engine.tick)
    return {k: tick for k, tick in found.items() if 0 <= k < n}


def page_at(n: int, tick: int) -> LessonScreen:
    text = (
        f"@lesson marker-{n}\n@title Marker\n@summary Where the marker points\n\n"
        f"@page The board\nThe {n} x {n} board at tick {tick}.\n@board n={n}\n@step {tick}\n"
    )
    lesson = parse(text, "marker.md").lesson
    assert lesson is not None
    return LessonScreen(lesson, None)


def pointed_at(drawn: list[str]) -> tuple[int, str]:
    """The column the marker's ▶ stands under: the entry of the ``i`` row above it whose last
    digit is right above the ▶ ("" where none is), and the marker's line."""
    glyphs = (UNICODE.marker, POINTER_BACK[UNICODE.marker])
    at = next(y for y, line in enumerate(drawn) if any(g in line for g in glyphs))
    line = drawn[at]
    x = next(line.index(g) for g in glyphs if g in line)
    index_row = next(drawn[y] for y in range(at - 1, -1, -1) if drawn[y].startswith("i "))
    cells = index_row.split("│", 1)
    start = len(cells[0]) + 1
    for token_start, token in _tokens(cells[1]):
        if start + token_start + len(token) - 1 == x:
            return int(token), line
    return -1, line


def _tokens(text: str) -> list[tuple[int, str]]:
    found = []
    position = 0
    for token in text.split():
        position = text.index(token, position)
        found.append((position, token))
        position += len(token)
    return found


@pytest.mark.parametrize("n", sweep(range(1, 13), {6}))
async def test_the_pointer_stands_under_column_k(n: int) -> None:
    app = QueensTutorApp(n)
    async with app.run_test(size=SIZE) as pilot:
        for k, tick in first_ticks(n).items():
            await app.push_screen(page_at(n, tick))
            await pilot.pause()
            await pilot.pause()
            table = app.screen.query_one(StateTable)
            drawn = lines(table)
            column, line = pointed_at(drawn)
            assert column == k, f"n = {n}, k = {k}: the ▶ stands under {column}\n" + "\n".join(
                drawn
            )
            assert f"k = {k}" in line, line
            await app.pop_screen()
            await pilot.pause()


def test_the_words_go_before_the_pointer_where_they_do_not_fit_after_it() -> None:
    """Every place a 16-column body can point at: the pointer (▶, or > in ASCII) stands at
    its entry on one line, with its words after it, or before it where they do not fit, and
    then turned towards them (◀, <): "k = 3 ▶" pointed away from its words, at nothing."""
    body = 16
    for pointer, back in (("▶", "◀"), (">", "<")):
        for at in range(7, body - 1):
            (line,) = _marker(f"{pointer} k = 3", at, body)
            before = line.text.startswith("k = 3")
            shown = back if before else pointer
            assert line.text.index(shown) + line.at == at, (at, line)
            assert line.text in (f"{pointer} k = 3", f"k = 3 {back}"), (at, line)
            assert "k = 3" in line.text and line.at + len(line.text) <= body, (at, line)
