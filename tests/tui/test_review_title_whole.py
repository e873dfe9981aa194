"""Review walk 4, F18: at 80x24 a review question's title says its kind whole ("Review:
rotations of a solut… (1/10)" before), in English, Italian and Polish, whatever board is beside
it: "Review: KIND (n/m)" where it fits, else "KIND (n/m)"."""

from __future__ import annotations

import pytest
from rich.cells import cell_len

from lessons import i18n
from lessons.progress.reviews import ReviewHistory
from lessons.progress.store import ProgressStore
from lessons.review.words import kind_title
from tests.tiers import sweep
from tests.tui.lesson_apps import lesson_screen
from tests.unit.lessons.review_progress import Clock, at, miss
from tui.app import QueensTutorApp
from tui.lesson_context import LessonContext
from tui.screens.review_screen import ReviewScreen
from tui.widgets.lesson_pane import LessonPane

MISSES = (
    # the kinds asked with a board beside the question (and a few without), in two reviews
    {"problem": ["2.0"], "small-boards": ["1.0", "2.0", "10.0"], "diagonals": ["0.0", "3.0"]},
    {"diagonals": ["3.1"], "iterative": ["4.0", "10.6"], "symmetry": ["1.0", "2.0"]},
    {"recipe": ["5.0"], "naive-search": ["5.0"], "cost": ["0.0", "5.0"]},
)


async def _titles(lang: str, misses: dict[str, list[str]], seed: int) -> list[tuple[str, str]]:
    store = ProgressStore()
    for lesson_id, keys in misses.items():
        miss(store, lesson_id, keys, when=at(0))
    i18n.set_language(lang)
    try:
        context = LessonContext.load(lang=lang)
        context.clock = Clock(1)
        context.store.review = ReviewHistory((), seed)
        app = QueensTutorApp(lessons=context, review=True)
        found = []
        async with app.run_test(size=(80, 24)) as pilot:
            screen = await lesson_screen(pilot)
            assert isinstance(screen, ReviewScreen)
            run = screen.review_run
            for index, item in enumerate(run.review.items):
                if index:
                    run.goto(index)
                    screen.show(ask=True)
                    await pilot.pause()
                title = str(screen.query_one(LessonPane).border_title)
                found.append((kind_title(item.kind), title))
        return found
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize("group", range(len(MISSES)))
@pytest.mark.parametrize("lang", sweep(["en", "it", "pl"], everyday=["pl"]))
async def test_the_kind_is_whole_at_80x24(lang: str, group: int) -> None:
    misses = MISSES[group]
    titles = await _titles(lang, misses, seed=7)
    assert len(titles) == sum(map(len, misses.values()))
    for kind, title in titles:
        assert kind in title and "…" not in title, (lang, title)
        assert title.endswith(f"/{len(titles)})") and cell_len(title) <= 80 - 6


@pytest.mark.thorough
@pytest.mark.parametrize("seed", [1, 2, 3, 11])
@pytest.mark.parametrize("group", range(len(MISSES)))
@pytest.mark.parametrize("lang", sweep(["en", "it", "pl"], everyday=["pl"]))
async def test_the_kind_is_whole_at_80x24_for_other_boards(
    lang: str, group: int, seed: int
) -> None:
    for kind, title in await _titles(lang, MISSES[group], seed):
        assert kind in title and "…" not in title, (lang, seed, title)
