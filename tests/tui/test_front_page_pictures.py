"""The front page's pictures (docs/images/*.svg) are the tutor's screenshots as drawn now, byte
for byte; ``--snapshot-update`` writes them again."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from textual.pilot import Pilot

from tests.tui.screen_text import pressed, screen_lines, tutor_run, wait_for
from tui.app import QueensTutorApp

ROOT = Path(__file__).resolve().parents[2]
IMAGES = ROOT / "docs" / "images"
SIZE = (100, 30)
PICTURES = {
    # three iterations and three ticks of the Wrocław loop: column 4, row 0 tried and attacked
    "main-screen": (["enter"] * 3 + ["space"] * 3, "Column 4, row 0 is attacked"),
    # lesson 1, page 3: the lecture's 5 x 5 example run to its solution, and its question
    "lesson": (["l", "enter", "n", "2", "enter"], "In which row is the queen of column 3?"),
}
"""Each picture: the keys pressed from the first screen, and a sentence the picture shows."""


async def _picture(keys: list[str], shows: str) -> str:
    async with tutor_run(8, size=SIZE) as (app, pilot):
        for key in keys:
            await pressed(pilot, key)
        await wait_for(pilot, lambda: shows in " ".join(" ".join(screen_lines(app)).split()))
        return await _settled(pilot, app)


async def _settled(pilot: Pilot[None], app: QueensTutorApp) -> str:
    """The screenshot once two taken a moment apart are the same (a pane still laid out or
    scrolled after the last key shows in the first)."""
    shots = [app.export_screenshot()]
    for _ in range(100):
        await pilot.pause(0.05)
        shots.append(app.export_screenshot())
        if shots[-1] == shots[-2]:
            return shots[-1]
    raise AssertionError("the screen kept changing")


def test_the_readme_shows_each_picture() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    shown = set(re.findall(r"\]\(docs/images/([\w-]+)\.svg\)", readme))
    assert shown == set(PICTURES)


@pytest.mark.parametrize("name", PICTURES)
async def test_the_front_page_picture_is_the_screen_as_drawn_now(
    name: str, request: pytest.FixtureRequest
) -> None:
    keys, shows = PICTURES[name]
    drawn = await _picture(keys, shows)
    picture = IMAGES / f"{name}.svg"
    if request.config.getoption("--snapshot-update", default=False):
        IMAGES.mkdir(exist_ok=True)
        picture.write_text(drawn, encoding="utf-8")
    assert picture.exists(), f"{picture} is missing: run this test with --snapshot-update"
    assert picture.read_text(encoding="utf-8") == drawn, (
        f"{picture.relative_to(ROOT)} is not the screen as drawn now: run "
        "pytest tests/tui/test_front_page_pictures.py --snapshot-update and look at it"
    )
