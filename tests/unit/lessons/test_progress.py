"""The progress file: atomic, schema-versioned, never lost (two tutors merge per question, a
failed save is kept and retried), any unusable file set aside and never a crash; settings.json
moved once, atomically, to the configuration folder; an export's checksum catches edits, a load
merges through the store, the class report counts what each student did."""

from __future__ import annotations

import errno
import json
import os
import signal
import subprocess
import sys
import tempfile
import textwrap
import time
from datetime import datetime
from pathlib import Path

import pytest

from lessons.progress import settings
from lessons.progress import store as progress
from lessons.progress.export import (
    ExportError,
    LessonInfo,
    activity,
    class_report,
    export_data,
    export_text,
    load_into,
    parse_export,
)
from lessons.progress.records import LessonRecord, QuestionRecord, merge
from lessons.progress.store import FIRST_SCHEMA, SCHEMA, ProgressStore, data_dir, default_path
from lessons.progress.values import local_moment
from tests.cli.clirun import run_main


def record(page: int = 1, **changes: object) -> LessonRecord:
    rec = LessonRecord(page=page, max_score=3)
    rec.answers["0.0"] = QuestionRecord(right=True, attempts=1, scored=True, points=1)
    for key, value in changes.items():
        setattr(rec, key, value)
    return rec


def test_data_dir_honours_xdg_and_falls_back_to_home(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    assert default_path() == tmp_path / "xdg" / "queens-tutor" / "progress.json"
    monkeypatch.delenv("XDG_DATA_HOME")
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    assert data_dir() == tmp_path / "home" / ".local" / "share" / "queens-tutor"
    monkeypatch.setenv("XDG_DATA_HOME", "relative/path")  # not absolute: ignored, as the spec says
    assert data_dir() == tmp_path / "home" / ".local" / "share" / "queens-tutor"


def test_save_replaces_the_file_in_one_rename_and_reads_back(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Saved and read back (the first layout while no outcome is retired), the old file whole and
    in place while the new content is written, then one rename."""
    # While the new content is being written, the old file is still whole and in place.
    path = tmp_path / "progress.json"
    store = ProgressStore(path)
    store.save("a", record(page=1))
    old = path.read_bytes()
    seen: list[tuple[bytes, bytes]] = []

    def look(temp: Path) -> None:
        seen.append((path.read_bytes(), temp.read_bytes()))

    monkeypatch.setattr(progress, "before_replace", look)
    store.save("a", record(page=5))
    ((on_disk, new),) = seen
    assert on_disk == old
    assert new == path.read_bytes() and json.loads(new)["lessons"]["a"]["page"] == 5
    monkeypatch.undo()
    path = tmp_path / "qt" / "progress.json"
    store = ProgressStore(path)
    assert store.warnings == [] and store.can_save
    assert store.save("intro", record(page=2))
    data = json.loads(path.read_text())
    assert data["schema"] == FIRST_SCHEMA  # no retired outcomes: a layout-1 reader owns it
    again = ProgressStore(path).lesson("intro")
    assert again.page == 2 and again.score == 1 and again.max_score == 3
    assert again.updated > 0
    assert sorted(p.name for p in path.parent.iterdir()) == ["progress.json", "progress.json.lock"]


def test_two_corrupt_files_in_one_second_keep_both(tmp_path: Path) -> None:
    path = tmp_path / "progress.json"
    for text in ("one", "two"):
        path.write_text(text)
        ProgressStore(path)
    assert sorted(p.read_text() for p in tmp_path.glob("progress.json.corrupt-*")) == ["one", "two"]


def test_a_newer_file_is_never_overwritten(tmp_path: Path) -> None:
    path = tmp_path / "progress.json"
    newer = json.dumps({"schema": SCHEMA + 1, "lessons": {"x": "future"}})
    path.write_text(newer)
    store = ProgressStore(path)
    assert not store.can_save and "newer queens-tutor" in store.warnings[0]
    assert not store.save("a", record())
    assert path.read_text() == newer


KILLED_WRITER = textwrap.dedent(
    """
    import sys, time
    from pathlib import Path
    from lessons.progress import store as progress
    from lessons.progress.records import LessonRecord

    store = progress.ProgressStore(Path(sys.argv[1]))
    store.save("a", LessonRecord(page=1))

    def pause(temp):
        print("READY", flush=True)
        time.sleep(60)

    progress.before_replace = pause
    store.save("a", LessonRecord(page=2))
    """
)


def test_kill_during_save_leaves_the_old_file_intact(tmp_path: Path) -> None:
    path = tmp_path / "progress.json"
    child = subprocess.Popen(
        [sys.executable, "-c", KILLED_WRITER, str(path)], stdout=subprocess.PIPE, text=True
    )
    try:
        assert child.stdout is not None
        assert child.stdout.readline().strip() == "READY"  # the new file is written, not renamed
        os.kill(child.pid, signal.SIGKILL)
    finally:
        child.wait(timeout=30)
    assert child.returncode == -signal.SIGKILL
    store = ProgressStore(path)
    assert store.warnings == []
    assert store.lesson("a").page == 1
    assert list(tmp_path.glob(".progress.json.*.tmp"))  # the dead writer's temp file
    store.save("b", LessonRecord(page=3))
    assert not list(tmp_path.glob(".progress.json.*.tmp"))  # cleaned up under the lock
    assert ProgressStore(path).lesson("a").page == 1


def test_merge_never_loses_completion_or_best_score() -> None:
    ours = LessonRecord(page=0, completed=False, best_score=1, runs=1)
    theirs = LessonRecord(page=5, completed=True, best_score=4, runs=2)
    merged = merge(ours, theirs)
    assert (merged.page, merged.completed, merged.best_score, merged.runs) == (0, True, 4, 2)


def test_reset_forgets_everything(tmp_path: Path) -> None:
    path = tmp_path / "progress.json"
    store = ProgressStore(path)
    store.save("a", record())
    assert store.reset()
    assert ProgressStore(path).records == {}
    assert json.loads(path.read_text())["lessons"] == {}


def test_a_folder_that_cannot_be_written_is_reported(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Read-only (as root, as the store sees it through os.access) or not creatable: nothing saved,
    said, the session's work still remembered."""
    # Read-only: nothing saved, said once (as root, as the store sees it through os.access).
    folder = tmp_path / "ro"
    folder.mkdir()
    folder.chmod(0o555)
    if os.geteuid() == 0:  # root can write into a read-only directory
        monkeypatch.setattr(progress.os, "access", lambda path, mode: False)
    try:
        store = ProgressStore(folder / "progress.json")
        assert not store.can_save and "is not writable" in store.warnings[0]
        assert store.save("a", record()) is False
        assert not (folder / "progress.json").exists()
    finally:
        folder.chmod(0o755)
    monkeypatch.undo()
    blocker = tmp_path / "file"
    blocker.write_text("a file where the data directory should be")
    store = ProgressStore(blocker / "queens-tutor" / "progress.json")
    assert not store.can_save
    assert "cannot create" in store.warnings[0] and "will not be saved" in store.warnings[0]
    assert store.save("a", record()) is False
    assert store.lesson("a").page == 1  # still remembered for this session


RIGHT = QuestionRecord(right=True, attempts=1, scored=True, points=1)

TUTOR = textwrap.dedent(
    """
    import sys
    from pathlib import Path
    from lessons.progress.store import ProgressStore
    from lessons.progress.records import LessonRecord, QuestionRecord

    path, name, first, count = Path(sys.argv[1]), sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
    store = ProgressStore(path)
    record = store.lesson("l")
    print("OPEN", flush=True)
    sys.stdin.readline()  # the other tutor works meanwhile: this one goes stale
    for number in range(first, first + count):
        record.answers[f"{name}.{number}"] = QuestionRecord(right=True, attempts=1)
        assert store.save("l", record), store.warnings
        assert store.save(name, LessonRecord(page=number + 1)), store.warnings  # its own lesson
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
    assert [ProgressStore(path).lesson(name).page for name in "ab"] == [25, 25]  # no lesson lost


def test_the_merge_keeps_what_another_tutor_added_and_not_what_a_restart_dropped(
    tmp_path: Path,
) -> None:
    path = tmp_path / "progress.json"
    a, b = ProgressStore(path), ProgressStore(path)
    # Saving another lesson keeps what another tutor added to the one held open.
    held = a.lesson("l")  # the lesson tutor a has open
    held.answers = {"a.0": RIGHT}
    assert a.save("l", held)
    theirs = b.lesson("l")
    theirs.answers = {"b.0": RIGHT}
    assert b.save("l", theirs)
    assert a.save("other", a.lesson("other"))  # a saves another lesson meanwhile
    held.answers["a.1"] = RIGHT
    assert a.save("l", held)
    assert sorted(ProgressStore(path).lesson("l").answers) == ["a.0", "a.1", "b.0"]
    # A restart in one tutor is not undone by the merge.
    store = ProgressStore(path)
    record = store.lesson("other")
    record.answers = {"0.0": RIGHT, "0.1": RIGHT}
    record.page = 3
    assert store.save("other", record)
    record.answers = {}
    record.page = 0
    assert store.save("other", record)
    assert ProgressStore(path).lesson("other").answers == {}


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
    assert [p.read_bytes() for p in kept] == [content] and kept[0].name in store.warnings[0]
    assert content != b"{not json" or "not valid JSON" in store.warnings[0]
    assert store.save("l", LessonRecord(page=1))
    assert ProgressStore(path).lesson("l").page == 1


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
    """A number no tutor writes is refused like any bad record, its field named."""
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


@pytest.fixture
def folders(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[Path, Path]:
    """(old, new): where an earlier tutor kept the settings, and where they go now."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    old = tmp_path / "data" / "queens-tutor" / "settings.json"
    old.parent.mkdir(parents=True, mode=0o700)
    return old, tmp_path / "config" / "queens-tutor" / "settings.json"


def test_an_old_settings_file_is_moved_to_the_configuration_folder_unless_one_is_there(
    folders: tuple[Path, Path],
) -> None:
    old, new = folders
    old.write_text('{"language": "it", "kept": [1, 2]}')
    inode = old.stat().st_ino
    assert settings.saved_language() == "it"
    assert not old.exists() and json.loads(new.read_text()) == {"language": "it", "kept": [1, 2]}
    assert new.stat().st_ino == inode  # the same file, linked under its new name
    assert new.parent.stat().st_mode & 0o777 == 0o700
    assert settings.save({"language": "pl"}) is None
    assert json.loads(new.read_text())["kept"] == [1, 2] and not old.exists()
    old.write_text('{"language": "it"}')  # a file already in the configuration folder wins
    assert settings.saved_language() == "pl"
    assert old.read_text() == '{"language": "it"}'  # left as it is, never lost


def test_a_move_copies_whole_across_file_systems_and_loses_nothing_when_it_fails(
    folders: tuple[Path, Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    old, new = folders
    old.write_text('{"language": "pl"}')

    real_link = os.link

    def other_device(source: Path, target: Path, **kwargs: bool) -> None:
        if Path(source) == old:  # the configuration folder on another file system
            raise OSError(errno.EXDEV, os.strerror(errno.EXDEV))
        real_link(source, target, **kwargs)

    monkeypatch.setattr(settings.os, "link", other_device)
    assert settings.move_old() is True
    assert new.read_text() == '{"language": "pl"}' and not old.exists()
    # A failed move loses nothing and the old file is still read.
    old.write_text('{"language": "it"}')
    new.unlink()

    def no_space(*args: object, **kwargs: object) -> None:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(settings.os, "link", no_space)
    assert settings.saved_language() == "it"
    assert old.read_text() == '{"language": "it"}' and not new.exists()


def test_the_installed_tutor_moves_the_file_and_speaks_its_language(
    folders: tuple[Path, Path],
) -> None:
    old, new = folders
    old.write_text('{"language": "it"}')
    result = run_main("--plain", stdin="quit\n")
    assert result.status == 0 and "un comando per riga" in result.out, result.out  # Italian
    assert not old.exists()
    assert new.read_text() == '{"language": "it"}'


INFO = {
    "iterative": LessonInfo("The iterative backtracker", 10, 5),
    "diagonals": LessonInfo("Diagonals", 6, 4),
}


def records() -> dict[str, LessonRecord]:
    return {
        "iterative": LessonRecord(
            page=3,
            answers={
                "1.0": QuestionRecord(right=True, attempts=1, scored=True, points=1),
                "2.0": QuestionRecord(right=True, attempts=2, hint=True, scored=True),
                "2.1": QuestionRecord(right=False, attempts=1, hint=True, revealed=True),
            },
        ),
        "diagonals": LessonRecord(page=5, completed=True, best_score=3, max_score=4, runs=1),
    }


def test_export_round_trip_is_intact() -> None:
    text = export_text(records(), INFO, "Ada", now=0)
    export = parse_export(text)
    assert export.intact
    assert export.student == "Ada"
    assert export.exported == "1970-01-01T00:00:00Z"
    assert export.records == records()
    assert export.info == INFO
    data = export_data(records(), INFO, "Ada")
    assert parse_export(json.dumps(data, indent=4, sort_keys=False)).intact  # reformatted


@pytest.mark.parametrize(
    "edit",
    [
        lambda d: d["lessons"]["diagonals"].update(best_score=4),
        lambda d: d.update(student="Someone else"),
        lambda d: d["lessons"].pop("iterative"),
        lambda d: d.update(checksum="sha256:" + "0" * 64),
        lambda d: d.pop("checksum"),
    ],
)
def test_any_edit_breaks_the_checksum(edit: object) -> None:
    data = export_data(records(), INFO, "Ada")
    edit(data)  # type: ignore[operator]
    assert not parse_export(json.dumps(data)).intact


def test_load_into_a_store_merges_an_intact_export_only(tmp_path: Path) -> None:
    store = ProgressStore(tmp_path / "progress.json")
    store.save("diagonals", LessonRecord(page=2, completed=False, best_score=4, max_score=4))
    export = parse_export(export_text(records(), INFO, "Ada"))
    saved = load_into(store, export)
    assert saved == 2
    again = ProgressStore(tmp_path / "progress.json")
    assert again.records["iterative"].page == 3
    assert again.records["diagonals"].completed
    assert again.records["diagonals"].best_score == 4  # never goes down
    # Each record keeps where it came from, through the file and the next save's merge.
    (came,) = again.records["iterative"].loaded
    assert came.student == "Ada" and came.exported == export.exported != ""
    assert abs(came.at - time.time()) < 600
    again.save("iterative", LessonRecord(page=4))
    assert ProgressStore(tmp_path / "progress.json").records["iterative"].loaded == [came]
    # An edited export is not loaded.
    data = export_data(records(), INFO, "Ada")
    data["lessons"]["diagonals"]["best_score"] = 4
    store = ProgressStore(tmp_path / "other.json")
    with pytest.raises(ExportError, match="changed after it was exported"):
        load_into(store, parse_export(json.dumps(data)))
    assert store.records == {}
    assert not (tmp_path / "other.json").exists()


def test_class_report_rows() -> None:
    ada = parse_export(export_text(records(), INFO, "Ada"))
    bob = parse_export(export_text({"iterative": LessonRecord(page=1)}, INFO, ""))
    rows = class_report([("ada.json", ada), ("bob.json", bob)])
    assert [(r.lesson, r.student) for r in rows] == [
        ("diagonals", "Ada"),
        ("iterative", "Ada"),
        ("iterative", "bob.json"),  # no name in the file: the file names the student
    ]
    diagonals, ada_iterative, _ = rows
    assert (diagonals.pages_done, diagonals.pages, diagonals.score) == (6, 6, 3)
    assert diagonals.completed and diagonals.max_score == 4
    assert (ada_iterative.pages_done, ada_iterative.score) == (3, 1)
    assert (ada_iterative.hints, ada_iterative.shown) == (2, 1)


def test_a_lessons_first_and_last_activity_are_its_work_not_a_load() -> None:
    at = 1_795_000_000.0
    record = LessonRecord(
        answers={"0.0": QuestionRecord(True, 1, at=at + 60)},
        open={"1.0": QuestionRecord(False, 2, at=at)},
        updated=at + 120,
    )
    assert activity(record) == (at, at + 120)
    assert activity(LessonRecord(updated=at)) == (at, at)
    assert activity(LessonRecord()) == (0.0, 0.0) and local_moment(0.0) == ""
    shown = local_moment(at)
    assert shown.startswith("2026-11-") and datetime.fromisoformat(shown).timestamp() == at
    # A record loaded from an export keeps its last work (answer or run) as its last activity,
    # not the load; a page turned after the load is work again.
    from lessons.progress.records import Completion, Loaded

    load = at + 6 * 86_400
    record = LessonRecord(
        answers={"0.0": QuestionRecord(True, 1, at=at + 60)},
        completions=[Completion(at + 60, 1)],
        updated=load + 0.2,
        loaded=[Loaded("Ada", "2026-11-19T10:00:00Z", load, "ada")],
    )
    assert activity(record) == (at + 60, at + 60)
    record.updated = load + 600  # a page turned after the load
    assert activity(record) == (at + 60, load + 600)
    opened = LessonRecord(updated=load + 0.2, loaded=record.loaded)  # no answer: not known
    assert activity(opened) == (0.0, 0.0)
