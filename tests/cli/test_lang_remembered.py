"""A tutor started at a terminal with ``--lang`` keeps that language in ``settings.json`` for the
next start; a command, a language the tutor does not speak and a script (stdin not a terminal)
leave the settings as they are; a usage error is said in the language chosen. Each test has a
home of its own."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.cli.clirun import run_main
from tests.tiers import sweep

GREETING = {
    "en": "queens-tutor, plain: one command a line",
    "it": "queens-tutor, semplice:",
    "pl": "queens-tutor, prosty:",
}


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.delenv("XDG_CONFIG_HOME", raising=False)
    for name in ("LANG", "LC_ALL", "LC_MESSAGES", "LANGUAGE"):
        monkeypatch.delenv(name, raising=False)
    return tmp_path


def _settings(home: Path) -> Path:
    return home / ".config" / "queens-tutor" / "settings.json"


def _start(*args: str) -> str:
    """The plain tutor started at a terminal, where the student types ``quit``."""
    result = run_main("--plain", *args, stdin="quit\n", typed=True)
    assert result.status == 0, result
    return result.out


def test_the_language_given_with_lang_is_spoken_at_the_next_start(home: Path) -> None:
    assert _start().startswith(GREETING["en"])
    assert not _settings(home).exists()
    assert _start("--lang", "pl").startswith(GREETING["pl"])
    assert json.loads(_settings(home).read_text(encoding="utf-8")) == {"language": "pl"}
    assert _start().startswith(GREETING["pl"])  # the next day, no --lang
    assert _start("--lang=it").startswith(GREETING["it"])
    assert _start().startswith(GREETING["it"])
    assert list(_settings(home).parent.iterdir()) == [_settings(home)]  # no temporary left


def test_a_command_or_a_language_not_spoken_leaves_the_settings_alone(home: Path) -> None:
    _start("--lang", "pl")
    assert run_main("lessons", "list", "--lang", "it").status == 0  # opens no tutor
    result = run_main("--plain", "--lang", "de", stdin="quit\n", typed=True)
    assert result.status == 0 and "'de'" in result.err
    assert json.loads(_settings(home).read_text(encoding="utf-8")) == {"language": "pl"}
    assert _start().startswith(GREETING["pl"])


def test_a_settings_file_in_the_way_is_kept_aside_and_said(home: Path) -> None:
    _settings(home).parent.mkdir(parents=True)
    _settings(home).write_text("not settings", encoding="utf-8")
    result = run_main("--plain", "--lang", "it", stdin="quit\n", typed=True)
    assert result.status == 0, result
    assert "settings.json.corrupt" in result.err, result.err
    assert json.loads(_settings(home).read_text(encoding="utf-8")) == {"language": "it"}
    kept = [p for p in _settings(home).parent.iterdir() if p.name.startswith("settings.json.")]
    assert [p.read_text(encoding="utf-8") for p in kept] == ["not settings"]


def test_a_script_speaks_its_language_and_leaves_the_settings_alone(home: Path) -> None:
    """The README's plain-mode script: ``queens-tutor --plain -n 5 --lang it < demo.txt``."""
    script = "iter\nboard\n"
    assert run_main("--plain", "-n", "5", "--lang", "it", stdin=script).status == 0
    assert not _settings(home).exists()  # no settings made
    _start("--lang", "pl")
    result = run_main("--plain", "-n", "5", "--lang", "it", stdin=script)
    assert result.status == 0, result
    assert result.out.startswith(GREETING["it"]) and "> iter" in result.out  # a script
    assert json.loads(_settings(home).read_text(encoding="utf-8")) == {"language": "pl"}
    assert _start().startswith(GREETING["pl"])


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
    said = _error("review", "--lang")  # argparse's own words
    assert words in said, said
    assert lang == "en" or "expected" not in said, said
    said = _error("review", "--lessons-dir")
    assert "--lessons-dir" in said and (lang == "en" or "expected" not in said), said
    # no language code: refused in the language the student chose, not in English
    said = _error("review", "--lang", "en;rm")
    assert "'en;rm'" in said and (lang == "en" or "must be a language code" not in said), said
