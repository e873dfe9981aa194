"""``lessons check`` semantics: the lesson is played headlessly and every problem has its line."""

from __future__ import annotations

from pathlib import Path

import pytest

from lessons.checking.validate import check_file, check_files, check_text

P = "@lesson demo\n@title Demo\n@page P\n"  # the body below starts on line 4


def errors(body: str) -> list[str]:
    return [str(e) for e in check_text(P + body, "x.md")]


def test_wroclaw_walkthrough_checks_clean() -> None:
    """The lecture's 4x4 states, written as @expect lines, all hold."""
    body = "@board n=4\n" + "".join(
        f"@step iteration\n@expect b = {state}\n"
        for state in (
            "[0,-1,-1,-1]",
            "[0,2,-1,-1]",
            "[0,2,-1,-1]",
            "[0,3,-1,-1]",
            "[0,3,1,-1]",
            "[0,3,1,-1]",
            "[0,3,-1,-1]",
            "[0,-1,-1,-1]",
            "[1,-1,-1,-1]",
            "[1,3,-1,-1]",
            "[1,3,0,-1]",
            "[1,3,0,2]",
        )
    )
    assert errors(body + "@step\n@expect event = solution\n@expect finished = yes\n") == []


SEMANTIC_ERRORS = [
    ("@step\n", 4, "no board yet: put @board n=N before this line"),
    ("@board n=4\n@back 1\n", 5, "@back 1: only 0 ticks have been played"),
    ("@board n=3\n@step 100\n", 5, "@step: the search is over at tick"),
    ("@board n=3\n@run end\n@run solution\n", 6, "@run solution: the search is already over"),
    (
        "@board n=4\n@step\n@expect b = [1,-1,-1,-1]\n",
        6,
        "expected b = [1,-1,-1,-1], but b = [0, -1, -1, -1]",
    ),
    ("@board n=4\n@expect k = 2\n", 5, "expected k = 2, but k = 0 at tick 0"),
    ("@board n=4\n@expect b[7] = 0\n", 5, "@expect b[7]: b has entries 0 to 3"),
    ("@board n=4\n@expect event = try\n", 5, "expected event = try, but event = none"),
    ("@board n=4\n@expect solutions = 1\n", 5, "expected solutions = 1, but solutions = 0"),
    ("@board n=4\n@expect finished = yes\n", 5, "expected finished = yes, but finished = no"),
    ("@board n=4\n@expect tick = 3\n", 5, "expected tick = 3, but tick = 0"),
    ("@board n=4\n@question next-state of=q\n@end\n", 5, "a board of algorithm=iterative has"),
    (
        "@board n=4 algorithm=scan\n@question next-state of=event\n@end\n",
        5,
        "is a word, not a number",
    ),
    ("@board n=4\n@expect b = 1,2\n", 5, "expected b = 1,2, but b = [-1, -1, -1, -1] at tick 0"),
    ("@board n=4\n@expect k = many\n", 5, "expected k = many, but k = 0 at tick 0"),
    ("@board n=4\n@expect event = explosion\n", 5, "expected event = explosion, but event = none"),
    ("@question next-choice\n@end\n", 4, "@question next-choice needs a board"),
    ("@board n=3\n@run end\n@question next-choice\n@end\n", 6, "the search is already over"),
    ("@board n=4\n@run solution\n@question next-state\n@end\n", 6, "already over"),
    (
        "@board n=4 mode=all\n@run solution\n@question next-choice\n@end\n",
        6,
        "k = 4 at tick",
    ),
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
    (
        "@question orbit b=[0,1,2,3]\n@end\n",
        4,
        "b is not a solution (the queens of columns 0 and 1 attack)",
    ),
    ("@question orbit b=[0,9]\n@end\n", 4, "b must list n rows from 0 to n-1"),
    ("@question exists n=4\nprompt: In {k}?\n@end\n", 4, "unknown field {k}"),
]


@pytest.mark.parametrize(("body", "line", "message"), SEMANTIC_ERRORS)
def test_semantic_error_has_its_line(body: str, line: int, message: str) -> None:
    found = errors(body)
    assert any(e.startswith(f"x.md:{line}: ") and message in e for e in found), found


def test_quiz_page_needs_a_question() -> None:
    assert errors("@quiz Test\n") == ["x.md:4: a @quiz page needs at least one @question"]


def test_question_ticks_are_played_in_the_check() -> None:
    """A next-choice question plays its iteration, so the @expect after it sees it."""
    body = "@board n=4\n@step\n@question next-choice\n@end\n@expect b = [0,2,-1,-1]\n"
    assert errors(body) == []
    stay = "@board n=4\n@step\n@question next-choice play=no\n@end\n@expect b = [0,-1,-1,-1]\n"
    assert errors(stay) == []


def test_syntax_errors_skip_the_run() -> None:
    """With a syntax error the lesson is not played (its state would be meaningless)."""
    assert errors("@board n=0\n@expect k = 5\n") == [
        "x.md:4: @board: n must be from 1 to 32, not 0"
    ]


def test_check_file_and_files(tmp_path: Path) -> None:
    good = tmp_path / "good.md"
    good.write_text(P + "@board n=4\n@step\n@expect k = 1\n")
    bad = tmp_path / "bad.md"
    bad.write_text(P + "@board n=4\n@expect k = 1\n")
    assert check_file(good) == []
    assert [str(e) for e in check_files([good, bad])] == [
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
    # Every situation where it can be asked is a practice question's: each student would be
    # asked the same one, a practice one.
    found = _drawn_only_from_practice((0, 1, 4, 5, 8))
    assert len(found) == 1 and "no tick where it can be asked" in found[0], found
    assert found[0].startswith("x.md:")
    assert _drawn_only_from_practice((0, 1, 4, 5)) == []  # tick 8 is left to draw
