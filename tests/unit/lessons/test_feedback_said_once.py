"""Feedback says each thing once: a wrong answer
offers the hint only while the hint has not been shown, and a wrong choice's reason does not
repeat the choice the feedback has just quoted."""

from __future__ import annotations

import pytest

from lessons import i18n
from lessons.catalog import load_catalog
from lessons.runner import LessonRun

LANGUAGES = ("en", "it", "pl")


@pytest.fixture(autouse=True)
def _english_after() -> object:
    yield
    i18n.set_language("en")


def _wrong(run: LessonRun) -> str:
    """A wrong answer to the waiting question (a choice, or a number not its answer)."""
    posed = run.asked.posed  # type: ignore[union-attr]
    if posed.choices:
        return posed.choice_label((int(posed.expected) + 1) % len(posed.choices))
    return str(int(posed.expected) + 1)


@pytest.mark.parametrize("language", LANGUAGES)
def test_no_hint_offered_once_it_was_shown(language: str) -> None:
    i18n.set_language(language)
    lesson = load_catalog(language).lessons[0]
    quiz = next(i for i, page in enumerate(lesson.pages) if page.scored)
    run = LessonRun(lesson, None, page=quiz)
    while run.asked is not None and not run.asked.posed.hint:
        run.reveal()
        run.go_on()
    assert run.asked is not None
    offer = i18n._("Try again, or ask for a hint.")
    before = run.answer(_wrong(run)).message
    assert before.endswith(offer), before
    hint = run.hint()
    after = run.answer(_wrong(run)).message
    assert offer not in after and after.endswith(i18n._("Try again.")), (hint, after)


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_wrong_choice_is_quoted_once(language: str) -> None:
    """Every built-in choice question: the reason under a wrong choice does not begin by
    saying the choice again (the feedback quotes it just before: "Not right: 1. a[k]=i, ...
    a[k]=i, ...")."""
    i18n.set_language(language)
    checked = 0
    for lesson in load_catalog(language).lessons:
        for page in lesson.pages:
            for question in page.questions:
                for choice in question.choices:
                    if choice.why:
                        checked += 1
                        head = choice.text.casefold().replace(",", " ").split()[:4]
                        said = choice.why.casefold().replace(",", " ").split()
                        assert said[: len(head)] != head, (
                            lesson.path.name,
                            question.line,
                            choice.text,
                            choice.why,
                        )
    assert checked > 20
