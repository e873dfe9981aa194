"""A LessonRun: pages walked in order, questions asked and scored (a hint, a wrong attempt or a
shown answer costs the point, leaving does not give it back), progress saved and resumed."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from lessons.answers.checking import AnswerType
from lessons.answers.feedback import say
from lessons.catalog import load_catalog
from lessons.model import Lesson
from lessons.parsing.parser import parse
from lessons.progress.records import LessonRecord
from lessons.progress.store import ProgressStore
from lessons.runner import LessonRun
from solver.registry import steppable_methods, stepped
from solver.stepping import Stop, back_to
from tests.unit.lessons.quiz_runs import quiz_run, right, waiting

LESSON = """\
@lesson demo
@title Demo

@page The walkthrough
The Wrocław lecture on 4x4.
@board n=4
@step
@question next-choice
@end
Now b[1] is set.
@expect b = [0,2,-1,-1]

@page Column 2
@question next-choice
@end
@expect k = 1

@quiz
@question exists n=3
@end
@question choice
prompt: Which array records the rising diagonals (i+j)?
hint: The Turin notes keep three arrays: columns, rising and falling diagonals.
- [ ] c[]
- [x] a[]
- [ ] b[]
@end
@question solutions n=6
@end
"""


def demo() -> Lesson:
    lesson = parse(LESSON, "demo.md").lesson
    assert lesson is not None
    return lesson


def test_walk_a_page() -> None:
    """A page read, its question answered (the iteration played), the next page; the previous one
    replayed to where it ended, its answered question not asked again."""
    run = LessonRun(demo())
    assert [t.markdown for t in run.shown] == ["The Wrocław lecture on 4x4."]
    assert run.waiting and not run.page_done
    assert run.engine is not None and run.engine.b == (0, -1, -1, -1)
    assert not run.answer("1").correct
    assert run.waiting
    assert run.answer("2").correct
    assert run.answered and run.engine.b == (0, 2, -1, -1)  # the iteration was played
    run.go_on()
    assert [t.markdown for t in run.shown][-1] == "Now b[1] is set."
    assert run.page_done
    assert run.next_page()
    assert run.page_index == 1 and run.engine.b == (0, 2, -1, -1)
    run = LessonRun(demo())
    finish_page(run)
    assert run.engine is not None
    left = run.engine.b
    run.next_page()
    assert run.previous_page()
    # Replayed to where the page ended: its answered question is not asked again.
    assert run.page_index == 0 and run.engine is not None and run.engine.b == left
    assert run.asked is None and run.page_done
    assert not run.previous_page()


def finish_page(run: LessonRun) -> None:
    while run.waiting:
        run.answer(right(run))
        run.go_on()


def test_scores_only_quiz_questions_right_first_time_without_hint() -> None:
    run = LessonRun(demo())
    finish_page(run)
    run.next_page()
    finish_page(run)
    run.next_page()
    assert run.page.scored
    run.answer(right(run))  # exists: right first time
    run.go_on()
    run.hint()
    run.answer(right(run))  # choice: hint first, no point
    run.go_on()
    run.answer("5")  # solutions n=6: wrong, then shown
    verdict = run.reveal()
    assert "The answer: 4." in verdict.message
    run.go_on()
    assert run.page_done and run.is_last_page
    assert not run.next_page()
    assert run.finished and run.completed
    assert (run.score, run.record.best_score, run.lesson.max_score) == (1, 1, 3)
    assert run.record.runs == 1


@pytest.mark.parametrize("typed", ["seven", ""])
def test_answers_that_are_not_answers_do_not_count(typed: str) -> None:
    run = LessonRun(demo())
    verdict = run.answer(typed)
    assert not verdict.counted and run.asked is not None and run.asked.attempts == 0
    assert run.answer("2").correct


def test_progress_saved_after_every_answer_and_page_resumes_on_the_board_left(
    tmp_path: Path,
) -> None:
    path = tmp_path / "progress.json"
    store = ProgressStore(path)
    run = LessonRun(demo(), store)

    def saved() -> dict[str, object]:
        return json.loads(path.read_text())["lessons"]["demo"]  # type: ignore[no-any-return]

    assert saved()["page"] == 0
    run.answer("2")
    assert "0.0" in saved()["answers"]  # type: ignore[operator]
    run.go_on()
    run.next_page()
    assert saved()["page"] == 1
    finish_page(run)
    assert run.engine is not None
    board = (run.engine.b, run.engine.k, run.engine.tick)
    run.next_page()
    resumed = LessonRun(demo(), ProgressStore(tmp_path / "progress.json"))
    assert resumed.page_index == 2 and resumed.page.scored
    assert resumed.engine is not None
    assert (resumed.engine.b, resumed.engine.k, resumed.engine.tick) == board
    assert set(resumed.record.answers) == {"0.0", "1.0"}


def test_moving_on_is_refused_while_a_question_waits() -> None:
    run = LessonRun(demo())
    assert not run.next_page()
    with pytest.raises(IndexError):
        run.goto(9)
    run.reveal()
    with pytest.raises(RuntimeError):
        run.answer("1")


EXPLORED = """\
@lesson explore
@title Explore

@page Step it yourself
@board n=5 algorithm={method}
@step 3
A board to step.
@question choice
prompt: Ready?
- [x] yes
- [ ] no
@end
@step 2
@expect tick = 5

@page The next page
@step
"""


@pytest.mark.parametrize("method", steppable_methods())
def test_the_student_steps_the_board_and_the_lesson_goes_on_from_its_own_state(
    method: str,
) -> None:
    text = EXPLORED.format(method=method).replace(" n=5", " n=5" if stepped(method).queens else "")
    lesson = parse(text, "explore.md").lesson
    assert lesson is not None
    run = LessonRun(lesson)
    engine = run.engine
    assert engine is not None and engine.tick == 3
    assert not run.can_explore  # a question waits: it is answered, not stepped to
    run.answer("1")
    assert run.answered and run.can_explore and not run.explored
    for _ in range(4):
        engine.run(Stop.TICK, max_ticks=1)
    assert run.explored and engine.tick == 7
    run.go_on()  # the lesson plays its @step 2 from tick 3, and @expect tick = 5 holds
    assert engine.tick == 5 and not run.explored and run.page_done
    back_to(engine, 1)  # stepped back past where the lesson left it
    assert run.explored
    run.settle()
    assert engine.tick == 5 and not run.explored
    assert run.next_page() and run.engine is not None and run.engine.tick == 6
    run.engine.run(Stop.TICK, max_ticks=1)
    run.previous_page()  # the page played again as the lesson plays it, its question answered
    assert run.engine is not None and run.engine.tick == 5 and not run.explored
    assert run.asked is None and run.can_explore


def to_quiz(run: LessonRun) -> None:
    """Work the pages before the quiz."""
    while not run.page.scored:
        finish_page(run)
        run.go_on()
        assert run.next_page()


def test_a_resume_returns_to_the_quiz_question_where_the_student_stopped(tmp_path: Path) -> None:
    run = LessonRun(demo(), ProgressStore(tmp_path / "progress.json"))
    to_quiz(run)
    assert run.asked is not None and run.asked.key == "2.0"
    run.answer(right(run))
    run.go_on()
    assert run.asked is not None and run.asked.key == "2.1"  # the student leaves here
    resumed = LessonRun(demo(), ProgressStore(tmp_path / "progress.json"))
    assert resumed.page_index == 2
    assert resumed.asked is not None and resumed.asked.key == "2.1"  # not 2.0 again
    assert resumed.score == 1
    resumed.goto(2)  # coming back to the page later asks everything again: practice
    assert resumed.asked is not None and resumed.asked.key == "2.0"


def test_the_last_answer_completes_the_lesson_even_if_the_student_leaves(tmp_path: Path) -> None:
    """Till then it is the lesson in progress (the last one worked and not completed)."""
    store = ProgressStore(tmp_path / "progress.json")
    lesson = demo()
    assert store.in_progress([lesson]) is None
    run = LessonRun(lesson, store)
    to_quiz(run)
    assert store.in_progress([lesson]) is lesson
    while run.asked is not None:
        run.answer(right(run))
        if run.asked is None:
            run.go_on()
    assert store.in_progress([lesson]) is None  # completed
    saved = ProgressStore(tmp_path / "progress.json").lesson("demo")
    assert saved.completed and saved.best_score == 3 and saved.runs == 1
    assert not run.finished  # the end of the page is still to be read
    run.next_page()  # then finishing the lesson counts the run once, not twice
    assert run.finished and ProgressStore(tmp_path / "progress.json").lesson("demo").runs == 1


QUIZ = 2
"""The demo lesson's quiz page: three scored questions."""


def reopen(path: Path) -> LessonRun:
    return LessonRun(demo(), ProgressStore(path))


@pytest.mark.parametrize("slip", ["hint", "wrong", "shown"])
def test_a_hint_a_wrong_attempt_or_a_shown_answer_is_remembered_after_leaving(
    tmp_path: Path, slip: str
) -> None:
    """Resumed, the question's first outcome stands: it scores nothing."""
    path = tmp_path / "progress.json"
    run = LessonRun(demo(), ProgressStore(path), page=QUIZ)
    if slip == "hint":
        run.hint()
    elif slip == "wrong":
        assert not run.answer("1").correct  # exists n=3: 1 is "yes", wrong
    else:
        run.reveal()
    again = reopen(path)
    assert again.page_index == QUIZ and again.asked is not None
    if slip == "shown":
        assert again.asked.key == "2.1"  # the shown one is not asked again
    else:
        assert again.asked.hint_shown if slip == "hint" else again.asked.attempts == 1
        assert again.answer(right(again)).correct
    first = again.record.answers["2.0"]
    assert again.score == 0
    assert {"hint": first.hint, "wrong": first.attempts == 2, "shown": first.revealed}[slip]


def test_a_finished_lesson_reopens_at_its_start_with_its_score(tmp_path: Path) -> None:
    path = tmp_path / "progress.json"
    run = LessonRun(demo(), ProgressStore(path), page=QUIZ)
    run.hint()
    finish_page(run)
    run.next_page()
    assert run.completed and run.score == 2
    again = reopen(path)
    assert again.page_index == 0 and again.score == 2 and again.completed
    fresh = LessonRun(demo(), ProgressStore(path), restart=True)
    assert fresh.page_index == 0 and fresh.score == 0 and fresh.record.best_score == 2
    run.restart()  # started again from the finished run: best score and completion kept
    assert (run.page_index, run.score, run.record.best_score) == (0, 0, 2) and run.completed
    assert reopen(path).page_index == 0 and reopen(path).record.best_score == 2


def test_an_old_progress_file_without_open_questions_still_reads() -> None:
    old = {"page": 2, "answers": {"2.0": {"right": True, "attempts": 1, "points": 1}}}
    record = LessonRecord.from_json(json.loads(json.dumps(old)))
    assert record.open == {} and record.score == 1
    assert LessonRecord.from_json(record.to_json()) == record


NO_POINT = say("answer.no_point")
POINT = say("answer.point")


def wrong_choice(asked_posed: object) -> str:
    posed = asked_posed
    assert posed.answer_type is AnswerType.CHOICE  # type: ignore[attr-defined]
    expected = int(posed.expected)  # type: ignore[attr-defined]
    return str(1 if expected != 0 else 2)


def right_choice(asked_posed: object) -> str:
    return asked_posed.choice_label(int(asked_posed.expected))  # type: ignore[attr-defined]


def test_a_page_question_says_nothing_of_points_a_quiz_question_right_late_no_point(
    tmp_path: Path,
) -> None:
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
        run.answer(wrong_choice(posed))
        verdict = run.answer(right_choice(posed))
        assert verdict.correct and NO_POINT not in verdict.message and POINT not in verdict.message
    # A quiz question right late says it scores nothing.
    run = quiz_run(lesson, seed=7, path=tmp_path / "quiz.json")
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
            verdict = run.answer(right_choice(posed))
            assert verdict.correct and NO_POINT not in verdict.message
            assert verdict.message.endswith(POINT)
            said.append(run.score)
        elif choices == 2:  # wrong, then right: no point, and why
            assert not run.answer(wrong_choice(posed)).correct
            verdict = run.answer(right_choice(posed))
            assert verdict.correct and verdict.message.endswith(NO_POINT)
            assert POINT not in verdict.message
            assert run.feedback is not None and NO_POINT in run.feedback.message
            said.append(run.score)
        else:
            run.reveal()
    assert labels == [f"Quiz question {i} of {count}:" for i in range(1, count + 1)]
    assert said == [1, 1]


def test_a_prediction_stretch_scored_says_its_target_reached(tmp_path: Path) -> None:
    """A stretch with a tick told wrong, its target reached, says the target was reached."""
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


def test_a_solution_placed_by_hand_stays_on_the_board_after_its_question() -> None:
    """Lesson 2's "your turn: 6 x 6 by hand": the placement the student left is drawn once the
    question is answered, as a "you drive" question's is."""
    from lessons.catalog import load_catalog
    from lessons.quiz.place import PlaceResult
    from lessons.runner import LessonRun
    from solver.runs import run_method

    lesson = load_catalog("en").lessons[1]
    run = LessonRun(lesson, None)
    page = next(
        i
        for i, p in enumerate(lesson.pages)
        for q in p.questions
        if q.kind == "place" and q.params.get("goal") == "solution" and q.params.get("n") == "6"
    )
    run.goto(page)
    assert run.asked is not None and run.asked.question.kind == "place"
    b = run_method("iterative", 6).solutions[0]
    run.keep_place_board(6, [(col, row) for col, row in enumerate(b)])
    run.answer_place(PlaceResult(6, (tuple(b),), False, placed=6))
    shown = run.board_shown()
    assert run.asked is None and shown.board is not None and shown.given
    rows = dict(zip(map(int, shown.board.row_labels), shown.board.squares, strict=True))
    assert [next(r for r in rows if rows[r][col].value == "queen") for col in range(6)] == list(b)
