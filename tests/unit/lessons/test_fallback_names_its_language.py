"""A lesson with no version in the language asked for says, in that language, the language it is
shown in: the one it is written in, whichever that is."""

from __future__ import annotations

from pathlib import Path

import pytest

from lessons.catalog import load_catalog
from lessons.fallback import lesson_notice, short_tag

LESSON = "@lesson walk\n@title Walk\n@lang {lang}\n\n@page One\nOnly words.\n"
SAID = {  # (asked, written): the tag, and the words of the notice that name the language
    ("en", "it"): ("in Italian", "shown in Italian."),
    ("en", "pl"): ("in Polish", "shown in Polish."),
    ("en", "de"): ("not translated", "shown as it is written."),
    ("it", "pl"): ("in polacco", "la trovi in polacco."),
    ("it", "en"): ("in inglese", "la trovi in inglese."),
    ("pl", "it"): ("po włosku", "pokazujemy wersję włoską."),
    ("pl", "de"): ("bez tłumaczenia", "pokazujemy ją tak, jak została napisana."),
}


@pytest.mark.parametrize(("asked", "written"), sorted(SAID))
def test_the_fallback_notice_names_the_language_the_lesson_is_shown_in(
    tmp_path: Path, asked: str, written: str
) -> None:
    (tmp_path / "10-walk.md").write_text(LESSON.format(lang=written), encoding="utf-8")
    lesson = load_catalog(asked, [tmp_path]).find("walk")
    assert lesson is not None and (lesson.lang, lesson.wanted) == (written, asked)
    tag, words = SAID[asked, written]
    assert short_tag(lesson) == tag and lesson_notice(lesson).endswith(words), lesson_notice(lesson)
