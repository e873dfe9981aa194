"""Translations agree with their English lesson: ``lessons check`` says where they do not, and
the tutor shows English (and says so) where a translation is missing or out of line."""

from __future__ import annotations

from pathlib import Path

import pytest

from lessons.catalog import BUILTIN_DIR, lesson_lang, load_catalog
from lessons.checking.validate import check_file
from lessons.fallback import lesson_notice, page_notice, short_tag

ENGLISH = """\
@lesson walk
@title Walk
@summary A walk

@page One
Text.
@board n=4
@step iteration
@expect b = [0,-1,-1,-1]
@question next-choice
@end

@page Two
More text.
@question choice
prompt: Which?
hint: Think.
- [ ] a
- [x] b
@end

@page Three
Only words.

@quiz
@question number
prompt: How many?
answer: 2
@end
"""

TRANSLATED = {
    "@title Walk\n@summary A walk": "@title Passeggiata\n@lang it\n@summary Una passeggiata",
    "@page One\nText.": "@page Uno\nTesto.",
    "@page Two\nMore text.": "@page Due\nAltro testo.",
    "prompt: Which?\nhint: Think.": "prompt: Quale?\nhint: Pensaci.",
    "@page Three\nOnly words.\n\n@quiz": "@page Tre\nSolo parole.\n\n@quiz Verifica",
    "How many?": "Quanti?",
}
ITALIAN = ENGLISH
for english, italian in TRANSLATED.items():
    ITALIAN = ITALIAN.replace(english, italian)


def pair(tmp_path: Path, italian: str, english: str = ENGLISH, lang: str = "it") -> Path:
    (tmp_path / "en").mkdir()
    (tmp_path / lang).mkdir()
    (tmp_path / "en" / "10-walk.md").write_text(english)
    path = tmp_path / lang / "10-walk.md"
    path.write_text(italian)
    return path


def messages(path: Path) -> list[str]:
    return [str(error) for error in check_file(path)]


def test_every_mismatch_is_reported_at_its_line(tmp_path: Path) -> None:
    broken = (
        ITALIAN.replace("@expect b = [0,-1,-1,-1]", "@expect b = [0,-1,-1,-1]\n@expect k = 1")
        .replace("- [ ] a\n- [x] b", "- [x] a\n- [ ] b")
        .replace("hint: Pensaci.\n", "")
        .replace("answer: 2", "answer: 3")
    )
    path = pair(tmp_path, ITALIAN)
    assert messages(path) == []  # an agreeing translation checks clean
    path.write_text(broken)
    en = tmp_path / "en" / "10-walk.md"
    assert messages(path) == [
        f"{path}:11: @expect k = 1 is not in the English page ({en}:5)",
        f"{path}:17: the right choice is 1 where the English has 2 ({en}:15)",
        f"{path}:17: the English question has hint: ({en}:15) and this one has none",
        f"{path}:27: answer: 3 where the English has 2 ({en}:26)",
    ]
    en.write_text(ENGLISH.replace("@question next-choice", "@question next-chioce"))
    assert messages(path) == []  # the English file has its own error: its pages are not compared


def test_a_page_added_to_the_english_is_one_missing_page_warned(tmp_path: Path) -> None:
    """The pages after it still line up: only the missing one is reported, as a warning (the
    tutor shows the English page in its place)."""
    start, end = ITALIAN.index("@page Due"), ITALIAN.index("@page Tre")
    path = pair(tmp_path, ITALIAN[:start] + ITALIAN[end:])
    en = tmp_path / "en" / "10-walk.md"
    assert messages(path) == [
        f"{path}:14: warning: the English @page 'Two' ({en}:13) has no translated page; "
        "it belongs before this line"
    ]


def test_a_moved_right_choice_in_a_partial_translation_is_said_at_its_question(
    tmp_path: Path,
) -> None:
    """Pages line up by what they do, their answers aside: the page left out is the one missing,
    and the moved answer is said as such, not as a page out of line."""
    start, end = ITALIAN.index("@page Uno"), ITALIAN.index("@page Due")
    path = pair(
        tmp_path, (ITALIAN[:start] + ITALIAN[end:]).replace("- [ ] a\n- [x] b", "- [x] a\n- [ ] b")
    )
    en = tmp_path / "en" / "10-walk.md"
    assert messages(path) == [
        f"{path}:6: warning: the English @page 'One' ({en}:5) has no translated page; "
        "it belongs before this line",
        f"{path}:8: the right choice is 1 where the English has 2 ({en}:15)",
    ]


def test_a_quiz_page_turned_into_a_page_and_a_moved_board(tmp_path: Path) -> None:
    broken = ITALIAN.replace("@quiz Verifica", "@page Verifica").replace(
        "@board n=4", "@board n=4 mode=all"
    )
    path = pair(tmp_path, broken)
    en = tmp_path / "en" / "10-walk.md"
    assert messages(path) == [
        f"{path}:8: @board n=4 mode=all algorithm=iterative where the English has "
        f"@board n=4 mode=first algorithm=iterative ({en}:7)",
        f"{path}:26: @page here, but the English page is a @quiz ({en}:25)",
    ]


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("it", "Tutti i 17.778 tick, 982 alla prima."),
        ("pl", "Wszystkie 17 778 ticków, 982 do pierwszego."),
    ],
)
def test_a_fact_changed_on_one_side_is_reported(tmp_path: Path, lang: str, words: str) -> None:
    """The numbers the text mentions are the page's facts, each language grouping thousands
    its own way; a number corrected in the English and not in the translation is reported."""
    english = ENGLISH.replace("Only words.", "All 17,778 ticks, 982 to the first.")
    translation = ITALIAN.replace("@lang it", f"@lang {lang}").replace("Solo parole.", words)
    path = pair(tmp_path, translation, english, lang)
    assert messages(path) == []
    path.parent.parent.joinpath("en", "10-walk.md").write_text(english.replace("982", "983"))
    assert messages(path) == [
        f"{path}:23: the numbers differ from the English page ({tmp_path / 'en' / '10-walk.md'}:22)"
        ": only the English mentions 983; only this page mentions 982"
    ]
    lesson = load_catalog(lang, [tmp_path]).find("walk")
    assert lesson is not None
    assert [page.fallback for page in lesson.pages] == [False, False, True, False]


def test_a_translation_without_its_original_and_a_wrong_lang(tmp_path: Path) -> None:
    (tmp_path / "it").mkdir()
    orphan = tmp_path / "it" / "10-walk.md"
    orphan.write_text(ITALIAN)
    assert messages(orphan) == [
        f"{orphan}:1: warning: no English lesson 'walk' found to translate (looked in "
        f"{tmp_path / 'en'}): the tutor offers it as a lesson in its own language only"
    ]
    assert load_catalog("en", [tmp_path]).find("walk") is not None  # offered, as it says
    orphan.write_text(ITALIAN.replace("@lang it", "@lang pl").replace("walk", "other"))
    assert messages(orphan) == [f"{orphan}:1: @lang pl in the folder it/"]  # of no lesson
    (tmp_path / "x").mkdir()
    path = pair(tmp_path / "x", ITALIAN.replace("@lang it", "@lang pl"))
    assert messages(path)[0] == f"{path}:1: @lang pl in the folder it/"


def test_the_shipped_translations_agree_with_the_english() -> None:
    english = sorted(p.name for p in (BUILTIN_DIR / "en").glob("*.md"))
    for lang in ("it", "pl"):
        files = sorted((BUILTIN_DIR / lang).glob("*.md"))
        assert [p.name for p in files] == english, lang
        for path in files:
            assert check_file(path) == [], path
        catalog = load_catalog(lang)
        assert catalog.errors == ()
        assert {lesson.lang for lesson in catalog.lessons} == {lang}
        assert not any(page.fallback for lesson in catalog.lessons for page in lesson.pages)
        assert all(lesson_notice(lesson) == "" for lesson in catalog.lessons)


def test_a_page_out_of_line_is_shown_in_english_and_says_so(tmp_path: Path) -> None:
    pair(tmp_path, ITALIAN.replace("@board n=4", "@board n=4 mode=all"))
    lesson = load_catalog("it", [tmp_path]).find("walk")
    assert lesson is not None and lesson.lang == "it" and lesson.title == "Passeggiata"
    assert [page.title for page in lesson.pages] == ["One", "Due", "Tre", "Verifica"]
    assert [page.fallback for page in lesson.pages] == [True, False, False, False]
    assert page_notice(lesson, lesson.pages[0]).startswith("Questa pagina non è ancora tradotta")
    assert page_notice(lesson, lesson.pages[1]) == ""
    assert short_tag(lesson) == "pagina 1 in inglese"
    assert lesson_notice(lesson) == "La pagina 1 non è ancora tradotta: la trovi in inglese."


@pytest.mark.parametrize(
    ("lang", "notice", "tag"),
    [
        ("it", "Questa lezione non è ancora tradotta in italiano", "in inglese"),
        ("pl", "Ta lekcja nie ma jeszcze polskiego tłumaczenia", "po angielsku"),
        ("de", "This lesson is not translated into your language yet", "in English"),
    ],
)
def test_a_missing_lesson_falls_back_to_english_and_says_so(
    tmp_path: Path, lang: str, notice: str, tag: str
) -> None:
    (tmp_path / "en").mkdir()
    (tmp_path / "en" / "10-walk.md").write_text(ENGLISH)
    lesson = load_catalog(lang, [tmp_path]).find("walk")
    assert lesson is not None and lesson.lang == "en" and lesson.wanted == lang
    assert lesson.title == "Walk"
    assert lesson_notice(lesson).startswith(notice)
    assert page_notice(lesson, lesson.pages[2]).startswith(notice)
    assert short_tag(lesson) == tag
    english = load_catalog("en", [tmp_path]).find("walk")
    assert english is not None and lesson_notice(english) == "" and short_tag(english) == ""


def test_the_language_code_comes_from_an_option_or_the_locale(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    assert lesson_lang("it") == lesson_lang("it_IT.UTF-8") == "it"
    assert lesson_lang("PL") == lesson_lang("pl-PL") == "pl"
    monkeypatch.setenv("LC_ALL", "pl_PL.UTF-8")
    assert lesson_lang(None) == "pl"
    catalog = load_catalog()
    assert catalog.find("problem").lang == "pl"  # type: ignore[union-attr]
    italian = catalog.in_language("it")
    assert italian.lang == "it" and italian.find("problem").title.startswith("Il problema")  # type: ignore[union-attr]


@pytest.mark.parametrize("lang", ["pl", "en"])
def test_a_translation_declaring_another_language_and_id_is_not_clean(
    tmp_path: Path, lang: str
) -> None:
    path = pair(tmp_path, ITALIAN.replace("@lang it", f"@lang {lang}").replace("walk", "other"))
    found = messages(path)
    english = tmp_path / "en" / "10-walk.md"
    assert f"{path}:1: @lesson other translates walk ({english})" in found
    if lang == "pl":
        assert f"{path}:1: @lang pl in the folder it/" in found
    else:
        assert any("is the language of the original" in line for line in found), found
