"""A lesson started again and left on its quiz page resumes there in the plain tutor: it is not said
to be finished."""

from __future__ import annotations

import io
from pathlib import Path

from lessons.catalog import load_catalog
from lessons.progress.store import ProgressStore
from lessons.runner import LessonRun
from solver.session.board import BoardSession
from tests.unit.lessons.review_progress import lesson, miss
from tui.lesson_context import LessonContext
from tui.plain.board_words import PlainBoard
from tui.plain.output import Out
from tui.plain.tutor import PlainTutor


def _opened(store: ProgressStore) -> str:
    stream = io.StringIO()
    out = Out(stream)
    context = LessonContext(load_catalog("en"), store, None, [])
    tutor = PlainTutor(out, PlainBoard(out, BoardSession(n=4)), lambda: context)
    assert tutor.handle("lesson diagonals")
    return stream.getvalue()


def test_a_restarted_lesson_left_on_its_last_page_resumes_there(tmp_path: Path) -> None:
    path = tmp_path / "progress.json"
    store = ProgressStore(path)
    miss(store, "diagonals", ["0.0"])  # the lesson completed once
    assert "You have finished" in _opened(ProgressStore(path))
    run = LessonRun(lesson("diagonals"), ProgressStore(path))
    run.restart()
    pages = len(run.lesson.pages)
    run.goto(pages - 1)
    said = _opened(ProgressStore(path))
    assert "You have finished" not in said
    assert f"{pages}/{pages}" in said or f"page {pages}" in said.lower(), said[:400]
