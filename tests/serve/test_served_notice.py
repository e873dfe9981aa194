"""A served tab's first notice says where its progress is kept and how to come back to it."""

from __future__ import annotations

import pytest

from solver.stepping import Mode
from tests.tui.screen_text import wait_for
from tui.glyphs import choose_glyphs
from tui.serve.tutor_app import SessionTutorApp


@pytest.mark.parametrize(
    ("site", "named", "said", "unsaid"),
    [
        ("https://lms.example", True, "open the tutor again from your course", "the page again"),
        ("", True, "open the page again to come back here", "your course"),
        ("", False, "choose Download progress", "logged in"),
    ],
)
async def test_a_served_tab_says_how_to_come_back(
    site: str, named: bool, said: str, unsaid: str
) -> None:
    app = SessionTutorApp(8, Mode.FIRST, choose_glyphs(False, "utf-8", {}))
    app.site, app.named = site, named
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await wait_for(pilot, lambda: bool(app.screen.query("Toast")))
        toasts = app.screen.query("Toast")
        shown = " ".join(" ".join(str(toast.render()).split()) for toast in toasts)
        assert said in shown and unsaid not in shown, shown
