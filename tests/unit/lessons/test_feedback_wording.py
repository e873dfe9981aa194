"""How feedback is worded: each thing said once, a lead never the answer, a choice quoted one way,
a hint saying more than the feedback, the step left to the student, a point earned said."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from lessons import i18n
from lessons.answers.checking import AnswerType, Posed
from lessons.answers.feedback import say
from lessons.catalog import load_catalog
from lessons.model import Lesson, Question, Text
from lessons.quiz.compare import examined
from lessons.quiz.pose import pose
from lessons.runner import LessonRun
from solver.events import Try
from solver.messages import Message, render
from solver.methods.iterative.engine import IterativeEngine, Mode
from solver.session.board import BoardSession
from tests.tiers import sweep
from tests.unit.lessons.quiz_runs import quiz_run, waiting
from tests.unit.lessons.review_progress import lesson as builtin_lesson

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
            message = posed.check("4").message  # n: the loop backtracks instead
            said = Message.of("loop.mistake.row_n_is_backtrack", k=engine.k, n=4)
            assert render(said) in message, message
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
    """Number choices are lettered, chosen by words or letter, named by both."""
    posed = Posed("choice", "p", AnswerType.CHOICE, "1", "Because.", choices=("4", "8", "6"))
    for typed in ("8", "b"):
        assert posed.check(typed).message == "Right: choice b, “8”. Because.", typed
    assert posed.check("6").message == "Not right: choice c, “6”. Try again."
    assert posed.answer_text == "choice b, “8”"


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


def q(kind: str, **params: str) -> Question:
    return Question(1, kind, params)


ARRAY = {"array": "a", "row": "2", "col": "5", "n": "8"}
SAYS = [  # (language, question, where: a part of it, or +right or -wrong typed, says, never)
    # a typed number is the number alone, no choice
    ("en", q("queen-row", b="[0,2,4,1,3]", col="3"), "+1", ["^Right: 1. b[3] = 1"], ["choice"]),
    ("en", q("queen-row", b="[0,2,4,1,3]", col="3"), "-3", ["^3 is not right."], []),
    # i-j for a: the rule named, not the sum worked out
    ("en", q("array-index", **ARRAY), "--3", ["i-j = 2-5", "its index is the sum, i+j."],
     ["2+5"]),
    # the search space's hint works the formula out, a long product cut
    ("en", q("search-space", method="bruteforce", n="5"), "hint",
     ["C(25, 5)", "25 x 24 x 23 x 22 x 21"], []),
    ("en", q("search-space", method="columns", n="4"), "hint", ["4^4 = 4 x 4 x 4 x 4"], []),
    ("en", q("search-space", method="permutations", n="5"), "hint", ["5! = 5 x 4 x 3 x 2 x 1"],
     []),
    ("en", q("search-space", method="bruteforce", n="8"), "hint", ["64 x 63 x ... x 57"], []),
    # the unique count's hint: each orbit counts once (all-solutions mode gives 92)
    ("en", q("solutions", n="8", unique="yes"), "hint",
     ["orbit counts once", "rotations and reflections"], []),
    ("en", q("solutions", n="8", unique="yes"), "expected", ["12"], []),
    ("en", q("solutions", n="8"), "hint", [], ["orbit"]),
    ("en", q("solutions", n="8"), "expected", ["92"], []),
    # a whole average without "about"; the chance of one try named, not worked out
    ("en", q("random-tries", n="5"), "explanation", ["120/10 = 12 tries"], ["about", "12.00"]),
    *[("en", q("random-tries", n="5"), f"-{typed}", ["the chance that one try succeeds"],
       ["120/10"]) for typed in ("0.083", "0.08", "0.0833")],
    ("en", q("random-tries", n="8"), "explanation", ["40,320/92 = 438.26, about 438 tries"], []),
    ("en", q("exists", n="2"), "explanation", ["for n = 2"], ["n=2"]),
    # a four-digit number grouped; written out, it keeps its formula
    ("en", q("search-space", method="columns", n="5"), "+3125", ["^Right: 3,125. "], []),
    ("en", q("search-space", method="columns", n="5"), "answer_text", ["3,125"], []),
    ("en", q("search-space", method="columns", n="5"), "+5^5", ["^Right: 5^5 = 3,125. "], []),
    # each Turin diagonal named by this board's words and by the notes' picture
    *[("en", q("array-index", **dict(ARRAY, array=array)), part,
       [f"{here} on this board, {there} in the notes' picture" if part == "prompt" else
        f"the {here} diagonals of this board, {there} in the Turin notes' picture"], [])
      for array, here, there in (("a", "col+row", "rising"), ("b", "row-col", "falling"))
      for part in ("prompt", "hint")],
    # the explicit placement names the recipe's numbers (2, 4, 6, 1, 3, 5, 7 minus 1)
    *[(code, q("construct", n="7", col="4"), "prompt", ["2, 4"], []) for code in LANGUAGES],
    *[(code, q("construct", n="7", col="4"), "expected", ["2"], []) for code in LANGUAGES],
    # 0 solutions for a board that has some: the 1 x 1 board, the solution the loop finds; a
    # neighbouring board's count; 7!/92 (the 8 x 8 example's) for tries on 7 x 7
    *[(code, q("solutions", n="1"), "-0", ["1 x 1", "n = 1"], []) for code in LANGUAGES],
    *[(code, q("solutions", n="4"), "-0", ["[1, 3, 0, 2]", "n = 2"], []) for code in LANGUAGES],
    *[(code, q("solutions", n="6"), "-10", ["5 x 5", "6 x 6"], []) for code in LANGUAGES],
    *[(code, q("random-tries", n="7"), f"-{typed}", ["92", "8 x 8"], [])
      for code in LANGUAGES for typed in ("55", "54.78" if code == "en" else "54,78")],
    # a whole mean off by one is wrong, a mean not whole is taken to its nearest
    ("en", q("random-tries", n="5"), "expected", ["12"], []),
    *[("en", q("random-tries", n=n), typed, [], []) for n, typed in
      (("5", "-11"), ("5", "-13"), ("8", "+437"), ("8", "+439"))],
    ("en", q("solutions", n="6"), "-5", ["^5 is not right."], []),
    ("en", q("solutions", n="6"), "+4", ["^Right: 4."], []),
    # an array index's mistake named: the shift forgotten or not asked, row and column
    # swapped, counted from 1 or from 0 (Pascal's a[])
    *[row for array, i, j, base, expected, typed, words in (
          ("b", 2, 5, "", 2 - 5 + 8 - 1, 2 - 5, "shifted by n-1,"),
          ("b", 3, 6, "pascal", 3 - 6, 3 - 6 + 8 - 1, "plain i-j, with no shift"),
          ("c", 2, 5, "", 5, 2, "row and column swapped"),
          ("a", 2, 5, "", 7, 3 + 6, "counted from 1"),
          ("a", 4, 6, "pascal", 10, 3 + 5, "counted from 0"))
      for question in [q("array-index", array=array, row=str(i), col=str(j), n="8",
                         **({"base": base} if base else {}))]
      for row in (("en", question, "expected", [str(expected)], []),
                  ("en", question, f"-{typed}", [f"^{typed} is not right.", words],
                   [f"= {expected}"]))],
]  # fmt: skip


@pytest.mark.parametrize(("language", "question", "where", "says", "never"), SAYS)
def test_a_posed_question_says_what_it_should_and_never_what_it_should_not(
    language: str, question: Question, where: str, says: list[str], never: list[str]
) -> None:
    i18n.set_language(language)
    posed = pose(question, None)
    if where[0] in "+-":
        verdict = posed.check(where[1:])
        assert verdict.correct == (where[0] == "+") and verdict.counted, verdict.message
    said = verdict.message if where[0] in "+-" else getattr(posed, where)
    said = " ".join(said.split()) if where == "prompt" else said
    if where == "expected":
        assert [said] == says
    for words in says:
        assert said.startswith(words[1:]) if words[0] == "^" else words in said, said
    for words in never:
        assert not said.startswith(words[1:]) if words[0] == "^" else words not in said, said


ROOT = Path(__file__).resolve().parents[3]


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_rule_of_the_other_attacker_is_named_as_that_queens(language: str) -> None:
    """(3, 0) attacked by (0, 0) on b = [0, 3, 1], sum picked: (2, 1)'s rule named as its."""
    i18n.set_language(language)
    engine = IterativeEngine(4, Mode.FIRST)
    while (event := engine.step()) is not None:
        if isinstance(event, Try) and (event.col, event.row) == (3, 0) and event.attackers:
            break
    assert event is not None and len(event.attackers) == 2
    question = Question(kind="attack-rule", params={"col": "0"}, line=1)
    posed = pose(question, BoardSession(engine=engine))
    said = posed.check("2").message
    why = say("mistake.sum_not_equal_row", sum1=3, sum2=0)
    assert why in said
    other = posed.wrong["1"].split(why)[0]
    assert other, said  # a sentence before the reason: whose rule the sum is
    assert "2" in other and "1" in other and "0" in other, other
    # the difference is no queen's rule here: its reason is the plain one
    assert posed.wrong["2"] == say("mistake.diff_not_equal_row", diff1=-3, diff2=0)


@pytest.mark.parametrize("language", sweep(LANGUAGES, everyday=["pl"]))
def test_a_quiz_point_earned_is_said(language: str, tmp_path: Path) -> None:
    """Right at the first attempt says the point in one short sentence; after a hint, none."""
    i18n.set_language(language)
    point, no_point = say("answer.point"), say("answer.no_point")
    lesson = builtin_lesson("problem", language)
    run = quiz_run(lesson, 3, tmp_path / "progress.json")
    said = []
    for number, asked in enumerate(waiting(run)):
        if number == 1:
            run.hint()
        posed = asked.posed
        typed = posed.choice_label(int(posed.expected)) if posed.choices else posed.expected
        verdict = run.answer(typed)
        assert verdict.correct, verdict.message
        said.append(verdict.message)
    assert said[0].endswith(point) and no_point not in said[0]
    assert said[1].endswith(no_point) and point not in said[1]
    assert all(message.endswith(point) for message in said[2:]), said
    assert run.score == len(said) - 1
    assert len(point.split(". ")) == 1  # one short sentence


PLAIN_AND_REASONED: list[tuple[str, dict[str, object]]] = [
    ("wrong", {"given": "13"}), ("wrong_row", {"row": 3}), ("wrong_column", {"column": 3}),
    ("wrong_backtrack", {}), ("wrong_yes", {}), ("wrong_no", {}),
    ("wrong_choice", {"given": "choice 3"}),
]  # fmt: skip
UNCLEAR = {  # (lesson, words a reader could not follow)
    "en": [("recipe", "trace its `solve`"), ("cost", "four costs per test")],
    "it": [("cost", "quattro costi per prova")],
    "pl": [("cost", "cztery koszty jednego testu")],
}
SAID = {
    "en": r"place the (\d+) queens \((\d+) of the squares tried are attacked",
    "it": r"piazzano le (\d+) regine \((\d+) delle caselle provate sono attaccate",
    "pl": r"ustawiają (\d+) hetmanów \((\d+) ze sprawdzonych pól jest atakowanych",
}


def _text(lesson: Lesson) -> str:
    blocks = (block for page in lesson.pages for block in page.blocks)
    return " ".join(
        " ".join(b.markdown.replace("\u00a0", " ").split()) for b in blocks if isinstance(b, Text)
    )


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_built_in_feedback_says_each_thing_once_and_leaves_the_step_to_the_student(
    language: str,
) -> None:
    """A wrong choice's reason never begins with the choice again; lesson 7's 5 or 7 unique
    solutions of 7 x 7 get reasons with the question's own numbers only; lesson 3's search
    spaces repeat no sentence; a verdict without a reason is the one with it, less the reason;
    lesson 1 says how many of its 15 ticks place a queen; no unclear wording is left."""
    i18n.set_language(language)
    lessons = {lesson.id: lesson for lesson in load_catalog(language).lessons}
    quoted = 0
    for lesson in lessons.values():
        for question in (q for page in lesson.pages for q in page.questions):
            for choice in (choice for choice in question.choices if choice.why):
                quoted += 1
                head = choice.text.casefold().replace(",", " ").split()[:4]
                words = choice.why.casefold().replace(",", " ").split()
                assert words[: len(head)] != head, (lesson.id, question.line, choice.why)
    assert quoted > 20
    quiz = next(page for page in lessons["symmetry"].pages if page.scored)
    orbits = next(q for q in quiz.questions if "40" in q.prompt and q.answer == "6")
    for typed in ("5", "7"):
        why = dict(orbits.wrong)[typed]
        assert {int(n) for n in re.findall(r"\d+", why)} <= {40, 8, 5, 4, int(typed)}, why
    spaces = [q for page in lessons["naive-search"].pages for q in page.questions]
    spaces = [q for q in spaces if q.kind == "search-space"]
    texts = [pose(question, None).explanation.split(". ") for question in spaces]
    sentences = [
        text for each in texts for s in each if not re.search(r"\d", text := s.strip(" ."))
    ]
    assert len(spaces) == 6 and len(sentences) == len(set(sentences)), sentences
    for key, params in PLAIN_AND_REASONED:
        said = say(f"answer.{key}_plain", **params)
        assert say(f"answer.{key}", **params, why="WHY") == f"{said} WHY"
    engine = IterativeEngine(5, Mode.FIRST)
    tries = [event for _ in range(15) if isinstance(event := engine.step(), Try)]
    placed = sum(event.placed for event in tries)
    found = re.search(SAID[language], _text(lessons["problem"]))
    assert found is not None and (int(found[1]), int(found[2])) == (placed, len(tries) - placed)
    for lesson_id, unclear in UNCLEAR[language]:
        (path,) = [
            path
            for path in (ROOT / "lessons" / "builtin" / language).glob("*.md")
            if f"@lesson {lesson_id}\n" in path.read_text(encoding="utf-8")
        ]
        assert unclear not in " ".join(path.read_text(encoding="utf-8").split())


@pytest.mark.parametrize("method", ["bruteforce", "permutations"])
def test_a_naive_compare_answer_does_not_tell_the_backtrackers_count(method: str) -> None:
    posed = pose(Question(1, "examined", {"method": method, "n": "10"}), None)
    backtracker = f"{examined('iterative', 10):,}"
    assert backtracker in posed.choices  # still a choice to tell apart
    assert backtracker not in posed.explanation, posed.explanation


def test_lesson_2_names_each_corner_start_by_its_corner() -> None:
    lesson = builtin_lesson("small-boards", "en")
    said = " ".join(
        " ".join([q.prompt, q.explain, *(c.text + " " + c.why for c in q.choices)])
        for page in lesson.pages
        for q in page.questions
    )
    assert "corner start" in said
    assert not re.search(r"\bthe corner start", said), said
