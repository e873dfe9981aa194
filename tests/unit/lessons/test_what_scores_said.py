"""What scores, said: a quiz question right late or after the hint says it scores nothing and
why; a page's question says nothing of it; quiz questions say their place."""

from __future__ import annotations

from pathlib import Path

from lessons.answers.checking import AnswerType
from lessons.answers.feedback import say
from lessons.catalog import load_catalog
from lessons.progress.store import ProgressStore
from lessons.runner import LessonRun
from tests.unit.lessons.quiz_runs import quiz_run, waiting

NO_POINT = say("answer.no_point")
POINT = say("answer.point")


def wrong(asked_posed: object) -> str:
    posed = asked_posed
    assert posed.answer_type is AnswerType.CHOICE  # type: ignore[attr-defined]
    expected = int(posed.expected)  # type: ignore[attr-defined]
    return str(1 if expected != 0 else 2)


def right(asked_posed: object) -> str:
    return asked_posed.choice_label(int(asked_posed.expected))  # type: ignore[attr-defined]


def test_a_quiz_question_right_late_says_it_scores_nothing(tmp_path: Path) -> None:
    lesson = load_catalog("en").find("problem")
    run = quiz_run(lesson, seed=7, path=tmp_path / "progress.json")
    count = len(run.page.questions)
    assert count > 1
    labels, said = [], []
    choices = 0
    for asked in waiting(run):
        labels.append(run.question_label)
        posed = asked.posed
        if posed.answer_type is not AnswerType.CHOICE:
            run.reveal()
            continue
        choices += 1
        if choices == 1:  # right at once: a point, and said
            verdict = run.answer(right(posed))
            assert verdict.correct and NO_POINT not in verdict.message
            assert verdict.message.endswith(POINT)
            said.append(run.score)
        elif choices == 2:  # wrong, then right: no point, and why
            assert not run.answer(wrong(posed)).correct
            verdict = run.answer(right(posed))
            assert verdict.correct and verdict.message.endswith(NO_POINT)
            assert POINT not in verdict.message
            assert run.feedback is not None and NO_POINT in run.feedback.message
            said.append(run.score)
        else:
            run.reveal()
    assert labels == [f"Quiz question {i} of {count}:" for i in range(1, count + 1)]
    assert said == [1, 1]


def test_a_page_question_says_nothing_of_points(tmp_path: Path) -> None:
    lesson = load_catalog("en").find("problem")
    run = LessonRun(lesson, ProgressStore(tmp_path / "progress.json"))
    for _ in range(50):
        if run.asked is not None:
            break
        run.go_on() if run.answered else run.next_page()
    assert run.asked is not None and not run.asked.scored
    assert run.question_label == "Practice:"
    posed = run.asked.posed
    if posed.answer_type is AnswerType.CHOICE:
        run.answer(wrong(posed))
        verdict = run.answer(right(posed))
        assert verdict.correct and NO_POINT not in verdict.message and POINT not in verdict.message


def test_a_prediction_stretch_scored_says_its_target_reached(tmp_path: Path) -> None:
    """A stretch with a tick told wrong, its target reached at the
    first visit, said "right at the first attempt"; it says the target was reached."""
    from lessons.quiz.guess import GuessResult

    lesson = load_catalog("en").find("iterative")
    run = quiz_run(lesson, seed=7, path=tmp_path / "progress.json")
    for asked in waiting(run):
        if asked.question.kind != "guess":
            run.reveal()
            continue
        ticks = int(asked.posed.values["ticks"])
        verdict = run.answer_guess(GuessResult(asked=ticks, right=ticks - 1, played=ticks))
        assert verdict.correct, verdict.message
        assert verdict.message.endswith(say("answer.point.target"))
        assert POINT not in verdict.message
        return
    raise AssertionError("lesson 5's quiz has no prediction stretch")
