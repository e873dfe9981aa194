"""A lesson's place board opens again as the learner left it (the lesson run keeps the queens,
not the screen, a new one at each visit); a tutor started on the board leaves by escape."""

from __future__ import annotations

import pytest

from lessons import i18n
from lessons.runner import LessonRun
from tests.tiers import sweep
from tests.tui.screen_text import wait_for
from tui.app import QueensTutorApp
from tui.lesson_context import LessonContext
from tui.screens.lesson_screen import LessonScreen
from tui.screens.place_screen import PlaceScreen


@pytest.mark.parametrize(
    ("page", "moves", "kept"),
    sweep(
        [
            (3, ["space"], {(0, 0)}),  # 2 x 2: one queen in the corner
            (6, ["space", "right", "up", "up", "space"], {(0, 0), (1, 2)}),  # 4 x 4: two queens
        ],
        everyday=[(6, ["space", "right", "up", "up", "space"], {(0, 0), (1, 2)})],
        several=True,
    ),
)
async def test_escape_then_o_opens_the_board_as_it_was_left(
    page: int, moves: list[str], kept: set[tuple[int, int]]
) -> None:
    i18n.set_language("en")
    lesson = next(
        x for x in LessonContext.load(lang="en").catalog.lessons if x.id == "small-boards"
    )
    app = QueensTutorApp(8)
    async with app.run_test(size=(100, 32)) as pilot:
        screen = LessonScreen(lesson, None, run=LessonRun(lesson, None, page=page - 1))
        await app.push_screen(screen)
        await wait_for(pilot, lambda: screen.lesson_run.asked is not None)
        assert screen.lesson_run.asked is not None
        assert screen.lesson_run.asked.question.kind == "place"
        await pilot.press("o")
        await wait_for(pilot, lambda: isinstance(app.screen, PlaceScreen))
        await pilot.press(*moves)
        await pilot.pause()
        board = app.screen
        assert isinstance(board, PlaceScreen) and set(board.placement.queens) == kept
        await pilot.press("escape")
        await wait_for(pilot, lambda: app.screen is screen)
        await pilot.press("o")
        await wait_for(pilot, lambda: isinstance(app.screen, PlaceScreen))
        again = app.screen
        assert isinstance(again, PlaceScreen) and again is not board
        assert set(again.placement.queens) == kept
        assert screen.lesson_run.place_board() == tuple(sorted(kept))
        # the cursor where it was left, not back in the corner
        assert again.cursor == board.cursor != (0, 0) or moves == ["space"]


@pytest.mark.parametrize("command", ["place", "drive"])
async def test_escape_leaves_the_tutor_started_on_the_board(command: str) -> None:
    """``queens-tutor place`` (``--drive``) opens the board alone: escape leads out of the
    tutor, as it came in."""
    app = QueensTutorApp(4, place=command)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, PlaceScreen))
        await pilot.press("escape")
        await wait_for(pilot, lambda: app.return_code is not None)
    assert app.return_code == 0
