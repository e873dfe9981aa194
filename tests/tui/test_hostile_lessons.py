"""A lesson file is data: markup in any of its fields is shown as written, never obeyed."""

from __future__ import annotations

import errno
import os
import tempfile
from pathlib import Path

import pytest
from textual.content import Content
from textual.widgets import Static

from lessons.progress import store as progress
from lessons.progress.store import ProgressStore
from tests.tui.lesson_apps import lesson_screen
from tests.tui.screen_text import lines, wait_for
from tui.app import QueensTutorApp
from tui.lesson_context import LessonContext
from tui.widgets.lesson_pane import LessonPane
from tui.widgets.quiz_choices import QuizChoices

CLICK = "[@click=app.screenshot('homework.c','/tmp')]grab[/]"
MARKUP_LESSON = f"""\
@lesson markup
@title {CLICK} [/] [link=https://example.org]t[/link]
@summary [bold]summary[/]
@page [/] page [link=x]
Text with {CLICK} and [red]red[/red] and [a markdown link](https://example.org).

@question choice
prompt: Which [b]one[/b]? [/]
hint: [/hint] {CLICK}
explain: [@click=app.quit]explained[/]
- [x] [bold]first[/bold] {CLICK}
- [ ] [/] second
@end
"""


def _screen_text(app: QueensTutorApp) -> str:
    screen = app.screen
    parts = [lines(widget) for widget in screen.query(Static)]
    return "\n".join(line for part in parts for line in part)


async def test_markup_in_every_field_is_shown_literally(tmp_path: Path) -> None:
    (tmp_path / "50-markup.md").write_text(MARKUP_LESSON, encoding="utf-8")
    context = LessonContext.load(lang="en", dirs=[str(tmp_path)])
    assert not [e for e in context.catalog.errors if "markup" in e.file]
    context.start = context.catalog.find("markup")
    assert context.start is not None
    app = QueensTutorApp(8, lessons=context)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await lesson_screen(pilot)
        text = _screen_text(app)
        assert "[red]red[/red]" in text
        assert "(https://example.org)" in text  # a Markdown link is shown, not linked
        assert "@click" in text
        pane = screen.query_one(LessonPane)
        title = Content.from_markup(str(pane.border_title)).plain
        assert title.startswith("[/] page [link=x]")
        choices = screen.query_one(QuizChoices)
        prompts = [str(choices.get_option_at_index(i).prompt) for i in range(2)]
        assert "[bold]first[/bold]" in prompts[0] and "[/] second" in prompts[1]
        for widget in screen.query("*"):
            for y in range(widget.size.height):
                for segment in widget.render_line(y):
                    style = segment.style
                    assert style is None or not style.meta.get("@click"), segment
                    assert style is None or not style.link, segment
        await pilot.press("f2")  # the hint: [/hint] must not crash
        await pilot.press("1")
        await pilot.pause()
        assert "explained" in _screen_text(app)
        assert app.is_running  # [@click=app.quit] did nothing


async def test_a_failed_save_is_shown_and_retried(monkeypatch: pytest.MonkeyPatch) -> None:
    import tui.app

    monkeypatch.setattr(tui.app, "SAVE_RETRY_SECONDS", 0.1)  # retried every tenth of a second
    context = LessonContext.load(lang="en")
    context.start = context.catalog.lessons[0]
    real = tempfile.mkstemp

    def full(*args: object, **kwargs: object) -> None:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(tempfile, "mkstemp", full)
    app = QueensTutorApp(8, lessons=context)
    told: list[tuple[str, str]] = []
    monkeypatch.setattr(
        app,
        "notify",
        lambda message, severity="information", **kw: told.append((message, severity)),
    )
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_for(pilot, lambda: any(severity == "error" for _m, severity in told))
        await pilot.pause(0.5)  # retried several times meanwhile, told once
        assert context.store.pending
        errors = [m for m, severity in told if severity == "error"]
        assert len(errors) == 1 and "No space left on device" in errors[0]
        monkeypatch.setattr(tempfile, "mkstemp", real)
        await wait_for(pilot, lambda: not context.store.pending)
        await wait_for(pilot, lambda: told[-1][0] == "Your progress is saved again.")
    assert context.start.id in ProgressStore(progress.default_path()).records
