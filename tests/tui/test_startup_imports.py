"""What the tutor's start-up loads: only what its first frame needs (start-up at or under 1.3x
a minimal Textual app). The search tree's modules load when a tree is first drawn."""

from __future__ import annotations

import ast
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.tiers import sweep


def test_the_tree_characters_are_made_when_first_read() -> None:
    from solver.tree.view import TreeChars
    from tui.widgets import tree_pane

    assert isinstance(tree_pane.ASCII_CHARS, TreeChars)
    assert tree_pane.ASCII_CHARS.branch == "|-" and tree_pane.UNICODE_CHARS.solution == "★"
    assert tree_pane.ASCII_CHARS is tree_pane.ASCII_CHARS  # made once


def test_the_package_names_load_when_asked_for() -> None:
    import solver
    from solver.events import Try
    from solver.methods.iterative.engine import IterativeEngine

    assert solver.Try is Try and solver.IterativeEngine is IterativeEngine
    try:
        solver.NotAName  # noqa: B018
    except AttributeError as error:
        assert "NotAName" in str(error)
    else:
        raise AssertionError("solver.NotAName was found")


PROGRESS_LOOKUP = (
    "import sys\n"
    "from tui.lesson_offer import progress_at_start\n"
    "print(progress_at_start(), 'lessons.progress.store' in sys.modules)\n"
)


def progress_lookup(data_home: Path) -> str:
    """What the start's look for progress (after the first frame, on a thread) answers with
    ``data_home`` as XDG_DATA_HOME, and whether it loaded the progress store, in a fresh
    interpreter."""
    env = {**os.environ, "XDG_DATA_HOME": str(data_home)}
    result = subprocess.run(
        [sys.executable, "-c", PROGRESS_LOOKUP],
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
        env=env,
    )
    return result.stdout.strip()


def test_a_first_start_finds_no_progress_without_loading_the_store(tmp_path: Path) -> None:
    """No progress file (a first start, as in the start-up benchmark): the welcome's lookup
    answers "none" without the store and its records' modules; with a file it reads it."""
    assert progress_lookup(tmp_path) == "none False"
    (tmp_path / "queens-tutor").mkdir()
    from lessons.progress.records import LessonRecord
    from lessons.progress.store import ProgressStore

    store = ProgressStore(tmp_path / "queens-tutor" / "progress.json")
    assert store.save("first-lesson", LessonRecord(page=2))
    assert progress_lookup(tmp_path) == "unfinished True"


FIRST_FRAME = """
import asyncio, sys
from lessons import safe_text
from lessons.answers import reading
from tui.app import QueensTutorApp
from tui.cli import main as cli_main
from tui.options import args
import tui.run_tutor

later = {later!r}
print(sorted(m for m in sys.modules if m.startswith("solver.tree") or m in {not_yet!r}))


def compiled():
    caches = (args._compiled, reading._compiled, safe_text._unsafe)
    return [cache.cache_info().currsize for cache in caches]


async def main():
    app = QueensTutorApp(8, method={method!r}, welcome=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await app.workers.wait_for_complete()  # the look for progress (a first start)
        await pilot.pause()
        print(sorted(m for m in later if m in sys.modules))
        print(compiled())
        await pilot.press("space")
        await pilot.pause()
        print(sorted(m for m in later if m in sys.modules))


asyncio.run(main())
args.argparse_words("expected one argument")
reading.read_number("40 320")
safe_text.visible("a\\x1bb")
print(compiled())
"""


@pytest.mark.parametrize(
    ("method", "ticks"),
    sweep(
        [("iterative", "solver.events"), ("recursive", "solver.methods.recursive.events")],
        everyday=[("iterative", "solver.events")],  # the first start's method
        several=True,
    ),
)
def test_the_first_frame_builds_no_tick_and_compiles_no_pattern_it_does_not_use(
    tmp_path: Path, method: str, ticks: str
) -> None:
    """Importing the tutor loads neither the search tree, the "too small" notice, the word
    wrapping nor the iterative engine; the first frame (tick 0, a first start's welcome) is
    drawn without the classes of the engines' ticks (they load with the first), the progress
    store (no progress file), guess mode's question and verdict, a run's progress, nor the
    regular expressions of the command line's errors, the reading of typed answers and a
    file's unsafe characters (compiled when first used)."""
    later = [
        "solver.events",
        "solver.methods.recursive.events",
        "lessons.progress.store",
        "solver.guess.question",
        "solver.session.progress",
        "tui.widgets.run_progress",
    ]
    not_yet = ["solver.methods.iterative.engine", "tui.screens.too_small", "tui.widgets.no_break"]
    code = FIRST_FRAME.format(later=later, method=method, not_yet=not_yet)
    env = {**os.environ, "XDG_DATA_HOME": str(tmp_path)}
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=120, env=env
    )
    assert result.returncode == 0, result.stderr
    imported, at_first_frame, patterns, after_a_tick, once_used = (
        ast.literal_eval(line) for line in result.stdout.split("\n")[:5]
    )
    assert imported == [] and at_first_frame == [] and patterns == [0, 0, 0]
    assert after_a_tick == [ticks]
    assert all(count > 0 for count in once_used)


SERVED_FIRST_FRAME = """
import asyncio, sys
from tui.serve.tutor_app import SessionTutorApp

lessons = {lessons!r}


async def main():
    app = SessionTutorApp(8)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        app.look_where()  # where.json: the tab is on the board, no lesson open
        await pilot.pause()
        print(app.where.written.screen if app.where.written else None)
        print(sorted(m for m in lessons if m in sys.modules))


asyncio.run(main())
"""


def test_a_served_tab_loads_no_lesson_machinery_until_a_lesson_is_opened(tmp_path: Path) -> None:
    """A tab's session (the warm parent's child, or its own process without one) draws the
    board and keeps its where.json without the lessons, their screens, the progress dialogs or
    Markdown: each tab would hold them in memory."""
    lessons = [
        "lessons.catalog",
        "tui.lesson_context",
        "tui.screens.lesson_screen",
        "tui.screens.progress_transfer",
        "markdown_it",
    ]
    env = {**os.environ, "XDG_DATA_HOME": str(tmp_path), "XDG_STATE_HOME": str(tmp_path)}
    result = subprocess.run(
        [sys.executable, "-c", SERVED_FIRST_FRAME.format(lessons=lessons)],
        capture_output=True,
        text=True,
        timeout=120,
        env=env,
    )
    assert result.returncode == 0, result.stderr
    where, loaded = result.stdout.split("\n")[:2]
    assert where == "main"
    assert ast.literal_eval(loaded) == []
