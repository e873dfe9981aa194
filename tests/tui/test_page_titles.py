"""A page's title at 80x24 is never cut: whole in the border or on the first lines of the text, or
shortened after a whole word (the status line's lesson title); a review question's title names
its kind."""

from __future__ import annotations

import pytest
from rich.cells import cell_len

from lessons import i18n
from lessons.progress.reviews import ReviewHistory
from lessons.progress.store import ProgressStore
from lessons.review.words import kind_title
from lessons.runner import LessonRun
from tests.tiers import sweep
from tests.tui.lesson_apps import builtin, lesson_opened, open_builtin, open_page, tutor_on_builtin
from tests.tui.screen_text import pauses, region_lines, screen_lines, tutor_run, wait_for
from tests.unit.lessons.review_progress import Clock, at, miss
from tui.app import QueensTutorApp
from tui.lesson_context import LessonContext
from tui.screens.lesson_screen import LessonScreen, shortened
from tui.screens.review_screen import ReviewScreen
from tui.widgets.lesson_pane import LessonPage, LessonPane


def text_lines(app: QueensTutorApp, screen: LessonScreen) -> list[str]:
    page = screen.query_one(LessonPage)
    return [line.strip(" │") for line in region_lines(app, page)]


@pytest.mark.parametrize("language", sweep(["pl", "en", "it"], everyday=["pl"]))
async def test_a_title_cut_in_the_border_stands_whole_above_the_text(language: str) -> None:
    app = tutor_on_builtin("naive-search", language)
    async with lesson_opened(app) as (pilot, screen):
        await open_page(pilot, screen, 4)  # page 5, the tree of the 4 x 4 search
        await pauses(pilot, 3)
        title = screen.lesson_run.page.title
        border = str(screen.query_one(LessonPane).border_title)
        shown = " ".join(" ".join(text_lines(app, screen)).split())
        assert language != "pl" or "…" in border  # no room for the Polish title there
        if "…" in border:
            assert shown.startswith(" ".join(title.split())), (border, shown[:80])
        else:
            assert title in border and not shown.startswith(title), (border, shown[:80])


@pytest.mark.parametrize("lang", sweep(["en", "it", "pl"], everyday=["pl"]))
async def test_the_nine_by_nine_page_title_is_whole_at_80x24(lang: str) -> None:
    with i18n.speaking(lang):
        lessons = LessonContext.load(lang=lang).catalog.lessons
        lesson = next(x for x in lessons if x.id == "recipe")
        title = lesson.pages[1].title
        async with tutor_run(8, size=(80, 24)) as (app, pilot):
            screen = LessonScreen(lesson, None, run=LessonRun(lesson, None, page=1))
            await app.push_screen(screen)
            await wait_for(pilot, lambda: screen.lesson_run.asked is not None)
            await pilot.pause()
            top = screen_lines(app)[0]
            assert f"{title} (2/" in top, top
            assert "…" not in top, top


MISSES = (
    # the kinds asked with a board beside the question (and a few without), in two reviews
    {
        "problem": ["2.0"],
        "small-boards": ["1.0", "2.0"],
        "symmetry": ["4.0"],  # a count (lesson 6 page 3 asks none)
        "diagonals": ["0.0", "3.0"],
    },
    {"diagonals": ["3.1"], "iterative": ["4.0", "10.6"], "symmetry": ["1.0", "2.0"]},
    {"recipe": ["5.0"], "naive-search": ["5.0"], "cost": ["0.0", "5.0"]},
    # lesson 8's 9 x 9 board and lesson 5's 8 x 8 one: reviewed on boards up to 9 x 9
    {"recipe": ["1.0"], "iterative": ["9.0"]},
)


class Shown:
    """One review question as drawn at 80x24: its kind, the text pane's border title, the
    pane's rows read off the screen and the status line."""

    def __init__(self, kind: str, title: str, rows: list[str], status: str) -> None:
        self.kind, self.title, self.rows, self.status = kind, title, rows, status

    @property
    def text(self) -> list[str]:
        """The text pane's lines between its borders, as drawn (blank lines left out)."""
        inner = [row[1:-1].strip() for row in self.rows[1:-1]]
        return [line for line in inner if line]


async def _shown(lang: str, misses: dict[str, list[str]], seed: int) -> list[Shown]:
    store = ProgressStore()
    for lesson_id, keys in misses.items():
        miss(store, lesson_id, keys, when=at(0))
    with i18n.speaking(lang):
        context = LessonContext.load(lang=lang)
        context.clock = Clock(1)
        context.store.review = ReviewHistory((), seed)
        app = QueensTutorApp(lessons=context, review=True)
        found = []
        async with lesson_opened(app) as (pilot, screen):
            assert isinstance(screen, ReviewScreen)
            run = screen.review_run
            for index, item in enumerate(run.review.items):
                if index:
                    run.goto(index)
                    screen.show(ask=True)
                await pilot.pause()
                pane = screen.query_one(LessonPane)
                status = region_lines(app, screen.query_one("#lesson-status"))[0]
                found.append(
                    Shown(
                        kind_title(item.kind),
                        str(pane.border_title),
                        region_lines(app, pane),
                        status,
                    )
                )
        return found


def _check(lang: str, shown: list[Shown]) -> None:
    """Each title says "Review" and the kind whole, and the number of the question: in the
    pane's border, or the border "Review (n/m)" and the kind on the text's first lines."""
    with i18n.speaking(lang):
        review = i18n._("Review")
        whole = i18n._("Review: {kind}")
    count = len(shown)
    for number, each in enumerate(shown, 1):
        top = each.rows[0]
        assert "…" not in top and "…" not in "".join(each.rows), (lang, each.rows)
        assert each.title in top, (lang, each.title, top)  # drawn whole in the border
        assert cell_len(each.title) <= 80 - 6
        if each.title == f"{whole.format(kind=each.kind)} ({number}/{count})":
            continue
        assert each.title == f"{review} ({number}/{count})", (lang, each.title)
        words = each.kind.split()
        first = " ".join(" ".join(each.text).split()[: len(words)])
        assert first == each.kind[:1].upper() + each.kind[1:], (lang, each.text)


@pytest.mark.parametrize("group", sweep(range(len(MISSES)), everyday=[0]))  # 3: the 9 x 9 test's
@pytest.mark.parametrize("lang", sweep(["en", "it", "pl"], everyday=["pl"]))
async def test_the_title_is_whole_at_80x24(lang: str, group: int) -> None:
    misses = MISSES[group]
    shown = await _shown(lang, misses, seed=7)
    assert len(shown) == sum(map(len, misses.values()))
    _check(lang, shown)


@pytest.mark.parametrize("lang", sweep(["en", "it", "pl"], everyday=["pl"]))
async def test_beside_a_9x9_board_the_title_keeps_review_and_the_kind(lang: str) -> None:
    """Lesson 8's "where the search goes next", reviewed on a 9 x 9 board, keeps its "Review:"
    in the pane's title."""
    shown = await _shown(lang, MISSES[3], seed=7)
    nines = [each for each in shown if " n = 9 " in f"{each.status} "]
    assert nines, [each.status for each in shown]  # a 9 x 9 board among them
    _check(lang, shown)
    for each in nines:
        assert not each.title.startswith(each.kind), (lang, each.title)


@pytest.mark.thorough
@pytest.mark.parametrize("seed", [1, 2, 3, 11])
@pytest.mark.parametrize("group", range(len(MISSES)))
@pytest.mark.parametrize("lang", sweep(["en", "it", "pl"], everyday=["pl"]))
async def test_the_title_is_whole_at_80x24_for_other_boards(
    lang: str, group: int, seed: int
) -> None:
    _check(lang, await _shown(lang, MISSES[group], seed))


def cut_at_a_word(shown: str, whole: str) -> bool:
    """``shown`` (ending in …) is ``whole`` cut after a whole word."""
    kept = shown.removesuffix("…")
    rest = whole[len(kept) :]
    return whole.startswith(kept) and (rest[:1] in (" ", ",", ":", ";", "-") or not rest)


@pytest.mark.parametrize("lang", sweep(["en", "it", "pl"], everyday=["pl"]))
async def test_the_status_line_cuts_the_title_at_a_word(lang: str) -> None:
    app = builtin(4, 1, (80, 24), lang)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_builtin(pilot, 4, 1)
        title = screen.lesson.title
        cut = 0
        for page in range(1, len(screen.lesson.pages) + 1):
            screen = await open_builtin(pilot, 4, page)
            status = screen_lines(app)[-2].strip()
            if "…" in status:
                shown = status.split("…")[0] + "…"
                assert cut_at_a_word(shown, title), (page, status, title)
                cut += 1
        assert cut, "the test needs a page whose status line shortens the title"


def test_shortened_keeps_whole_words() -> None:
    assert shortened("Diagonals: col+row, row-col and the arrays", 37) == (
        "Diagonals: col+row, row-col and the…"
    )
    assert shortened("Diagonals: col+row, row-col and the arrays", 11) == "Diagonals…"
    assert shortened("Supercalifragilistic", 5) == "Super…"  # one word: cut in it
    prompt = "Practice: Column 5 (b[5] = -1): where does the queen go next?"
    assert shortened(prompt, 28) == "Practice: Column 5…"  # no formula cut open
