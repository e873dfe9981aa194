"""Lesson files read safely: the catalog skips broken files, control characters are made visible,
only bounded regular files are read, numbers are bounded, the parser raises only its own errors."""

from __future__ import annotations

import os
import string
import time
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lessons.answers.whole_numbers import MAX_DIGITS, is_digits, shown, too_long, whole
from lessons.catalog import BUILTIN_DIR, load_catalog, locale_lang
from lessons.checking.validate import check_file, check_text
from lessons.model import LessonError, Question, Text
from lessons.parsing.lesson_file import MAX_BYTES
from lessons.parsing.parser import parse, parse_file
from lessons.quiz.params import ParamError, Params, parse_int, parse_list
from lessons.safe_text import visible
from lessons.stage import MAX_LESSON_TICKS
from tests.built_in import LESSONS
from tests.tiers import examples, sweep

HEADER = "@lesson x\n@title T\n@page P\n"
UNSAFE = ["\x1b[2J", "\x1b]52;c;aGVsbG8=\x07", "\x1b[?1049l", "\x07", "\x9b31m", "\u202e", "\x00"]


@pytest.mark.parametrize("bad", UNSAFE)
def test_control_characters_are_reported_with_their_line_and_made_visible(bad: str) -> None:
    text = f"@lesson x\n@title T{bad}\n@page P\nok\nsome {bad} text\n"
    result = parse(text, "f.md")
    assert [(e.line, "character U+" in e.message) for e in result.errors] == [(2, True), (5, True)]
    assert result.lesson is not None
    blocks = result.lesson.pages[0].blocks
    shown = result.lesson.title + "".join(b.markdown for b in blocks if isinstance(b, Text))
    assert visible(shown, keep_newlines=True) == shown  # nothing unsafe is left in the model
    assert "\x1b" not in shown and "\u202e" not in shown


def test_unsafe_characters_in_questions_are_made_visible() -> None:
    question = "@question choice\nprompt: a\x1b[2Jb\nhint: \x07\n"
    question += "- [x] \x1b]0;t\x07\n- [ ] n\n@end\n"
    text = HEADER + question
    result = parse(text, "f.md")
    assert [e.line for e in result.errors] == [5, 6, 7]
    assert result.lesson is not None
    question = result.lesson.pages[0].blocks[0]
    assert isinstance(question, Question)
    assert question.prompt == "a\u241b[2Jb" and question.hint == "\u2407"
    assert question.choices[0].text == "\u241b]0;t\u2407"


ERROR_LINES = [  # (a lesson, the lines of its errors, words of the first)
    # form feed and U+2028 are line breaks to str.splitlines, not to an editor
    ("@lesson x\n@title T\f\n@page P\na\u2028b\n@bogus\n", [2, 4, 5], ""),
    *[(HEADER + line + "\n", [4], "") for line in ("@board n=99999999999999999999",
                                                 "@step 100001", "@back 999999999")],
    (HEADER + ("word " * 300 + "\n\n") * 20 + "@page Q\nshort\n", [3], "characters of text"),
]  # fmt: skip


@pytest.mark.parametrize(("text", "lines", "words"), ERROR_LINES, ids=range(len(ERROR_LINES)))
def test_errors_are_reported_at_the_line_an_editor_shows(
    text: str, lines: list[int], words: str
) -> None:
    errors = parse(text, "f.md").errors
    assert [e.line for e in errors] == lines and words in errors[0].message


def test_a_fifo_a_device_a_folder_links_to_them_or_a_huge_file_is_refused(tmp_path: Path) -> None:
    fifo = tmp_path / "fifo.md"
    os.mkfifo(fifo)
    folder = tmp_path / "dir.md"
    folder.mkdir()
    targets = [fifo, Path("/dev/zero"), folder]
    links = [tmp_path / f"link{number}.md" for number in range(len(targets))]
    for link, target in zip(links, targets, strict=True):
        link.symlink_to(target)
    started = time.monotonic()
    for path in [*targets, *links]:
        result = parse_file(path)
        assert result.lesson is None and len(result.errors) == 1
        assert "cannot read the file" in result.errors[0].message
        assert "\n" not in str(result.errors[0])
    assert time.monotonic() - started < 5  # no hang on the FIFO
    big = tmp_path / "big.md"
    with big.open("wb") as handle:
        handle.truncate(10 * 1024 * 1024)  # 10 MB
    started = time.monotonic()
    result = parse_file(big)
    assert time.monotonic() - started < 1
    assert [e.message for e in result.errors] == [
        f"too large: 10,485,760 bytes (a lesson is at most {MAX_BYTES:,})"
    ]


def test_the_ticks_a_lesson_plays_are_bounded() -> None:
    runs = "@run end\n@board n=10 mode=all\n" * 10
    started = time.monotonic()
    errors = check_text(HEADER + "@board n=10 mode=all\n" + runs, "f.md")
    assert time.monotonic() - started < 20
    assert any(f"more than {MAX_LESSON_TICKS:,} ticks" in e.message for e in errors)


DIRECTIVES = "@lesson a|@title t|@page p|@quiz|@board n=5|@board n=5 algorithm=scan|@step 3|@back"
LINES = "@run solution|@expect k = 2|@overlay sum|@question choice|@question next-choice|prompt: p"
lines = st.one_of(
    st.sampled_from([*DIRECTIVES.split("|"), *LINES.split("|")])
    | st.sampled_from(["- [x] a", "- [ ] b", "answer: 3", "@end", "```", "@@x"]),
    st.text(max_size=30),
)


@settings(max_examples=examples(150), deadline=None)
@given(st.lists(lines, max_size=25))
def test_the_parser_fails_only_with_lesson_errors(body: list[str]) -> None:
    text = "\n".join(body)
    result = parse(text, "fuzz.md")
    for error in result.errors:
        assert isinstance(error, LessonError)
        assert visible(str(error)) == str(error)
    for error in check_text(text, "fuzz.md"):
        assert isinstance(error, LessonError)


@pytest.mark.parametrize("method", sweep(["recursive", "scan", "general"], everyday=["general"]))
def test_stepping_past_the_limit_stops_at_it_with_the_slowest_methods(method: str) -> None:
    """@step plays one tick at a time: on the slowest engines the lesson's limit bounds it too."""
    steps = "@step 100000\n" * (MAX_LESSON_TICKS // 100_000 + 1)
    errors = check_text(HEADER + f"@board n=30 algorithm={method}\n" + steps, "f.md")
    assert any(f"more than {MAX_LESSON_TICKS:,} ticks" in e.message for e in errors), errors


HUGE = "9" * 5000


@pytest.mark.parametrize("text", [HUGE, "-" + HUGE, "²", "٣", "1²", " ", "", "+", "-"])
def test_whole_reads_ascii_digits_up_to_the_bound_only(text: str) -> None:
    assert whole(text) is None and not is_digits(text)
    assert whole("9" * MAX_DIGITS) == int("9" * MAX_DIGITS) and whole("-12") == -12
    assert whole("9" * (MAX_DIGITS + 1)) is None and len(shown(HUGE)) < 40
    assert too_long("9" * (MAX_DIGITS + 1)) and not too_long("9" * MAX_DIGITS)


@settings(max_examples=examples(200), deadline=None)
@given(st.text(alphabet=string.digits + "-²³¹٣߀０ ", max_size=6000))
def test_parse_int_raises_only_param_errors(text: str) -> None:
    """Any digits, of any script and any number: a value or a one-line ParamError."""
    try:
        value = parse_int(text, "n", 1, 27)
    except ParamError as error:
        message = str(error)
        assert "\n" not in message and len(message) < 200, message
    else:
        assert 1 <= value <= 27


@settings(max_examples=examples(100), deadline=None)
@given(st.lists(st.text(alphabet=string.digits, min_size=1, max_size=5000), max_size=3))
def test_parse_list_raises_only_param_errors(numbers: list[str]) -> None:
    text = "[" + ", ".join(numbers) + "]"
    try:
        values = parse_list(text, "@expect b")
    except ParamError as error:
        assert len(str(error)) < 200
    else:
        assert all(len(str(v)) <= MAX_DIGITS for v in values)


def test_a_huge_number_is_named_with_the_bound() -> None:
    with pytest.raises(ParamError, match=f"at most {MAX_DIGITS} digits"):
        Params.parse([f"n={HUGE}"], "@board").integer("n", 1, 27)
    with pytest.raises(ParamError, match="whole number, not '²'"):
        parse_int("²", "@step count", 1, 10)


LESSON = "@lesson extra\n@title Extra lesson\n\n@page One\nText.\n@board n=4\n@step\n"
BIG = "9" * 1900  # under the 2,000-character line limit, over anything int() should be asked


NUMBER = "@question number\nprompt: How many?\nanswer: "
BIG_LINES = [
    f"@step {BIG}",
    "@step ²",
    f"@back {BIG}",
    f"@expect k = {BIG}",
    f"@expect b = [{BIG}]",
]
BIG_LINES += [f"@expect b[{BIG}] = 1", f"@question solutions n={BIG}\n@end"]
BIG_LINES += ["@question next-state of=b[²]\n@end", f"{NUMBER}{BIG}\n@end"]
BIG_LINES += [f"{NUMBER}3\ntolerance: {BIG}\n@end"]


@pytest.mark.parametrize("lines", [f"{lines}\n" for lines in BIG_LINES], ids=lambda x: x[:24])
def test_lesson_numbers_give_one_short_error(lines: str) -> None:
    errors = check_text(LESSON + lines, "extra.md")
    assert errors, lines[:40]
    for error in map(str, errors):
        assert len(error) < 300 and "\n" not in error, error[:300]


def lesson(lesson_id: str, lang: str = "en", title: str = "T", extra: str = "") -> str:
    return f"@lesson {lesson_id}\n@title {title}\n@lang {lang}\n\n@page P\nText.\n{extra}"


def test_locale_language() -> None:
    assert locale_lang({"LANG": "pl_PL.UTF-8"}) == "pl"
    assert locale_lang({"LC_ALL": "it_IT", "LANG": "pl_PL"}) == "it"
    assert locale_lang({"LC_MESSAGES": "de_DE@euro"}) == "de"
    assert locale_lang({"LANG": "C.UTF-8"}) == "en"
    assert locale_lang({"LANG": "POSIX"}) == "en"
    assert locale_lang({}) == "en"


def test_builtin_lessons_begin_with_the_nine_of_the_curriculum() -> None:
    catalog = load_catalog("en")
    assert catalog.errors == ()
    assert sorted(p.name for p in (BUILTIN_DIR / "en").glob("*.md"))[0] == "01-problem.md"
    nine = "problem small-boards naive-search diagonals iterative recursive symmetry recipe cost"
    assert [lesson.id for lesson in catalog.lessons][:9] == nine.split()
    for entry in catalog.entries:
        assert entry.builtin and entry.lesson.pages[-1].scored, entry.lesson.id
        assert check_file(entry.lesson.path) == []


def test_a_lesson_is_found_by_its_id_or_number_a_missing_folder_is_said(tmp_path: Path) -> None:
    catalog = load_catalog("en", [])
    assert catalog.find("iterative") is catalog.find("5") is catalog.find("05") is not None
    assert catalog.find("42") is None and catalog.find("nope") is None
    assert catalog.find("²") is None and catalog.find(HUGE) is None
    catalog = load_catalog("en", [tmp_path / "nope"])  # a missing folder: an error, no crash
    assert [str(e) for e in catalog.errors] == [f"{tmp_path / 'nope'}: not a directory of lessons"]
    assert len(catalog.lessons) == LESSONS


def test_teacher_dir_adds_lessons_and_skips_broken_ones_and_a_built_in_id(tmp_path: Path) -> None:
    (tmp_path / "10-mine.md").write_text(lesson("mine", extra="@board n=4\n@step\n@expect k = 1\n"))
    (tmp_path / "11-bad.md").write_text(lesson("bad", extra="@board n=4\n@expect k = 9\n"))
    (tmp_path / "12-syntax.md").write_text("@lesson x\n")
    (tmp_path / "30-again.md").write_text(lesson("problem", "en", "Impostor"))
    catalog = load_catalog("en", [tmp_path])
    ids = [lesson.id for lesson in catalog.lessons]
    assert "mine" in ids and "bad" not in ids and "x" not in ids
    assert catalog.find("problem").title != "Impostor"  # type: ignore[union-attr]
    messages = [str(e) for e in catalog.errors]
    assert any("already in" in m and "30-again.md" in m for m in messages)
    assert any(m.startswith(f"{tmp_path / '11-bad.md'}:8: expected k = 9") for m in messages)
    assert any(m.startswith(f"{tmp_path / '12-syntax.md'}:1: missing @title") for m in messages)


def test_translation_is_chosen_by_language(tmp_path: Path) -> None:
    (tmp_path / "pl").mkdir()
    (tmp_path / "20-two.md").write_text(lesson("two", "en", "Two"))
    (tmp_path / "pl" / "20-two.md").write_text(lesson("two", "pl", "Dwa"))
    (tmp_path / "21-only-en.md").write_text(lesson("only-en", "en", "Only English"))
    polish = load_catalog("pl", [tmp_path])
    assert polish.find("two").title == "Dwa"  # type: ignore[union-attr]
    assert polish.find("only-en").title == "Only English"  # type: ignore[union-attr]
    assert polish.find("problem").lang == "pl"  # type: ignore[union-attr]
    english = load_catalog("en", [tmp_path])
    assert english.find("two").title == "Two"  # type: ignore[union-attr]
    german = load_catalog("de")
    assert german.find("problem").lang == "en"  # type: ignore[union-attr]


def test_two_lessons_with_one_number_are_an_error(tmp_path: Path) -> None:
    (tmp_path / "05-mine.md").write_text(lesson("mine", "en", "Mine"))  # the built-in 5's number
    (tmp_path / "40-one.md").write_text(lesson("one", "en", "One"))
    (tmp_path / "40-two.md").write_text(lesson("two", "en", "Two"))
    (tmp_path / "plain.md").write_text(lesson("plain", "en", "Plain"))
    (tmp_path / "other.md").write_text(lesson("other", "en", "Other"))  # no number: no clash
    catalog = load_catalog("en", [tmp_path])
    ids = [entry.lesson.id for entry in catalog.entries]
    assert "mine" not in ids and "two" not in ids and {"one", "plain", "other"} <= set(ids)
    assert catalog.find("5").id == "iterative" and catalog.find("40").id == "one"  # type: ignore[union-attr]
    messages = [str(e) for e in catalog.errors]
    assert any(
        "05-mine.md:1: lesson number 5 is already the built-in lesson 'iterative'" in m
        and "--only-course" in m
        for m in messages
    )
    assert any(f"40-two.md:1: lesson number 40 is already lesson 'one' in {tmp_path}" in m
               for m in messages)  # fmt: skip


def test_only_the_course_leaves_out_the_builtin_lessons(tmp_path: Path) -> None:
    (tmp_path / "01-intro.md").write_text(lesson("intro", "en", "Intro"))
    catalog = load_catalog("en", [tmp_path], only_course=True)
    assert [lesson.id for lesson in catalog.lessons] == ["intro"] and catalog.errors == ()
    assert catalog.find("1").id == "intro"  # type: ignore[union-attr]
    assert [lesson.id for lesson in catalog.in_language("pl").lessons] == ["intro"]
