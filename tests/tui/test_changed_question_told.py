"""A saved answer that predates a change of its page's question is told once, on that page."""

from __future__ import annotations

from lessons.parsing.parser import parse
from lessons.progress.store import ProgressStore
from lessons.runner import LessonRun
from tests.tui.lesson_apps import lesson_screen, tutor_on
from tests.tui.screen_text import region_lines
from tui.widgets.lesson_pane import LessonPane

HEAD = "@lesson changed\n@title Changed\n\n@page Intro\nA page of text.\n\n"
END = "\n@page End\nThe end.\n"
OLD = HEAD + "@page Ask\nA question follows.\n@question exists n=3\n@end\n" + END
NEW = HEAD + "@page Ask\nA question follows.\n@question exists n=5\n@end\n" + END


async def test_the_changed_page_says_so_once() -> None:
    old = parse(OLD, "changed.md").lesson
    assert old is not None
    run = LessonRun(old, ProgressStore())
    run.goto(1)
    run.answer("2")  # "no": right
    assert run.record.answers
    app = tutor_on(NEW)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await lesson_screen(pilot)
        # The changed page is gone as it was: the student resumes on the page before it.
        assert screen.lesson_run.page_index == 0
        await pilot.press("n")
        await pilot.pause()
        assert screen.lesson_run.page_index == 1
        text = " ".join(region_lines(app, screen.query_one(LessonPane)))
        assert "The question on this page has changed since you answered it" in text, text
        assert "kept aside in your progress file" in text
        await pilot.press("f4")  # the page before, and back: told once
        assert screen.lesson_run.page_index == 0
        await pilot.press("n")
        await pilot.pause()
        assert screen.lesson_run.page_index == 1
        text = " ".join(region_lines(app, screen.query_one(LessonPane)))
        assert "has changed since you answered it" not in text, text
    assert ProgressStore().records["changed"].retired  # the old answer is still there
