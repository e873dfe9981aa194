"""The progress export's reader (the Load dialog, ``queens-tutor report``) reads any text: an
export, or an ExportError with its one-line reason, whatever the text's numbers (hundreds or
thousands of digits), nesting (200 KB of ``[``), escapes or bytes; a broken progress file or
export is told in the learner's language, never in Python's English JSON message."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lessons import i18n
from lessons.progress.export import (
    FORMAT,
    MAX_DEPTH,
    MAX_DIGITS,
    Export,
    ExportError,
    checksum,
    export_text,
    nesting,
    parse_export,
)
from lessons.progress.records import LessonRecord
from lessons.progress.store import ProgressStore
from lessons.progress.values import MAX_TIME
from tests.tiers import examples

GOOD = export_text({"01": LessonRecord(page=2, updated=1_700_000_000.5)}, {}, "Ann", now=0)


def _read(text: str | bytes) -> Export | ExportError:
    """The export, or the ExportError it was refused with (anything else fails the test)."""
    try:
        return parse_export(text)
    except ExportError as error:
        assert str(error) and "\n" not in str(error)
        return error


def _with(value_text: str) -> str:
    """GOOD with the record's ``updated`` number written as ``value_text``."""
    assert '"updated": 1700000000.5' in GOOD
    return GOOD.replace('"updated": 1700000000.5', f'"updated": {value_text}')


def test_a_good_export_is_read_and_intact() -> None:
    export = _read(GOOD)
    assert isinstance(export, Export) and export.intact
    assert export.records["01"].updated == 1_700_000_000.5


@pytest.mark.parametrize("digits", [400, 4_301, 5_000])
def test_a_number_of_many_digits_in_the_checksummed_part_is_refused(digits: int) -> None:
    refused = _read(_with("9" * digits))
    assert isinstance(refused, ExportError)
    assert f"more than {MAX_DIGITS} digits" in str(refused)


@settings(max_examples=examples(60), deadline=None)
@given(digits=st.integers(MAX_DIGITS + 1, 6_000), where=st.sampled_from(["updated", "version"]))
def test_any_number_longer_than_the_bound_is_refused(digits: int, where: str) -> None:
    text = (
        _with("7" * digits)
        if where == "updated"
        else GOOD.replace('"version": 1', '"version": ' + "1" * digits)
    )
    refused = _read(text)
    assert isinstance(refused, ExportError)
    assert "digits" in str(refused)


@settings(max_examples=examples(60), deadline=None)
@given(digits=st.integers(1, MAX_DIGITS - 2))
def test_numbers_within_the_bound_are_read(digits: int) -> None:
    """Read as numbers; a time then within the years a date can have (lessons/progress/values.py),
    beyond them refused in one line naming the field."""
    export = _read(_with("1" + "0" * (digits - 1)))
    if 10 ** (digits - 1) <= MAX_TIME:
        assert isinstance(export, Export)  # the checksum no longer matches: read, not intact
        assert export.records["01"].updated == 10 ** (digits - 1)
        assert not export.intact
    else:
        assert isinstance(export, ExportError) and "updated must be a time" in str(export)


@pytest.mark.parametrize("word", ["NaN", "Infinity", "-Infinity", "1e999", "-1e400"])
def test_numbers_that_are_not_finite_are_refused(word: str) -> None:
    refused = _read(_with(word))
    assert isinstance(refused, ExportError)
    assert "not finite" in str(refused)


def test_two_hundred_kilobytes_of_brackets_are_refused() -> None:
    refused = _read("[" * 200_000)
    assert isinstance(refused, ExportError)
    assert f"more than {MAX_DEPTH}" in str(refused)


@settings(max_examples=examples(60), deadline=None)
@given(depth=st.integers(1, 3_000), opener=st.sampled_from(["[", '{"a":']))
def test_nesting_beyond_the_bound_is_refused_and_within_it_is_read(depth: int, opener: str) -> None:
    closer = "]" if opener == "[" else "}"
    nested = opener * depth + "1" + closer * depth
    data = json.loads(GOOD)
    data["lessons"]["01"]["page_keys"] = "PLACEHOLDER"
    text = json.dumps(data).replace('"PLACEHOLDER"', nested)
    result = _read(text)
    # GOOD's record sits 3 levels deep: the page keys' value adds its own levels.
    if 3 + depth > MAX_DEPTH:
        assert isinstance(result, ExportError) and "levels deep" in str(result)
    else:
        assert isinstance(result, Export)  # page_keys of another shape are ignored


def test_brackets_inside_strings_do_not_count_as_nesting() -> None:
    assert nesting('{"a": "[[[[{{{{\\"[[[[", "b": [1, [2]]}') == 3


@pytest.mark.parametrize("escape", ["\\ud800", "\\udfff", "\\ud83d"])
def test_a_lone_surrogate_escape_is_refused(escape: str) -> None:
    data = json.loads(GOOD)
    data["student"] = "PLACEHOLDER"
    refused = _read(json.dumps(data).replace("PLACEHOLDER", f"Ann{escape}"))
    assert isinstance(refused, ExportError)
    assert "Unicode" in str(refused)


def test_a_surrogate_pair_escape_is_a_character() -> None:
    data = json.loads(GOOD)
    data["student"] = "Ann \U0001f600"
    data["checksum"] = checksum(data)
    export = _read(json.dumps(data))  # ensure_ascii: the emoji is written \ud83d\ude00
    assert isinstance(export, Export) and export.intact
    assert export.student == "Ann \U0001f600"


@settings(max_examples=examples(400), deadline=None)
@given(text=st.text(max_size=400) | st.binary(max_size=400))
def test_any_text_or_bytes_are_read_or_refused(text: str | bytes) -> None:
    _read(text)


JSON_VALUES = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(10**30), 10**30)
    | st.floats(allow_nan=True, allow_infinity=True)
    | st.text(max_size=8),
    lambda children: (
        st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=6), children, max_size=4)
    ),
    max_leaves=30,
)


@settings(max_examples=examples(300), deadline=None)
@given(
    lessons=st.dictionaries(st.text(max_size=6), JSON_VALUES, max_size=3) | JSON_VALUES,
    info=JSON_VALUES,
    student=JSON_VALUES,
    version=JSON_VALUES,
)
def test_any_values_in_the_export_shape_are_read_or_refused(
    lessons: Any, info: Any, student: Any, version: Any
) -> None:
    data: dict[str, Any] = {"format": FORMAT, "version": version, "student": student}
    data |= {"lessons": lessons, "lesson_info": info}
    data["checksum"] = checksum(data)
    _read(json.dumps(data))


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
