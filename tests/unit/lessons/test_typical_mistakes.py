"""Every typical mistake gets its own feedback in the built-in lessons as a student meets them; a
row the board does not have costs nothing; a drive question says what the cursor does."""

from __future__ import annotations

import pytest

from lessons import i18n
from lessons.catalog import load_catalog
from lessons.checking.validate import check_text
from lessons.model import Lesson, Question
from lessons.quiz.pose import pose
from lessons.runner import LessonRun
from solver.views.hidden import HIDDEN


def lesson(number: int) -> Lesson:
    i18n.set_language("en")
    return load_catalog("en").lessons[number - 1]


def asked_on(number: int, page: int, skip: int = 0) -> LessonRun:
    """A run of built-in lesson ``number`` at ``page`` (from 1), ``skip`` questions answered."""
    run = LessonRun(lesson(number), None, page=page - 1)
    for _ in range(skip):
        run.reveal()
        run.go_on()
    assert run.asked is not None
    return run


def feedback(run: LessonRun, answer: str) -> str:
    verdict = run.answer(answer)
    assert not verdict.correct, answer
    return verdict.message


ON_PAGE = [  # lesson, page (from 1), questions shown first, typed, said ("^": first), not said
    (9, 8, 0, "42", "the mirror trick tries only its lower half", ()),
    (9, 8, 0, "32", "starts no job", ()),
    (9, 8, 0, "21", "^Right", ()),
    (4, 4, 0, "2", "the row of an attacking queen", ()),  # (column 2, row 1): column 1 attacks
    (4, 4, 0, "3", "holds no queen yet", ()),
    (4, 4, 0, "0", "does not attack the square", ()),
    (5, 5, 0, "1", "were already tried", ()),  # b[1] = 2 now; after the iteration, 3
    (5, 5, 0, "2", "That is b[1] now", ()),
    (5, 5, 0, "-1", "backtracks from this column", ("3",)),
    (5, 3, 0, "0", "^Row 0 is not right.", ()),  # column 1: row 2 is where the queen goes
    (5, 3, 0, "b", "^A backtrack is not right here.", ()),
    (6, 2, 0, "2", "^Column 2 is not right.", ("Row",)),  # placeQueens: the answer is a column
    (6, 2, 0, "3", "^Right: column 3. Row 1, column 3 is free.", ()),
    (8, 6, 0, "4", "as if no wall stood between them", ()),  # S to E as the crow flies
    (5, 10, 0, "6", "Play the 10 ticks one by one", ("no row left", "backtrack")),
    (5, 10, 0, "5", "Play the 10 ticks one by one", ("no row left", "backtrack")),
    (
        5,
        10,
        1,
        "6",
        "That is b[4] after 2 of the 6 ticks (tick 27): play on to the last one, tick 31.",
        (),
    ),
]


@pytest.mark.parametrize(("number", "page", "skip", "typed", "said", "unsaid"), ON_PAGE)
def test_a_typical_mistake_on_a_lesson_page_is_named(
    number: int, page: int, skip: int, typed: str, said: str, unsaid: tuple[str, ...]
) -> None:
    """A right answer says "Right"; a wrong one costs an attempt and names its slip, not the
    answer."""
    verdict = asked_on(number, page, skip).answer(typed)
    assert verdict.correct == said.startswith("^Right"), verdict.message
    assert verdict.counted
    if said.startswith("^"):
        assert verdict.message.startswith(said[1:]), verdict.message
    else:
        assert said in verdict.message, verdict.message
    assert not any(words in verdict.message for words in unsaid), verdict.message


def test_the_backtracks_question_names_ticks_and_tries_given_for_it() -> None:
    run = asked_on(9, 1)  # work n=6 of=backtracks
    posed = run.asked.posed  # type: ignore[union-attr]
    ticks = next(k for k, why in posed.wrong.items() if "the loop's ticks" in why)
    assert "backtracks" in feedback(run, ticks)
    # Not "read the tick counter", nor "run the board with b": b types into the answer.
    assert "take the squares tested and the solution tick away" in posed.hint


def test_i_minus_j_given_for_a_s_index() -> None:
    run = asked_on(4, 7)  # the quiz: same-diagonal x3, then array-index a
    for _ in range(3):
        run.reveal()
        run.go_on()
    question = run.asked.question  # type: ignore[union-attr]
    assert question.kind == "array-index" and question.params["array"] == "a"
    i, j, n = (int(question.params[k]) for k in ("row", "col", "n"))
    message = feedback(run, str(i - j + n - 1))
    assert "That is the index of b[], the row-col diagonal" in message


def test_a_row_the_board_does_not_have_costs_nothing() -> None:
    run = asked_on(2, 2)  # 2 x 2: rows 0 and 1
    verdict = run.answer("5")
    assert not verdict.correct and not verdict.counted
    assert "There is no row 5 on this board: its rows go from 0 to 1" in verdict.message
    assert run.asked is not None and run.asked.attempts == 0


def test_a_second_attacker_is_right_as_typed() -> None:
    text = "@lesson two\n@title Two\n@page P\n@board n=4\n@step 14\n@question attacker\n@end\n"
    assert check_text(text, "two.md") == []
    from lessons.parsing.parser import parse

    parsed = parse(text, "two.md").lesson
    assert parsed is not None
    run = LessonRun(parsed, None)
    posed = run.asked.posed  # type: ignore[union-attr]
    assert posed.also_right, "the square is attacked by two queens"
    second = sorted(posed.also_right)[0]
    assert run.answer(second).message.startswith(f"Right: {second}.")


def test_the_search_space_question_names_the_method_in_words() -> None:
    run = asked_on(3, 1)
    prompt = run.asked.posed.prompt  # type: ignore[union-attr]
    assert prompt.startswith("Brute force puts n queens") and "bruteforce" not in prompt


def test_a_drive_question_says_what_the_cursor_does() -> None:
    run = asked_on(2, 8)
    assert "move the cursor (the arrows) to the square the loop tests next" in (
        run.asked.posed.prompt  # type: ignore[union-attr]
    )


def test_the_hints_of_column_1_and_of_an_iteration() -> None:
    run = asked_on(2, 2)  # next-choice in column 1
    assert "columns 0..0" not in run.hint() and "the queen of column 0" in run.hint()
    run = asked_on(5, 5)  # next-state after=iteration
    assert run.hint().startswith("An iteration ticks until a queen is placed")


def test_the_end_of_a_page_hides_the_marks_the_next_page_asks_about() -> None:
    run = LessonRun(lesson(5), None, page=2)  # 4 x 4: column 0 and column 1
    run.reveal()
    run.go_on()
    assert run.page_done
    assert run.predicting  # page 4 opens with "column 2 -> ?" on this very board
    board = run.session.frame().board  # type: ignore[union-attr]
    assert any(mark in HIDDEN for line in board.squares for mark in line)  # what is hidden


@pytest.mark.parametrize(
    ("line", "error"),
    [
        ("wrong: 42 the reason", "wrong: needs a whole number, a colon and the reason"),
        ("wrong: x: the reason", "wrong: needs a whole number, a colon and the reason"),
    ],
)
def test_a_bad_wrong_line_is_an_error(line: str, error: str) -> None:
    text = f"@lesson w\n@title W\n@page P\n@question number\nprompt: n?\nanswer: 21\n{line}\n@end\n"
    assert any(error in str(e) for e in check_text(text, "w.md"))


def test_wrong_lines_belong_to_number_questions() -> None:
    text = (
        "@lesson w\n@title W\n@page P\n@question choice\nprompt: p\n- [x] a\n- [ ] b\n"
        "wrong: 3: no\n@end\n"
    )
    assert any("wrong: gives the reason" in str(e) for e in check_text(text, "w.md"))


def test_a_page_turned_back_to_does_not_ask_its_answered_questions_again() -> None:
    run = LessonRun(lesson(4), None, page=2)  # page 3, after the answered page 2
    run.previous_page()
    assert run.asked is not None  # never answered: asked
    run.reveal()
    run.go_on()
    while run.asked is not None:
        run.reveal()
        run.go_on()
    assert run.next_page() and run.previous_page()
    assert run.asked is None and run.page_done  # answered: the page reads on, p and n work


@pytest.mark.parametrize(
    ("typed", "value"),
    [("none", 0), ("eight", 8), ("zero", 0), ("otto", 8), ("osiem", 8), ("Dodici", 12)],
)
def test_a_small_number_typed_as_a_word_is_read(typed: str, value: int) -> None:
    from lessons.answers.reading import read_number

    assert read_number(typed) == value


@pytest.mark.parametrize(("i", "j"), [(7, 0), (0, 7)])
def test_the_forgotten_shift_is_named_whatever_the_sign_of_i_minus_j(i: int, j: int) -> None:
    """i-j without the shift is named as that, for either sign, with the rule not its sum."""
    from lessons.quiz.static import index_mistakes

    said = index_mistakes("b", i, j, 8, pascal=False)[str(i - j)]
    assert said.startswith(f"That is i-j = {i}-{j}, without the shift:"), said
    assert "shifted by n-1," in said and "n-1 = 7" not in said  # the rule, not its sum


@pytest.mark.parametrize("language", ["en", "it", "pl"])
def test_the_exists_feedback_points_to_no_lesson_and_writes_n_x_n(language: str) -> None:
    """Lesson 2's quiz told "yes" for n = 2 "(lesson 2 walks
    it)" while in lesson 2, and wrote "the 3x3 board" where every other line writes 3 x 3."""
    with i18n.speaking(language):
        for n in ("2", "3"):
            posed = pose(Question(1, "exists", {"n": n}), None)
            said = posed.check(i18n._("yes")).message if language == "en" else posed.wrong["0"]
            assert f"{n} x {n}" in said, said
            assert f"{n}x{n}" not in said
            assert not any(word in said for word in ("lesson 2", "lezione 2", "lekcja 2")), said
            assert "x".join([n, n]) not in posed.explanation, posed.explanation


@pytest.mark.parametrize("lang", ["en", "it", "pl"])
def test_a_wrong_next_step_gets_one_verdict_and_a_lead_not_the_answer(lang: str) -> None:
    """Lesson 6 page 2 (placeQueens after the first backtrack): column 2 was the queen just
    removed; the feedback says it is wrong once, and why, without naming column 3."""
    i18n.set_language(lang)
    run = LessonRun(load_catalog(lang).lessons[5], None, page=1)
    assert run.asked is not None
    said = feedback(run, "2")
    verdicts = {
        "en": ("not right", "No:"),
        "it": ("sbagliat", "non va bene"),
        "pl": ("Źle", "źle", "nie jest dobr"),
    }
    count = sum(said.count(word) for word in verdicts[lang])
    assert count == 1, said
    answer = {"en": "column 3", "it": "colonna 3", "pl": "kolumna 3"}[lang]
    assert answer not in said.replace("(", ""), said


@pytest.mark.parametrize("lang", ["en", "it", "pl"])
def test_minus_one_for_a_row_is_told_what_it_means_and_costs_nothing(lang: str) -> None:
    """Lesson 5 p5's second practice, column 2 with b[2] = -1: -1 is the student's "no row"
    (b[k] = -1, no queen), not a row; it got "Row -1 is not right" and cost an attempt."""
    i18n.set_language(lang)
    run = LessonRun(load_catalog(lang).lessons[4], None, page=4)
    run.reveal()
    run.go_on()
    assert run.asked is not None and run.asked.question.kind == "next-choice"
    verdict = run.answer("-1")
    assert not verdict.correct and not verdict.counted, verdict.message
    assert "-1" in verdict.message and "b[k] = -1" in verdict.message, verdict.message
    assert " b" in verdict.message and "3" in verdict.message  # the backtrack, the last row
    assert lang == "en" or "is not a row" not in verdict.message  # in the student's language
    i18n.set_language("en")


@pytest.mark.parametrize(
    ("lang", "sentence", "words", "row_word"),
    [
        ("en", "You answered {}: that is not right.", "yes no", "Row"),
        ("it", "Hai risposto {}: risposta sbagliata.", "sì no", "Riga"),
        ("pl", "Odpowiedź „{}” nie jest dobra.", "tak nie", "Wiersz"),
    ],
)
def test_a_yes_or_a_no_is_named_as_a_yes_or_a_no(
    lang: str, sentence: str, words: str, row_word: str
) -> None:
    """Never as a row ("Row 1 is not right."), nor as a choice's number ("2. no")."""
    with i18n.speaking(lang):
        for n, word, typed in ((2, words.split()[0], "yes y 1"), (5, words.split()[1], "no n 2")):
            posed = pose(Question(kind="exists", params={"n": str(n)}, line=1), None)
            for each in [*typed.split(), i18n._(typed.split()[0])]:
                verdict = posed.check(each)
                assert verdict.counted and not verdict.correct, each
                assert verdict.message.startswith(sentence.format(word)), verdict.message
                assert row_word not in verdict.message, verdict.message
                assert f"{typed.split()[2]}." not in verdict.message, verdict.message
