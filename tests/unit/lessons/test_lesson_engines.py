"""The lesson format read and checked: boards of every method and their ``@expect`` names, and a
wrong choice's ``why:`` read, refused where it does not belong, shown when picked, translated."""

from __future__ import annotations

from pathlib import Path

import pytest

from lessons.answers.checking import AnswerType
from lessons.catalog import BUILTIN_DIR
from lessons.checking.validate import check_file
from lessons.i18n import set_language
from lessons.model import BoardOp, Choice, Question
from lessons.parsing.parser import parse
from lessons.quiz.kinds import KINDS
from lessons.quiz.params import ParamError
from lessons.quiz.pose import QuizError, pose
from lessons.quiz.static import check_choices
from lessons.stage import Stage, expect_names
from solver.registry import steppable_methods, stepped
from solver.session.board import BoardSession
from tests import throwaway
from tests.cli.inproc import call
from tests.unit.lessons.test_parser import P, errors  # the body below P starts on line 4


@pytest.mark.parametrize("method", steppable_methods())
def test_the_parser_takes_every_steppable_method_with_the_common_names(method: str) -> None:
    size = "n=4 " if stepped(method).queens else ""
    assert errors(f"@board {size}algorithm={method}\n") == [], method
    assert {"tick", "solutions", "finished", "event"} <= set(expect_names.names(method))


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


# The kinds that ask about the live board (guess, which plays many ticks, has tests of its own).
BOARD_QUESTIONS = ("next-choice", "next-state", "attacker", "attack-rule")


@pytest.mark.parametrize("method", steppable_methods())
def test_every_board_question_is_asked_on_every_methods_board(method: str) -> None:
    """Every board question kind is posed and right-answered on every method it fits."""
    assert set(BOARD_QUESTIONS) <= {name for name, kind in KINDS.items() if kind.board}
    kit = stepped(method)
    for kind in BOARD_QUESTIONS:
        session = BoardSession(method, 5, maze=None if kit.queens else "corridor")
        if kind.startswith("attack") and not (kit.queens and kit.tests_squares):
            told = "tests no square" if kit.queens else "has no queens"  # the refusal says why
            with pytest.raises(QuizError, match=told):
                pose(Question(1, kind, {}), session)
            continue
        params = {} if kind != "next-state" or kit.state_name else {"of": "depth"}
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


QUESTION = """\
@question choice
prompt: What does b[2] = -1 mean?
- [ ] the queen of column 2 is in the last row
  why: -1 is no row: rows go from 0 to n-1, and -1 marks a column with no queen yet.
- [x] column 2 has no queen yet
- [ ] row 2 has no queen
@end
"""


def question_of(body: str) -> Question:
    result = parse(P + body, "x.md")
    assert result.errors == (), [str(e) for e in result.errors]
    assert result.lesson is not None
    (question,) = result.lesson.pages[0].questions
    return question


def test_a_why_line_belongs_to_the_choice_above_it_even_unindented_after_blank_lines() -> None:
    question = question_of(QUESTION)
    first, right, last = question.choices
    assert first.why.startswith("-1 is no row: rows go from 0 to n-1")
    assert (first.line, first.why_line, right.line) == (6, 7, 8)
    assert (right.why, last.why) == ("", "")
    question = question_of(
        "@board n=4\n@question choice\nprompt: Which?\n- [ ] a\n\nwhy: Not {{a}} on {n} x {n}.\n"
        "- [x] b\n@end\n"
    )
    assert question.choices[0].why == "Not {{a}} on {n} x {n}."
    stage = Stage()
    stage.apply(BoardOp(4, 4))
    assert pose(question, stage.session).wrong == {"0": "Not {a} on 4 x 4."}  # the board's values


REASON = "-1 is no row: rows go from 0 to n-1, and -1 marks a column with no queen yet."
PICKED = f"Not right: choice 1, “the queen of column 2 is in the last row”. {REASON} Try again."
UNSTOPPED = QUESTION.replace(REASON, "that is the other diagonal")
SHOWN = [  # (language, the question, typed, what the feedback is: =whole, ^start, $end, ~part)
    ("en", QUESTION, "1", f"={PICKED}"),
    ("en", QUESTION, "the queen of column 2 is in the last row", f"={PICKED}"),  # its text
    ("en", QUESTION, "3", "=Not right: choice 3, “row 2 has no queen”. Try again."),  # no why
    ("en", QUESTION, "2", "!-1 is no row"),  # right: no reason of a wrong choice
    # a reason without a full stop ends its sentence before "Try again"
    ("en", UNSTOPPED, "1", "$that is the other diagonal. Try again."),
    ("en", UNSTOPPED.replace("that is the other diagonal", "is -1 a row?"), "1",
     "$is -1 a row? Try again."),
    # in another language, the lesson's own text
    *[(lang, QUESTION, "1", "~-1 is no row: rows go from 0 to n-1") for lang in ("it", "pl")],
    ("it", QUESTION, "3", "^Sbagliato: scelta 3, «row 2 has no queen»."),
    ("pl", QUESTION, "3", "^Źle: nr 3, „row 2 has no queen”."),
]  # fmt: skip


@pytest.mark.parametrize(("lang", "body", "typed", "said"), SHOWN, ids=range(len(SHOWN)))
def test_the_reason_is_shown_when_its_choice_is_picked_and_only_then(
    lang: str, body: str, typed: str, said: str
) -> None:
    set_language(lang)
    verdict = pose(question_of(body), None).check(typed)
    assert verdict.correct == (said[0] == "!"), verdict.message
    mark, words = said[0], said[1:]
    message = verdict.message
    assert {"=": message == words, "^": message.startswith(words), "$": message.endswith(words),
            "~": words in message, "!": words not in message}[mark], message  # fmt: skip


def test_a_reason_is_data_never_markup() -> None:
    """Markup shows as written; a control character is an error at its line, made visible."""
    question = question_of(
        "@question choice\nprompt: Which?\n- [ ] a\n  why: [bold]no[/] here.\n- [x] b\n@end\n"
    )
    assert "[bold]no[/] here." in pose(question, None).check("1").message
    body = "@question choice\nprompt: Which?\n- [ ] a\n  why: no \x1b[31m\n- [x] b\n@end\n"
    found = errors(body)
    assert any(e.startswith("x.md:7: control or direction character") for e in found), found
    result = parse(P + body, "x.md")
    assert result.lesson is not None
    (question,) = result.lesson.pages[0].questions
    assert "\x1b" not in question.choices[0].why and "\u241b" in question.choices[0].why


MISPLACED = "why: must come right under the choice it explains"
WHY_ERRORS = [  # (line, words of the error, body); boards and their @expect names first
    (4, "algorithm", "@board n=4 algorithm=bruteforce\n"),  # not a steppable method
    (4, "maze=", "@board n=4 maze=rooms\n"),  # a maze needs its algorithm
    (6, "expected depth = 3, but depth = 2 at tick 15",
     "@board n=4 algorithm=recursive\n@run backtrack\n@expect depth = 3\n"),
    (6, "@expect q: a board of algorithm=scan has ",
     "@board n=4 algorithm=scan\n@step\n@expect q = [0]\n"),
    (6, MISPLACED,
     "@question choice\nprompt: Which?\nwhy: early\n- [ ] a\n- [x] b\n@end\n"),
    (8, MISPLACED,
     "@question choice\nprompt: Which?\n- [ ] a\nhint: h\nwhy: late\n- [x] b\n@end\n"),
    (7, "why: needs the reason after it",
     "@question choice\nprompt: Which?\n- [ ] a\n  why:\n- [x] b\n@end\n"),
    (8, "a choice has one why: line",
     "@question choice\nprompt: Which?\n- [ ] a\n  why: one\n  why: two\n- [x] b\n@end\n"),
    (8, "why: under the right choice: write what a right answer should take away in explain:",
     "@question choice\nprompt: Which?\n- [ ] a\n- [x] b\n  why: reinforce\n@end\n"),
    (7, "why: gives the reason for a choice of a @question choice; @question number has no "
        "written choices",
     "@question number\nprompt: How many?\nanswer: 2\nwhy: because\n@end\n"),
    (7, "@question attacker has no written choices",
     "@board n=4\n@step 2\n@question attacker\nwhy: because\n@end\n"),
    (7, MISPLACED,
     "@question choice\nprompt: Which?\n- [ ]\n  why: no text above\n- [ ] a\n- [x] b\n@end\n"),
    (5, "unknown field {nope} in the question text",
     "@board n=4\n@question choice\nprompt: Which?\n- [ ] a\n  why: {nope}\n- [x] b\n@end\n"),
    (7, "why: under a wrong choice",
     "@question choice\nprompt: Which?\n- [ ] a\n  because: x\n- [x] b\n@end\n"),
]  # fmt: skip


@pytest.mark.parametrize(("line", "message", "body"), WHY_ERRORS)
def test_lessons_check_refuses_a_misplaced_or_empty_why(line: int, message: str, body: str) -> None:
    found = errors(body)
    assert any(e.startswith(f"x.md:{line}: ") and message in e for e in found), found
    if "@expect" in body:  # the actual value, or the names the method has
        assert found == [f"x.md:{line}: {message}"] or ("compare" in found[0] and "T" in found[0])


def test_a_question_built_in_code_with_a_reason_on_the_right_choice_is_refused() -> None:
    question = Question(
        1, "choice", prompt="Which?", choices=(Choice("a", False), Choice("b", True, why="yes"))
    )
    with pytest.raises(ParamError, match="why: under the right choice"):
        check_choices(question)
    with pytest.raises(QuizError):
        pose(question, None)


ENGLISH = f"""\
@lesson walk
@title Walk

@page One
{QUESTION}"""

ITALIAN = """\
@lesson walk
@title Passeggiata
@lang it

@page Uno
@question choice
prompt: Che cosa vuol dire b[2] = -1?
- [ ] la regina della colonna 2 è nell'ultima riga
  why: -1 non è una riga: le righe vanno da 0 a n-1, e -1 segna una colonna ancora senza regina.
- [x] la colonna 2 non ha ancora una regina
- [ ] la riga 2 non ha regine
@end
"""


def pair(tmp_path: Path, translation: str) -> tuple[Path, Path]:
    for folder in ("en", "it"):
        (tmp_path / folder).mkdir(parents=True)
    english = tmp_path / "en" / "10-walk.md"
    english.write_text(ENGLISH)
    path = tmp_path / "it" / "10-walk.md"
    path.write_text(translation)
    return english, path


def test_a_reason_missing_or_added_in_a_translation_is_reported(tmp_path: Path) -> None:
    _, path = pair(tmp_path / "same", ITALIAN)
    assert [str(e) for e in check_file(path)] == []  # the same reasons: clean
    moved = ITALIAN.replace(
        "  why: -1 non è una riga: le righe vanno da 0 a n-1, e -1 segna una colonna ancora "
        "senza regina.\n",
        "",
    ).replace(
        "- [ ] la riga 2 non ha regine\n",
        "- [ ] la riga 2 non ha regine\n"
        "  why: in b[] l'indice è la colonna (da 0 a n-1), non la riga.\n",
    )
    english, path = pair(tmp_path / "moved", moved)
    assert [str(e) for e in check_file(path)] == [
        f"{path}:8: the English choice 1 has why: ({english}:8) and this one has none",
        f"{path}:11: why: under choice 3, where the English choice has none ({english}:10)",
    ]


def test_lessons_check_prints_a_misplaced_why_at_its_line_and_exits_1(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "why.md"
    path.write_text(P + QUESTION.replace("- [x] column 2", "  why: again\n- [x] column 2"))
    status, out, err = call(capsys, "lessons", "check", str(path))
    assert status == 1
    assert f"{path}:8: a choice has one why: line; write its reason on one line" in out + err
    path.write_text(P + QUESTION)
    assert call(capsys, "lessons", "check", str(path))[0] == 0


@pytest.mark.parametrize(("answer", "tolerance"), [("16", ""), ("15", "tolerance: 1\n")])
def test_a_wrong_number_the_question_takes_as_right_is_an_error(
    answer: str, tolerance: str
) -> None:
    body = (
        "@question number\nprompt: How many entries has b[] for n = 8?\n"
        f"answer: {answer}\n{tolerance}wrong: 16: That counts 2n.\nwrong: 13: Too few.\n@end\n"
    )
    assert errors(body) == [
        f"x.md:4: wrong: 16 is taken as right (answer: {answer}, give or take its tolerance): "
        "its reason would never be shown"
    ]
