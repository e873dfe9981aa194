"""Every command's --help fits 80 columns in English, Italian and Polish; ``report --help`` and
``progress --help`` name every json key the commands write; ``serve --help`` says what the
seats, --idle-timeout and --run-cpu do."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from lessons import i18n
from tests.cli.inproc import call
from tests.tiers import sweep

COMMANDS = ["", "trace", "solve", "count", "check", "compare", "lessons", "place", "review"]
COMMANDS += ["report", "progress"]


@pytest.mark.parametrize("lang", sweep(["en", "it", "pl"], everyday=["pl"]))
@pytest.mark.parametrize("command", COMMANDS)
def test_help_fits_80_columns(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, lang: str, command: str
) -> None:
    monkeypatch.setenv("COLUMNS", "80")
    try:
        status, out, _err = call(capsys, "--lang", lang, *([command] if command else []), "--help")
    finally:
        i18n.set_language("en")
    assert status == 0 and out
    wide = [line for line in out.splitlines() if len(line) > 80]
    assert not wide, wide


def test_a_wide_terminal_keeps_the_epilogs_layout(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COLUMNS", "200")
    _status, out, _err = call(capsys, "count", "--help")
    assert (
        "  bitmask    (default) bit-mask backtracking with the mirror trick (count half of the"
        in (out)
    )
    monkeypatch.setenv("COLUMNS", "80")
    _status, out, _err = call(capsys, "count", "--help")
    assert "             of the first row, double), cut into jobs at the first rows, on" in out


def keys(data: Any) -> set[str]:
    found: set[str] = set()
    if isinstance(data, dict):
        for key, value in data.items():
            if not re.fullmatch(r"week\d|[a-z-]+-[a-z-]+|alpha|beta", key):  # ids, not keys
                found.add(key)
            found |= keys(value)
    elif isinstance(data, list):
        for item in data:
            found |= keys(item)
    return found


def helped(capsys: pytest.CaptureFixture[str], *argv: str) -> set[str]:
    _status, out, _err = call(capsys, *argv, "--help")
    return set(re.findall(r"[a-z_]+", out))


def test_report_help_names_every_json_key(
    course: Path, files: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    roster = tmp_path / "r.txt"
    roster.write_text("Cy\n", encoding="utf-8")
    written: set[str] = set()
    for view in (["--students"], ["--questions"], []):
        _status, out, _err = call(
            capsys, "report", "--format", "json", "--roster", str(roster), *view, *files
        )
        written |= keys(json.loads(out))
    base = ["report", "--gradebook", "--format", "json", "--lessons-dir", str(course)]
    _status, out, _err = call(capsys, *base, "--only-course", "--roster", str(roster), *files)
    written |= keys(json.loads(out))
    # a course in --lessons-dir: the class table's rows say what counts
    _status, out, _err = call(capsys, "report", *base[2:], "--only-course", *files)
    written |= keys(json.loads(out))
    assert {"counted", "counted_status"} <= written
    assert written - helped(capsys, "report") == set()


def test_progress_help_names_every_json_key(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    _status, out, _err = call(capsys, "progress", "--format", "json")
    written = keys(json.loads(out))
    assert "lessons" in written and written - helped(capsys, "progress") == set()


WORDS = {
    ("count",): ["1 to 32", "unique", "solutions", "A000170", "A002562", "mirror", "examined",
                 "--engine", "numba", "--cluster", "Dask", "--max-time", "estimate", "SIGTERM"],
    ("solve",): ["1 to 29", "1 to 27", "20,000,000", "json keys", "examined", "unit",
                 "mean_tries", "fewest_tries", "most_tries", "expected"],
    ("check",): ["valid", "attacks", "[c1, c2, rule]", "row", "sum", "diff"],
    ("lessons", "check"): ["language folders en/, it/, pl/"],
    ("review",): ["usage: queens-tutor review", "Leitner boxes of 1, 3, 7, 21 days",
                  "at most 10 questions", "--plain"],
    ("serve",): [
        "one login's with --user-header, else one address's",  # a seat
        "keeps its seat for --keep minutes",
        "typed and clicked nothing (a run or autoplay going on does not count",  # idle
        "student's progress is kept, an anonymous tab's ends",
        "It bounds a run's total, not its share",  # --run-cpu
    ],
}  # fmt: skip
"""What each command's --help says: its limits, its json keys, what its options do."""


@pytest.mark.parametrize("command", WORDS, ids=" ".join)
def test_help_says_the_commands_limits_keys_and_options(
    capsys: pytest.CaptureFixture[str], command: tuple[str, ...]
) -> None:
    status, out, _err = call(capsys, "--lang", "en", *command, "--help")
    text = " ".join(out.split())
    assert status == 0
    for words in WORDS[command]:
        assert words in text, words
    if command == ("serve",):
        assert "most tabs at once from one address" not in text
