"""``report --help`` and ``progress --help`` document their json keys, as the README promises:
every key the commands write is named in their help."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from tests.cli.inproc import call
from tests.cli.test_report_gradebook import course, files  # noqa: F401


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
    course: Path,  # noqa: F811
    files: list[str],  # noqa: F811
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
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
