"""The pseudo-locale audit (tests/unit/i18n/pseudo.py): no English outside the marks in what a
learner reads of every question of every built-in lesson and of the command line."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from lessons import i18n
from lessons.answers.checking import BACKTRACK, AnswerType, Posed
from lessons.catalog import load_catalog
from lessons.i18n import _
from lessons.model import Lesson, Question
from lessons.quiz.guess import GuessResult
from lessons.quiz.guess import grade as grade_guess
from lessons.quiz.place import PlaceResult, goal_of, grade
from lessons.quiz.pose import fill, params_of
from lessons.runner import LessonRun
from tests.cli.inproc import call
from tests.tiers import sweep
from tests.unit.i18n.pseudo import (
    BREAK,
    OPEN,
    PSEUDO_LANGUAGE,
    english_in,
    mark,
    speak_pseudo,
    unmarked,
)
from tui.cli.main import COMMANDS


@pytest.fixture
def pseudo(monkeypatch: pytest.MonkeyPatch) -> None:
    speak_pseudo(monkeypatch)


def test_the_checker_finds_english_and_lets_names_numbers_and_marks_pass() -> None:
    assert english_in("turned 90 degrees") == ["turned", "degrees"]
    assert english_in("Row 3") == ["Row"]
    assert english_in("The half turn gives b back.") == ["The half turn gives", "back"]
    assert english_in(mark("Which cell of {array}[] records it?").format(array="a")) == []
    assert english_in(mark("{given} is not right.").format(given="Row 1")) == ["Row"]
    assert english_in(mark("{given} is not right.").format(given="yes")) == ["yes"]
    assert english_in("40.320 / 92 = 438,26") == [] and english_in("438.26") == ["438.26"]
    assert english_in(mark("Right: {answer}.").format(answer="40.320")) == []
    assert english_in(mark("Right: {answer}.").format(answer="Backtrack")) == ["Backtrack"]
    assert english_in("bruteforce: b[k] = 3, col+row, --method, N, queens-tutor compare") == []
    assert english_in("the search is over", data=["the search is over"]) == []


def _typed(posed: Posed, canonical: str) -> str:
    """What a learner types for the canonical answer ``canonical``."""
    if posed.answer_type is AnswerType.CHOICE:
        return posed.choice_label(int(canonical))
    if posed.answer_type is AnswerType.ROW and canonical == BACKTRACK:
        return "b"
    if posed.answer_type is AnswerType.NUMBER and "." in canonical:
        return i18n.decimal(canonical)  # a decimal in the learner's notation (0,25)
    return canonical


def _a_wrong_answer(posed: Posed) -> str:
    if posed.answer_type is AnswerType.CHOICE:
        return str((int(posed.expected) + 1) % len(posed.choices))
    if posed.answer_type is AnswerType.ROW:
        return "0" if posed.expected == BACKTRACK else BACKTRACK
    return str(int(posed.expected) + 1 + posed.tolerance)


def _data(question: Question, posed: Posed) -> list[str]:
    """What the lesson file wrote for this question (it is data, in the lesson's language)."""
    texts = [question.prompt, question.hint, question.explain, *question.maze]
    texts += [choice.text for choice in question.choices]
    texts += [choice.why for choice in question.choices]  # why: reasons, shown when picked
    texts += [why for _number, why in question.wrong]  # wrong: reasons of a number question
    return [fill(text, posed.values) for text in texts if text]


def _question_texts(question: Question, posed: Posed) -> list[str]:
    """Everything the learner can read about one question."""
    shown = [posed.prompt, posed.hint, posed.explanation, posed.answer_text]
    shown += [f"{number}. {_(text)}" for number, text in enumerate(posed.choices, start=1)]
    shown += [posed.check("").message, posed.check("zzz").message, _revealed(posed)]
    if posed.kind == "guess":
        ticks, goal = int(posed.values["ticks"]), int(posed.values["goal"])
        for result in (
            GuessResult(goal, goal, ticks),
            GuessResult(goal, 0, ticks),
            GuessResult(1, 1, 0),
        ):
            shown.append(grade_guess(posed, result).message)
        return shown
    if posed.answer_type is AnswerType.PLACE:
        n, goal = goal_of(params_of(question))
        for result in (
            PlaceResult(n, (), False),
            PlaceResult(n + 1, (), False),
            PlaceResult(n, ((0,),), goal == "exhaust"),
        ):
            shown.append(grade(params_of(question), result).message)
        return shown
    verdict = posed.check(_typed(posed, posed.expected))
    assert verdict.correct, (posed.prompt, posed.expected)
    shown.append(verdict.message)
    for wrong in {*posed.wrong, _a_wrong_answer(posed)}:
        typed = _typed(posed, wrong)
        message = posed.check(typed).message
        if any(mark in typed for mark in ",."):  # the student's own 0,083 is data, as typed
            message = message.replace(typed, " ")
        shown.append(message)
    return shown


def _revealed(posed: Posed) -> str:
    from lessons.answers.feedback import say

    return say("answer.shown", answer=posed.answer_text, explanation=posed.explanation)


def _walk(lesson: Lesson) -> Iterator[tuple[str, Question, Posed]]:
    run = LessonRun(lesson)
    for index, page in enumerate(lesson.pages):
        run.goto(index)
        while run.asked is not None:
            asked = run.asked
            yield f"{lesson.id} page {index + 1} ({page.title})", asked.question, asked.posed
            run.reveal()
            run.go_on()


def test_every_question_of_every_lesson_is_in_the_learners_language(pseudo: None) -> None:
    catalog = load_catalog(PSEUDO_LANGUAGE)
    problems = []
    asked = 0
    for lesson in catalog.lessons:
        for where, question, posed in _walk(lesson):
            asked += 1
            if asked == 1:  # not vacuous: the questions' words come through the pseudo catalog
                assert OPEN in posed.check("").message
            data = _data(question, posed)
            for text in _question_texts(question, posed):
                if found := english_in(text, data):
                    problems.append(f"{where}, @question {question.kind}: {found} in {text!r}")
    assert asked > 100
    assert not problems, "\n".join(problems)


RUNS = """
lessons list --help | lessons check --help | trace 4 --limit 12 | trace 3 --all | solve 6
solve 3 | solve 6 --all --draw | solve 8 --method permutations
solve 8 --method random --runs 3 | solve 8 --method constructive | solve 12 --method bruteforce
count 8 --unique | count 8 --method scan | check 0 4 7 5 2 6 1 3 | check 0 1 2 3 | check 0 9
compare 8 | compare 10 | compare 3 | lessons list | progress | progress --reset | solve 99
solve x | solve 8 --method nope | solve | frobnicate | count 8 --max-time soon
count 18 --max-time 1 | count 9 --method permutations | compare 12 | solve 2
solve 8 --method random | solve 10 --method random --runs 100000 | solve 8 --all
progress --yes | solve 9 --method general --seed 3 | lessons list --lessons-dir no-such-folder
report no-such-file.json | solve 20000 --method constructive
"""
COMMAND_RUNS = (
    ("--help",),
    *((command, "--help") for command in COMMANDS),
    *(tuple(run.split()) for run in RUNS.replace("\n", "|").split("|") if run.strip()),
    ("check", *["0"] * 50),
)
"""Each command's --help, outputs and usage errors (``place`` and ``serve`` open the tutor or a
server: tests/tui audits their screens; ``lessons check``'s messages: test_teacher_messages.py)."""


SLOW_RUNS = {
    *(("compare", "8"), ("compare", "12"), ("count", "18", "--max-time", "1")),
    ("count", "9", "--method", "permutations"),  # count --method: "count 8 --method scan"
}
EVERYDAY_RUNS = [argv for argv in COMMAND_RUNS if argv not in SLOW_RUNS]
"""All but the slow runs (about 2 to 7 CPU-seconds each): ``compare 10`` prints their sentences."""


@pytest.mark.parametrize("argv", sweep(COMMAND_RUNS, everyday=EVERYDAY_RUNS), ids=" ".join)
def test_the_command_line_speaks_the_learners_language(
    argv: tuple[str, ...], pseudo: None, capsys: pytest.CaptureFixture[str]
) -> None:
    _status, out, err = call(capsys, "--lang", PSEUDO_LANGUAGE, *argv)
    lessons = load_catalog(PSEUDO_LANGUAGE).lessons
    data = [lesson.title for lesson in lessons] + [lesson.id for lesson in lessons]
    found = english_in(out, data) + english_in(err, data)
    assert OPEN in out + err or "--help" not in argv
    assert not found, f"{found}\n{out}\n{err}"


def test_a_report_of_an_exported_file_speaks_the_learners_language(
    pseudo: None, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    from lessons.progress.store import ProgressStore

    store = ProgressStore()
    for lesson in load_catalog(PSEUDO_LANGUAGE).lessons[:3]:  # some progress to report
        run = LessonRun(lesson, store)
        while run.asked is not None:
            run.hint()
            run.reveal()
            run.go_on()
    exported = tmp_path / "me.json"
    assert call(capsys, "--lang", PSEUDO_LANGUAGE, "progress", "--export", str(exported))[0] == 0
    _status, out, err = call(capsys, "--lang", PSEUDO_LANGUAGE, "report", str(exported))
    assert out.count("\n") > 3, out  # a row per lesson worked on
    _status, progress, _err = call(capsys, "--lang", PSEUDO_LANGUAGE, "progress")
    out += progress
    lessons = load_catalog(PSEUDO_LANGUAGE).lessons
    data = [lesson.title for lesson in lessons] + [lesson.id for lesson in lessons]
    # The per-question table names each question by its page's title and the prompt students
    # saw: lesson text, or the prompt its kind wrote (in the language in use).
    from lessons.report.prompts import posed_prompts
    from lessons.report.stats import whole_prompt

    for lesson in lessons:
        asked = posed_prompts(lesson)
        for page_number, page in enumerate(lesson.pages):
            for number, question in enumerate(page.questions):
                prompt = asked.get((page_number, number), "")
                shown = f"{page.title}: {whole_prompt(question, prompt)}"  # whole: not a tty
                # A prompt the kind wrote is marked where translated: its text between marks.
                data += [piece for piece in unmarked(shown).split(BREAK) if piece.strip()]
    assert OPEN in out + err
    assert not english_in(out + err, data), out + err
