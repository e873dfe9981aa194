"""An instance that gives its answer away as the screen stands: a next-choice whose landing
square the last tick found free (drawn as the square being tried) is an error of ``lessons
check``; a next-state whose value stays as its prompt prints it, a warning; a quiz draws
neither; a question in error leaves the lines after it on its board unchecked, said once."""

from __future__ import annotations

from pathlib import Path

import pytest

from lessons.checking.validate import check_text
from lessons.model import Question
from lessons.parsing.parser import parse
from lessons.quiz.draw import situations
from lessons.quiz.pose import QuizError, pose
from lessons.runner import LessonRun
from lessons.stage import Stage
from solver.registry import KITS, SteppableKit
from solver.session.board import BoardSession
from solver.stepping import Stop
from solver.views.frame import CellMark, Mark
from tests.cli.clirun import run_main

TRY = Mark.TRYING
HEAD = "@lesson x\n@title X\n@page P\nText.\n"
QUEENS = sorted(
    k.name for k in KITS if isinstance(k, SteppableKit) and k.queens and k.tests_squares
)


def said(body: str) -> list[tuple[int, bool, str]]:
    return [(e.line, e.warning, e.message) for e in check_text(HEAD + body, "x.md", True)]


def asking(board: str, tick: int, kind: str = "next-choice") -> LessonRun:
    """A lesson's run on ``board`` at ``tick``, its question of ``kind`` waiting."""
    lesson = parse(f"{HEAD}@board {board}\n@step {tick}\n@question {kind}\n@end\n", "x.md")
    assert lesson.lesson is not None
    run = LessonRun(lesson.lesson)
    assert run.asked is not None
    return run


@pytest.mark.parametrize("method", QUEENS)
def test_a_next_choice_given_away_is_one_whose_square_the_board_draws_tried(method: str) -> None:
    """Given away: the board draws a square being tried, and the answer's ticks put the queen
    there without testing another square (every tick of the first 50 of a 6 x 6 search)."""
    given_away = 0
    for tick in range(50):
        session = BoardSession(method, 6, lesson=True)
        session.engine.run(Stop.END, max_ticks=tick)
        try:
            posed = pose(Question(1, "next-choice", {}, "", "", ""), session)
        except QuizError:
            continue
        if not posed.given:
            continue
        given_away += 1
        squares = session.frame().board.squares
        trying = [(y, x) for y, line in enumerate(squares) for x, m in enumerate(line) if m == TRY]
        assert len(trying) == 1, (method, tick)
        session.engine.run(Stop.END, max_ticks=posed.play)
        (y, x), after = trying[0], session.frame().board.squares
        assert after[y][x] is Mark.QUEEN, (method, tick)  # the square drawn tried: the queen's
    assert given_away > 0 or method == "iterative"  # the loop places as its test finds free


def test_lessons_check_names_an_answer_the_screen_or_the_prompt_gives() -> None:
    choice = said("@board n=5 algorithm=recursive\n@step 2\n@question next-choice\n@end\n")
    assert [(line, warning) for line, warning, _ in choice] == [(7, False)], choice
    assert "already found the square it takes next free" in choice[0][2]
    assert said("@board n=5 algorithm=recursive\n@step 1\n@question next-choice\n@end\n") == []
    maze = said("@board algorithm=maze maze=detour\n@step 11\n@question next-choice\n@end\n")
    assert [(line, warning) for line, warning, _ in maze] == [(7, False)], maze  # a step tried
    first = said("@board n=5 algorithm=scan\n@step 2\n@question next-choice\n@end\n")
    assert [(line, warning) for line, warning, _ in first] == [(7, False)], first  # sicura(0, 0)
    stays = said("@board n=6\n@step 15\n@question next-state of=b[4] ticks=7\n@end\n")
    assert [(line, warning) for line, warning, _ in stays] == [(7, True)], stays
    assert "b[4] = 3 and stays so" in stays[0][2] and "another tick" in stays[0][2]
    asked = "@question rotations b=[1,3,0,2]\nhint: Turn it.\n@end\n"  # 4 x 4: one orbit
    again = said(f"{asked}@quiz\n{asked.replace('1,3,0,2', '2,0,3,1')}")
    assert [(line, warning) for line, warning, _ in again] == [(9, True)], again
    assert "from memory" in again[0][2] and not said(
        f"{asked}@quiz\n{asked.replace('1,3,0,2', '1,3,5,0,2,4')}"
    )


def test_a_quiz_never_draws_a_value_that_stays_as_its_prompt_prints_it() -> None:
    text = HEAD + "@quiz\n@board n=6\n@step 15\n@question next-state of=b[4] ticks=7\n@end\n"
    lesson = parse(text, "x.md").lesson
    assert lesson is not None
    stage = Stage()
    page = lesson.pages[-1]
    *moves, question = page.blocks
    for block in moves:
        stage.apply(block)
    assert isinstance(question, Question)
    ticks = situations(question, stage)
    assert len(ticks) > 5
    engine = stage.engine
    assert engine is not None
    for tick in ticks:
        engine.run(Stop.END, max_ticks=tick - engine.tick)
        posed = pose(question, stage.session)
        assert not posed.given and not posed.prompt.startswith(f"Now b[4] = {posed.expected} ")


def test_a_question_in_error_leaves_the_board_after_it_unchecked() -> None:
    """Its ticks are unknown: the ``@expect`` after it would be told against a board left
    behind; the error says they are checked once it is fixed."""
    broken = "@question next-state of=queens\n@end\n"
    body = f"@board n=6\n@step 9\n{broken}@expect tick = 22\n@page Q\n@expect k = 9\n"
    found = said(body)
    assert len(found) == 1 and "checked once it is fixed" in found[0][2], found
    assert said(body.replace("@page Q\n", "@page Q\n@board n=4\n"))[1:] != []


def test_a_next_choice_hides_the_rows_a_kit_says_tell_where_it_lands(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A kit's ``land_hides`` rows (Richards' ``avail``) show ``?`` while a lesson's next-choice
    waits, as in guess mode; the other rows and the rows after the answer as they are."""
    from solver.registry import kit

    monkeypatch.setattr(type(kit("recursive")), "land_hides", ("c",))
    run = asking("n=5 algorithm=recursive", 1)

    def rows() -> dict[str, list[str]]:
        frame = run.page_frame()
        assert frame is not None and frame.tables is not None
        return {row.label: [cell.text for cell in row.cells] for row in frame.tables.rows}

    waiting = rows()
    assert set(waiting["c"]) == {"?"} and "?" not in waiting["a"], waiting
    run.reveal()
    assert "?" not in rows()["c"]


@pytest.mark.parametrize(("tick", "line"), [(38, "if(c[j]"), (65, "for(int j")])
def test_a_next_choice_keeps_first_the_line_that_decides_it(tick: int, line: str) -> None:
    """The Turin notes, 6 x 6: after removing a queen with columns left to try, the test of
    the next one (its if); after removing it from the last column, the for that runs out."""
    run = asking("n=6 algorithm=recursive", tick)
    code = run.session.frame().code if run.session is not None else None
    assert code is not None
    assert code.lines[run.question_lines()[0]].strip().startswith(line), run.question_lines()


def test_an_attacker_the_state_names_is_given_away_and_no_cell_is_marked_read() -> None:
    """The edutecnica search finds a square attacked by comparing it with one queen, whose
    ``i`` its state shows: attacker there is an error (attack-rule is not); while either waits,
    the state marks no cell the last tick read (the Turin test's c[j], a[i+j], b[i-j+n-1]) and
    the code no line it ran (sicura's one true test: the rule)."""
    scan = said("@board n=6 algorithm=scan\n@step 75\n@question attacker\n@end\n")
    assert [(line, warning) for line, warning, _ in scan] == [(7, False)], scan
    assert "compared the square with one queen" in scan[0][2]
    assert said("@board n=6 algorithm=scan\n@step 75\n@question attack-rule\n@end\n") == []
    assert said("@board n=6\n@step 6\n@question attacker\n@end\n") == []
    for board, kind in (
        ("n=6 algorithm=recursive", "attack-rule"),
        ("n=6 algorithm=scan", "attack-rule"),
    ):
        run = asking(board, 6 if "recursive" in board else 75, kind)
        session = run.stage.session
        assert session is not None
        marks = lambda frame: {c.mark for row in frame.tables.rows for c in row.cells}  # noqa: E731
        assert CellMark.READ in marks(session.frame())  # the board's own frame marks them
        assert CellMark.READ not in marks(run.page_frame())
        assert session.frame().code.ran and run.page_frame().code.ran == ()


def test_a_lesson_that_does_not_read_whole_says_its_boards_wait_for_it() -> None:
    """An error of the file's reading (an unknown name): the boards are not played yet, and
    ``lessons check`` says that more may be found once it is fixed."""
    broken = said("@board n=5 algorithm=recursive\n@step 3\n@expect k = 1\n@expect k = 9\n")
    assert [(line, warning) for line, warning, _ in broken] == [(7, False), (8, False), (8, True)]
    assert "the boards are played and the questions posed once" in broken[-1][2]
    assert said("@board n=5 algorithm=recursive\n@step 3\n@expect depth = 1\n") == []


def test_lessons_check_warns_a_right_answer_given_by_an_earlier_question_or_the_page(
    tmp_path: Path,
) -> None:
    """A quiz's scan examines 15 squares of 5 x 5 (its right choice, shown once answered), and
    the next question asks the loop's tests to the first solution: 15 again (not on 6 x 6)."""
    path = tmp_path / "x.md"
    for n, told in ((5, True), (6, False)):
        quiz = f"@quiz Q\n@question examined method=scan n=5\nhint: h\n@end\n@question work n={n}"
        path.write_text(HEAD + quiz + " of=tries mode=first\nhint: h\n@end\n", encoding="utf-8")
        checked = run_main("lessons", "check", str(path)).out
        warned = "x.md:6: warning: 15 is in the feedback of the question here (its right answer; "
        assert (warned in checked) is told, checked
    # "The edutecnica page tests 15 squares" right above `examined method=scan n=5` (15) is
    # warned at the text's line; a one-digit answer there is the page's own (not warned).
    page = "@page P\nOn 5 x 5 it tests {count} squares.\n@question examined method=scan n=5\n@end\n"
    path.write_text(HEAD + page.format(count=15), encoding="utf-8")
    checked = run_main("lessons", "check", str(path)).out
    assert "x.md:6: warning: 15 here is the answer to the question at line 7" in checked, checked
    path.write_text(HEAD + page.format(count=16), encoding="utf-8")
    assert "warning" not in run_main("lessons", "check", str(path)).out
