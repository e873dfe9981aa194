"""Quiz and practice feedback names the slip, never the answer (reading b[]: no instance drawn
where two slips give one number); a quiz asks nothing a page or an earlier feedback printed."""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lessons import i18n
from lessons.answers.checking import Posed
from lessons.checking.validate import check_text
from lessons.model import Question
from lessons.quiz.draw import draw
from lessons.quiz.drawers.base import b_values
from lessons.quiz.kinds import KINDS
from lessons.quiz.params import Params
from lessons.quiz.pose import pose
from lessons.quiz.reading import pose_queen_row
from lessons.review.session import Loaded
from lessons.runner import LessonRun
from solver.messages import render
from tests.tiers import examples, sweep
from tests.unit.lessons.quiz_runs import quiz_run, waiting
from tests.unit.lessons.review_progress import lesson, lessons
from tests.unit.lessons.review_progress import lesson as built_in

LANGUAGES = ("en", "it", "pl")


def _pose(kind: str, **params: str) -> Posed:
    return pose(Question(kind=kind, params=params, line=1), None)


def _wrong(posed: Posed, typed: str) -> str:
    verdict = posed.check(typed)
    assert verdict.counted and not verdict.correct, typed
    return verdict.message


SLIPS = [  # language, kind, params, typed (each), said, not said (but for what is said)
    ("en", "solutions", "n=6", "92", ("count of the 8 x 8 board",), ()),
    ("en", "work", "n=5 of=backtracks", "10", ("how many solutions the 5 x 5 board has",), ()),
    ("en", "work", "n=4 of=backtracks", "3", ("backtracks again",), ("4",)),
    ("en", "work", "n=4 of=backtracks", "2", ("how many solutions the 4 x 4 board has",), ()),
    ("en", "random-tries", "n=6", "189", ("one random run", "compare 6"), ()),
    ("en", "random-tries", "n=7", "20588.575 20588.58 20588.6 20588 20589", ("divides n^n",), ()),
    ("pl", "random-tries", "n=7", "20588,6", ("n^n",), ()),
    ("en", "random-tries", "n=5", "0.083", (), ("120/10", "10/120", "12")),
    ("it", "random-tries", "n=5", "0,083", (), ("120/10", "10/120", "12")),
    ("pl", "random-tries", "n=5", "0,083", (), ("120/10", "10/120", "12")),
    ("en", "random-tries", "n=5", "120", ("That is n!, every permutation for n = 5",), ()),
    ("en", "random-tries", "n=5", "10", ("how many solutions the 5 x 5 board has",), ()),
    ("en", "random-tries", "n=5", "312", ("That divides n^n",), ()),
    ("en", "array-index", "array=a row=5 col=1 n=8", "13", ("i+j+n-1",), ("6",)),
    ("en", "array-index", "array=a row=5 col=1 n=8", "11", ("the index of b[], the row-col",), ()),
    ("en", "array-index", "array=a row=3 col=4 n=8", "6 -1", ("its index is",), ("3+4",)),
    *(  # i-j without the shift, either sign: the rule named, not its sum
        ("en", "array-index", f"array=b row={i} col={j} n=8", str(i - j), said, ("n-1 = 7",))
        for i, j in ((7, 0), (0, 7))
        for said in [(f"That is i-j = {i}-{j}, without the shift:", "shifted by n-1,")]
    ),
    (
        "en",
        "queen-row",
        "b=[3,6,4,1,5,0,2,7] col=1",
        "3",
        ("other way round", "counted from 1"),
        ("6",),
    ),
    (
        "en",
        "queen-row",
        "b=[3,6,4,1,5,0,2,7] col=3",
        "0",
        ("other way round",),
        ("counted from 1",),
    ),
    *(
        ("en", "search-space", f"method={method} n=6", typed, (said,), ())
        for method in ("bruteforce", "columns", "permutations")
        for typed, said in (("1", "1 would be a single placement"), ("4", "the 6 x 6 board has"))
    ),
    ("en", "construct", "n=7 col=4", "1", ("the even rows counted from 0",), ()),
    ("en", "construct", "n=7 col=4", "3", ("as the recipe numbers it, counted from 1",), ()),
    ("en", "construct", "n=8 col=5", "2", ("without the fix",), ()),
    *(  # written "n x n", pointing to no lesson
        (lang, "exists", f"n={n}", yes, (f"{n} x {n}",), (f"{n}x{n}", "lesson", "lezion", "lekcj"))
        for lang, yes in (("en", "yes"), ("it", "sì"), ("pl", "tak"))
        for n in (2, 3)
    ),
    ("en", "exists", "n=3", "yes", ("On the 3 x 3 board every placement fails",), ()),
]


@pytest.mark.parametrize(("language", "kind", "params", "typed", "said", "unsaid"), SLIPS)
def test_a_typical_slip_is_named_without_the_answer(
    language: str,
    kind: str,
    params: str,
    typed: str,
    said: tuple[str, ...],
    unsaid: tuple[str, ...],
) -> None:
    """A known slip costs an attempt and is named; no answer (``unsaid``) outside ``said``."""
    i18n.set_language(language)
    posed = _pose(kind, **dict(param.split("=") for param in params.split()))
    for each in typed.split():
        message = _wrong(posed, each)
        for words in said:
            assert words in message, (each, message)
            message = message.replace(words, "")
        assert not any(words in message for words in unsaid), (each, message)
    assert not re.search(r"\dx\d", posed.explanation), posed.explanation  # "n x n", spaced


def test_the_random_run_the_slip_names_is_compare_6s() -> None:
    from solver.runs import run_method

    assert run_method("random", 6).examined == 189  # lesson 3 page 6 prints it


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
    """3125 (5^5, told as n^n by the practice feedback) as a quiz's answer is warned of."""
    found = [str(e) for e in check_text(FEEDBACK_TOLD.format(n=5), "told.md", warnings=True)]
    assert len(found) == 1, found
    assert found[0].startswith(
        "told.md:6: warning: 3125 is in the feedback of the question here (its words for the "
        "wrong answer 3125)"
    ), found
    assert "line 10" in found[0]
    assert check_text(FEEDBACK_TOLD.format(n=6), "told.md", warnings=True) == []
    chosen = FEEDBACK_TOLD.replace(
        "@question search-space method=bruteforce n=5\n",
        "@question choice\nprompt: Which?\n- [x] C(25, 5)\n- [ ] 5^5\n  why: 3125 is n^n\n"
        "explain: C(25, 5) = 53130, and 5^5 = 3125\n",
    )
    found = [str(e) for e in check_text(chosen.format(n=5), "told.md", warnings=True)]
    assert [f.split(" and is the")[0] for f in found] == [
        "told.md:6: warning: 3125 is in the feedback of the question here (its words for the "
        "wrong choice 2; its explanation)"  # choices counted from 1, as the student sees them
    ], found


@pytest.mark.parametrize("n", [4, 6, 10])
def test_a_quiz_array_index_without_n_draws_cells_of_the_boards_size(n: int) -> None:
    """``n=`` defaults to the board's: every cell a student may draw is on that board."""
    text = f"@lesson a\n@title A\n@quiz\n@board n={n}\n@question array-index array=b row=1 col=3\n"
    assert check_text(text + "hint: h\n@end\n", "a.md", warnings=True) == []
    question = Question(5, "array-index", {"array": "b", "row": "1", "col": "3"})
    cells = KINDS["array-index"].drawer.pool(question, n)
    assert {int(c[name]) for c in cells for name in ("row", "col")} == set(range(n)), cells


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
    """Three sizes, none of 4 and 5 whose counts the pages' feedback printed."""
    i18n.set_language(language)
    lesson = built_in("naive-search", language)
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
    lesson = built_in(lesson_id, language)
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
    """No situation the quiz may draw asks page 2's practice question word for word."""
    from lessons.quiz.draw import practice_situations, situations
    from lessons.quiz.drawers.live import move_to

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
    lesson = built_in("recursive", language)
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
    lesson = built_in(lesson_id, language)
    return [b for b in lesson.pages[page].blocks if isinstance(b, Question)]


@pytest.mark.parametrize("language", LANGUAGES)
def test_lesson_6_page_3_asks_what_the_counter_does_not_a_printed_count(language: str) -> None:
    """It asks what the all-solutions version does right after a solution."""
    i18n.set_language(language)
    (question,) = _questions(language, "recursive", 2)
    assert question.kind == "choice"
    assert "[1, 3, 5, 0, 2, 4]" in question.prompt
    posed = pose(question, None)
    assert "5" in posed.choices[int(posed.expected)]  # column 5 of row 5 next (trace below)
    from solver.stepping import step

    lesson = built_in("recursive", language)
    run = LessonRun(lesson)
    run.goto(2)
    assert run.session is not None and run.stage.engine is not None
    step(run.stage.engine)  # the tick after the solution: the queen of row 5 taken back
    (said,) = run.session.frame().narration
    assert said.id == "recursive.remove"
    assert dict(said.params)["row"] == 5 and dict(said.params)["next"] == 5


@pytest.mark.parametrize("language", LANGUAGES)
def test_lesson_9_quiz_asks_no_backtracks_lesson_5_stated(language: str) -> None:
    """n = 5 (0 backtracks) is lesson 5 page 8's "No backtracking at all"."""
    lesson = built_in("cost", language)
    quiz = next(page for page in lesson.pages if page.scored)
    works = [b for b in quiz.blocks if isinstance(b, Question) and b.kind == "work"]
    assert len(works) == 2
    for question in works:
        assert "5" not in question.params["pool"].split(","), question.params
        assert question.params["n"] != "5"


@pytest.mark.parametrize("language", LANGUAGES)
def test_lesson_3_page_6_choices_are_no_numbers_the_lesson_printed(language: str) -> None:
    from lessons.checking.given_away import numbers_in
    from lessons.model import Text

    i18n.set_language(language)
    lesson = built_in("naive-search", language)
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


@pytest.mark.parametrize(
    ("n", "k", "b", "said", "unsaid"),
    [
        (5, 1, (0, 3, -1, -1, -1), "above b[1] = 3", "still has a free row"),
        (6, 5, (0, 2, 4, 1, 3, -1), "from row 0 up", "-1"),
        (6, 0, (0, -1, -1, -1, -1, -1), "no queens before it", "queens before it, one by one"),
    ],
)
def test_a_backtrack_is_told_wrong_without_naming_a_free_row(
    n: int, k: int, b: tuple[int, ...], said: str, unsaid: str
) -> None:
    from solver.methods.iterative.engine import Snapshot
    from solver.registry import stepped
    from solver.stepping import Mode

    snapshot = Snapshot(
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
    message = render(stepped("iterative").wrong_choice(snapshot, None, None))  # type: ignore[arg-type]
    assert said in message and unsaid not in message, message


@pytest.mark.parametrize("language", LANGUAGES)
def test_lesson_4_asks_who_attacks_with_more_than_one_queen_placed(language: str) -> None:
    """ "which column holds a queen that attacks it?" with one queen on the board
    needed no rule."""
    i18n.set_language(language)
    lesson = built_in("diagonals", language)
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
    """Lesson 9's wrong choices' reasons do not restate the right choice in other words."""
    lesson = built_in("cost", "en")
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


CHOICE_RULE = {"mark": "x", "b": "0, 1", "a_col": 0, "b_col": 1}
STUMBLED: list[
    tuple[str, str, dict[str, Any], str, str]
] = [  # language, message id, its params, said ("^": first), not said
    ("en", "iterative.backtrack.first", {}, "^Column 0 has no row left", ""),
    ("en", "guess.skipped", {}, "^You skipped the rule", ""),
    ("en", "choice.why.none_left", {"guess": "column 4, row 2"}, "^The search tried", ""),
    ("pl", "drive.wrong.free.second", {"row": 2}, "kolumny 0", "od 0 do 0"),
    ("pl", "place.candidate.out", CHOICE_RULE, "wzdłuż przekątnej wiersz-kol", ""),
    ("pl", "check.row", {"a_col": 0, "b_col": 1, "a_row": 1, "b_row": 1}, "atakują się:", ""),
]
GONE = [  # language, lesson, words gone from its text
    ("en", "small-boards", "the bottom one upside down"),
    ("it", "small-boards", "quello in basso capovolto"),
    ("pl", "naive-search", "pełny przegląd"),  # one name for brute force
    ("pl", "naive-search", "pełnym przeglądzie"),
    ("pl", "naive-search", "nigdy nie dzielą żadnej\n"),  # the choice ends its sentence
    ("pl", "symmetry", "półpełny"),  # one name for the half turn
]


def test_wordings_readers_stumbled_on_are_gone() -> None:
    import solver.placement.driving
    import solver.placement.view
    from solver.messages import Message, render

    assert solver.placement.driving  # their messages are registered

    for language, key, params, said, unsaid in STUMBLED:
        i18n.set_language(language)
        if key == "place.candidate.out":
            params = {**params, "rule": Message.of("place.rule.diff")}
        text = render(Message.of(key, **params))
        assert text.startswith(said[1:]) if said[0] == "^" else said in text, text
        assert not unsaid or unsaid not in text, text
    for language, lesson_id, words in GONE:
        assert words not in _lesson_text(language, lesson_id), (language, words)


@pytest.mark.parametrize("method", ["recursive", "scan", "general"])
def test_a_wrong_backtrack_never_names_the_square_the_queen_lands_on(method: str) -> None:
    """Answered "b" where a queen lands, a next-step question says a free square is left,
    never which one (on every board that shares the kits' words)."""
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


def slip_numbers(b: tuple[int, ...], col: int) -> list[int]:
    """The numbers the typical slips give, worked out here: b[] read the other way round, the
    column itself, the row counted from 1, the column counted from 1 (b[col-1])."""
    right = b[col]
    found = [b.index(col), col, right + 1] + ([b[col - 1]] if col > 0 else [])
    return [number for number in found if number != right]


def apart(params: dict[str, str]) -> bool:
    numbers = slip_numbers(b_values(params["b"]), int(params["col"]))
    return len(set(numbers)) == len(numbers)


def quiz_questions() -> list[tuple[str, Question]]:
    """Lesson 1's scored queen-row questions, with their keys."""
    found = []
    for index, page in enumerate(lesson("problem").pages):
        for number, question in enumerate(page.questions):
            if question.kind == "queen-row" and page.scored:
                found.append((f"{index}.{number}", question))
    assert found
    return found


def test_a_lessons_own_queen_row_instance_is_never_drawn() -> None:
    """B = [1, 6, 2, 5, 7, 4, 0, 3], column 1: 1 is the column itself and b[0]."""
    (_key, question), *_rest = quiz_questions()
    pool = KINDS["queen-row"].drawer.pool(question)
    assert {"b": "[1,6,2,5,7,4,0,3]", "col": "1"} not in pool
    assert {"b": "[1,6,2,5,7,4,0,3]", "col": "2"} in pool  # 2, 4, 3, 6: apart
    assert all(apart(each) for each in pool if each != dict(question.params))


@pytest.mark.timeout(120)
@settings(max_examples=examples(400), deadline=None)
@given(seed=st.integers(min_value=1, max_value=2**31 - 1), attempt=st.integers(0, 3))
def test_a_quiz_draws_slips_apart(seed: int, attempt: int) -> None:
    problem = lesson("problem")
    for key, question in quiz_questions():
        drawn = draw(question, seed, key if attempt == 0 else f"{key}@{attempt}", problem)
        assert apart(dict(drawn.params)), (seed, key, drawn.params)


@pytest.mark.timeout(120)
@settings(max_examples=examples(100), deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**31 - 1))
def test_a_review_draws_slips_apart(seed: int) -> None:
    known = Loaded(lessons())
    drawer = KINDS["queen-row"].drawer
    for each, key in known.of_kind("queen-row"):
        template = known.template(each, key, drawer)
        assert template is not None
        instances = drawer.instances(template, known, random.Random(seed))
        for _count, instance in zip(range(20), instances, strict=False):
            assert apart(dict(instance.asks)), instance.asks


@pytest.mark.parametrize(
    ("b", "col"),
    [("[5,2,4,7,0,3,1,6]", "4"), ("[1,6,2,5,7,4,0,3]", "2"), ("[0,4,7,5,2,6,1,3]", "5")],
)
def test_every_slip_is_named_alike_in_every_language(b: str, col: str) -> None:
    """Each slip's number (b read the other way round, the column, rows from 1, b[col-1]) is
    named alike in en, it and pl."""
    named: dict[str, set[str]] = {}
    for lang in ("en", "it", "pl"):
        i18n.set_language(lang)
        posed = pose_queen_row(
            Question(0, "queen-row", {"b": b, "col": col}),
            Params({"b": b, "col": col}, "@question queen-row"),
            None,
        )
        named[lang] = set(posed.wrong)
        for typed, why in posed.wrong.items():
            assert why in " ".join(posed.check(typed).message.split()), (lang, typed)
    numbers = {str(n) for n in slip_numbers(b_values(b), int(col))}
    assert named["en"] == named["it"] == named["pl"] == numbers


def test_a_drawn_explicit_placement_question_never_names_its_answer_as_its_column() -> None:
    """On 11 x 11 the queen of column 10 stands in row 10: a prompt naming the column would
    print the answer, so no quiz or review draws it (nor 5 x 5's column 4, 9 x 9's...)."""
    drawer, asked = KINDS["construct"].drawer, Question(1, "construct", {"n": "11", "col": "3"})
    drawn = [*drawer.pool(asked), *drawer.review_pool(asked, None)]
    assert all(pose(Question(1, "construct", p), None).expected != p["col"] for p in drawn)
    assert {"n": "11", "col": "10"} not in drawn and {"n": "11", "col": "9"} in drawn
