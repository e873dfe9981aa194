"""Saved progress follows its pages when a lesson's pages change; the export's reader reads any text
or refuses it in one ExportError line in the learner's language."""

from __future__ import annotations

import csv
import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lessons import i18n
from lessons.catalog import Catalog, load_catalog
from lessons.model import Lesson
from lessons.parsing.parser import parse
from lessons.progress.export import (
    FORMAT,
    MAX_DEPTH,
    MAX_DIGITS,
    Export,
    ExportError,
    checksum,
    export_data,
    export_text,
    lesson_info,
    nesting,
    parse_export,
    report_rows,
)
from lessons.progress.moved_pages import follow_pages, lesson_digests, page_moves
from lessons.progress.records import LessonRecord, QuestionRecord, merge
from lessons.progress.store import FIRST_SCHEMA, RETIRED_SCHEMA, ProgressStore
from lessons.progress.values import MAX_TIME
from lessons.runner import LessonRun
from tests.tiers import examples
from tests.unit.lessons.quiz_runs import right
from tui.cli.lessons_cmd import lesson_rows
from tui.cli.progress_export_cli import print_csv
from tui.lesson_context import LessonContext
from tui.screens.lesson_menu import progress_label

PAGES = {
    "Welcome": "@page Welcome\nThe Wrocław lecture, from the start.\n",
    "Board": "@page Board\n@board n=4\n@step\n@question next-choice\n@end\n",
    "Three": "@page Three\n@question exists n=3\n@end\n",
    "Two questions": "@page Two questions\n@question exists n=4\n@end\n"
    "@question exists n=2\n@end\n",
    "Quiz": "@quiz Quiz\n@question solutions n=6\n@end\n@question exists n=5\n@end\n",
    "Goodbye": "@page Goodbye\nThat is all.\n",
    "Seven": "@page Seven\n@question exists n=7\n@end\n",
    "Aside": "@page Aside\nA page of text only.\n",
}
FIRST = ["Welcome", "Board", "Three", "Two questions", "Quiz", "Goodbye"]


def source(titles: list[str], pages: dict[str, str] = PAGES) -> str:
    return "@lesson demo\n@title Demo\n\n" + "\n".join(pages[title] for title in titles)


def lesson(titles: list[str], pages: dict[str, str] = PAGES) -> Lesson:
    parsed = parse(source(titles, pages), "demo.md").lesson
    assert parsed is not None
    return parsed


def work(path: Path) -> LessonRun:
    """Progress saved with answers on three pages and one open with a hint, at "Two questions"."""
    run = LessonRun(lesson(FIRST), ProgressStore(path))
    assert run.next_page()  # Welcome
    run.answer(right(run))  # Board: right at once
    run.go_on()
    assert run.next_page()
    run.hint()  # Three: right after a hint
    run.answer(right(run))
    run.go_on()
    assert run.next_page()
    run.reveal()  # Two questions: the first shown, the second left open with a hint
    run.go_on()
    run.hint()
    assert run.record.page == 3 and len(run.record.answers) == 3 and len(run.record.open) == 1
    return run


def worked_then_changed(tmp_path: Path, titles: list[str]) -> tuple[Catalog, ProgressStore]:
    """Progress saved (:func:`work`), then the pages changed to ``titles`` in a folder."""
    work(tmp_path / "progress.json")  # resumes at "Two questions", page 4 of 6
    folder = tmp_path / "lessons"
    folder.mkdir()
    (folder / "demo.md").write_text(source(titles), encoding="utf-8")
    return load_catalog("en", [folder]), ProgressStore(tmp_path / "progress.json")


def by_page(lesson: Lesson, outcomes: dict[str, QuestionRecord]) -> dict[str, QuestionRecord]:
    """Outcomes keyed by page title and question number instead of page index."""
    found = {}
    for key, outcome in outcomes.items():
        page, number = key.split(".")
        found[f"{lesson.pages[int(page)].title}.{number}"] = outcome
    return found


CHANGES = {
    "a page before": ["Welcome", "Seven", "Board", "Three", "Two questions", "Quiz", "Goodbye"],
    "a page lost": ["Welcome", "Board", "Two questions", "Quiz", "Goodbye"],
    "two pages swapped": ["Welcome", "Three", "Board", "Two questions", "Quiz", "Goodbye"],
    "a text page inserted": [FIRST[0], "Aside", *FIRST[1:]],  # next to another text page
    "pages added at the end": [*FIRST, "Seven", "Aside"],
    "a page inserted and another lost": ["Seven", "Welcome", "Three", "Two questions", "Quiz"],
}


@pytest.mark.parametrize("titles", CHANGES.values(), ids=list(CHANGES))
def test_progress_follows_its_pages(tmp_path: Path, titles: list[str]) -> None:
    path = tmp_path / "progress.json"
    before = work(path)
    saved = by_page(before.lesson, before.record.answers)
    changed = lesson(titles)
    run = LessonRun(changed, ProgressStore(path))
    assert run.page.title == "Two questions"  # the same page content
    kept = {key: value for key, value in saved.items() if key.split(".")[0] in titles}
    assert by_page(changed, run.record.answers) == kept
    assert by_page(changed, run.record.open) == by_page(before.lesson, before.record.open)
    lost = [value for key, value in saved.items() if key not in kept]
    assert sorted(map(repr, run.record.retired.values())) == sorted(map(repr, lost))
    # the resume comes back to the open question as it was left: hint taken, no fresh
    # first attempt (the question answered before it on the page is not asked again)
    assert run.asked is not None and run.asked.hint_shown
    disk = json.loads(path.read_text())
    assert disk["lessons"]["demo"]["page_keys"] == lesson_digests(changed)
    assert disk["schema"] == (RETIRED_SCHEMA if lost else FIRST_SCHEMA)
    assert run.changed_pages == frozenset()  # no page's question changed
    again = LessonRun(changed, ProgressStore(path))  # a second opening moves nothing
    assert again.page_index == run.page_index and again.record.answers == run.record.answers


def test_a_lost_resume_page_resumes_nearer_a_record_without_keys_as_it_is(tmp_path: Path) -> None:
    path = tmp_path / "progress.json"
    work(path)
    changed = lesson(["Welcome", "Board", "Seven", "Quiz", "Goodbye"])
    run = LessonRun(changed, ProgressStore(path))
    assert run.page.title == "Board"  # the saved pages after Board are gone
    assert set(by_page(changed, run.record.answers)) == {"Board.0"}
    assert run.record.open == {}
    digests = dict(zip(FIRST, lesson_digests(lesson(FIRST)), strict=True))
    assert set(run.record.retired) == {
        f"{digests['Three']}/2.0",
        f"{digests['Two questions']}/3.0",
        f"{digests['Two questions']}/3.1/open",
    }
    assert run.record.retired[f"{digests['Three']}/2.0"].hint
    path = tmp_path / "old.json"  # a record without page keys is taken as it is
    answer = {"right": True, "attempts": 1, "scored": False}
    old = {"page": 2, "answers": {"1.0": answer}, "max_score": 2}
    path.write_text(json.dumps({"schema": 1, "lessons": {"demo": old}}))
    changed = lesson(CHANGES["a page before"])
    run = LessonRun(changed, ProgressStore(path))
    assert run.page_index == 2 and set(run.record.answers) == {"1.0"}
    assert run.record.retired == {}
    assert json.loads(path.read_text())["lessons"]["demo"]["page_keys"] == lesson_digests(changed)


def test_scores_are_those_of_the_answers_that_stay() -> None:
    first, changed = lesson(FIRST), lesson([*FIRST[:4], "Goodbye"])  # the quiz is gone
    point = QuestionRecord(right=True, attempts=1, scored=True, points=1)
    record = LessonRecord(page=5, completed=True, best_score=2, max_score=2)
    record.answers = {"4.0": point, "4.1": point, "1.0": QuestionRecord(True, 1)}
    record.page_keys = lesson_digests(first)
    moved = follow_pages(record, lesson_digests(changed))
    assert moved.score == 0 and len(moved.retired) == 2 and set(moved.answers) == {"1.0"}
    assert (moved.page, moved.completed, moved.best_score) == (4, True, 2)
    assert record.answers["4.0"] == point  # the record given is not changed


def test_two_tutors_on_two_versions_of_a_lesson(tmp_path: Path) -> None:
    """Two tutors on the old and the new lesson save in turn: every answer stays on its page; a
    tutor that read the old layout keeps an answer given since on a new page."""
    # Two tutors on the old and the new lesson save in turn: every answer stays on its page.
    path = tmp_path / "progress.json"
    old_run = LessonRun(lesson(FIRST), ProgressStore(path))
    old_run.next_page()
    old_run.answer(right(old_run))  # Board, old index 1
    titles = CHANGES["a page before"]
    new_run = LessonRun(lesson(titles), ProgressStore(path))
    new_run.goto(3)
    new_run.answer(right(new_run))  # Three, new index 3
    old_run.go_on()
    old_run.goto(4)
    old_run.hint()  # Quiz, old index 4: open with a hint
    disk = LessonRecord.from_json(json.loads(path.read_text())["lessons"]["demo"])
    assert disk.page_keys == lesson_digests(old_run.lesson)
    assert set(by_page(old_run.lesson, disk.answers)) == {"Board.0", "Three.0"}
    assert set(by_page(old_run.lesson, disk.open)) == {"Quiz.0"}
    new_run.goto(1)  # Seven: a page the old lesson lacks
    new_run.answer(right(new_run))
    disk = LessonRecord.from_json(json.loads(path.read_text())["lessons"]["demo"])
    assert disk.page_keys == lesson_digests(new_run.lesson)
    assert set(by_page(new_run.lesson, disk.answers)) == {"Board.0", "Three.0", "Seven.0"}
    assert set(by_page(new_run.lesson, disk.open)) == {"Quiz.0"}
    old_run.goto(3)  # the old tutor saves again: Seven's answer is kept aside, not lost
    disk = LessonRecord.from_json(json.loads(path.read_text())["lessons"]["demo"])
    assert set(by_page(old_run.lesson, disk.answers)) == {"Board.0", "Three.0"}
    assert [key.split("/")[1] for key in disk.retired] == ["1.0"]
    # An answer another tutor gave on a new page since is not taken for one removed.
    path = tmp_path / "old-layout.json"
    work(path)
    early = ProgressStore(path)  # a tutor started before the lesson is opened anywhere
    changed = lesson(CHANGES["a page before"])
    other = LessonRun(changed, ProgressStore(path))
    other.goto(1)  # Seven, where Board was
    other.answer(right(other))
    run = LessonRun(changed, early)
    answers = set(by_page(changed, run.record.answers))
    assert answers == {"Seven.0", "Board.0", "Three.0", "Two questions.0"}


def test_merge_keeps_every_retired_outcome() -> None:
    one, two = QuestionRecord(True, 1), QuestionRecord(False, 3)
    ours = LessonRecord(page_keys=["a"], retired={"d/1.0": one})
    theirs = LessonRecord(page_keys=["b"], retired={"d/1.0": two, "e/2.0": one})
    merged = merge(ours, theirs)
    assert merged.page_keys == ["a"]
    assert merged.retired == {"d/1.0": one, "d/1.0#2": two, "e/2.0": one}
    assert merge(merged, theirs).retired == merged.retired  # nothing kept twice
    assert merge(LessonRecord(), theirs).page_keys == ["b"]


def test_damaged_page_keys_are_ignored_and_damaged_retired_outcomes_kept(tmp_path: Path) -> None:
    record = LessonRecord.from_json({"page": 2, "page_keys": [1], "answers": {}})
    assert record.page_keys == [] and record.page == 2  # taken as it is
    path = tmp_path / "progress.json"
    path.write_text(json.dumps({"schema": 2, "lessons": {"demo": {"retired": []}}}))
    store = ProgressStore(path)
    assert store.records == {} and "retired" in store.warnings[0]
    assert len(list(tmp_path.glob("progress.json.corrupt-*"))) == 1  # kept aside


def test_an_export_shows_the_pages_as_they_are_now(tmp_path: Path) -> None:
    path = tmp_path / "progress.json"
    work(path)  # never opened since the lesson changed
    changed = lesson(CHANGES["a page before"])
    store = ProgressStore(path)
    export = parse_export(json.dumps(export_data(store.records, lesson_info([changed]))))
    record = export.records["demo"]
    assert changed.pages[record.page].title == "Two questions"
    assert set(by_page(changed, record.answers)) == {"Board.0", "Three.0", "Two questions.0"}
    assert export.intact
    (row,) = report_rows("ada.json", export)  # the teacher's table: the page as it is now
    assert (row.pages_done, row.pages, row.hints, row.shown) == (4, 7, 1, 1)


# -- the rule, as a property ------------------------------------------------------------------

KEYS = st.sampled_from("ABCD")
EDIT = st.tuples(st.booleans(), st.integers(0, 20), st.sampled_from("ABCDX"))


@settings(max_examples=examples(200), deadline=None)
@given(old=st.lists(KEYS, max_size=12), edits=st.lists(EDIT, max_size=6))
def test_answers_stay_on_pages_with_their_key(old: list[str], edits: list[tuple]) -> None:
    pages = list(enumerate(old))  # (identity, digest): the old pages, then new ones
    inserted_only = True
    for insert, where, key in edits:
        if insert:
            pages.insert(where % (len(pages) + 1), (len(old) + where, key))
        elif pages:
            del pages[where % len(pages)]
            inserted_only = False
    new = [key for _, key in pages]
    moves = page_moves(old, new)
    assert all(old[a] == new[b] for a, b in moves.items())
    assert len(set(moves.values())) == len(moves)  # one new page for each old page
    # every digest keeps as many pages as both versions have of it (so every page kept is)
    assert len(moves) == sum(min(old.count(key), new.count(key)) for key in set(old))
    record = LessonRecord(page=len(old) // 2, page_keys=old)
    record.answers = {f"{i}.0": QuestionRecord(True, i + 1) for i in range(len(old))}
    moved = follow_pages(record, new)
    for key, outcome in moved.answers.items():
        assert new[int(key.split(".")[0])] == old[outcome.attempts - 1]
    assert len(moved.answers) + len(moved.retired) == len(old)  # nothing lost
    assert not inserted_only or not moved.retired
    assert not new or 0 <= moved.page < len(new)
    if record.page in moves:
        assert moved.page == moves[record.page]


def test_of_equal_pages_the_earlier_is_taken_and_long_lists_keep_all() -> None:
    """Of equal pages the earlier is taken; lists past the table's size (difflib) still keep every
    page they can."""
    assert page_moves(["X", "Q", "T"], ["Y", "Q", "T", "T"]) == {1: 1, 2: 2}
    assert page_moves(["T", "Q"], ["T", "T", "Q"]) == {0: 0, 1: 2}
    assert page_moves(["Q", "T", "R"], ["Q", "T", "S", "T", "R"]) == {0: 0, 1: 1, 2: 4}
    old, new = ["A", "B"] * 300, ["B", "A"] * 300 + ["C"]  # past the table's size: difflib
    moves = page_moves(old, new)
    assert len(moves) == 600 and len(set(moves.values())) == 600
    assert all(old[a] == new[b] for a, b in moves.items())


def test_page_digests_are_the_same_in_every_language() -> None:
    """A student who changes language keeps their place (and each lesson has distinct pages)."""
    digests = {
        lang: {each.id: lesson_digests(each) for each in load_catalog(lang).lessons}
        for lang in ("en", "it", "pl")
    }
    assert digests["en"] and digests["it"] == digests["en"] == digests["pl"]
    assert all(len(set(pages)) > 1 for pages in digests["en"].values())


def test_the_lesson_list_and_menu_show_the_resume_page_where_it_is_now(tmp_path: Path) -> None:
    """``lessons list`` / ``progress`` rows and the lesson menu resume on the current pages."""
    catalog, store = worked_then_changed(tmp_path, ["Aside", "Seven", *FIRST])  # page 6 of 8
    row = next(row for row in lesson_rows(catalog, store) if row["id"] == "demo")
    assert (row["page"], row["pages"]) == (6, 8)
    demo = next(lesson for lesson in catalog.lessons if lesson.id == "demo")
    assert progress_label(LessonContext(catalog, store), demo) == "page 6/8"


def test_progress_as_csv_counts_hints_on_the_pages_as_they_are_now(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``progress --format csv`` counts hints and shown answers on the current pages."""
    # a hint on "Three" (lost), an answer shown on "Two questions"
    catalog, store = worked_then_changed(tmp_path, [title for title in FIRST if title != "Three"])
    print_csv(lesson_rows(catalog, store), catalog, store)
    rows = list(csv.DictReader(capsys.readouterr().out.splitlines()))
    demo = next(row for row in rows if row["id"] == "demo")
    assert (demo["hints"], demo["shown"]) == ("0", "1")
    # The saved record itself still holds the hint (set aside when next saved, never lost).
    assert sum(1 for answer in store.records["demo"].answers.values() if answer.hint) == 1


def test_a_page_whose_question_changed_says_so_once(tmp_path: Path) -> None:
    """An answer kept aside because its page's question changed is told on that page, once."""
    path = tmp_path / "progress.json"
    work(path)  # answered Board, Three, Two questions; resumes on Two questions
    changed = lesson(FIRST, dict(PAGES, Three="@page Three\n@question exists n=5\n@end\n"))
    run = LessonRun(changed, ProgressStore(path))
    assert run.page.title == "Two questions" and run.changed_notice == ""
    assert run.changed_pages == frozenset({2})
    assert len(run.record.retired) == 1  # the answer to the old question, kept aside
    run.goto(2)
    notice = run.changed_notice
    assert notice.startswith("The question on this page has changed since you answered it")
    assert "kept aside" in notice and "not lost" in notice
    assert run.asked is not None  # the new question is asked
    run.goto(2)  # left and came back: told once
    assert run.changed_notice == ""
    run.goto(1)
    assert run.changed_notice == ""
    again = LessonRun(changed, ProgressStore(path))  # saved on the new pages: nothing to tell
    assert again.changed_pages == frozenset()
    assert json.loads(path.read_text())["lessons"]["demo"]["retired"]  # still kept aside


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
    """Read as numbers; a time beyond a date's years is refused in one line naming it."""
    export = _read(_with("1" + "0" * (digits - 1)))
    if 10 ** (digits - 1) <= MAX_TIME:
        assert isinstance(export, Export)  # the checksum no longer matches: read, not intact
        assert export.records["01"].updated == 10 ** (digits - 1)
        assert not export.intact
    else:
        assert isinstance(export, ExportError) and "updated must be a time" in str(export)


def _student(name: str) -> str:
    data = json.loads(GOOD)
    data["student"] = "PLACEHOLDER"
    return json.dumps(data).replace("PLACEHOLDER", name)


REFUSED = [  # (text, the words of its one-line refusal)
    *[(_with("9" * digits), f"more than {MAX_DIGITS} digits") for digits in (400, 4_301, 5_000)],
    *[(_with(word), "not finite") for word in ("NaN", "Infinity", "-Infinity", "1e999", "-1e400")],
    ("[" * 200_000, f"more than {MAX_DEPTH}"),  # two hundred kilobytes of brackets
    *[(_student(f"Ann{escape}"), "Unicode") for escape in ("\\ud800", "\\udfff", "\\ud83d")],
    ("{not json", "not valid JSON"),
    ('{"schema": 1, "lessons": {}}', "not a queens-tutor progress export"),
    (f'{{"format": "{FORMAT}", "version": 99}}', "version 99"),
    (f'{{"format": "{FORMAT}", "version": 1}}', "no lessons"),
    (f'{{"format": "{FORMAT}", "version": 1, "lessons": {{"x": {{"page": -1}}}}}}', "damaged"),
]


@pytest.mark.parametrize(("text", "words"), REFUSED, ids=range(len(REFUSED)))
def test_an_export_out_of_bounds_is_refused_in_one_line(text: str, words: str) -> None:
    refused = _read(text)
    assert isinstance(refused, ExportError) and words in str(refused)


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


def test_a_surrogate_pair_escape_is_a_character() -> None:
    good = _read(GOOD)  # as written: intact, its time read back
    assert isinstance(good, Export) and good.intact and good.records["01"].updated == 1.7e9 + 0.5
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
def test_a_broken_progress_file_or_export_is_told_in_the_language(
    tmp_path: Path, language: str
) -> None:
    for raw in (b"{ this is not json", b"\xff\xfe{}"):
        path = tmp_path / "progress.json"
        path.write_bytes(raw)
        with i18n.speaking(language):
            (warning,) = ProgressStore(path).warnings
        assert "JSON" in warning, warning
        assert not any(word in warning for word in ENGLISH), warning
    with i18n.speaking(language), pytest.raises(ExportError) as raised:
        parse_export(b"\xff\xfe{}")
    assert not any(word in str(raised.value) for word in ENGLISH), raised.value
