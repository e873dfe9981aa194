"""The quiz and feedback findings.

A quiz answer the feedback of an earlier question printed (lesson 3: "3,125 is not right. That
is n^n for n = 5", then "one queen per column for n = 5?"), typical mistakes still answered
with "N is not the answer", feedback that gives the answer away, and wording."""

from __future__ import annotations

from pathlib import Path

import pytest

from lessons import i18n
from lessons.answers.checking import Posed
from lessons.catalog import load_catalog
from lessons.checking.validate import check_text
from lessons.model import Question
from lessons.quiz.pose import pose
from tests.tiers import sweep
from tests.unit.lessons.quiz_runs import quiz_run, waiting

LANGUAGES = ("en", "it", "pl")


@pytest.fixture(autouse=True)
def _english_after() -> object:
    yield
    i18n.set_language("en")


def _pose(kind: str, **params: str) -> Posed:
    return pose(Question(kind=kind, params=params, line=1), None)


def _wrong(posed: Posed, typed: str) -> str:
    verdict = posed.check(typed)
    assert verdict.counted and not verdict.correct, typed
    return verdict.message


FEEDBACK_TOLD = """@lesson told
@title Told

@page Brute force
How many placements of n queens on the 5 x 5 board?
@question search-space method=bruteforce n=5
@end

@quiz
@question search-space method=columns n={n}
@end
"""


def test_lessons_check_warns_of_a_quiz_answer_a_practice_feedback_printed() -> None:
    """Typing 3,125 (5^5) at the brute-force practice was told "That is n^n for
    n = 5"; the quiz's one-queen-per-column question for n = 5 was then recall."""
    found = [str(e) for e in check_text(FEEDBACK_TOLD.format(n=5), "told.md", warnings=True)]
    assert len(found) == 1, found
    assert found[0].startswith("told.md:6: warning: 3125 is in the feedback of the question here")
    assert "line 10" in found[0]
    assert check_text(FEEDBACK_TOLD.format(n=6), "told.md", warnings=True) == []


@pytest.mark.parametrize(
    ("language", "seeds"),
    sweep(
        [("pl", range(1, 9)), ("pl", range(9, 25)), ("en", range(1, 25)), ("it", range(1, 25))],
        everyday=[("pl", range(1, 9))],
        several=True,
    ),
)
def test_lesson_3_quiz_draws_another_size_for_each_search_space(
    language: str, seeds: range, tmp_path: Path
) -> None:
    """Q1's n^n slip for n = 6 printed Q2's answer; en 6, pl 7: Q2 for n = 5 was
    printed by pages 1 and 3's feedback; Q3 for n = 4 (4! = 24) by page 2's."""
    i18n.set_language(language)
    lesson = load_catalog(language).find("naive-search")
    assert lesson is not None
    for seed in seeds:
        run = quiz_run(lesson, seed, tmp_path / f"{seed}.json")
        sizes = {}
        for asked in waiting(run):
            if asked.question.kind == "search-space":
                method = asked.question.params["method"]
                sizes[method] = int(asked.question.params["n"])
            run.reveal()
        assert len(set(sizes.values())) == 3, (seed, sizes)
        assert sizes["columns"] not in (4, 5), (seed, sizes)  # pages 1-3's slips
        assert sizes["permutations"] not in (4, 5), (seed, sizes)


def _practice_asked(lesson_id: str, language: str) -> set[tuple[str, str]]:
    """(prompt, right answer) of every practice question of a lesson, as the student reads it."""
    from lessons.runner import LessonRun

    lesson = load_catalog(language).find(lesson_id)
    assert lesson is not None
    run = LessonRun(lesson)
    found = set()
    for index, page in enumerate(lesson.pages):
        if page.scored:
            break
        run.goto(index)
        while run.asked is not None:
            found.add((run.asked.posed.prompt, run.asked.posed.expected))
            run.reveal()
            run.go_on()
    return found


@pytest.mark.parametrize("language", sweep(LANGUAGES, everyday=["pl"]))
def test_lesson_6_quiz_never_asks_the_practice_question_again(language: str) -> None:
    """Quiz Q5 (6 x 6, tick 67) asked page 2's practice (4 x 4) word for word, answer
    3: no situation a student may be drawn asks it again, whatever the board's size."""
    from lessons.quiz.draw import practice_situations, situations
    from lessons.quiz.drawers.live import move_to
    from lessons.runner import LessonRun

    i18n.set_language(language)
    practice = {
        (
            prompt.replace("0 to 3", "0 to 5")
            .replace("0 a 3", "0 a 5")
            .replace("0 do 3", "0 do 5"),
            expected,
        )
        for prompt, expected in _practice_asked("recursive", language)
    }
    assert practice
    lesson = load_catalog(language).find("recursive")
    assert lesson is not None
    run = LessonRun(lesson)
    run.goto(len(lesson.pages) - 1)
    while run.asked is not None and run.asked.question.kind != "next-choice":
        run.reveal()
        run.go_on()
    assert run.asked is not None
    engine = run.stage.engine
    assert engine is not None and engine.n == 6
    question = run.asked.question
    ticks = situations(question, run.stage, practice_situations(lesson))
    assert len(ticks) > 5
    for tick in ticks:
        move_to(engine, tick)
        posed = pose(question, run.stage.session)
        assert (posed.prompt, posed.expected) not in practice, (tick, posed.prompt)


def _questions(language: str, lesson_id: str, page: int) -> list[Question]:
    lesson = load_catalog(language).find(lesson_id)
    assert lesson is not None
    return [b for b in lesson.pages[page].blocks if isinstance(b, Question)]


@pytest.mark.parametrize("language", LANGUAGES)
def test_lesson_6_page_3_asks_what_the_counter_does_not_a_printed_count(language: str) -> None:
    """ "how many solutions has the 6 x 6 board?" was lesson 2's and lesson 3's printed
    4; the page now asks what the all-solutions version does right after a solution."""
    i18n.set_language(language)
    (question,) = _questions(language, "recursive", 2)
    assert question.kind == "choice"
    assert "[1, 3, 5, 0, 2, 4]" in question.prompt
    posed = pose(question, None)
    assert "5" in posed.choices[int(posed.expected)]  # column 5 of row 5 next (trace below)
    from lessons.runner import LessonRun
    from solver.stepping import step

    lesson = load_catalog(language).find("recursive")
    assert lesson is not None
    run = LessonRun(lesson)
    run.goto(2)
    assert run.session is not None and run.stage.engine is not None
    step(run.stage.engine)  # the tick after the solution: the queen of row 5 taken back
    (said,) = run.session.frame().narration
    assert said.id == "recursive.remove"
    assert dict(said.params)["row"] == 5 and dict(said.params)["next"] == 5


def test_the_8_by_8_count_is_named_for_another_board() -> None:
    """92 (the 8 x 8 count) for the 6 x 6 board's solutions was "not the answer"."""
    assert "count of the 8 x 8 board" in _wrong(_pose("solutions", n="6"), "92")


@pytest.mark.parametrize("language", LANGUAGES)
def test_lesson_9_quiz_asks_no_backtracks_lesson_5_stated(language: str) -> None:
    """Quiz Q2 for n = 5 (0 backtracks) was lesson 5 page 8's "No backtracking at all"."""
    lesson = load_catalog(language).find("cost")
    assert lesson is not None
    quiz = next(page for page in lesson.pages if page.scored)
    works = [b for b in quiz.blocks if isinstance(b, Question) and b.kind == "work"]
    assert len(works) == 2
    for question in works:
        assert "5" not in question.params["pool"].split(","), question.params
        assert question.params["n"] != "5"


def test_backtracks_mixed_with_solutions_or_one_in_a_row_missed_are_named() -> None:
    """10 (the 5 x 5 solutions) and 3 (4 x 4: the second of the two
    backtracks in a row at ticks 20 and 21 missed) were "not the answer"."""
    five = _pose("work", n="5", of="backtracks")
    assert "how many solutions the 5 x 5 board has" in _wrong(five, "10")
    four = _pose("work", n="4", of="backtracks")
    assert four.expected == "4"
    said = _wrong(four, "3")
    assert "backtracks again" in said and "4" not in said
    assert "how many solutions the 4 x 4 board has" in _wrong(four, "2")


@pytest.mark.parametrize("language", LANGUAGES)
def test_lesson_3_page_6_choices_are_no_numbers_the_lesson_printed(language: str) -> None:
    """The three choices were 876 and 4,426,165,368 (printed on the page) and the
    answer, the one number not printed: the choices are now numbers no page printed."""
    from lessons.checking.given_away import numbers_in
    from lessons.model import Text
    from lessons.runner import LessonRun

    i18n.set_language(language)
    lesson = load_catalog(language).find("naive-search")
    assert lesson is not None
    printed = {
        value
        for page in lesson.pages[:6]
        for block in page.blocks
        if isinstance(block, Text)
        for value in numbers_in(block.markdown)
    }
    run = LessonRun(lesson, None, page=5)
    asked = 0
    while run.asked is not None and run.page_index == 5:
        posed = run.asked.posed
        assert posed.kind == "examined"
        values = [next(numbers_in(choice)) for choice in posed.choices]
        assert not set(values) & printed, (values, sorted(printed))
        asked += 1
        run.reveal()
        run.go_on()
    assert asked == 2


def test_random_tries_names_compare_s_one_run_and_n_to_the_n_with_decimals() -> None:
    """189, compare 6's one seeded random run (lesson 3 page 6), and pl 10: 7^7/40
    typed with decimals were "not the answer"."""
    from solver.runs import run_method

    six = _pose("random-tries", n="6")
    run = run_method("random", 6).examined
    assert run == 189  # what lesson 3 page 6 prints for compare 6
    said = _wrong(six, str(run))
    assert "one random run" in said and "compare 6" in said
    seven = _pose("random-tries", n="7")
    assert seven.expected == "126"
    for typed in ("20588.575", "20588.58", "20588.6", "20588", "20589"):  # 823,543/40
        assert "That divides n^n" in _wrong(seven, typed), typed
    i18n.set_language("pl")
    polish = _pose("random-tries", n="7")
    assert "n^n" in _wrong(polish, "20588,6")


def test_the_chance_of_one_try_is_told_without_the_tries_worked_out() -> None:
    """ "its inverse: 120/10" after 0,083 gave lesson 3 page 4's answer away."""
    for language in LANGUAGES:
        i18n.set_language(language)
        five = _pose("random-tries", n="5")
        said = _wrong(five, "0.083" if language == "en" else "0,083")
        assert "120/10" not in said and "10/120" not in said and "12" not in said, said


def test_the_c_plus_plus_shift_given_to_a_is_named() -> None:
    """13 (a[5+1] on 8 x 8 with b[]'s n-1 added) was "not the answer"."""
    posed = _pose("array-index", array="a", row="5", col="1", n="8")
    assert posed.expected == "6"
    said = _wrong(posed, "13")
    assert "i+j+n-1" in said and "6" not in said.replace("i+j+n-1", "")


def test_the_maze_path_counted_through_the_walls_is_named() -> None:
    """4 on lesson 8 page 6 (S to E as the crow flies) was "not the answer"."""
    lesson = load_catalog("en").find("recipe")
    assert lesson is not None
    (question,) = [b for b in lesson.pages[5].blocks if isinstance(b, Question)]
    posed = pose(question, None)
    assert posed.expected == "8"
    assert "as if no wall stood between them" in _wrong(posed, "4")


def test_a_backtrack_taken_for_granted_is_named() -> None:
    """-1 for b[1] after the iteration of lesson 5 page 5 (it finds row 3 free)."""
    from lessons.runner import LessonRun

    lesson = load_catalog("en").find("iterative")
    assert lesson is not None
    run = LessonRun(lesson)
    run.goto(4)
    assert run.asked is not None
    posed = run.asked.posed
    assert posed.prompt.startswith("Now b[1] = 2") and posed.expected == "3"
    said = _wrong(posed, "-1")
    assert "backtracks from this column" in said and "3" not in said


def test_one_number_that_fits_two_slips_names_both() -> None:
    """3 for column 1 of [3, 6, 4, 1, 5, 0, 2, 7] is b read the other way round and
    b[0], the positions counted from 1: the feedback named only the first."""
    posed = _pose("queen-row", b="[3, 6, 4, 1, 5, 0, 2, 7]", col="1")
    said = _wrong(posed, "3")
    assert "other way round" in said and "counted from 1" in said
    assert "6" not in said  # never the answer
    only_swapped = _pose("queen-row", b="[3, 6, 4, 1, 5, 0, 2, 7]", col="3")  # 0; b[2] is 4
    said = _wrong(only_swapped, "0")
    assert "other way round" in said and "counted from 1" not in said


def test_a_wrong_line_is_told_why_without_the_right_one() -> None:
    """ "row-col is 1 for both squares" (4 p2, after "neither"), "neither number
    is the same for both squares, so no diagonal joins them" (Q3) and "not the same row:
    row-col is 0 for both squares" (Q7) stated the right choice, so the retry was free."""
    import re

    from lessons.quiz.diagonals import Line, shared, why_not

    i18n.set_language("en")
    cases = [
        ((0, 1), (2, 3)),
        ((1, 0), (4, 5)),
        ((3, 3), (0, 0)),
        ((1, 2), (3, 0)),
        ((0, 2), (3, 2)),
    ]
    rights = set()
    for first, second in cases:
        right = shared(first, second)
        rights.add(right)
        for picked in Line:
            if picked is right:
                continue
            said = why_not(picked, first, second, tuple(Line))
            assert said, (picked, first, second)
            assert not re.search(r"is -?\d+ for both squares", said), said
            assert "no diagonal joins" not in said and "neither number" not in said, said
            assert "the rule is" not in said, said
    assert rights == set(Line)


def test_several_ticks_ahead_k_plus_one_does_not_give_the_stretch_away() -> None:
    """6 at lesson 5 page 10 ("Now k = 5 (tick 15). Play the next 10 ticks") was told
    that column 5 has no row left: the outcome the ten ticks were to find."""
    from lessons.runner import LessonRun

    lesson = load_catalog("en").find("iterative")
    assert lesson is not None
    run = LessonRun(lesson)
    run.goto(9)
    assert run.asked is not None
    posed = run.asked.posed
    assert posed.prompt.startswith("Now k = 5 (tick 15)") and posed.expected == "4"
    for typed in ("6", "5"):
        said = _wrong(posed, typed)
        assert "no row left" not in said and "backtrack" not in said, said
        assert "Play the 10 ticks one by one" in said


def test_a_backtrack_is_told_wrong_without_naming_a_free_row() -> None:
    """ "column 1 still has a free row above b[1] = 3" on 5 x 5 named row 4; pl 28:
    "above b[5] = -1" read oddly."""
    from solver.messages import render
    from solver.methods.iterative.engine import Snapshot
    from solver.registry import stepped
    from solver.stepping import Mode

    def snapshot(n: int, k: int, b: tuple[int, ...]) -> Snapshot:
        return Snapshot(
            n=n,
            tick=0,
            mode=Mode.FIRST,
            last_kind=None,
            finished=False,
            examined=0,
            solutions=(),
            k=k,
            b=b,
            last_event=None,
        )

    wrong_choice = stepped("iterative").wrong_choice
    no_iteration = None
    above = render(wrong_choice(snapshot(5, 1, (0, 3, -1, -1, -1)), no_iteration, None))  # type: ignore[arg-type]
    assert "still has a free row" not in above and "above b[1] = 3" in above, above
    empty = render(wrong_choice(snapshot(6, 5, (0, 2, 4, 1, 3, -1)), no_iteration, None))  # type: ignore[arg-type]
    assert "-1" not in empty and "from row 0 up" in empty, empty
    # Column 0 has no queens before it.
    first = render(wrong_choice(snapshot(6, 0, (0, -1, -1, -1, -1, -1)), no_iteration, None))  # type: ignore[arg-type]
    assert "queens before it, one by one" not in first and "no queens before it" in first, first


@pytest.mark.parametrize("language", LANGUAGES)
def test_lesson_4_asks_who_attacks_with_more_than_one_queen_placed(language: str) -> None:
    """ "which column holds a queen that attacks it?" with one queen on the board
    needed no rule."""
    from lessons.runner import LessonRun

    i18n.set_language(language)
    lesson = load_catalog(language).find("diagonals")
    assert lesson is not None
    run = LessonRun(lesson)
    run.goto(3)
    kinds = []
    while run.asked is not None and run.page_index == 3:
        engine = run.stage.engine
        assert engine is not None
        placed = [c for c, row in enumerate(engine.snapshot().b[: engine.snapshot().k]) if row >= 0]
        assert len(placed) >= 2, (run.asked.question.kind, engine.tick)
        kinds.append(run.asked.question.kind)
        run.reveal()
        run.go_on()
    assert kinds == ["attacker", "attack-rule"]


def test_lesson_9_wrong_choices_do_not_restate_the_right_one() -> None:
    """At 9 p9 "the jobs now run two at a time, so the same work ends sooner" and at
    Q3 "what counts is how early that one lies in its order" were the right choice in other
    words."""
    lesson = load_catalog("en").find("cost")
    assert lesson is not None
    whys = " ".join(
        why
        for page in lesson.pages
        for block in page.blocks
        if isinstance(block, Question) and block.kind == "choice"
        for why in pose(block, None).wrong.values()
    )
    assert "two at a time" not in whys and "ends sooner" not in whys
    assert "how early" not in whys and "comes earlier" not in whys


def _lesson_text(language: str, lesson_id: str) -> str:
    path = Path(__file__).parents[3] / "lessons" / "builtin" / language
    (found,) = [p for p in path.glob("*.md") if lesson_id in p.read_text(encoding="utf-8")[:40]]
    return found.read_text(encoding="utf-8").replace("\u00a0", " ")


def test_wordings_readers_stumbled_on_are_gone() -> None:
    """Words students stumbled on are gone."""
    import solver.placement.driving
    import solver.placement.view
    from solver.messages import Message, render

    assert solver.placement.driving
    i18n.set_language("en")
    # en 16: column 0 runs out of rows, nothing attacks it; the guess's skip; "the search"
    assert render(Message.of("iterative.backtrack.first")).startswith("Column 0 has no row left")
    assert render(Message.of("guess.skipped")).startswith("You skipped the rule")
    assert render(Message.of("choice.why.none_left", guess="column 4, row 2")).startswith(
        "The search tried"
    )
    assert "the bottom one upside down" not in _lesson_text("en", "small-boards")
    # it 11
    assert "quello in basso capovolto" not in _lesson_text("it", "small-boards")
    i18n.set_language("pl")
    # pl 4: one column before it, not "columns 0 to 0"
    said = render(Message.of("drive.wrong.free.second", row=2))
    assert "od 0 do 0" not in said and "kolumny 0" in said
    # pl 5: along the row-col diagonal; one word order; the orbit it belongs to
    out = render(
        Message.of(
            "place.candidate.out",
            mark="x",
            b="0, 1",
            a_col=0,
            b_col=1,
            rule=Message.of("place.rule.diff"),
        )
    )
    assert "wzdłuż przekątnej wiersz-kol" in out, out
    pair = render(Message.of("check.row", a_col=0, b_col=1, a_row=1, b_row=1))
    assert "atakują się:" in pair, pair
    # pl 9: one name for brute force in lesson 3; pl 11: the choice ends its sentence
    naive = _lesson_text("pl", "naive-search")
    assert "pełny przegląd" not in naive and "pełnym przeglądzie" not in naive
    assert "nigdy nie dzielą żadnej\n" not in naive
    # pl 18: one name for the half turn in lesson 7
    assert "półpełny" not in _lesson_text("pl", "symmetry")


@pytest.mark.parametrize("method", ["recursive", "scan", "general"])
def test_a_wrong_backtrack_never_names_the_square_the_queen_lands_on(method: str) -> None:
    """Answered "b" where a queen lands, a next-step question says a free square is left,
    never which one (on every board that shares the kits' words)."""
    from solver.messages import render
    from solver.registry import make_engine, stepped
    from solver.stepping import Stop

    kit, engine = stepped(method), make_engine(method, 5)
    asked = 0
    while not engine.finished and asked < 12:
        iteration = kit.next_iteration(engine)
        if iteration is not None and iteration.square is not None:
            said = render(kit.wrong_choice(engine.snapshot(), iteration, None))
            assert render(kit.square_name(iteration.square)) not in said, said
            asked += 1
        engine.run(Stop.ITERATION)
    assert asked >= 4
