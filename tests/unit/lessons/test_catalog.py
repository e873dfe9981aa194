"""The catalog: built-in lessons, a teacher's directory, languages, broken files skipped."""

from __future__ import annotations

from pathlib import Path

from lessons.catalog import BUILTIN_DIR, load_catalog, locale_lang
from lessons.checking.validate import check_file


def lesson(lesson_id: str, lang: str = "en", title: str = "T", extra: str = "") -> str:
    return f"@lesson {lesson_id}\n@title {title}\n@lang {lang}\n\n@page P\nText.\n{extra}"


def test_locale_language() -> None:
    assert locale_lang({"LANG": "pl_PL.UTF-8"}) == "pl"
    assert locale_lang({"LC_ALL": "it_IT", "LANG": "pl_PL"}) == "it"
    assert locale_lang({"LC_MESSAGES": "de_DE@euro"}) == "de"
    assert locale_lang({"LANG": "C.UTF-8"}) == "en"
    assert locale_lang({"LANG": "POSIX"}) == "en"
    assert locale_lang({}) == "en"


def test_builtin_lessons_are_the_nine_of_the_curriculum() -> None:
    catalog = load_catalog("en")
    assert catalog.errors == ()
    assert sorted(p.name for p in (BUILTIN_DIR / "en").glob("*.md"))[0] == "01-problem.md"
    nine = "problem small-boards naive-search diagonals iterative recursive symmetry recipe cost"
    assert [lesson.id for lesson in catalog.lessons] == nine.split()
    for entry in catalog.entries:
        assert entry.builtin and entry.lesson.pages[-1].scored, entry.lesson.id
        assert check_file(entry.lesson.path) == []


def test_find_by_id_or_number() -> None:
    catalog = load_catalog("en")
    assert catalog.find("iterative") is catalog.find("5") is catalog.find("05")
    assert catalog.find("42") is None and catalog.find("nope") is None


def test_teacher_dir_adds_lessons_and_skips_broken(tmp_path: Path) -> None:
    (tmp_path / "10-mine.md").write_text(lesson("mine", extra="@board n=4\n@step\n@expect k = 1\n"))
    (tmp_path / "11-bad.md").write_text(lesson("bad", extra="@board n=4\n@expect k = 9\n"))
    (tmp_path / "12-syntax.md").write_text("@lesson x\n")
    catalog = load_catalog("en", [tmp_path])
    ids = [lesson.id for lesson in catalog.lessons]
    assert ids[-1] == "mine" and "bad" not in ids and "x" not in ids
    messages = [str(e) for e in catalog.errors]
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


def test_duplicate_id_is_reported_and_skipped(tmp_path: Path) -> None:
    (tmp_path / "30-again.md").write_text(lesson("problem", "en", "Impostor"))
    catalog = load_catalog("en", [tmp_path])
    assert catalog.find("problem").title != "Impostor"  # type: ignore[union-attr]
    assert any("already in" in str(e) and "30-again.md" in str(e) for e in catalog.errors)


def test_missing_dir_is_an_error_not_a_crash(tmp_path: Path) -> None:
    catalog = load_catalog("en", [tmp_path / "nope"])
    assert [str(e) for e in catalog.errors] == [f"{tmp_path / 'nope'}: not a directory of lessons"]
    assert len(catalog.lessons) == 9


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
