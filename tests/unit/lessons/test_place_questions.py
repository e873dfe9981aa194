"""``@question place``: its parameters checked with their line, graded from what the place
board's models report (never from typed text), scored and saved like every question."""

from __future__ import annotations

import pytest

from lessons import i18n
from lessons.answers.checking import AnswerType
from lessons.checking.validate import check_text
from lessons.parsing.parser import parse
from lessons.quiz.place import PlaceResult
from lessons.runner import LessonRun
from solver.placement import MAX_N
from solver.placement.board import Exhaustion, Placement
from solver.placement.driving import Act, Answer

P = "@lesson demo\n@title Demo\n@page P\nText.\n"  # the question starts on line 5


def errors(question: str, extra: str = "") -> list[str]:
    return [str(e) for e in check_text(P + f"@question place {question}\n{extra}@end\n", "x.md")]


@pytest.mark.parametrize(
    "question",
    [
        "n=2 goal=exhaust",
        "n=3 goal=exhaust",
        "n=4 goal=solution",
        "n=1 goal=solution",
        "n=4 goal=drive",
        "n=5 goal=drive mistakes=0",
    ],
)
def test_good_parameters_check_clean(question: str) -> None:
    assert errors(question) == []


@pytest.mark.parametrize(
    ("question", "message"),
    [
        ("n=4 goal=exhaust", "goal=exhaust needs a board with no solution (n = 2 or 3), not n=4"),
        ("n=3 goal=solution", "goal=solution: the 3 x 3 board has no solution"),
        ("n=3 goal=drive", "goal=drive: the 3 x 3 board has no solution"),  # said solution
        (f"n={MAX_N + 1} goal=solution", f"n must be from 1 to {MAX_N}, not {MAX_N + 1}"),
        ("n=0 goal=solution", f"n must be from 1 to {MAX_N}, not 0"),
        ("n=4 goal=fly", "goal must be one of solution, exhaust, drive; not 'fly'"),
        ("n=4 goal=drive mistakes=-1", "mistakes must be from 0 to 1000, not -1"),
        ("n=4", "missing goal="),
        ("goal=solution", "missing n="),
        ("n=4 goal=solution play=no", "play"),
    ],
)
def test_bad_parameters_are_reported_at_their_line(question: str, message: str) -> None:
    found = errors(question)
    assert len(found) == 1 and found[0].startswith("x.md:5: "), found
    assert message in found[0]


def test_a_written_answer_is_refused() -> None:
    assert "computes its answer" in errors("n=4 goal=solution", "answer: 4\n")[0]


def run_of(question: str) -> LessonRun:
    lesson = parse(P + f"@question place {question}\n@end\n", "x.md").lesson
    assert lesson is not None
    return LessonRun(lesson)


def solved(n: int, b: tuple[int, ...]) -> PlaceResult:
    """What the board reports after the learner placed ``b`` (its models decide)."""
    placement = Placement(n)
    placement.set_queens(enumerate(b))
    solution = placement.state().solution
    found = (solution,) if solution is not None else ()
    return PlaceResult(n, found, exhausted=False)


def exhausted(n: int) -> PlaceResult:
    exhaustion = Exhaustion(n)
    for b in Exhaustion(n).all:
        placement = Placement(n)
        placement.set_queens(enumerate(b))
        exhaustion.observe(placement.state())
    return PlaceResult(n, (), exhaustion.exhausted())


def test_only_the_board_answers_a_place_question() -> None:
    """Typed text never answers a place question, and only a place question is answered on the
    board."""
    run = run_of("n=4 goal=solution")
    assert run.asked is not None and run.asked.posed.answer_type is AnswerType.PLACE
    for text in ("done", "1", run.asked.posed.expected):
        verdict = run.answer(text)
        assert not verdict.correct and not verdict.counted
    assert run.asked is not None and run.asked.attempts == 0
    lesson = parse(P + "@question exists n=4\n@end\n", "x.md").lesson
    assert lesson is not None
    with pytest.raises(RuntimeError):
        LessonRun(lesson).answer_place(PlaceResult(4, (), False))


def test_a_board_left_before_its_goal_is_no_attempt_and_a_solution_placed_is_right() -> None:
    """Nothing done, queens that attack, another size: the board opens again as it was left,
    so leaving it costs nothing; the visit that places a solution is the first attempt, right."""
    run = run_of("n=4 goal=solution")
    assert not run.answer_place(PlaceResult(4, (), False)).correct
    assert not run.answer_place(solved(4, (0, 1, 2, 3))).counted  # attacks: no solution
    other = run.answer_place(solved(5, (0, 2, 4, 1, 3)))
    assert not other.correct and not other.counted and "left it at 5 x 5" in other.message
    assert run.asked is not None and run.asked.attempts == 0 and "0.0" not in run.record.open
    verdict = run.answer_place(solved(4, (2, 0, 3, 1)))
    assert verdict.correct and run.answered
    assert "you placed a solution of the 4 x 4 board" in verdict.message
    assert run.record.answers["0.0"].attempts == 1 and run.record.answers["0.0"].right


@pytest.mark.parametrize("lang", ["en", "it", "pl"])
def test_a_board_left_unsolved_is_said_to_be_no_solution_yet(lang: str) -> None:
    """Not "the 4 x 4 board has no solution": what the learner
    left, too few queens or queens that attack."""
    i18n.set_language(lang)
    run = run_of("n=4 goal=solution")
    two = run.answer_place(PlaceResult(4, (), False, placed=2)).message.replace("\u00a0", " ")
    attacking = run.answer_place(PlaceResult(4, (), False, placed=4)).message
    said = {
        "en": ("Not a solution yet: 2 queens of 4 on the board.", "attack each other"),
        "it": ("Non è ancora una soluzione: 2 regine su 4 sulla scacchiera.", "si attaccano"),
        "pl": ("To jeszcze nie rozwiązanie: 2 hetmany z 4 na szachownicy.", "atakują się"),
    }[lang]
    assert two.startswith(said[0]), two
    assert said[1] in attacking, attacking
    for message in (two, attacking):
        assert "no solution" not in message and "non c'è una soluzione" not in message
        assert "nie ma rozwiązania" not in message


def test_exhausting_a_board_with_no_solution_is_right() -> None:
    run = run_of("n=3 goal=exhaust")
    assert not run.answer_place(PlaceResult(3, (), False)).correct
    result = exhausted(3)
    assert result.exhausted
    assert run.answer_place(result).correct


def test_driving_the_loop_to_its_first_solution_is_graded_by_its_wrong_steps() -> None:
    run = run_of("n=4 goal=drive mistakes=1")
    asked = run.asked
    assert asked is not None and asked.posed.values["goal"] == "drive"
    not_yet = run.answer_place(PlaceResult(4, (), False, driven=False, right=5, asked=5))
    assert not not_yet.correct and "not reached the first solution" in not_yet.message
    assert run.asked is not None and run.asked.attempts == 0  # halfway: it goes on from there
    failed = run.answer_place(PlaceResult(4, (), False, driven=False, right=5, asked=7))
    assert not failed.correct and run.asked.attempts == 1  # halfway, two wrong of one allowed
    assert "so far. At most 1 may be wrong: press [o] and drive it again" in (failed.message)
    sloppy = run.answer_place(PlaceResult(4, (), False, driven=True, right=20, asked=26))
    assert not sloppy.correct and "only 20 of your 26 steps were right" in sloppy.message
    assert run.asked is not None and run.asked.attempts == 2
    missed = tuple(Answer(Act.TRY, (2, row % 4)) for row in range(9))  # nine wrong, six named
    many = run.answer_place(PlaceResult(4, (), False, True, right=17, asked=26, missed=missed))
    assert "column 2, row 1; and 3 more." in many.message and run.asked.attempts == 3
    good = run.answer_place(PlaceResult(4, (), False, driven=True, right=25, asked=26))
    assert good.correct and "25 of your 26 steps were graded right" in good.message
    assert run.record.answers["0.0"].attempts == 4


@pytest.mark.parametrize(
    ("language", "right", "allowed", "words"),
    [
        ("it", 1, 1, ("solo 1 passo su 30 era giusto", "Al massimo 1 può essere sbagliato")),
        ("it", 20, 2, ("solo 20 passi su 30 erano giusti", "Al massimo 2 possono essere")),
        ("pl", 1, 1, ("dobrych kroków było tylko 1 z 30", "Błędny może być najwyżej 1 krok")),
        ("pl", 20, 2, ("tylko 20 z 30", "Błędne mogą być najwyżej 2 kroki")),
        ("pl", 20, 5, ("tylko 20 z 30", "Błędnych może być najwyżej 5 kroków")),
        ("en", 1, 1, ("only 1 of your 30 steps was right", "At most 1 may be wrong")),
    ],
)
def test_the_drive_grade_agrees_with_its_numbers(
    language: str, right: int, allowed: int, words: tuple[str, str]
) -> None:
    """The Italian "solo 1 dei tuoi 30 passi erano giusti", "al massimo 1" with a plural."""
    with i18n.speaking(language):
        run = run_of(f"n=4 goal=drive mistakes={allowed}")
        verdict = run.answer_place(PlaceResult(4, (), False, driven=True, right=right, asked=30))
    assert not verdict.correct
    for part in words:
        assert part in verdict.message, verdict.message


def test_every_attempt_on_the_board_is_kept_with_its_time_in_the_record() -> None:
    """Each visit that is an attempt kept with its time: the queens placed and solutions
    found, a drive's steps (a board left halfway is none)."""
    run = run_of("n=4 goal=solution")
    run.answer_place(PlaceResult(4, (), False, placed=2))
    assert run.answer_place(PlaceResult(4, ((2, 0, 3, 1),), False, placed=4)).correct
    done = run.record.answers["0.0"]
    assert done.given == ("n=4 queens=4 found=1",) and len(done.given_at) == 1
    run = run_of("n=4 goal=drive mistakes=1")
    run.answer_place(PlaceResult(4, (), False, driven=True, right=20, asked=26))
    run = run_of("n=4 goal=drive mistakes=1")
    run.answer_place(PlaceResult(4, (), False, driven=True, right=20, asked=26))
    assert run.record.open["0.0"].given == ("n=4 queens=0 found=0 steps=20/26 driven",)
