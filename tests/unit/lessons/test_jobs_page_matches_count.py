"""Lesson 9's "Counting in jobs" says what ``queens-tutor count`` does on an odd board: the
middle row's jobs keep only second queens in the lower half, counted twice, and the page's
7 x 7 figure is the count's own."""

from __future__ import annotations

import pytest

from lessons.catalog import load_catalog
from lessons.model import Text
from solver.counting.bitmask import jobs


def _page(language: str) -> str:
    lesson = next(x for x in load_catalog(language).lessons if x.id == "cost")
    texts = (
        "\n".join(b.markdown for b in page.blocks if isinstance(b, Text)) for page in lesson.pages
    )
    return next(text for text in texts if '"jobs": ' in text)


def _by_the_page(n: int) -> int:
    """Jobs by the page's rule: first queens in rows 0 to n//2 - 1, each with every square of
    column 1 it does not attack; for odd n, the middle row's, with the lower half's only."""

    def free(first: int) -> list[int]:
        return [row for row in range(n) if abs(row - first) > 1]

    count = sum(len(free(first)) for first in range(n // 2))
    if n % 2:
        count += len([row for row in free(n // 2) if row < n // 2])
    return count


@pytest.mark.parametrize("n", range(5, 13))
def test_the_pages_rule_is_the_counts(n: int) -> None:
    assert _by_the_page(n) == len(jobs(n, rows=2))


@pytest.mark.parametrize("language", ["en", "it", "pl"])
def test_the_page_prints_the_counts_figure_for_7(language: str) -> None:
    assert f'"jobs": {len(jobs(7, rows=2))}' in _page(language)
