"""The review as a teacher walked it (teacher walk 1, item 5): a question about the live board
missed on a 2 x 2 board comes back on a board from 4 to 9, as the docs say; a sized kind is
drawn from 4 x 4 up; the intro says how many days really passed since the last review."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace
from typing import Any

from lessons.review.boxes import Standing
from lessons.review.plan import plan_review
from lessons.review.session import compose
from lessons.review.words import why_again
from tests.unit.lessons.review_progress import at, lesson, lessons, miss, store_at


def test_a_live_board_question_missed_on_2x2_comes_back_from_4_to_9(tmp_path: Path) -> None:
    store = store_at(tmp_path)
    miss(store, "small-boards", ["1.0", "3.0"], when=at(0))  # next-choice on 2 x 2, 3 x 3
    miss(store, "symmetry", ["4.0"], when=at(0))  # solutions n=4 unique=yes (lesson 6 asks no
    # count since student walk 12, pl 16)
    for seed in range(1, 9):
        review = compose(plan_review(lessons(), store, at(2)), lessons(), store.review, seed)
        assert review is not None
        kinds = {item.kind: item.instance for item in review.items}
        board = kinds["next-choice"].board
        assert board is not None and 4 <= board.n <= 9, (seed, board)
        n = dict(kinds["solutions"].asks)["n"]
        assert int(n) >= 4, (seed, n)


def test_n_days_later_says_the_days_that_passed() -> None:
    standing = Standing("same-diagonal", box=2, since=at(0), missed_in_lesson=False)
    item: Any = SimpleNamespace(
        standing=standing, template=SimpleNamespace(lesson=lesson("diagonals"))
    )
    text = why_again(item, lessons(), at(13))
    assert "13 days later" in text, text
    assert "1 day later" in why_again(item, lessons(), at(1))
