"""How feedback is worded: each thing said once, a lead never the answer, a choice quoted one way,
the difference typed for a sum named, and a hint that says more than the feedback of a wrong
answer (the formula worked out, the list's entries counted)."""

from __future__ import annotations

import re

import pytest

from lessons import i18n
from lessons.answers.checking import AnswerType, Posed
from lessons.catalog import load_catalog
from lessons.model import Question
from lessons.quiz.pose import pose
from lessons.runner import LessonRun
from solver.methods.iterative.engine import IterativeEngine, Mode
from solver.session.board import BoardSession
from tests.tiers import sweep

LANGUAGES = ("en", "it", "pl")


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
    """A reason under a wrong choice never begins by saying the choice again."""
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
                        where = (lesson.path.name, question.line, choice.text, choice.why)
                        assert said[: len(head)] != head, where
    assert checked > 20


def _numbers(text: str) -> set[str]:
    """The numbers ``text`` says, an array's index (b[0], b[i-j+n-1]) left out."""
    return set(re.findall(r"-?\d+", re.sub(r"\w+\[[^\]]*\]", "", text)))


def test_lesson_5_page_9_wrong_k_does_not_say_the_k() -> None:
    lesson = load_catalog("en").lessons[4]
    page = next(i for i, p in enumerate(lesson.pages) if p.title == "Predict on 6 x 6")
    run = LessonRun(lesson, None, page=page)
    while run.asked is not None and run.asked.question.kind != "next-state":
        run.reveal()
        run.go_on()
    assert run.asked is not None
    posed = run.asked.posed
    assert posed.values.get("k") == "3" or "k = 3" in posed.prompt, posed.prompt
    verdict = run.answer("4")  # the student's answer: k++ after a backtrack
    assert not verdict.correct
    assert "k++ follows only a free square" in verdict.message  # the mistake is named
    assert "no row left" not in verdict.message  # ... without saying the column is spent
    said = verdict.message.removeprefix("4 is not right.")
    assert posed.expected not in _numbers(said), verdict.message


@pytest.mark.parametrize("after", ["tick", "iteration"])
@pytest.mark.parametrize("of", ["k", "b[k]"])
def test_no_wrong_state_feedback_holds_the_answer(of: str, after: str) -> None:
    engine = IterativeEngine(6, Mode.FIRST)
    checked = 0
    while not engine.finished and 0 <= engine.k < engine.n:
        posed = pose(
            Question(line=1, kind="next-state", params={"of": of, "after": after}),
            BoardSession(engine=engine),
        )
        for wrong, why in posed.wrong.items():
            checked += 1
            said = (engine.tick, wrong, why)
            if of == "k":  # the columns it names are k's now, never the one it goes to
                assert posed.expected not in _numbers(why), said
            else:  # a row it names is the one typed or an attacker's, never the answer
                assert f"row {posed.expected}" not in why.lower(), said
                assert posed.expected != "-1" or "-1" not in why, said
            # k-- named only as the rule, or beside k++ as one of an iteration's two ends
            assert "k--" not in why or "k-- follows only" in why or "k++ (a free" in why, why
        engine.step()
    assert checked > 50


def test_row_n_at_a_backtrack_does_not_say_backtrack() -> None:
    engine = IterativeEngine(4, Mode.FIRST)
    found = 0
    while not engine.finished:
        if not 0 <= engine.k < engine.n:
            engine.step()
            continue
        posed = pose(Question(line=1, kind="next-choice", params={}), BoardSession(engine=engine))
        if posed.expected == "backtrack":
            found += 1
            message = posed.check("4").message
            assert "There is no row 4" in message
            assert "backtrack" not in message.lower(), message
        engine.step()
    assert found > 0


QUOTED = {
    "en": "choice {number}, “{words}”",
    "it": "scelta {number}, «{words}»",
    "pl": "nr {number}, „{words}”",
}


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_choice_is_named_by_its_number_and_words_in_every_feedback(language: str) -> None:
    i18n.set_language(language)
    posed = pose(Question(1, "same-diagonal", {"square": "1,2", "other": "3,0"}), None)
    words = [i18n._(choice) for choice in posed.choices]
    named = [QUOTED[language].format(number=i + 1, words=w) for i, w in enumerate(words)]
    right, wrong = posed.check("1").message, posed.check("3").message
    assert named[0] in right and named[2] in wrong, (right, wrong)
    assert named[0] == posed.answer_text  # the answer shown names it so too
    assert f"1. {words[0]}" not in right and f"3. {words[2]}" not in wrong


def test_a_choice_that_is_a_number_keeps_its_number() -> None:
    """Choices that are numbers are lettered: the words or the letter choose one, and it is
    named by its letter and its words."""
    posed = Posed("choice", "p", AnswerType.CHOICE, "1", "Because.", choices=("4", "8", "6"))
    for typed in ("8", "b"):
        assert posed.check(typed).message == "Right: choice b, “8”. Because.", typed
    assert posed.check("6").message == "Not right: choice c, “6”. Try again."
    assert posed.answer_text == "choice b, “8”"


def test_a_typed_number_is_the_number_alone() -> None:
    posed = pose(Question(1, "queen-row", {"b": "[0,2,4,1,3]", "col": "3"}), None)
    right = posed.check("1").message
    assert right.startswith("Right: 1. b[3] = 1"), right
    assert "choice" not in right
    assert posed.check("3").message.startswith("3 is not right."), posed.check("3").message


def test_i_minus_j_for_a_names_the_difference() -> None:
    question = Question(1, "array-index", {"array": "a", "row": "2", "col": "5", "n": "8"})
    said = pose(question, None).check("-3").message
    assert "i-j = 2-5" in said and "its index is the sum, i+j." in said, said
    assert "2+5" not in said  # the rule, not the sum worked out


KINDS = ("search-space", "random-tries", "queen-row")
_MARKS = "“”«»„.,:;"


def _words_with_digits(text: str) -> set[str]:
    """The words of ``text`` that hold a digit (``C(25,``, ``b[0]``, ``4``), as written."""
    words = (word.strip(_MARKS) for word in text.replace("\u00a0", " ").split())
    return {word for word in words if re.search(r"\d", word)}


def _practice_questions(language: str) -> list[tuple[str, object]]:
    found = []
    for lesson in load_catalog(language).lessons:
        for index, page in enumerate(lesson.pages):
            if page.scored:
                continue
            run = LessonRun(lesson, None, page=index)
            while run.asked is not None and run.page is page:
                if run.asked.question.kind in KINDS:
                    found.append((f"{lesson.id} p{index + 1}", run.asked.posed))
                run.reveal()
                run.go_on()
    return found


@pytest.mark.parametrize("language", sweep(["en", "it", "pl"], everyday=["pl"]))
def test_the_hint_says_more_than_the_feedback_of_a_wrong_answer(language: str) -> None:
    i18n.set_language(language)
    asked = _practice_questions(language)
    where = {place for place, _posed in asked}
    # lesson 1 p3, lesson 3 pp. 1 to 4: the pages and their kin
    assert {"problem p3", *(f"naive-search p{page}" for page in (1, 2, 3, 4))} <= where, where
    repeats = []
    for place, posed in asked:
        hint = posed.hint  # type: ignore[attr-defined]
        assert hint
        for wrong in posed.wrong:  # type: ignore[attr-defined]
            said = posed.check(wrong).message  # type: ignore[attr-defined]
            if not _words_with_digits(hint) - _words_with_digits(said):
                repeats.append(f"{place} after {wrong}:\n  {said}\n  hint: {hint}")
    assert not repeats, "\n".join(repeats)


def test_the_search_space_hint_works_the_formula_out() -> None:
    def hint(method: str, n: int) -> str:
        return pose(Question(1, "search-space", {"method": method, "n": str(n)}), None).hint

    assert "C(25, 5)" in hint("bruteforce", 5) and "25 x 24 x 23 x 22 x 21" in hint("bruteforce", 5)
    assert "4^4 = 4 x 4 x 4 x 4" in hint("columns", 4)
    assert "5! = 5 x 4 x 3 x 2 x 1" in hint("permutations", 5)
    assert "64 x 63 x ... x 57" in hint("bruteforce", 8)  # a long product is cut


def test_the_unique_count_hint_does_not_lead_to_all_the_solutions() -> None:
    """The unique count's hint says each orbit counts once (all-solutions mode gives 92)."""
    unique = pose(Question(1, "solutions", {"n": "8", "unique": "yes"}), None)
    assert unique.expected == "12"
    assert "orbit counts once" in unique.hint and "rotations and reflections" in unique.hint
    every = pose(Question(1, "solutions", {"n": "8"}), None)
    assert every.expected == "92" and "orbit" not in every.hint
