"""Student walk i39w (words): the maze is never called a chessboard, and the recipe's "not
admissible" narration is a whole sentence (it 39)."""

from __future__ import annotations

import re

import pytest

import solver.methods.general.view
import solver.methods.maze.view  # noqa: F401  (they register their narration)
from lessons.answers.feedback import say
from lessons.i18n import speaking
from lessons.model import BoardOp, Question, Text
from lessons.quiz.kinds import KINDS
from lessons.quiz.pose import pose
from lessons.runner import LessonRun
from solver.messages import Message, render
from solver.registry import kit, make_engine
from solver.runs import run_method
from solver.session.board import BoardSession
from solver.stepping import Mode
from tests.tiers import sweep
from tests.unit.lessons.review_progress import lesson, lessons

BOARD_WORDS = {"en": r"\bboard", "it": r"scacchier", "pl": r"szachownic|plansz"}
"""How each language names the board a maze page must not call its maze."""


@pytest.mark.parametrize("code", ["en", "it", "pl"])
def test_the_maze_page_calls_its_maze_a_maze(code: str) -> None:
    """8 p5: "the board draws a wall", "this page's board runs it on a small maze"."""
    recipe = next(each for each in lessons(code) if each.id == "recipe")
    pages = [
        page
        for page in recipe.pages
        if any(isinstance(b, BoardOp) and not kit(b.algorithm).queens for b in page.blocks)
    ]
    assert pages
    for page in pages:
        text = " ".join(b.markdown for b in page.blocks if isinstance(b, Text))
        named = re.findall(BOARD_WORDS[code], text, flags=re.IGNORECASE)
        # the queens' boards may be named, as the page compares the two ways of naming a square
        said = re.sub(
            r"(queens' boards|le scacchiere delle regine|szachownice hetmanów)[^.]*\.",
            "",
            text,
            flags=re.IGNORECASE,
        )
        assert not re.findall(BOARD_WORDS[code], said, flags=re.IGNORECASE), (code, named)


@pytest.mark.parametrize(
    "key", ["general.attacked.samecolumn", "general.attacked.major", "general.attacked.minor"]
)
@pytest.mark.parametrize(
    ("code", "words"),
    [
        ("en", "Not admissible: the next move is tried."),
        ("it", "Non ammissibile: si prova la mossa successiva."),
        ("pl", "Niedopuszczalny: próbujemy następnego ruchu."),
    ],
)
def test_not_admissible_says_what_comes_next(key: str, code: str, words: str) -> None:
    """8 p4: "Non ammissibile: la mossa successiva." had no verb."""
    with speaking(code):
        said = render(Message.of(key, m=2, r=0, value=1))
    assert said.endswith(words), said


def test_a_wall_says_what_comes_next() -> None:
    with speaking("it"):
        said = render(Message.of("maze.wall", m="su", r=0, c=1))
    assert said.endswith("Non ammissibile: si prova la mossa successiva."), said


DIFFERENCE = {"en": "differen", "it": "differenz", "pl": "różnic"}


@pytest.mark.parametrize("code", ["en", "it", "pl"])
def test_the_page_asking_which_equality_does_not_name_it_in_its_title(code: str) -> None:
    """4 p2 was titled "The difference" above "which equality shows it?", whose answer is
    "same row-col (difference)" (it 17)."""
    diagonals = next(each for each in lessons(code) if each.id == "diagonals")
    for page in diagonals.pages:
        for block in page.blocks:
            if isinstance(block, Question) and block.kind == "same-diagonal":
                posed = pose(block, None)
                said = posed.choices[int(posed.expected)]  # the catalog's English words
                if "difference" in said:
                    assert DIFFERENCE[code] not in page.title.lower(), (page.title, said)


def test_the_italian_turin_paragraph_reads_whole() -> None:
    """4 p3, it 18: "riga-col col segno cambiato" read "col" the abbreviation and "col" the
    preposition in one phrase; "I numeri sono gli stessi" was not true of the drawn squares
    (i+j is not the tutor's col+riga of the same square): it is the test that is the same."""
    diagonals = next(each for each in lessons("it") if each.id == "diagonals")
    blocks = [b for p in diagonals.pages for b in p.blocks if isinstance(b, Text)]
    text = " ".join(" ".join(b.markdown.split()) for b in blocks)
    assert "col segno" not in text and "con il segno cambiato" in text
    assert "I numeri sono gli stessi" not in text and "Il test è lo stesso" in text


STEP_WITH_SPACE = {
    "en": r"with space|press space|<kbd>space</kbd>",
    "it": r"con spazio|premi spazio|<kbd>spazio</kbd>|<kbd>space</kbd>",
    "pl": r"spacją|naciśnij spację|<kbd>space</kbd>",
}


@pytest.mark.parametrize("code", ["en", "it", "pl"])
def test_no_page_invites_stepping_while_its_question_waits(code: str) -> None:
    """6 p2, it 24: "step the board here with space" was read while the page's question
    waited, when space is part of the answer and the key bar offers no step. Text before a
    page's first question is read while it waits; a place board's own keys (the "you drive"
    board: space is "attacked" there) are another board's."""
    found = []
    for each in lessons(code):
        for number, page in enumerate(each.pages, 1):
            questions = [b for b in page.blocks if isinstance(b, Question)]
            if not questions or questions[0].kind == "place":
                continue
            for block in page.blocks:
                if isinstance(block, Question):
                    break
                if isinstance(block, Text) and re.search(STEP_WITH_SPACE[code], block.markdown):
                    found.append((each.id, number, page.title))
    assert not found, found


@pytest.mark.parametrize("code", sweep(["en", "it", "pl"], everyday=["it"]))  # it 21, as walked
def test_a_question_not_about_the_board_stands_beside_no_board(code: str) -> None:
    """5's quiz Q6, it 21: "what happens when b[k]++ reaches n?" came after the drawn board
    questions, and the board jumped back from their tick (109) to the lesson's own (51), a
    state the question says nothing of. Every question of the lesson that is not about the
    board is asked with no board beside it."""
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


@pytest.mark.parametrize("code", ["en", "it", "pl"])
def test_the_answer_of_a_place_board_shows_a_solution(code: str) -> None:
    """2 p7, it 34: F3 said "a solution placed on the 4 x 4 board. No two of your queens share
    a row..." with no solution shown, and of queens the student had not placed."""
    b = run_method("iterative", 4).solutions[0]
    said = _place(4, "solution", code)
    assert f"b = [{', '.join(map(str, b))}]" in said, said
    assert not re.search(r"\byour\b|\btue\b|\btwoje\b", said), said


@pytest.mark.parametrize(("code", "verb"), [("en", " has "), ("it", " ha "), ("pl", " ma ")])
def test_the_answer_of_an_exhaust_board_is_a_sentence(code: str, verb: str) -> None:
    """2 p5, it 34: "The answer: every placement of the 3 x 3 board tried." had no verb; it
    says how many placements there are and what each has."""
    said = _place(3, "exhaust", code)
    first = said.split(". ")[0]
    assert "6" in first and verb in first, said


def test_the_answer_of_a_prediction_stretch_shows_the_ticks_with_their_rule() -> None:
    """5's quiz Q7-Q9, it 36: F3 said "the next 30 ticks predicted, at least 23 right",
    the task again; a student who gives up learns each tick that tests a square, free or
    attacked by which queen and rule (the lecture's trace of 6 x 6: column 1 tries rows 0
    and 1, attacked, and takes row 2)."""
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
    """4's quiz Q7, pl 13: at tick 16 of 4 x 4, (3,3) is asked of the queen at (0,0), and the
    queen at (1,3) attacks it along row 3: "same row" is what the student saw; the reason says
    whose row attack that is, and still names no rule."""
    session = BoardSession(engine=make_engine("iterative", 4, Mode.FIRST))
    for _ in range(16):
        session.tick_forward()
    with speaking("en"):
        posed = pose(Question(1, "attack-rule", {}), session)
    said = posed.wrong["0"]
    assert "the queen at (column 1, row 3) attacks this square" in said, said
    assert "about the queen at (column 0, row 0)" in said, said
    assert "row-col is" not in said and "difference" not in said, said
