"""Each core mistake gets a whole translated sentence that names it; the wrong numbers are worked
out from the rule each breaks, never read from the question."""

from __future__ import annotations

import contextlib
import dataclasses
import math
from collections import deque
from collections.abc import Callable, Iterator
from fractions import Fraction

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from lessons import i18n
from lessons.answers.checking import Posed, whole_sentence
from lessons.answers.feedback import say
from lessons.catalog import load_catalog
from lessons.model import Question
from lessons.quiz import solver_facts as facts
from lessons.quiz.facts import METHOD_WORDS
from lessons.quiz.pose import QuizError, pose
from lessons.runner import Asked, LessonRun
from solver import symmetry
from solver.events import Backtrack, Try
from solver.messages import Message, render
from solver.methods.iterative.engine import IterativeEngine, Mode
from solver.methods.maze.maze import Maze, solve_maze
from solver.methods.naive import search as naive
from solver.session.board import BoardSession
from solver.stepping import Stop
from tests.tiers import naive_searches, sweep
from tests.unit.lessons.answers_on_screen import asked_in
from tests.unit.lessons.quiz_runs import q

LANGUAGES = ("en", "it", "pl")


def typed(language: str, value: int | Fraction | str) -> str:
    """A number as a student of ``language`` types it: grouped or with the decimal comma."""
    if isinstance(value, str):
        return value
    if isinstance(value, Fraction) and value.denominator != 1:
        text = str(float(value))
        return text.replace(".", ",") if language != "en" else text
    return i18n.number(int(value))


def page_question(lesson_id: str, page: int, number: int) -> LessonRun:
    """Lesson ``lesson_id`` played up to question ``number`` of page ``page`` (from 1)."""
    lesson = load_catalog(i18n.current()).find(lesson_id)
    assert lesson is not None
    key = f"{page - 1}.{number - 1}"
    runs = asked_in(LessonRun(lesson, None))
    run = next((run for run in runs if run.asked and run.asked.key == key), None)
    assert run is not None, f"no question {key} in lesson {lesson_id}"
    return run


def _space(asked: Asked) -> int:
    return math.comb(100, 10)  # brute force on the page's 10 x 10: C(100, 10)


def _ticks(asked: Asked) -> int:
    return IterativeEngine(int(asked.posed.values["n"]), Mode.FIRST).run().ticks


def _path_squares(asked: Asked) -> int:
    path = solve_maze(asked.question.maze)
    assert path is not None
    return len(path)  # the squares, the start included, for its moves


PAGE_MISTAKES: list[tuple[str, int, str, Callable[[Asked], int], str, dict[str, str]]] = [
    ("3", 6, "examined", _space, "mistake.space_for_examined",
     {"method": "bruteforce", "formula": "C(n^2, n)"}),
    ("3", 3, "search-space", lambda asked: math.factorial(4), "mistake.space_factorial_short",
     {"n": "5", "formula": "n!"}),  # n! for n = 5, one factor short
    ("9", 7, "examined", _ticks, "mistake.ticks_for_tests", {}),
    ("8", 6, "maze", _path_squares, "mistake.squares_for_moves", {}),
]  # fmt: skip


@pytest.mark.parametrize("language", sweep(LANGUAGES, everyday=["pl"]))
@pytest.mark.parametrize(("lesson_id", "page", "kind", "wrong", "message", "params"), PAGE_MISTAKES)
def test_a_lesson_pages_mistake_is_named(
    language: str,
    lesson_id: str,
    page: int,
    kind: str,
    wrong: Callable[[Asked], int],
    message: str,
    params: dict[str, str],
) -> None:
    """The search space for the examined, ticks for squares tested, squares for moves."""
    i18n.set_language(language)
    run = page_question(lesson_id, page, 1)
    asked = run.asked
    assert asked is not None and asked.question.kind == kind
    verdict = run.answer(typed(language, wrong(asked)))
    assert verdict.counted and not verdict.correct
    assert say(message, **params) in verdict.message


def lines(first: tuple[int, int], second: tuple[int, int]) -> dict[str, int]:
    (c1, r1), (c2, r2) = first, second
    numbers = {"sum1": c1 + r1, "sum2": c2 + r2, "diff1": r1 - c1, "diff2": r2 - c2}
    return {**numbers, "sum": c1 + r1, "diff": r1 - c1, "row1": r1, "row2": r2}


def same_diagonal(square: tuple[int, int], other: tuple[int, int]) -> Question:
    return q("same-diagonal", square="{},{}".format(*square), other="{},{}".format(*other))


def turns(b: tuple[int, ...]) -> int:
    return len({turn.apply(b) for turn in symmetry.ROTATIONS})


def board(b: tuple[int, ...]) -> str:
    return str(list(b)).replace(" ", "")


B8, HALF, SQUARE = (0, 4, 7, 5, 2, 6, 1, 3), (2, 4, 1, 7, 0, 6, 3, 5), (1, 3, 0, 2)
TOTAL8, CHECKED = facts.count_solutions(8), naive.cost("permutations", 5, False)
MISTAKES = [  # (question, what is typed, the message naming the mistake, its parameters)
    *[(q("search-space", method=method, n=str(n)), value, f"mistake.space_{other}_for_{method}",
       {"n": n, "squares": n * n})  # another method's search space
      for method, n, other, value in (
          ("bruteforce", 5, "columns", 5**5), ("columns", 6, "permutations", math.factorial(6)),
          ("columns", 8, "bruteforce", math.comb(64, 8)), ("permutations", 5, "columns", 5**5))],
    *[(q("search-space", method=method, n="4"), 4, "mistake.space_n",
       {"n": 4, "formula": METHOD_WORDS[method][1]}) for method in naive_searches()],
    (q("search-space", method="permutations", n="5"), CHECKED, "mistake.examined_for_space",
     {"given": CHECKED, "method": "permutations", "formula": "n!"}),
    *[(q("solutions", n=str(n)), facts.count_solutions(n, unique=True), "mistake.unique_for_all",
       {}) for n in (5, 8)],
    *[(q("solutions", n=str(n), unique="yes"), facts.count_solutions(n), "mistake.all_for_unique",
       {}) for n in (5, 8)],
    (q("solutions", n="8", unique="yes"), Fraction(TOTAL8, 8), "mistake.divided_by_symmetries",
     {"total": TOTAL8}),  # 11.5 for the 12 families of 8 x 8
    *[(same_diagonal(square, other), picked, message, lines(square, other))
      for square, other, picked, message in (
          ((1, 2), (3, 0), "2", "mistake.diff_not_equal_none"),  # same sum: the difference
          ((1, 2), (3, 0), "3", "mistake.missed_diagonal"),
          ((0, 1), (2, 3), "1", "mistake.sum_not_equal_none"),  # same difference: the sum
          ((0, 1), (2, 3), "3", "mistake.missed_diagonal"),
          ((1, 5), (2, 2), "1", "mistake.sum_not_equal_none"),  # neither
          ((1, 5), (2, 2), "2", "mistake.diff_not_equal_none"))],
    # b read the other way round or from 1, the row counted from 1
    (q("queen-row", b="[0,2,4,1,3]", col="3"), 4, "mistake.swapped_or_from_one",
     {"prev": 2, "col": 3}),
    (q("queen-row", b="[0,2,4,1,3]", col="3"), 2, "mistake.row_from_one", {}),
    # the rotations alone, 8 boards from a symmetric solution, the reflections counted, the
    # half turn's board, 3 turned boards (the 4 turns give 1, 2 or 4)
    (q("orbit", b=board(B8)), 4, "mistake.rotations_only", {"given": 4}),
    (q("orbit", b=board(HALF)), 8, "mistake.symmetric_half_turn", {"given": 8}),
    (q("orbit", b=board(SQUARE)), 8, "mistake.symmetric_quarter_turn", {"given": 8}),
    (q("rotations", b=board(HALF)), 4, "mistake.symmetric_half_turn", {"given": 4}),
    (q("rotations", b=board(B8)), 8, "mistake.reflections_counted", {"given": 8}),
    (q("rotations", b=board(B8)), 2, "mistake.half_turn_moves",
     {"half": str(list(symmetry.Symmetry.ROT180.apply(B8)))}),
    *[(q("rotations", b=board(b)), 3, "mistake.rotations_never_three", {})
      for b in (HALF, B8, SQUARE)],
]  # fmt: skip


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize(("question", "value", "message", "params"), MISTAKES)
def test_a_mistake_gets_the_sentence_that_names_it(
    language: str,
    question: Question,
    value: int | Fraction | str,
    message: str,
    params: dict[str, object],
) -> None:
    i18n.set_language(language)
    verdict = pose(question, None).check(typed(language, value))
    assert verdict.counted and not verdict.correct
    assert say(message, **params) in verdict.message, verdict.message


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize(
    ("square", "other", "picked", "kept"),
    [((1, 4), (3, 6), "1", "3"), ((1, 6), (3, 4), "2", "7")],  # the same difference 3, sum 7
)
def test_a_wrong_diagonal_leads_to_the_answer_without_saying_it(
    language: str, square: tuple[int, int], other: tuple[int, int], picked: str, kept: str
) -> None:
    """The reason names neither the number that is the same nor the rule."""
    i18n.set_language(language)
    verdict = pose(same_diagonal(square, other), None).check(picked)
    assert not verdict.correct
    assert kept not in verdict.message, verdict.message
    assert "that is the same" not in verdict.message


def attacked_tries(n: int) -> Iterator[tuple[IterativeEngine, Try]]:
    """The loop's engine at every tick whose square is attacked."""
    engine = IterativeEngine(n, Mode.FIRST)
    while (event := engine.step()) is not None:
        if isinstance(event, Try) and event.attackers:
            yield engine, event


ATTACK_RULE_NUDGES = {
    ("1", "2"): "mistake.sum_not_equal_row",
    ("1", "3"): "mistake.diff_not_equal_row",
    ("2", "1"): "mistake.rows_differ",
    ("3", "1"): "mistake.rows_differ",
    ("3", "2"): "mistake.sum_not_equal_row",  # one nudge whatever the answer
    ("2", "3"): "mistake.diff_not_equal_row",
}


NUDGES = (*ATTACK_RULE_NUDGES.values(), "mistake.sum_not_equal_none")
NUDGES += ("mistake.diff_not_equal_none", "mistake.missed_diagonal")


def nudged(posed: Posed, picked: str, numbers: dict[str, int]) -> set[str]:
    """The nudges (message ids, filled with the squares' numbers) a wrong choice's reason gives;
    the reason names no right choice and is the one its verdict gives."""
    reason = posed.wrong[str(int(picked) - 1)]
    verdict = posed.check(picked)
    assert verdict.counted and not verdict.correct and reason in verdict.message
    assert posed.choices[int(posed.expected)] not in reason, reason
    return {key for key in set(NUDGES) if say(key, **numbers) in reason}


@pytest.mark.parametrize("language", LANGUAGES)
def test_lesson_4_attack_rule_choices(language: str) -> None:
    """Every wrong rule at every attacked try of the 5 x 5 search to its first solution gets its
    one nudge, the same whatever the right rule."""
    i18n.set_language(language)
    seen = set()
    for engine, event in attacked_tries(5):
        for attacker in event.attackers:
            posed = pose(q("attack-rule", col=str(attacker.col)), BoardSession(engine=engine))
            numbers = lines((event.col, event.row), (attacker.col, attacker.row))
            numbers["row"] = event.row
            right = {"row": "1", "sum": "2", "diff": "3"}[attacker.rule.value]
            for picked in {"1", "2", "3"} - {right}:
                assert nudged(posed, picked, numbers) == {ATTACK_RULE_NUDGES[(right, picked)]}
                seen.add((right, picked))
    assert len(seen) == 6  # every kind of wrong rule was met


def test_every_wrong_diagonal_of_every_two_squares_gets_its_one_nudge() -> None:
    """Sum, difference or neither picked wrongly for any two squares of a 5 x 5 board: the
    nudge of the line picked, the same whatever the right line."""
    nudge = {"1": "mistake.sum_not_equal_none", "2": "mistake.diff_not_equal_none"}
    nudge["3"] = "mistake.missed_diagonal"
    asked = set()
    squares = [(col, row) for col in range(5) for row in range(5)]
    for square, other in ((a, b) for a in squares for b in squares if a != b):
        try:
            posed = pose(same_diagonal(square, other), None)
        except QuizError:
            continue  # a row or a column shared: not a diagonal's question
        first, second = posed.squares
        for picked in {"1", "2", "3"} - {str(int(posed.expected) + 1)}:
            assert nudged(posed, picked, lines(first, second)) == {nudge[picked]}, posed.prompt
            asked.add((picked, posed.expected))
    assert len(asked) == 6  # each wrong line with each right one


@pytest.mark.parametrize(
    ("language", "words"), [("en", "columns 0 and 1 only"), ("it", "0 e 1"), ("pl", "0 i 1")]
)
def test_two_columns_placed_are_named_0_and_1(language: str, words: str) -> None:
    """An empty column picked for a square in column 2: "columns 0 and 1", not "0 to 1"."""
    i18n.set_language(language)
    for engine, event in attacked_tries(5):
        if event.col != 2:
            continue
        said = pose(q("attacker"), BoardSession(engine=engine)).check("4").message
        assert words in said and "0 a 1" not in said and "0 to 1" not in said, said
        return
    raise AssertionError("no attacked square in column 2")


def _until(engine: IterativeEngine, ends_with: type) -> None:
    """Step until the *next* tick is of the kind ``ends_with`` (Backtrack, or a free Try)."""
    while True:
        start = engine.tick
        event = engine.step()
        assert event is not None
        engine.back_to(start)
        if isinstance(event, ends_with) and not (isinstance(event, Try) and event.attackers):
            return
        engine.step()


@pytest.mark.parametrize(
    ("before", "step", "wrong_way", "stays"),
    [
        (Backtrack, -1, "loop.mistake.k_up_after_backtrack", "loop.mistake.k_stays_backtrack"),
        (Try, 1, "loop.mistake.k_down_after_free", "loop.mistake.k_stays_free"),
    ],
)
def test_k_moved_the_wrong_way_or_staying(
    before: type, step: int, wrong_way: str, stays: str
) -> None:
    """k-- after a backtrack, k++ after a free square: the other way and k staying named."""
    engine = IterativeEngine(4, Mode.FIRST)
    engine.step()
    _until(engine, before)
    k = engine.k
    posed = pose(q("next-state", of="k", after="tick"), BoardSession(engine=engine))
    assert posed.expected == str(k + step)
    said = {key: render(Message.of(key, k=k, right=k + step)) for key in (wrong_way, stays)}
    assert said[wrong_way] in posed.check(str(k - step)).message
    assert said[stays] in posed.check(str(k)).message


def test_b_k_reaching_n_means_backtrack() -> None:
    engine = IterativeEngine(4, Mode.FIRST)
    _until(engine, Backtrack)
    k = engine.k
    posed = pose(q("next-state", of="b[k]", after="tick"), BoardSession(engine=engine))
    assert posed.expected == "-1"
    reached = Message.of("loop.mistake.reached_n", k=k, n=4, prev=k - 1)
    assert render(reached) in posed.check("4").message


@given(n=st.integers(4, 6), ticks=st.integers(0, 150))
def test_every_wrong_row_for_b_k_after_a_tick_gets_its_reason(n: int, ticks: int) -> None:
    """A row below b[k] was tried, a row above the next one is more than one b[k]++ away, the
    row now is the value before the tick: none is met by a bare "not the answer"."""
    engine = IterativeEngine(n, Mode.ALL)
    while engine.tick < ticks and not engine.finished:
        engine.step()
    assume(not engine.finished and 0 <= engine.k < n)
    posed = pose(q("next-state", of="b[k]", after="tick"), BoardSession(engine=engine))
    bare = [
        row for row in range(-1, n) if str(row) != posed.expected and str(row) not in posed.wrong
    ]
    assert not bare, (posed.prompt, posed.expected, bare)


def test_what_the_loop_does_when_b_k_reaches_n() -> None:
    posed = pose(q("reach-n"), None)
    assert "k--" in posed.choices[int(posed.expected)]
    messages = [posed.check(str(choice + 1)).message for choice in range(len(posed.choices))]
    assert messages[int(posed.expected)].startswith("Right")
    wrong = [m for i, m in enumerate(messages) if i != int(posed.expected)]
    for message_id in (
        "mistake.reach_n_stops",
        "mistake.reach_n_stays",
        "mistake.reach_n_moves_on",
    ):
        assert any(say(message_id) in m for m in wrong), message_id
    assert not [m for m in wrong if "row left in" in m]  # b[k] = n: no row is left to test


def _shortest(lines: list[str]) -> int:
    maze = Maze.parse(lines)
    seen = {maze.start: 0}
    todo = deque([maze.start])
    while todo:
        r, c = todo.popleft()
        for step in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
            if step not in seen and maze.is_open(step):
                seen[step] = seen[r, c] + 1
                todo.append(step)
    return seen[maze.end]


def test_the_shortest_path_is_not_the_path_the_search_finds() -> None:
    lines = ["#########", "#S..#...#", "#.#.#.#.#", "#.#...#.#", "#.#####.#", "#......E#"]
    lines.append("#########")
    posed = Question(line=1, kind="maze", maze=tuple(lines))
    asked = pose(posed, None)
    shortest = _shortest(lines)
    assert int(asked.expected) > shortest  # right before down: the long way round
    assert say("mistake.shortest_path", given=shortest) in asked.check(str(shortest)).message
    # a count no slip explains is told how to count, never only "not right"
    for other in {str(n) for n in range(40)} - set(asked.wrong) - {asked.expected}:
        assert asked.hint in asked.check(other).message


def test_the_orbit_names_the_reflections_and_the_slips_boards_are_as_said() -> None:
    posed = pose(q("orbit", b="[0,4,7,5,2,6,1,3]"), None)
    assert posed.expected == "8"
    assert "rotations (by 0, 90, 180 and 270 degrees) and the 4 reflections" in posed.prompt
    half_turn = symmetry.Symmetry.ROT180.apply
    assert half_turn(HALF) == HALF and half_turn(B8) != B8
    assert [turns(b) for b in (B8, HALF, SQUARE)] == [4, 2, 1]  # 1, 2 or 4 turned boards
    for b in (B8, HALF, SQUARE):
        assert pose(q("orbit", b=board(b)), None).expected == str(len(symmetry.orbit(b)))
        assert pose(q("rotations", b=board(b)), None).expected == str(turns(b))
    space = pose(q("search-space", method="permutations", n="5"), None).expected
    assert space == str(naive.search_space("permutations", 5)) != str(CHECKED)
    assert pose(q("queen-row", b="[0,2,4,1,3]", col="3"), None).expected == "1"


def test_what_is_examined_is_not_the_search_space_nor_the_ticks() -> None:
    posed = pose(q("examined", method="bruteforce", n="6"), None)
    space = naive.search_space("bruteforce", 6)
    index = [int(c.replace(",", "")) for c in posed.choices].index(space)
    message = say(
        "mistake.space_for_examined", formula=naive.formula("bruteforce"), method="bruteforce"
    )
    assert message in posed.check(posed.choice_label(index)).message  # its letter: a, b, c
    assert message in posed.check(str(space)).message  # or the number itself
    loop = pose(q("examined", method="iterative", n="6"), None)
    ticks = facts.work(6).ticks
    index = [int(c.replace(",", "")) for c in loop.choices].index(ticks)
    assert say("mistake.ticks_for_tests") in loop.check(loop.choice_label(index)).message
    scan = pose(q("examined", method="scan", n="5"), None)  # its ticks are its own: the loop named
    index = [int(c.replace(",", "")) for c in scan.choices].index(facts.work(5).ticks)
    told = scan.check(scan.choice_label(index)).message + scan.explanation
    assert "That is the Wrocław loop's ticks" in told and "The Wrocław loop's 16 ticks" in told


def test_a_number_question_draws_its_solution() -> None:
    """A number question's b= is drawn beside it, and must be a solution."""
    question = Question(
        line=1, kind="number", params={"b": "[1,4,2,0,3]"}, prompt="How many?", answer="4"
    )
    assert pose(question, None).placement == (1, 4, 2, 0, 3)
    plain = dataclasses.replace(question, params={})
    assert pose(plain, None).placement == ()
    with pytest.raises(QuizError):
        pose(dataclasses.replace(question, params={"b": "[0,1,2,3,4]"}), None)


DEPTH = {"iterative": "k", "recursive": "depth", "scan": "depth", "general": "R", "maze": "depth"}
"""Each stepped method's name for how deep the search stands."""


@given(
    method=st.sampled_from(sorted(DEPTH)),
    tick=st.integers(0, 60),
    ahead=st.integers(1, 6),
    given_value=st.integers(-1, 8),
)
def test_a_wrong_depth_several_ticks_on_gets_a_reason_or_the_hint_never_the_counts(
    method: str, tick: int, ahead: int, given_value: int
) -> None:
    """next-state ``ticks=N`` of how deep the search stands: a wrong value no mistake explains
    is met by the hint, never by a bare "not right", nor by the counts of what the N ticks did
    (calls made less returned, queens placed less backtracks: the answer's change), unless the
    value stays as the prompt prints it."""
    session = BoardSession(method, 5, Mode.FIRST, None, lesson=True)
    engine = session.engine
    while engine.tick < tick and engine.run(Stop.TICK, max_ticks=1).ticks:
        pass
    now = str(session.kit.expect_names[DEPTH[method]](engine.snapshot()))
    try:
        posed = pose(q("next-state", of=DEPTH[method], ticks=str(ahead)), session)
    except QuizError:
        assume(False)
    assume(str(given_value) != posed.expected and str(given_value) not in posed.also_right)
    too_large = posed.largest is not None and given_value > posed.largest
    hint = render(session.kit.state_hint(True))
    why = posed.wrong.get(str(given_value)) or (posed.too_large if too_large else hint)
    said = posed.check(str(given_value)).message
    assert whole_sentence(why) in said or posed.expected == now, said


def test_the_mazes_dead_ends_twelve_ticks_on_are_never_told_by_the_moves_taken_back() -> None:
    """Each move taken back leaves a dead end: the moves taken back, counted, are the answer."""
    session = BoardSession("maze", 5, Mode.FIRST, "corridor", lesson=True)
    told = []
    while session.engine.run(Stop.TICK, max_ticks=1).ticks and session.engine.tick < 80:
        with contextlib.suppress(QuizError):
            posed = pose(q("next-state", of="dead_ends", ticks="12"), session)
            now = str(session.kit.expect_names["dead_ends"](session.engine.snapshot()))
            told += [posed.check(str(int(posed.expected) + 3)).message] * (posed.expected != now)
    assert len(told) > 10 and not [said for said in told if "taken back" in said], told


def test_the_loops_counted_ticks_call_a_backtrack_a_backtrack_and_one_tick_is_told_how() -> None:
    """ticks=1: "queens placed 1" would say what the tick does (k + 1): the state hint instead.
    6 x 6 at tick 15, seven ticks on: column 5's rows are all refused and the loop backtracks
    out of it, no queen leaving the board; the counts say one backtrack, no queen taken back."""
    session = BoardSession("iterative", 6, Mode.FIRST, None, lesson=True)
    while session.engine.tick < 14:
        session.engine.run(Stop.TICK, max_ticks=1)
    posed = pose(q("next-state", of="k", ticks="1"), session)
    said = posed.check(str(int(posed.expected) + 2)).message
    hint = render(session.kit.state_hint(True))
    assert "Count what" not in said and hint in said, said
    while session.engine.tick < 15:
        session.engine.run(Stop.TICK, max_ticks=1)
    queens = sum(row >= 0 for row in session.engine.snapshot().b)
    posed = pose(q("next-state", of="b[4]", ticks="7"), session)
    said = posed.check("4").message
    assert "backtracks 1" in said and "taken back" not in said, said
    while session.engine.tick < 22:
        session.engine.run(Stop.TICK, max_ticks=1)
    assert sum(row >= 0 for row in session.engine.snapshot().b) == queens  # none taken off
