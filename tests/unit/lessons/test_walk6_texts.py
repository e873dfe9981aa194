"""Student walk 6, the lesson texts and quizzes: F5, F9, F12, F13, F24, F27, F28, F31."""

from __future__ import annotations

import solver.methods.general.view
import solver.methods.iterative.narration
import solver.methods.recursive.view
import solver.methods.scan.view  # noqa: F401  (they register their narration)
from lessons.answers.checking import AnswerType, Posed
from lessons.i18n import speaking
from lessons.model import Question, Text
from lessons.quiz.compare import ROTATION_NAMES
from lessons.quiz.facts import count_mistakes
from lessons.quiz.pose import pose
from solver.messages import Message, render
from tests.unit.lessons.review_progress import lesson, lessons


def _quiz_question(lesson_id: str, kind: str, **params: str) -> Question:
    for page in lesson(lesson_id).pages:
        for block in page.blocks:
            if (
                isinstance(block, Question)
                and block.kind == kind
                and all(block.params.get(k) == v for k, v in params.items())
            ):
                return block
    raise AssertionError((lesson_id, kind, params))


def _prose(code: str, lesson_id: str) -> str:
    """The text blocks of a built-in lesson in ``code``, joined."""
    lesson = next(each for each in lessons(code) if each.id == lesson_id)
    return " ".join(
        block.markdown for page in lesson.pages for block in page.blocks if isinstance(block, Text)
    )


def test_f12_an_exact_average_is_printed_whole() -> None:
    posed = pose(Question(1, "random-tries", {"n": "5"}), None)
    assert "120/10 = 12 tries" in posed.explanation  # whole, and not "about" (i39v, L5)
    assert "about" not in posed.explanation
    assert "12.00" not in posed.explanation


def test_f13_the_chance_of_one_try_gets_its_own_feedback() -> None:
    posed = pose(Question(1, "random-tries", {"n": "5"}), None)
    for typed in ("0.083", "0.08", "0.0833"):
        verdict = posed.check(typed)
        assert not verdict.correct and "the chance that one try succeeds" in verdict.message
        assert "120/10" not in verdict.message  # the answer worked out (student walk 12, it 13)


def test_f28_eleven_orbits_of_8_get_their_own_feedback() -> None:
    why = count_mistakes(8, True, 12)["11"]
    assert "only the orbits of 8 boards (11)" in why


def test_f28_a_choice_that_is_a_number_is_quoted_as_every_choice_is() -> None:
    """F28 read "Right: 2. 8." as two numbers; the choice is now named as every choice is,
    its number and its words quoted (student walk i39v, L3: "Right: 8." dropped the number
    that every other choice keeps). Choices that are numbers are lettered (review walk 10,
    item 1: a typed number is a choice's value, never its place)."""
    posed = Posed(
        kind="choice",
        prompt="p",
        answer_type=AnswerType.CHOICE,
        expected="1",
        explanation="",
        choices=("4", "8", "6"),
    )
    text = posed.check("8").message
    assert text.startswith("Right: choice b, “8”.") and "b. 8" not in text


def test_f5_the_slides_seven_numbers_are_explained() -> None:
    """The Italian Python course's slide drops the last queen: the page says so (its quiz asked
    how many numbers a solution has until student walk 10, item 7: recall, not reasoning)."""
    said = {"en": "dropping the last queen", "it": "dimenticando", "pl": "gubiąc"}
    for code, words in said.items():
        with speaking(code):
            the_lesson = next(each for each in lessons(code) if each.id == "problem")
        text = [
            " ".join(block.markdown for block in page.blocks if isinstance(block, Text))
            for page in the_lesson.pages
        ]
        page = next(each for each in text if "[3, 6, 2, 7, 1, 4, 0]" in each)
        assert words in " ".join(page.split()), code


def test_f9_n_is_spaced_in_feedback_and_narration() -> None:
    posed = pose(Question(1, "exists", {"n": "2"}), None)
    assert "for n = 2" in posed.explanation and "n=2" not in posed.explanation
    for message in ("iterative.done", "general.done", "scan.done", "recursive.done"):
        assert "for n = 4" in render(Message.of(message, count=2, n=4))


def test_f27_the_turns_say_their_direction() -> None:
    assert "counter-clockwise" in ROTATION_NAMES[1] and "clockwise" in ROTATION_NAMES[3]
    assert "counter" not in ROTATION_NAMES[3]


def test_f24_f31_lesson_words() -> None:
    for code in ("en", "it"):
        recursive = lesson("recursive", code)
        assert "hetmany (" in recursive.summary
    for code in ("en", "it", "pl"):
        cost = next(each for each in lessons(code) if each.id == "cost")
        text = " ".join(str(block) for page in cost.pages for block in page.blocks)
        assert "<kbd>]</kbd>" not in text


def test_f25_lesson_6_quiz_asks_what_lesson_6_teaches() -> None:
    """Its quiz asked lesson 2's 4 x 4 count word for word and 8 x 8's 92, which lesson 6 never
    shows: it asks about its counter, and about placeQueens' next choice on a board (a
    situation drawn per student and attempt)."""
    for code in ("en", "it", "pl"):
        with speaking(code):
            recursive = lesson("recursive", code)
        quiz = [
            block
            for page in recursive.pages
            if page.scored
            for block in page.blocks
            if isinstance(block, Question)
        ]
        assert len(quiz) == 5
        assert not [q for q in quiz if q.kind == "solutions"], code
        assert "numSolutions" in " ".join(q.prompt for q in quiz)
        assert [q.kind for q in quiz].count("next-choice") == 1


def test_f39_lesson_3_writes_thousands_as_its_other_figures() -> None:
    """ "brute force 1820" beside "53,130": the figure with the language's separator."""
    for code, figure in (("en", "1,820"), ("it", "1.820"), ("pl", "1\u00a0820")):
        text = _prose(code, "naive-search")
        assert figure in text and " 1820" not in text, code


def test_f6_lesson_2_title_covers_its_pages_and_no_page_asks_without_asking() -> None:
    for code in ("en", "it", "pl"):
        every = lessons(code)
        small = next(each for each in every if each.id == "small-boards")
        assert "6" in small.title and "3 and 4" not in small.title, small.title
        for page in small.pages:  # 9 was "n = 5: how many?" and answered itself
            if page.title.rstrip().endswith("?"):
                assert any(isinstance(b, Question) for b in page.blocks), (code, page.title)


def test_f17_the_turin_diagonals_are_named_in_both_pictures() -> None:
    """ "falling diagonal i-j" sat beside this board, where row-col rises: the prompt, the hint
    and lesson 4's page name each diagonal by this board's words and the notes' picture."""
    for array, here, there in (("a", "col+row", "rising"), ("b", "row-col", "falling")):
        posed = pose(
            Question(1, "array-index", {"array": array, "row": "2", "col": "5", "n": "8"}), None
        )
        assert f"{here} on this board, {there} in the notes' picture" in posed.prompt
        assert f"the {here} diagonals of this board, {there} in the Turin notes' picture" in (
            posed.hint
        )
    text = _prose("en", "diagonals")
    assert "the rising diagonal i+j" not in text and "the falling diagonal i-j" not in text
    assert "row-col on\n  this tutor's board, where it rises" in text


def test_f29_the_maze_feedback_says_the_path_in_one_line() -> None:
    """It drew the maze again in ASCII inside the small feedback box, beside the board that
    draws the maze: the path is said as its moves, in the narration's words."""
    for code, first in (("en", "right, right"), ("it", "destra, destra"), ("pl", "prawo, prawo")):
        with speaking(code):
            recipe = next(each for each in lessons(code) if each.id == "recipe")
            mazes = [
                block
                for page in recipe.pages
                for block in page.blocks
                if isinstance(block, Question) and block.kind == "maze"
            ]
            assert mazes
            for maze in mazes:
                explanation = pose(maze, None).explanation
                assert "\n" not in explanation and "#" not in explanation, explanation
                assert first in explanation, (code, explanation)


def test_f32_lesson_9_says_how_to_run_compare_beside_the_tutor() -> None:
    for code, words in (("en", "second shell"), ("it", "seconda shell"), ("pl", "drugiej powłoce")):
        text = _prose(code, "cost")
        assert words in text and "ctrl-b" in text and "<kbd>l</kbd>" in text, code


def test_f40_a_square_is_named_one_way_in_the_lesson_and_on_the_main_screen() -> None:
    """The lesson's guess said "column 0 (row 0)", the main screen "column 0, row 0"."""
    one = render(
        Message.of("iterative.attacked.one", col=2, row=2, a_col=0, a_row=0, why="x", after="")
    )
    item = render(Message.of("iterative.attacker", a_col=0, a_row=0, why="x"))
    assert "the queen in column 0, row 0: x" in one and item == "column 0, row 0 (x)"


def test_walk5_it_f9_the_turin_square_is_one_unbreakable_formula() -> None:
    """Student walk 5 (it), F9: "(i," at a line's end and "j) = (riga, colonna)" on the next."""
    for code in ("en", "it", "pl"):
        text = _prose(code, "diagonals")
        assert "(i,\u00a0j)\u00a0=\u00a0(" in text and "(i, j)" not in text, code


def test_walk5_pl_p13_p19_polish_wording() -> None:
    """P13: the "żeby" clause hung on "bo"; P19: "labirynt z szachownicy" (the maze from the
    chessboard) for the maze drawn beside the question."""
    from lessons.i18n import _

    with speaking("pl"):
        shift = _(
            "That is i-j = {i}-{j}, without the shift: in C++ the index of b[] is shifted by "
            "n-1, because i-j can be negative, so that it starts at 0 (b[i-j+n-1])."
        )
        maze = _(
            "The recipe (moves tried up, right, down, left; never onto its own path) searches "
            "the maze drawn beside this question from S to E. How many moves does the path it "
            "finds take?"
        )
    assert "żeby zaczynał się od 0, bo i-j może być ujemne" in shift
    assert "labirynt narysowany obok" in maze and "z szachownicy" not in maze


def test_f27_lesson_7_says_which_way_90_degrees_turns() -> None:
    from lessons.quiz.facts import symmetry_mistakes

    for code, words in (
        ("en", "counter-clockwise"),
        ("it", "antiorario"),
        ("pl", "przeciwny do ruchu wskazówek"),
    ):
        text = _prose(code, "symmetry")
        assert words in text, code
    one = symmetry_mistakes((0, 4, 7, 5, 2, 6, 1, 3), 8, everything=True)["1"]
    assert "a quarter turn counter-clockwise (90 degrees)" in one
