"""Why a progress file or an export is broken is said in the learner's language (where the
text breaks, or that it is no UTF-8 text), never in Python's English JSON message."""

from __future__ import annotations

from pathlib import Path

import pytest

from lessons import i18n
from lessons.progress.export import ExportError, parse_export
from lessons.progress.store import ProgressStore

ENGLISH = ("Expecting", "char", "codec", "decode", "invalid start byte")


@pytest.mark.parametrize("language", ["it", "pl"])
@pytest.mark.parametrize("raw", [b"{ this is not json", b"\xff\xfe{}"])
def test_a_broken_progress_file_is_told_in_the_language(
    tmp_path: Path, language: str, raw: bytes
) -> None:
    path = tmp_path / "progress.json"
    path.write_bytes(raw)
    with i18n.speaking(language):
        store = ProgressStore(path)
    (warning,) = store.warnings
    assert "JSON" in warning, warning
    assert not any(word in warning for word in ENGLISH), warning


@pytest.mark.parametrize("language", ["it", "pl"])
def test_an_export_that_is_no_utf8_is_told_in_the_language(language: str) -> None:
    with i18n.speaking(language), pytest.raises(ExportError) as raised:
        parse_export(b"\xff\xfe{}")
    assert not any(word in str(raised.value) for word in ENGLISH), raised.value
