"""Numbers in the questions a learner reads are written with the language's separators, and
an answer reads right whichever separators it is typed with."""

from __future__ import annotations

from lessons import i18n
from lessons.answers.checking import Posed
from lessons.model import Question
from lessons.quiz.pose import pose


def _pose(kind: str, **params: str) -> Posed:
    return pose(Question(kind=kind, params=params, line=1), None)


def test_the_examined_question_in_polish_shows_and_reads_polish_numbers() -> None:
    i18n.set_language("pl")
    posed = _pose("examined", method="permutations", n="8")
    assert "2\u00a0843" in posed.choices and "metoda permutations to metoda permutacji" in (
        posed.prompt
    )
    assert "z 40\u00a0320 (n!)" in posed.explanation
    for typed in ("2843", "2 843", "2\u00a0843", "2,843", "2.843"):
        assert posed.check(typed).correct, typed
    assert not posed.check("876").correct  # a distractor, typed as a number
    assert posed.check("876").message.startswith("Źle: odpowiedź a, „876”.")


def test_the_examined_question_in_english_keeps_its_words() -> None:
    posed = _pose("examined", method="iterative", n="8")
    assert posed.prompt == (
        "In queens-tutor compare 8, the line iterative is the Wrocław loop. How many squares "
        "does it test until its first solution?"
    )
    assert posed.choices == ("105", "876", "982") and posed.check("876").correct


def test_one_tick_ahead_is_the_next_tick_in_english_and_polish() -> None:
    from solver.session.board import BoardSession

    question = Question(kind="next-state", params={"of": "k", "ticks": "1"}, line=1)
    posed = pose(question, BoardSession(n=4))
    assert "Play the next tick in your head" in posed.prompt
    assert posed.explanation.endswith("In this tick the search never backtracked: k = 1.")
    i18n.set_language("pl")
    posed = pose(question, BoardSession(n=4))
    assert "następny krok" in posed.prompt and "W tym kroku przeszukiwanie" in posed.explanation
    assert "1 następny" not in posed.prompt
