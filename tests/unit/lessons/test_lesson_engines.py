"""Lesson boards played by every method of the notes (``@board algorithm=...``) and their
``@expect`` names; the values expected here come from the notes' own examples."""

from __future__ import annotations

import pytest

from lessons.answers.checking import AnswerType
from lessons.catalog import BUILTIN_DIR
from lessons.checking.validate import check_text
from lessons.model import Question
from lessons.parsing.parser import parse
from lessons.quiz.kinds import KINDS
from lessons.quiz.pose import QuizError, pose
from lessons.stage import expect_names
from solver.registry import steppable_methods, stepped
from solver.session.board import BoardSession
from tests import throwaway

P = "@lesson demo\n@title Demo\n@page P\n"  # the body below starts on line 4


def errors(body: str) -> list[str]:
    return [str(e) for e in check_text(P + body, "x.md")]


def test_the_parser_takes_exactly_the_registrys_steppable_methods() -> None:
    for method in steppable_methods():
        size = "n=4 " if stepped(method).queens else ""
        assert errors(f"@board {size}algorithm={method}\n") == [], method
    assert "algorithm" in errors("@board n=4 algorithm=bruteforce\n")[0]


@pytest.mark.parametrize(
    "body",
    [
        # the Turin notes on 4x4: the first "remove the i-th queen" leaves q = [0, 2, ...]
        "@board n=4 algorithm=recursive\n@run backtrack\n@expect depth = 2\n"
        "@expect q = [0, 2, -1, -1]\n@expect c[2] = true\n@expect event = backtrack\n"
        "@run solution\n@expect q = [1, 3, 0, 2]\n@expect c = [false, false, false, false]\n",
        # the scan: one comparison a tick
        "@board n=5 algorithm=scan\n@step 14\n@expect compare = 0\n@expect k = 2\n"
        "@expect T[1] = 2\n@step\n@expect event = test\n@expect compare = none\n",
        # the general method reaches the Salerno slide
        "@board n=9 algorithm=general\n@step 5 iterations\n@expect R = 5\n"
        "@expect regine = [0, 2, 4, 1, 3, None, None, None, None]\n@expect regine[4] = 3\n",
        "@board algorithm=maze maze=rooms\n@run solution\n@expect at = (7, 13)\n",
    ],
    ids=["recursive", "scan", "general", "maze"],
)
def test_each_methods_board_meets_the_notes_examples(body: str) -> None:
    assert errors(body) == []


def test_a_maze_needs_its_algorithm() -> None:
    assert "maze=" in errors("@board n=4 maze=rooms\n")[0]


def test_a_wrong_expect_names_its_line_and_the_actual_value() -> None:
    found = errors("@board n=4 algorithm=recursive\n@run backtrack\n@expect depth = 3\n")
    assert found == ["x.md:6: expected depth = 3, but depth = 2 at tick 15"]


def test_an_unknown_name_lists_the_names_of_the_method() -> None:
    (found,) = errors("@board n=4 algorithm=scan\n@step\n@expect q = [0]\n")
    assert found.startswith("x.md:6: @expect q: a board of algorithm=scan has ")
    assert "compare" in found and "T" in found


# The kinds that ask about the live board (guess, which plays many ticks, has tests of its own).
BOARD_QUESTIONS = ("next-choice", "next-state", "attacker", "attack-rule")


@pytest.mark.parametrize("method", steppable_methods())
def test_every_board_question_is_asked_on_every_methods_board(method: str) -> None:
    """Each board question kind is posed on every method's board where it can be asked, and its
    right answer is right; a maze asks nothing about attacks."""
    assert set(BOARD_QUESTIONS) <= {name for name, kind in KINDS.items() if kind.board}
    kit = stepped(method)
    for kind in BOARD_QUESTIONS:
        if kind.startswith("attack") and not (kit.queens and kit.tests_squares):
            continue
        params = {} if kind != "next-state" or kit.state_name else {"of": "depth"}
        session = BoardSession(method, 5, maze=None if kit.queens else "corridor")
        for _ in range(80):
            try:
                posed = pose(Question(1, kind, params), session)
            except QuizError:
                session.tick_forward()
                continue
            choice = posed.answer_type is AnswerType.CHOICE
            typed = posed.choice_label(int(posed.expected)) if choice else posed.expected
            assert posed.check(typed).correct, (method, kind)
            break
        else:
            raise AssertionError(f"{kind} is never asked on a {method} board in 80 ticks")


@pytest.mark.parametrize("method", steppable_methods())
def test_every_method_has_the_common_names(method: str) -> None:
    assert {"tick", "solutions", "finished", "event"} <= set(expect_names.names(method))


def test_the_builtin_lessons_use_the_engines() -> None:
    """Every method the tutor steps is taught on a lesson's board (a throwaway kit's too)."""
    algorithms = set()
    for path in [*sorted((BUILTIN_DIR / "en").glob("*.md")), *throwaway.lessons()]:
        lesson = parse(path.read_text(encoding="utf-8"), path).lesson
        assert lesson is not None
        for page in lesson.pages:
            for block in page.blocks:
                algorithm = getattr(block, "algorithm", None)
                if algorithm is not None:
                    algorithms.add(algorithm)
    assert algorithms == set(steppable_methods())
