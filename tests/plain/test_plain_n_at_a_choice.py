"""``n`` at a choice question: a script writer's ``n`` meant "next". At a
choice of a yes and a no, ``n`` stays the answer no, and the plain help line of the question
says so; at any other choice a yes or no letter is never an answer (``no`` spelt whole still
picks the choice worded as a no, ``neither``)."""

from __future__ import annotations

from pathlib import Path

from lessons.answers.checking import AnswerType, Posed
from tests.cli.clirun import run_main

LESSON = """\
@lesson steps
@title First steps

@quiz Quiz
@question choice
prompt: Is b = [1,3,0,2] a solution?
- [x] yes
- [ ] no
@end
@question choice
prompt: Which equality shows that (0,1) and (1,2) share a diagonal?
- [ ] i+j
- [x] i-j
- [ ] neither
@end
"""


def test_a_letter_answers_only_a_choice_of_a_yes_and_a_no() -> None:
    yes_no = Posed("choice", "Is it?", AnswerType.CHOICE, "0", "Yes.", choices=("yes", "no"))
    assert yes_no.yes_no_question
    assert yes_no.read("n") == "1" and yes_no.read("y") == "0"
    three = Posed(
        "choice", "Which?", AnswerType.CHOICE, "1", ".", choices=("i+j", "i-j", "neither")
    )
    assert not three.yes_no_question
    assert three.read("n") is None and three.read("y") is None  # no answer: "next" in a script
    assert three.read("no") == "2"  # a no spelt whole picks the choice worded as one


def test_plain_says_n_is_no_at_a_yes_no_question_and_next_elsewhere(tmp_path: Path) -> None:
    (tmp_path / "11-first-steps.md").write_text(LESSON, encoding="utf-8")
    result = run_main(
        "--plain", "--lessons-dir", str(tmp_path), "--only-course",
        stdin="lesson 11\nn\ny\nenter\nn\n2\nenter\n",
    )  # fmt: skip
    assert result.status == 0, result.err
    out = result.out
    first, second = out.split("Quiz question 2 of 2")
    assert "y or n answers it: n is no here, not next" in first
    assert "You answered" in first or "not the answer" in first  # n answered: no
    assert "y or n answers it" not in second
    # n at the three-way choice is no answer: the tutor asks for the answer first
    after = second.split("> n\n", 1)[1].split(">", 1)[0]
    assert "Answer the question first" in after
    assert "Right" in second.split("> 2\n", 1)[1]
