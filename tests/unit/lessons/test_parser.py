"""The lesson parser and ``lessons check``: every directive read right, the lesson played
headlessly, every syntax or semantic error reported with its line; a text parsed once."""

from __future__ import annotations

from pathlib import Path

import pytest

from lessons import i18n
from lessons.checking.validate import check_file, check_text
from lessons.model import (
    BackOp,
    BoardOp,
    Choice,
    ExpectOp,
    Overlay,
    OverlayOp,
    Question,
    RunOp,
    RunTo,
    StepOp,
    StepUnit,
    Text,
)
from lessons.parsing import parser
from lessons.parsing.parser import parse, parse_file

HEADER = "@lesson demo\n@title Demo\n"


def lesson_of(body: str):  # type: ignore[no-untyped-def]
    result = parse(HEADER + body, "demo.md")
    assert result.errors == (), [str(e) for e in result.errors]
    assert result.lesson is not None
    return result.lesson


def errors_of(text: str) -> list[str]:
    return [str(e) for e in parse(text, "x.md").errors]


def test_header_and_pages() -> None:
    text = (
        "@lesson intro-1\n@title The problem\n@lang pl\n@summary One line.\n\n"
        "@page First\nSome *text*.\n\nMore.\n@quiz\n@question exists n=4\n@end\n"
    )
    result = parse(text, "a.md")
    lesson = result.lesson
    assert result.errors == () and lesson is not None
    assert lesson_of("@page P\n").lang == "en"  # English unless @lang says
    assert (lesson.id, lesson.title) == ("intro-1", "The problem")
    assert (lesson.lang, lesson.summary) == ("pl", "One line.")
    first, quiz = lesson.pages
    assert (first.title, first.scored, first.line) == ("First", False, 6)
    assert first.blocks == (Text(7, "Some *text*.\n\nMore."),)
    assert (quiz.title, quiz.scored) == ("Quiz", True)
    assert lesson.max_score == 1


def test_board_directives() -> None:
    lesson = lesson_of(
        "@page P\n"
        "@board n=4\n"
        "@board n=6 mode=all algorithm=iterative\n"
        "@step\n"
        "@step 3\n"
        "@step 2 iterations\n"
        "@step iteration\n"
        "@back\n"
        "@back 2\n"
        "@run solution\n"
        "@overlay diff\n"
        "@expect b = [1, 3, 0, 2]\n"
        "@expect b[2] = -1\n"
        "@expect k=3\n"
        "@expect event = backtrack\n"
        "@expect finished = yes\n"
    )
    assert lesson.pages[0].blocks == (
        BoardOp(4, 4, False, "iterative"),
        BoardOp(5, 6, True, "iterative"),
        StepOp(6, 1, StepUnit.TICK),
        StepOp(7, 3, StepUnit.TICK),
        StepOp(8, 2, StepUnit.ITERATION),
        StepOp(9, 1, StepUnit.ITERATION),
        BackOp(10, 1),
        BackOp(11, 2),
        RunOp(12, RunTo.SOLUTION),
        OverlayOp(13, Overlay.DIFF),
        ExpectOp(14, "b", "[1, 3, 0, 2]", "[1, 3, 0, 2]"),
        ExpectOp(15, "b[2]", "-1", "-1"),
        ExpectOp(16, "k", "3", "3"),
        ExpectOp(17, "event", "backtrack", "backtrack"),
        ExpectOp(18, "finished", "yes", "yes"),
    )


def test_question_fields_and_choices() -> None:
    lesson = lesson_of(
        "@page P\n"
        "@question choice\n"
        "prompt: Which array holds\n"
        "prompt: the rising diagonals?\n"
        "hint: i+j\n"
        "explain: the Turin notes\n"
        "\n"
        "- [ ] c[]\n"
        "- [x] a[]\n"
        "* [ ] b[]\n"
        "@end\n"
    )
    (question,) = lesson.pages[0].blocks
    assert isinstance(question, Question)
    assert question.line == 4
    assert question.prompt == "Which array holds\nthe rising diagonals?"
    assert (question.hint, question.explain) == ("i+j", "the Turin notes")
    assert question.choices == (Choice("c[]", False), Choice("a[]", True), Choice("b[]", False))


BLOCKS = [  # a page's body (from line 3), the blocks it parses to
    (
        "@question orbit b=[0, 4, 7, 5, 2, 6, 1, 3]\n@end\n",
        (Question(4, "orbit", {"b": "[0, 4, 7, 5, 2, 6, 1, 3]"}),),
    ),
    (
        "@question number\nprompt: 2+2?\nanswer: 4\ntolerance: 1\n@end\n",
        (Question(4, "number", prompt="2+2?", answer="4", tolerance="1"),),
    ),
    (
        "```python\n@decorator\ndef f(): ...\n```\n@@home is text\n",
        (Text(4, "```python\n@decorator\ndef f(): ...\n```\n@home is text"),),
    ),
    ("before\n@board n=4\nafter\n", (Text(4, "before"), BoardOp(5, 4), Text(6, "after"))),
]


@pytest.mark.parametrize(("body", "blocks"), BLOCKS)
def test_a_pages_blocks(body: str, blocks: tuple[object, ...]) -> None:
    """Brackets kept whole, a number's answer and tolerance, fences and @@ as text, text split."""
    assert lesson_of("@page P\n" + body).pages[0].blocks == blocks


P = HEADER + "@page P\n"  # the body below starts on line 4

SYNTAX_ERRORS = [
    ("@lesson x\n@title T\nstray text\n@page P\n", 3, "text before the first @page"),
    (P + "@question exists n=4\n", 4, "@question is never closed with @end"),
    ("@title T\n@page P\n", 1, "missing @lesson"),
    ("@lesson x\n@page P\n", 1, "missing @title"),
    (HEADER, 1, "the lesson has no pages"),
    (P + "@question exists n=4\n@end now\n", 5, "@end takes no arguments"),
    (P + "@question exists n=4\n@board n=4\n@end\n", 5, "@board inside a question"),
    (P + "@question choice\nprompt: q\n- [ ]\n@end\n", 6, "a choice needs text"),
    (P + "@question exists n=4\nfoo: bar\n@end\n", 5, "not a question field: 'foo: bar'"),
    (P + "@question number\nprompt: q\nanswer: 1\nanswer: 2\n@end\n", 7, "answer: given twice"),
    (P + "@1 two\n", 4, "not a directive"),
    (P + "@bored n=4\n", 4, "unknown directive @bored"),
    (P + "@end\n", 4, "@end without a @question"),
    (HEADER + "@board n=4\n@page P\n", 3, "@board must be inside a page"),
    (P + "@board n=0\n", 4, "@board: n must be from 1 to 32, not 0"),
    (P + "@board n=four\n", 4, "@board: n must be a whole number, not 'four'"),
    (P + "@board\n", 4, "@board: missing n="),
    (P + "@board maze=detour\n", 4, "@board maze= goes with algorithm=maze"),
    (P + "@board n=4 size=5\n", 4, "@board: unknown parameter size="),
    (P + "@board n=4 mode=some\n", 4, "@board: mode must be one of first, all"),
    (P + "@board n=4 algorithm=magic\n", 4, "algorithm must be one of iterative"),
    (P + "@board n=4 n=5\n", 4, "@board: n= given twice"),
    (P + "@board 4\n", 4, "@board: expected key=value, not '4'"),
    (P + "@step 0\n", 4, "@step count must be from 1 to"),
    (P + "@step 2 leaps\n", 4, "@step unit must be one of tick, ticks, iteration, iterations"),
    (P + "@step 2 ticks more\n", 4, "@step takes a count and a unit"),
    (P + "@back x\n", 4, "@back count must be a whole number"),
    (P + "@back 1 2\n", 4, "@back takes one number"),
    (P + "@run\n", 4, "@run needs one of"),
    (P + "@run away\n", 4, "@run must be one of iteration, backtrack, solution, end"),
    (P + "@overlay\n", 4, "@overlay needs one of"),
    (P + "@overlay tilted\n", 4, "@overlay must be one of off, sum, diff"),
    (P + "@expect q = 1\n", 4, "@expect q: a board of algorithm=iterative has tick, solutions"),
    (P + "@expect b\n", 4, "@expect needs NAME = VALUE with NAME one of tick, solutions"),
    (P + "@board n=4 algorithm=recursive\n@expect k = 1\n", 5, "board of algorithm=recursive has"),
    (P + "@question\n@end\n", 4, "@question needs a kind"),
    (P + "@question exists n\n@end\n", 4, "@question exists: expected key=value, not 'n'"),
    (P + "@question ponder\n@end\n", 4, "unknown question kind 'ponder'"),
    (P + "@question exists m=4\n@end\n", 4, "@question exists: unknown parameter m="),
    (P + "@question search-space n=4\n@end\n", 4, "@question search-space: missing method="),
    (P + "@question choice\nprompt: q\n- [x] only\n@end\n", 4, "needs at least two choices"),
    (P + "@question choice\nprompt: q\n- [ ] a\n- [ ] b\n@end\n", 4, "exactly one '- [x]'"),
    (P + "@question choice\n- [x] a\n- [ ] b\n@end\n", 4, "needs a 'prompt:' line"),
    (P + "@question number\nprompt: q\nanswer: lots\n@end\n", 4, "needs 'answer:' with a whole"),
    (P + "@question number\nprompt: q\nanswer: 1\ntolerance: -2\n@end\n", 4, "tolerance must be"),
    (P + "@question exists n=4\n- [x] a\n@end\n", 4, "computes its own choices"),
    (P + "@question exists n=4\nanswer: yes\n@end\n", 4, "computes its answer"),
    (P + "@question next-choice play=maybe\n@end\n", 4, "play must be yes or no"),
    (P + "@title Again\n", 4, "@title belongs before the first @page"),
    ("@lesson x\n@title T\n@title U\n@page P\n", 3, "@title given twice (first on line 2)"),
    ("@lesson x\n@title\n@page P\n", 2, "@title needs a value"),
    ("@lesson Bad_Id\n@title T\n@page P\n", 1, "lesson id must be lowercase"),
    ("@lesson x\n@title T\n@lang english\n@page P\n", 3, "@lang must be a language code"),
    (HEADER + "@page\n", 3, "@page needs a title"),
]


def test_a_bad_question_line_still_owns_its_fields_and_parsing_goes_on_after_errors() -> None:
    """The fields of a question whose first line is bad do not spill onto the page; nor do
    those of a question after one without its @end: one mistake, one error."""
    unclosed = "@question number\n@question choice\nprompt: p\n- [x] a\n- [ ] b\nwhy: c\n"
    assert errors_of(P + "@question exists n\nprompt: q\n@end\n" + unclosed + "@end\n") == [
        "x.md:4: @question exists: expected key=value, not 'n'",
        "x.md:8: @question inside a question: close the question with @end first",
    ]
    found = errors_of(P + "@bored\n@board n=0\n@run away\n")
    assert [e.split(":")[1] for e in found] == ["4", "5", "6"]


def test_unreadable_file_is_one_error(tmp_path: Path) -> None:
    path = tmp_path / "bad.md"
    path.write_bytes(b"\xff\xfe@lesson")
    result = parse_file(path)
    assert result.lesson is None
    assert [str(e) for e in result.errors] == [f"{path}:1: cannot read the file: not UTF-8 text"]
    missing = parse_file(tmp_path / "missing.md")
    assert "cannot read the file: No such file or directory" in str(missing.errors[0])


TEXT = "@lesson parsed-once\n@title Parsed once\n@page One\nText.\n@end\n"
"""A lesson with one error (``@end`` without a question): its words are the language's."""


@pytest.fixture(autouse=True)
def _room_kept() -> None:
    parser._PARSED.clear()


def test_the_same_text_is_parsed_once_until_the_language_or_the_methods_change() -> None:
    from solver import registry

    first = parse(TEXT, "once.md")
    assert first.lesson is not None and first.errors
    assert parse(TEXT, "once.md") is first
    assert parse(TEXT, "other.md") is not first  # another file: its own errors name it
    with i18n.speaking("it"):  # another language parses again, with its words
        italian = parse(TEXT, "once.md")
    assert italian is not first
    assert italian.errors[0].message != first.errors[0].message
    assert parse(TEXT, "once.md") is first
    before = parse(TEXT, "once.md")  # a method registered since parses again
    kit = registry.KITS[-1]
    registry.unregister(kit.name)
    try:
        assert parse(TEXT, "once.md") is not before
    finally:
        registry.register(kit)


def errors(body: str) -> list[str]:
    return [str(e) for e in check_text(P + body, "x.md")]


def test_wroclaw_walkthrough_checks_clean() -> None:
    """The lecture's 4x4 states, written as @expect lines, all hold."""
    states = "[0,-1,-1,-1] [0,2,-1,-1] [0,2,-1,-1] [0,3,-1,-1] [0,3,1,-1] [0,3,1,-1]"
    states += " [0,3,-1,-1] [0,-1,-1,-1] [1,-1,-1,-1] [1,3,-1,-1] [1,3,0,-1] [1,3,0,2]"
    body = "@board n=4\n" + "".join(f"@step iteration\n@expect b = {b}\n" for b in states.split())
    assert errors(body + "@step\n@expect event = solution\n@expect finished = yes\n") == []


SEMANTIC_ERRORS = [
    ("@step\n", 4, "no board yet: put @board n=N before this line"),
    ("@board n=4\n@back 1\n", 5, "@back 1: only 0 ticks have been played"),
    ("@board n=3\n@step 100\n", 5, "@step: the search is over at tick"),
    ("@board n=3\n@run end\n@run solution\n", 6, "@run solution: the search is already over"),
    ("@board n=4\n@step\n@expect b = [1,-1,-1,-1]\n", 6, "[1,-1,-1,-1], but b = [0, -1, -1, -1]"),
    ("@board n=4\n@expect k = 2\n", 5, "expected k = 2, but k = 0 at tick 0"),
    ("@board n=4\n@expect b[7] = 0\n", 5, "@expect b[7]: b has entries 0 to 3"),
    ("@board n=4\n@expect event = try\n", 5, "expected event = try, but event = none"),
    ("@board n=4\n@expect solutions = 1\n", 5, "expected solutions = 1, but solutions = 0"),
    ("@board n=4\n@expect finished = yes\n", 5, "expected finished = yes, but finished = no"),
    ("@board n=4\n@expect tick = 3\n", 5, "expected tick = 3, but tick = 0"),
    ("@board n=4\n@question next-state of=q\n@end\n", 5, "a board of algorithm=iterative has"),
    ("@board n=4 algorithm=scan\n@question next-state of=event\n@end\n", 5, "a word, not a number"),
    ("@board n=4\n@expect b = 1,2\n", 5, "expected b = 1,2, but b = [-1, -1, -1, -1] at tick 0"),
    ("@board n=4\n@expect k = many\n", 5, "expected k = many, but k = 0 at tick 0"),
    ("@board n=4\n@expect event = explosion\n", 5, "expected event = explosion, but event = none"),
    ("@question next-choice\n@end\n", 4, "@question next-choice needs a board"),
    ("@board n=3\n@run end\n@question next-choice\n@end\n", 6, "the search is already over"),
    ("@board n=4\n@run solution\n@question next-state\n@end\n", 6, "already over"),
    ("@board n=4 mode=all\n@run solution\n@question next-choice\n@end\n", 6, "k = 4 at tick"),
    ("@board n=4 mode=all\n@run solution\n@question next-state of=b[k]\n@end\n", 6, "b[k] is not"),
    ("@board n=4\n@question next-state of=b[9]\n@end\n", 5, "b has entries 0 to 3"),
    ("@board n=4\n@step\n@question attacker\n@end\n", 6, "did not hit an attacked square"),
    ("@board n=4\n@question attack-rule\n@end\n", 5, "did not hit an attacked square"),
    ("@board n=4\n@step 2\n@question attack-rule col=2\n@end\n", 6, "column 2 does not attack"),
    ("@question same-diagonal square=0,0 other=0,3\n@end\n", 4, "different rows and columns"),
    ("@board n=4\n@question same-diagonal square=0,0 other=5,5\n@end\n", 5, "off the 4 x 4 board"),
    ("@question array-index array=a row=1 col=2\n@end\n", 4, "give n= (or put @board"),
    ("@question array-index array=a row=9 col=2 n=8\n@end\n", 4, "row must be from 0 to 7"),
    ("@question array-index array=b row=0 col=2 n=8 base=pascal\n@end\n", 4, "from 1 to 8"),
    ("@question array-index array=d row=0 col=2 n=8\n@end\n", 4, "array must be one of a, b, c"),
    ("@question solutions n=11\n@end\n", 4, "n must be from 1 to 10, not 11"),
    ("@question solutions\n@end\n", 4, "@question solutions: give n="),
    ("@board n=12\n@question solutions\n@end\n", 5, "n must be at most 10, not 12"),
    ("@question search-space method=magic n=4\n@end\n", 4, "method must be one of"),
    ("@question random-tries n=3\n@end\n", 4, "n = 3 has no solution"),
    ("@question work n=30\n@end\n", 4, "n must be from 1 to 20"),
    ("@question work n=12 mode=all\n@end\n", 4, "n must be from 1 to 10"),
    ("@question orbit b=[0,1,2,3]\n@end\n", 4, "not a solution (the queens of columns 0 and 1"),
    ("@question orbit b=[0,9]\n@end\n", 4, "b must list n rows from 0 to n-1"),
    ("@question exists n=4\nprompt: In {k}?\n@end\n", 4, "unknown field {k}"),
]


@pytest.mark.parametrize(
    ("text", "line", "message"), SYNTAX_ERRORS + [(P + b, n, m) for b, n, m in SEMANTIC_ERRORS]
)
def test_an_error_has_its_line(text: str, line: int, message: str) -> None:
    found = [str(e) for e in check_text(text, "x.md")]
    assert any(e.startswith(f"x.md:{line}: ") and message in e for e in found), found


def test_question_ticks_are_played_in_the_check() -> None:
    """A next-choice question plays its iteration, so the @expect after it sees it."""
    body = "@board n=4\n@step\n@question next-choice\n@end\n@expect b = [0,2,-1,-1]\n"
    assert errors(body) == []
    stay = "@board n=4\n@step\n@question next-choice play=no\n@end\n@expect b = [0,-1,-1,-1]\n"
    assert errors(stay) == []


def test_a_quiz_page_needs_a_question_and_a_syntax_error_skips_the_run() -> None:
    """With a syntax error the lesson is not played (its state would be meaningless)."""
    assert errors("@quiz Test\n") == ["x.md:4: a @quiz page needs at least one @question"]
    assert errors("@board n=0\n@expect k = 5\n") == [
        "x.md:4: @board: n must be from 1 to 32, not 0"
    ]


def test_check_file_and_files(tmp_path: Path) -> None:
    good = tmp_path / "good.md"
    good.write_text(P + "@board n=4\n@step\n@expect k = 1\n")
    bad = tmp_path / "bad.md"
    bad.write_text(P + "@board n=4\n@expect k = 1\n")
    assert check_file(good) == []
    assert [str(e) for path in (good, bad) for e in check_file(path)] == [
        f"{bad}:5: expected k = 1, but k = 0 at tick 0"
    ]


def _drawn_only_from_practice(practice_ticks: tuple[int, ...]) -> list[str]:
    """A 2 x 2 quiz next-choice after practice at every tick it can be asked at."""
    practice = "".join(
        f"@board n=2\n@step {tick}\n@question next-choice\n@end\n"
        if tick
        else "@board n=2\n@question next-choice\n@end\n"
        for tick in practice_ticks
    )
    return errors(practice + "@quiz Quiz\n@board n=2\n@question next-choice\n@end\n")


def test_a_live_quiz_question_with_no_situation_left_to_draw_is_an_error() -> None:
    # Every situation where it can be asked is a practice question's, or one its answer plays
    # through: each student would be asked the same one, or one a feedback told.
    found = _drawn_only_from_practice((0, 1, 4, 5))
    assert len(found) == 1 and "no tick like this one" in found[0], found
    assert found[0].startswith("x.md:")
    assert _drawn_only_from_practice((0, 1, 4)) == []  # tick 8 is left to draw
