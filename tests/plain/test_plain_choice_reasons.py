"""The plain tutor says a wrong choice's reason (``why:``) on the line after it, in English,
Italian and Polish, and the generic feedback for a wrong choice without one."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from lessons import i18n
from lessons.answers.checking import whole_sentence
from lessons.catalog import load_catalog
from lessons.progress.store import ProgressStore
from solver.session.board import BoardSession
from tests.tui.test_choice_reasons import GENERIC, LESSONS, reason
from tui.lesson_context import LessonContext
from tui.plain.board_words import PlainBoard
from tui.plain.output import Out
from tui.plain.tutor import PlainTutor


def _said(tutor: PlainTutor, stream: io.StringIO, line: str) -> list[str]:
    stream.seek(0)
    stream.truncate()
    assert tutor.handle(line)
    return stream.getvalue().splitlines()


@pytest.mark.parametrize("language", ["en", "it", "pl"])
def test_a_wrong_choice_is_told_its_reason(language: str, tmp_path: Path) -> None:
    folder = tmp_path / "lessons"
    for lang, text in LESSONS.items():
        path = folder / ("" if lang == "en" else lang) / "10-reasons.md"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    i18n.set_language(language)
    try:
        stream = io.StringIO()
        out = Out(stream)
        catalog = load_catalog(language, [folder])
        assert not catalog.errors, [str(e) for e in catalog.errors]
        context = LessonContext(catalog, ProgressStore(tmp_path / "progress.json"), None, [])
        tutor = PlainTutor(out, PlainBoard(out, BoardSession(n=4)), lambda: context)
        opened = _said(tutor, stream, "lesson reasons")
        assert not any(reason(language) in line for line in opened)
        words = LESSONS[language].split("- [ ] ")[1].splitlines()[0]
        assert _said(tutor, stream, "1") == [
            {
                "en": f"Not right: choice 1, “{words}”. ",
                "it": f"Sbagliato: scelta 1, «{words}». ",
                "pl": f"Źle: nr 1, „{words}”. ",
            }[language]
            + whole_sentence(reason(language))  # its full stop added
            + {
                # the question has no hint: none is offered
                "en": " Try again.",
                "it": " Riprova.",
                "pl": " Spróbuj jeszcze raz.",
            }[language]
        ]
        (generic,) = _said(tutor, stream, "3")
        assert generic.startswith(GENERIC[language]) and reason(language) not in generic
    finally:
        i18n.set_language("en")
