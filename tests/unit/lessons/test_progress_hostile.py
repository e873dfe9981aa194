"""Progress is never lost: two tutors merge per question, a failed save is kept and retried,
and any file in the progress file's place that cannot be used is set aside, never a crash."""

from __future__ import annotations

import errno
import json
import os
import subprocess
import sys
import tempfile
import textwrap
from pathlib import Path

import pytest

from lessons.progress.records import LessonRecord, QuestionRecord
from lessons.progress.store import ProgressStore

RIGHT = QuestionRecord(right=True, attempts=1, scored=True, points=1)

TUTOR = textwrap.dedent(
    """
    import sys
    from pathlib import Path
    from lessons.progress.store import ProgressStore
    from lessons.progress.records import QuestionRecord

    path, name, first, count = Path(sys.argv[1]), sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
    store = ProgressStore(path)
    record = store.lesson("l")
    print("OPEN", flush=True)
    sys.stdin.readline()  # the other tutor works meanwhile: this one goes stale
    for number in range(first, first + count):
        record.answers[f"{name}.{number}"] = QuestionRecord(right=True, attempts=1)
        assert store.save("l", record), store.warnings
    """
)


def _tutor(path: Path, name: str, first: int, count: int) -> subprocess.Popen[str]:
    child = subprocess.Popen(
        [sys.executable, "-c", TUTOR, str(path), name, str(first), str(count)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    assert child.stdout is not None and child.stdout.readline() == "OPEN\n"
    return child


def test_a_stale_tutor_merges_per_question(tmp_path: Path) -> None:
    path = tmp_path / "progress.json"
    ProgressStore(path).save("l", LessonRecord(page=1))
    stale = _tutor(path, "stale", 0, 1)  # opened the lesson at page 1
    fresh = ProgressStore(path)
    record = fresh.lesson("l")
    record.page = 5
    record.answers = {f"fresh.{i}": RIGHT for i in range(4)}
    assert fresh.save("l", record)
    stale.communicate("go\n", timeout=60)
    assert stale.returncode == 0
    merged = ProgressStore(path).lesson("l")
    assert merged.page == 5  # the stale tutor never moved: the page is not reset
    assert sorted(merged.answers) == ["fresh.0", "fresh.1", "fresh.2", "fresh.3", "stale.0"]


def test_two_tutors_answering_at_once_keep_every_answer(tmp_path: Path) -> None:
    path = tmp_path / "progress.json"
    tutors = [_tutor(path, name, 0, 25) for name in ("a", "b")]
    for tutor in tutors:
        assert tutor.stdin is not None
        tutor.stdin.write("go\n")
        tutor.stdin.flush()
    for tutor in tutors:
        tutor.communicate(timeout=120)
        assert tutor.returncode == 0
    answers = ProgressStore(path).lesson("l").answers
    assert sorted(answers) == sorted(f"{n}.{i}" for n in "ab" for i in range(25))


def test_a_restart_in_one_tutor_is_not_undone_by_the_merge(tmp_path: Path) -> None:
    path = tmp_path / "progress.json"
    store = ProgressStore(path)
    record = store.lesson("l")
    record.answers = {"0.0": RIGHT, "0.1": RIGHT}
    record.page = 3
    assert store.save("l", record)
    record.answers = {}
    record.page = 0
    assert store.save("l", record)
    assert ProgressStore(path).lesson("l").answers == {}


def test_a_failed_save_is_reported_kept_and_retried_and_the_old_file_stays(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "progress.json"
    store = ProgressStore(path)
    assert store.save("other", LessonRecord(page=1))
    old = path.read_bytes()
    real = tempfile.mkstemp

    def full(*args: object, **kwargs: object) -> None:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(tempfile, "mkstemp", full)
    record = store.lesson("l")
    record.answers["0.0"] = RIGHT
    assert not store.save("l", record)
    assert "No space left on device" in store.failure
    assert store.pending and path.read_bytes() == old  # the old file kept whole
    assert not store.retry()
    assert len([w for w in store.warnings if "could not save" in w]) == 1  # said once
    monkeypatch.setattr(tempfile, "mkstemp", real)
    assert store.retry()
    assert store.failure == "" and not store.pending
    assert "0.0" in ProgressStore(path).lesson("l").answers


UNUSABLE: list[bytes] = [
    b"{not json",
    b"\x00\xff\xfe binary",
    b'{"schema": 1, "lessons": {"l": {"page": "five"}}}',
    b'{"schema": 1, "lessons": {"l": {"page": -1}}}',
    b'{"schema": 1, "lessons": {"l": {"answers": {"0.0": {"attempts": 1.5}}}}}',
    b'{"schema": 1, "lessons": {"l": {"page": ' + b"9" * 5000 + b"}}}",
    b'{"schema": 1, "lessons": {"l": {"updated": "never"}}}',
    b"[" * 100_000 + b"]" * 100_000,
    b'{"schema": 1, "lessons": []}',
    b'{"schema": "1"}',
    b"",
    b"[1, 2]",
    b'{"lessons": {}}',
    b'{"schema": 1, "lessons": {"a": {"answers": {"0.0": {"right": "yes"}}}}}',
]


@pytest.mark.parametrize("content", UNUSABLE, ids=range(len(UNUSABLE)))
def test_an_unusable_file_is_set_aside_and_reported(tmp_path: Path, content: bytes) -> None:
    path = tmp_path / "progress.json"
    path.write_bytes(content)
    store = ProgressStore(path)
    assert store.records == {} and store.can_save
    assert len(store.warnings) == 1 and "kept as progress.json.corrupt-" in store.warnings[0]
    kept = list(tmp_path.glob("progress.json.corrupt-*"))
    assert [p.read_bytes() for p in kept] == [content]
    assert store.save("l", LessonRecord(page=1))


@pytest.mark.parametrize(
    ("field", "value", "reason"),
    [
        ("page", 10**40, "page must be a whole number from 0 to"),
        ("updated", 1e308, "updated must be a time between 1970 and the end of 2999"),
        ("updated", -5, "updated must be a time"),
        ("attempts", 10**30, "attempts must be a whole number from 0 to"),
    ],
)
def test_numbers_out_of_range_set_the_file_aside(
    tmp_path: Path, field: str, value: object, reason: str
) -> None:
    """A number no tutor writes (a hand-edited file) is refused like any bad record: the file
    is kept aside, named with the field, and the tutor starts afresh."""
    path = tmp_path / "progress.json"
    record: dict[str, object] = {"page": 1, "answers": {"0.0": {"right": True, "attempts": 1}}}
    if field == "attempts":
        record["answers"] = {"0.0": {"right": True, "attempts": value}}
    else:
        record[field] = value
    path.write_text(json.dumps({"schema": 1, "lessons": {"l": record}}))
    store = ProgressStore(path)
    assert store.records == {} and store.can_save
    assert len(store.warnings) == 1 and reason in store.warnings[0], store.warnings
    assert [p.read_text() for p in tmp_path.glob("progress.json.corrupt-*")] == [
        json.dumps({"schema": 1, "lessons": {"l": record}})
    ]


def test_a_directory_or_fifo_in_its_place_is_set_aside_without_blocking(tmp_path: Path) -> None:
    path = tmp_path / "progress.json"
    path.mkdir()
    (path / "inside").write_text("kept")
    store = ProgressStore(path)
    assert store.can_save and "is not a regular file" in store.warnings[0]
    assert [p.name for p in tmp_path.glob("progress.json.corrupt-*/inside")] == ["inside"]
    os.mkfifo(path)
    assert "is not a regular file" in ProgressStore(path).warnings[0]  # no hang on open
