"""What ``--lessons-dir DIR`` reads, and ``lessons check DIR`` with it:
DIR's own ``*.md`` files and those of its language folders en/, it/, pl/; no other sub-folder
(a teacher's ``sub/`` was read as a language folder, ``sub/deeper/`` by lessons check)."""

from __future__ import annotations

from pathlib import Path

import pytest

from lessons.catalog import load_catalog
from tests.cli.inproc import call

LESSON = "@lesson {id}\n@title Lesson {id}\n@lang {lang}\n\n@page One\nText.\n"


def _folder(root: Path) -> None:
    (root / "20-alpha.md").write_text(LESSON.format(id="alpha", lang="en"), encoding="utf-8")
    (root / "pl").mkdir()
    (root / "pl" / "20-alpha.md").write_text(LESSON.format(id="alpha", lang="pl"), "utf-8")
    for sub in ("sub", "sub/deeper", "old"):
        (root / sub).mkdir()
        (root / sub / "21-bad.md").write_text("text before the first page\n", encoding="utf-8")


def test_the_tutor_reads_the_folder_and_its_language_folders_only(tmp_path: Path) -> None:
    _folder(tmp_path)
    catalog = load_catalog("pl", [tmp_path])
    assert catalog.find("alpha") is not None
    assert catalog.find("alpha").lang == "pl"  # type: ignore[union-attr]
    assert not catalog.errors, [str(e) for e in catalog.errors]  # no sub/ or old/ read


def test_lessons_check_checks_what_the_tutor_reads(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _folder(tmp_path)
    status, out, err = call(capsys, "lessons", "check", str(tmp_path))
    assert status == 0, out + err
    assert "21-bad.md" not in out + err
    assert "2 lesson files checked" in out + err, out + err


def test_the_help_says_which_folders_are_read(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _err = call(capsys, "--lang", "en", "lessons", "check", "--help")
    assert status == 0
    assert "language folders en/, it/, pl/" in " ".join(out.split())
