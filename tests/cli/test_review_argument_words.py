"""Argparse's own "expected one argument" stayed English in an
Italian or Polish error line; ``--lessons-dir /etc/passwd`` (a file) was said to be a folder
that does not exist; ``--lang 'en;rm'`` (no language code) was refused in English while the
student had chosen Italian. Every case is one line on stderr, status 2."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.cli.clirun import run_main
from tests.tiers import sweep


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.delenv("XDG_CONFIG_HOME", raising=False)
    for name in ("LANG", "LC_ALL", "LC_MESSAGES", "LANGUAGE"):
        monkeypatch.delenv(name, raising=False)
    return tmp_path


def _error(*args: str) -> str:
    result = run_main(*args)
    assert result.status == 2 and result.out == "", result
    assert result.err.count("\n") == 1 and "Traceback" not in result.err, result.err
    return result.err


@pytest.mark.parametrize(
    ("lang", "words"),
    sweep(
        [("en", "argument --lang: expected one argument"),
         ("it", "argomento --lang: manca il valore"), ("pl", "argument --lang: brak wartości")],
        everyday=[("en", "argument --lang: expected one argument"),
                  ("pl", "argument --lang: brak wartości")],
        several=True,
    ),
)  # fmt: skip
def test_an_option_without_its_value_is_said_in_the_students_language(
    home: Path, lang: str, words: str
) -> None:
    config = home / ".config" / "queens-tutor"
    config.mkdir(parents=True)
    (config / "settings.json").write_text(f'{{"language": "{lang}"}}', encoding="utf-8")
    said = _error("review", "--lang")
    assert words in said, said
    assert lang == "en" or "expected" not in said, said
    said = _error("review", "--lessons-dir")
    assert "--lessons-dir" in said and (lang == "en" or "expected" not in said), said
    # no language code: refused in the language the student chose, not in English
    said = _error("review", "--lang", "en;rm")
    assert "'en;rm'" in said and (lang == "en" or "must be a language code" not in said), said


def test_a_file_given_as_lessons_dir_is_said_to_be_no_directory(
    home: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)  # a short path: a long one is shortened in the line
    (tmp_path / "notes.txt").write_text("x", encoding="utf-8")
    said = _error("review", "--lessons-dir", "notes.txt")
    assert "not a directory of lessons: 'notes.txt' is a file" in said, said
    said = _error("review", "--lessons-dir", "missing")
    assert "no such directory of lessons" in said, said
