"""The lesson screen's texts: the maze called a maze, what comes after a wall, no invitation to step
while a question waits, shown answers, numbered lists kept, drawn sizes a lesson teaches."""

from __future__ import annotations

import re

import pytest
from rich.console import Console

import solver.methods.general.view
import solver.methods.maze.view  # noqa: F401  (they register their narration)
from lessons import i18n
from lessons.answers.feedback import say
from lessons.catalog import load_catalog
from lessons.checking.validate import check_text
from lessons.i18n import speaking
from lessons.model import BoardOp, Page, Question, Text
from lessons.parsing.parser import parse
from lessons.quiz.kinds import KINDS
from lessons.quiz.pose import pose
from lessons.runner import LessonRun
from solver.messages import Message, render
from solver.registry import kit, make_engine
from solver.runs import run_method
from solver.session.board import BoardSession
from solver.stepping import Mode
from solver.symmetry import orbit
from tests.tiers import sweep
from tests.unit.lessons.review_progress import lesson, lessons
from tui.widgets.lesson_text import Prose

# How each language names the board a maze page must not call its maze.
LINES = ("samecolumn", "major", "minor")
BOARD_WORDS = {"en": r"\bboard", "it": r"scacchier", "pl": r"szachownic|plansz"}


@pytest.mark.parametrize(
    ("key", "params"),
    [
        *[(f"general.attacked.{key}", {"m": 2, "r": 0, "value": 1}) for key in LINES],
        ("maze.wall", {"m": "up", "r": 0, "c": 1}),
    ],
)
@pytest.mark.parametrize(
    ("code", "words"),
    [
        ("en", "Not admissible: the next move is tried."),
        ("it", "Non ammissibile: si prova la mossa successiva."),
        ("pl", "Niedopuszczalny: próbujemy następnego ruchu."),
    ],
)
def test_not_admissible_says_what_comes_next(
    key: str, params: dict[str, object], code: str, words: str
) -> None:
    with speaking(code):
        said = render(Message.of(key, **params))
    assert said.endswith(words), said


@pytest.mark.parametrize("code", sweep(["en", "it", "pl"], everyday=["it"]))
def test_a_question_not_about_the_board_stands_beside_no_board(code: str) -> None:
    """Every question of lesson 5 not about the board is asked with no board beside it."""
    iterative = lesson("iterative", code)
    with speaking(code):
        run = LessonRun(iterative)
        beside: list[tuple[int, str]] = []
        for page in range(len(iterative.pages)):
            run.goto(page)
            for _ in range(40):
                asked = run.asked
                if asked is not None:
                    if not KINDS[asked.question.kind].board and run.shows_board:
                        beside.append((page + 1, asked.question.kind))
                    run.reveal()
                if run.page_done:
                    break
                run.go_on()
    assert not beside, beside


def _place(n: int, goal: str, code: str) -> str:
    with speaking(code):
        posed = pose(Question(1, "place", {"n": str(n), "goal": goal}), None)
        return say("answer.shown", answer=posed.answer_text, explanation=posed.explanation)


@pytest.mark.parametrize(("code", "verb"), [("en", " has "), ("it", " ha "), ("pl", " ma ")])
def test_the_answer_of_a_place_board_shows_a_solution_or_says_what_every_placement_has(
    code: str, verb: str
) -> None:
    """A solution, not "your" queens; an exhaust board's placements said in a sentence."""
    b = run_method("iterative", 4).solutions[0]
    said = _place(4, "solution", code)
    assert f"b = [{', '.join(map(str, b))}]" in said, said
    assert not re.search(r"\byour\b|\btue\b|\btwoje\b", said), said
    first = _place(3, "exhaust", code).split(". ")[0]
    assert "6" in first and verb in first, first


def test_the_answer_of_a_prediction_stretch_shows_the_ticks_with_their_rule() -> None:
    """Each tick testing a square, free or attacked by whom and how; the board stays put."""
    session = BoardSession(engine=make_engine("iterative", 6, Mode.FIRST))
    with speaking("en"):
        posed = pose(Question(1, "guess", {"ticks": "30", "goal": "23"}), session)
        said = say("answer.shown", answer=posed.answer_text, explanation=posed.explanation)
    entries = re.findall(r"tick \d+: [^;.]*", said)
    assert len(entries) == int(posed.values["asked"]), said
    assert entries[:3] == [
        "tick 2: column 1, row 0 is attacked by the queen in column 0, row 0 (same row 0)",
        "tick 3: column 1, row 1 is attacked by the queen in column 0, row 0 (same row-col "
        "diagonal: 1-1 = 0 = 0-0)",
        "tick 4: column 1, row 2 is free",
    ], entries[:3]
    assert "predicted" not in said, said
    assert session.engine.tick == 0  # the board stays where the question is asked


def test_same_row_answered_where_another_queen_takes_the_row_is_told_so() -> None:
    """Tick 16 of 4 x 4: "same row" for (0,0) is told (1,3) attacks along row 3."""
    session = BoardSession(engine=make_engine("iterative", 4, Mode.FIRST))
    for _ in range(16):
        session.tick_forward()
    with speaking("en"):
        posed = pose(Question(1, "attack-rule", {}), session)
    said = posed.wrong["0"]
    assert "the queen at (column 1, row 3) attacks this square" in said, said
    assert "about the queen at (column 0, row 0)" in said, said
    assert "row-col is" not in said and "difference" not in said, said


# Square (column 3, row 1) attacked by the queens of columns 1 and 2.
TWO_ATTACKERS = "@lesson two\n@title Two\n@page P\n@board n=4\n@step 14\n@question attacker\n@end\n"


def _two_attackers() -> LessonRun:
    i18n.set_language("en")
    parsed = parse(TWO_ATTACKERS, "two.md").lesson
    assert parsed is not None
    return LessonRun(parsed, None)


def test_the_attacker_the_student_named_is_explained_first_and_both_are_shown() -> None:
    posed = _two_attackers().asked.posed  # type: ignore[union-attr]
    assert posed.explanation.count("column") == 2
    columns = [posed.expected, *sorted(posed.also_right)]
    assert len(columns) == 2
    for named in columns:
        other = next(c for c in columns if c != named)
        message = _two_attackers().answer(named).message
        assert message.startswith(
            f"Right: {named}. Attacked by the queen in column {named}, row "
        ), message
        assert f"; the queen in column {other}, row" in message, message


@pytest.mark.parametrize("lang", ["en", "it", "pl"])
def test_numbered_lists_keep_their_period_on_the_lesson_screen(lang: str) -> None:
    """The lesson's "1." stays "1." on the lesson screen (Rich's list item drops it)."""
    console = Console(width=60, color_system=None, record=True)
    seen = 0
    for each in load_catalog(lang).lessons:
        for page in each.pages:
            for block in page.blocks:
                if not isinstance(block, Text):
                    continue
                numbers = re.findall(r"^(\d+)\. ", block.markdown, flags=re.MULTILINE)
                if not numbers:
                    continue
                with console.capture() as capture:
                    console.print(Prose(block.markdown))
                starts = [line.strip() for line in capture.get().splitlines()]
                for number in numbers:
                    assert any(s.startswith(f"{number}. ") for s in starts), (each.id, number)
                    seen += 1
    assert seen >= 14


RECALLED = """@lesson recalled
@title Recalled
@summary S

@page Counting the work
To its first solution on 8 x 8 the loop makes 982 ticks: 876 tries, 105 backtracks.

@page Not smooth at all
12 x 12 takes 3,316 ticks, 13 x 13 only 1,464. `queensRek()` calls `hetmany(n, 0, b)`.

@page Comparing
Run `queens-tutor compare 8`.
@question examined method=iterative n=8
@end

@quiz
@question choice
prompt: How is hetmany called to solve the whole board?
- [x] hetmany(n, 0, b)
- [ ] hetmany(n, n, b)
@end
@question choice
prompt: Which board needs fewer ticks to its first solution?
- [ ] 12 x 12
- [x] 13 x 13
@end
@question choice
prompt: What does the permutation method no longer check?
- [ ] the diagonals
- [x] rows and columns
@end
"""


def test_lessons_check_warns_of_choices_and_practice_answers_printed_before() -> None:
    """Choices and practice answers printed before the quiz warned of; plain words are not."""
    found = [str(e) for e in check_text(RECALLED, "r.md", warnings=True)]
    assert all(": warning: " in line for line in found), found
    where = sorted((line.split(":")[1], line.split("warning: ")[1][:20]) for line in found)
    assert where == [
        ("6", "876 here is the answ"),
        ("9", "\u201c13 x 13\u201d here is th"),
        ("9", "\u201chetmany(n, 0, b)\u201d h"),
    ], found


DIFFERENCE = {"en": "differen", "it": "differenz", "pl": "różnic"}
STEP_WITH_SPACE = {
    "en": r"with space|press space|<kbd>space</kbd>",
    "it": r"con spazio|premi spazio|<kbd>spazio</kbd>|<kbd>space</kbd>",
    "pl": r"spacją|naciśnij spację|<kbd>space</kbd>",
}
THE_QUEENS_BOARDS = r"(queens' boards|le scacchiere delle regine|szachownice hetmanów)[^.]*\."


def _prose(page: Page) -> str:
    return " ".join(b.markdown for b in page.blocks if isinstance(b, Text))


@pytest.mark.parametrize("code", ["en", "it", "pl"])
def test_the_pages_say_what_their_questions_need_and_no_more(code: str) -> None:
    """The maze page calls its maze a maze (the queens' boards it compares aside); no page
    asking which equality names it in its title, nor invites stepping with space before its
    first question (place boards aside); lesson 3 teaches the counts its quiz draws (6 and 7)
    and lesson 7 lists the four 6 x 6 solutions, one orbit, before its quiz; lesson 6's quiz
    offers hetmany(n, 2, a), which its pages do not print."""
    every = {each.id: each for each in lessons(code)}
    mazes = [
        page
        for page in every["recipe"].pages
        if any(isinstance(b, BoardOp) and not kit(b.algorithm).queens for b in page.blocks)
    ]
    assert mazes
    for page in mazes:
        said = re.sub(THE_QUEENS_BOARDS, "", _prose(page), flags=re.IGNORECASE)
        assert not re.findall(BOARD_WORDS[code], said, flags=re.IGNORECASE), said
    for page in every["diagonals"].pages:
        for block in page.blocks:
            if isinstance(block, Question) and block.kind == "same-diagonal":
                posed = pose(block, None)
                if "difference" in posed.choices[int(posed.expected)]:  # the catalog's words
                    assert DIFFERENCE[code] not in page.title.lower(), page.title
    stepping = []
    for each in every.values():
        for number, page in enumerate(each.pages, 1):
            questions = [b for b in page.blocks if isinstance(b, Question)]
            if not questions or questions[0].kind == "place":
                continue
            before = page.blocks[: page.blocks.index(questions[0])]
            texts = (b.markdown for b in before if isinstance(b, Text))
            stepping += [(each.id, number) for t in texts if re.search(STEP_WITH_SPACE[code], t)]
    assert not stepping, stepping
    taught = {
        lesson_id: " ".join(_prose(page) for page in every[lesson_id].pages if not page.scored)
        for lesson_id in ("naive-search", "symmetry")
    }
    assert re.search(r"7 x 7\D{1,12}40\b", taught["naive-search"])
    assert re.search(r"6 x 6\D{1,12}4\b", taught["naive-search"])
    listed = {
        tuple(int(v) for v in m.split(", "))
        for m in re.findall(r"\[(\d, \d, \d, \d, \d, \d)\]", taught["symmetry"])
    }
    assert len(listed) == 4 and set(orbit(next(iter(listed)))) == listed
    with speaking(code):
        recursive = LessonRun(every["recursive"], None, page=len(every["recursive"].pages) - 1)
    assert "hetmany(n, 2, a)" in recursive.asked.posed.choices  # type: ignore[union-attr]


def test_the_question_on_9_x_9_has_its_board_a_hint_and_a_tick_slip_named() -> None:
    """Lesson 9's 9 x 9 question: its board, a working hint, the solution tick named."""
    run = LessonRun(lesson("cost"), None)
    posed = run.asked.posed  # type: ignore[union-attr]
    assert run.stage.engine is not None and run.stage.engine.n == 9
    assert " b," not in posed.hint and "with b" not in posed.hint
    assert "squares tested" in posed.hint and "solution tick" in posed.hint
    verdict = run.answer("33")  # the tries without the solution tick
    assert not verdict.correct
    assert "counts the solution tick as well" in verdict.message, verdict.message
    assert run.answer("32").correct


def test_construct_positions_counted_from_one_get_their_own_feedback() -> None:
    text = "@lesson c\n@title C\n@page P\n@question construct n=10 col=1\n@end\n"
    parsed = parse(text, "c.md").lesson
    assert parsed is not None
    verdict = LessonRun(parsed, None).answer("1")
    assert not verdict.correct
    assert verdict.message.startswith("1 is not right. That is b[0], the row of column 0"), (
        verdict.message
    )
    assert "counted from 0" in verdict.message
