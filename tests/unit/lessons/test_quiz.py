"""Question kinds: answers computed from engine states and the solver, checked independently; on
every method's board, next-choice is where the engine's next iteration lands, in its words."""

from __future__ import annotations

import math
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lessons import i18n
from lessons.answers.checking import BACKTRACK, AnswerType, Posed
from lessons.model import Choice, Question
from lessons.quiz.board import pose_next_choice
from lessons.quiz.not_askable import NotAskable
from lessons.quiz.params import Params
from lessons.quiz.pose import QuizError, fill, pose
from solver.methods.iterative.engine import IterativeEngine
from solver.registry import DEFAULT_METHOD, KITS, SteppableKit, stepped
from solver.session.board import BoardSession
from solver.stepping import Kind, Mode, Stop
from solver.views.frame import Mark
from tests.tiers import examples, sweep
from tests.unit.lessons.quiz_runs import q
from tests.unit.solver.lecture_reference import isfree

A000170 = [1, 0, 0, 2, 10, 4, 40, 92, 352, 724]
A002562 = [1, 0, 0, 1, 2, 1, 6, 12, 46, 92]


def lecture_next_choice(b: list[int], k: int, n: int) -> str:
    for y in range(b[k] + 1, n):
        if isfree(b, k, y):
            return str(y)
    return BACKTRACK


def state(engine: IterativeEngine) -> tuple[object, ...]:
    return (engine.b, engine.k, engine.tick, engine.last_event, engine.solutions_found)


@pytest.mark.parametrize("n", sweep([4, 5, 6], everyday=[5]))
def test_next_choice_agrees_with_the_lecture_at_every_tick(n: int) -> None:
    engine = IterativeEngine(n, Mode.ALL)
    asked = 0
    while not engine.finished:
        if 0 <= engine.k < n:
            before = state(engine)
            posed = pose(q("next-choice"), BoardSession(engine=engine))
            assert state(engine) == before, "posing must leave the engine exactly as it was"
            b = list(engine.b)
            assert posed.expected == lecture_next_choice(b, engine.k, n)
            assert posed.check(posed.expected).correct
            asked += 1
        engine.step()
    assert asked > 50


def test_next_choice_names_why_a_row_is_wrong_and_plays_when_asked() -> None:
    """On the lecture's board: why each wrong row or backtrack is wrong, never the row; it plays
    only when asked."""
    # The Wrocław lecture, column 2 after b = [0, 2]: no free row, 'Wróć do kolumny 1!'.
    engine = IterativeEngine(4)
    engine.run(Stop.ITERATION)
    engine.run(Stop.ITERATION)
    assert engine.b == (0, 2, -1, -1)
    posed = pose(q("next-choice"), BoardSession(engine=engine))
    assert posed.expected == BACKTRACK
    assert posed.play == 5  # rows 0..3 tried, then the backtrack
    assert "back to column 1!" in posed.explanation
    verdict = posed.check("1")
    said = "attacked by the queen in column 1 (same col+row diagonal: 2+1 = 3 = 1+2)"
    assert not verdict.correct and said in verdict.message, verdict.message
    engine = IterativeEngine(6)
    engine.run(Stop.ITERATION)  # b[0] = 0, k = 1
    posed = pose(q("next-choice"), BoardSession(engine=engine))
    assert posed.expected == "2"
    said = posed.check("4").message
    assert "Row 4 is free, but a row below it" in said
    assert "row 2" not in said  # the answer: the feedback leads to it, never says it
    assert "A backtrack comes only when" in posed.check("b").message  # no row named
    engine.run(Stop.ITERATION)
    engine.run(Stop.ITERATION)
    engine.step()  # column 2: row 0 tried and attacked
    posed = pose(q("next-choice"), BoardSession(engine=engine))
    assert "already tried" in posed.check("0").message
    engine = IterativeEngine(4)
    assert pose(q("next-choice", play="no"), BoardSession(engine=engine)).play == 0
    assert pose(q("next-choice"), BoardSession(engine=engine)).play == 1


@settings(max_examples=examples(40), deadline=None)
@given(
    n=st.integers(4, 7),
    ticks=st.integers(0, 120),
    of=st.sampled_from(["k", "b[k]", "b[0]", "b[2]"]),
    after=st.sampled_from(["tick", "iteration"]),
)
def test_next_state_matches_a_replayed_engine(n: int, ticks: int, of: str, after: str) -> None:
    engine = IterativeEngine(n)
    for _ in range(ticks):
        engine.step()
    if engine.finished or (of == "b[k]" and not 0 <= engine.k < n):
        return
    before = state(engine)
    posed = pose(q("next-state", of=of, after=after), BoardSession(engine=engine))
    assert state(engine) == before
    twin = IterativeEngine(n)  # an independent engine, played one step further
    for _ in range(ticks):
        twin.step()
    column = engine.k if of == "b[k]" else int(of[2]) if of.startswith("b[") else -1
    twin.step() if after == "tick" else twin.run(Stop.ITERATION)
    expected = twin.k if of == "k" else twin.b[column]
    assert posed.expected == str(expected)
    assert posed.play == twin.tick - engine.tick


def test_attacker_and_rule_follow_the_lecture_test() -> None:
    engine = IterativeEngine(6)
    checked = 0
    while not engine.finished:
        engine.step()
        event = engine.last_event
        attackers = getattr(event, "attackers", ())
        if not attackers:
            continue
        x, y = event.col, event.row  # type: ignore[union-attr]
        b = list(engine.b)
        expected = {i for i in range(x) if b[i] == y or b[i] + i == y + x or b[i] - i == y - x}
        posed = pose(q("attacker"), BoardSession(engine=engine))
        assert {posed.expected, *posed.also_right} == {str(c) for c in expected}
        for col in expected:
            rule = pose(q("attack-rule", col=str(col)), BoardSession(engine=engine))
            word = "row" if b[col] == y else "sum" if b[col] + col == y + x else "diff"
            assert rule.check(word).correct
        checked += 1
    assert checked > 20


@settings(max_examples=examples(60), deadline=None)
@given(st.integers(0, 7), st.integers(0, 7), st.integers(0, 7), st.integers(0, 7))
def test_same_diagonal(c1: int, r1: int, c2: int, r2: int) -> None:
    question = q("same-diagonal", square=f"{c1},{r1}", other=f"{c2},{r2}")
    if c1 == c2 or r1 == r2:
        with pytest.raises(QuizError):
            pose(question, None)
        return
    posed = pose(question, None)
    word = "sum" if c1 + r1 == c2 + r2 else "diff" if r1 - c1 == r2 - c2 else "none"
    assert posed.check(word).correct


def test_array_index_of_the_turin_notes() -> None:
    """C++: a[i+j], b[i-j+n-1] over 2n-1 cells; Pascal: a[2..2n], b[-n+1..n-1]."""

    def index(array: str, row: int, col: int, **base: str) -> int:
        asked = q("array-index", array=array, row=str(row), col=str(col), n="8", **base)
        return int(pose(asked, None).expected)

    for array in "ab":
        assert {index(array, i, j) for i in range(8) for j in range(8)} == set(range(15))
    assert [index(x, 4, 6, base="pascal") for x in "abc"] == [10, -2, 6]
    assert [index(x, 3, 5) for x in "abc"] == [8, 5, 5]


@pytest.mark.parametrize("n", range(1, 11))
def test_solution_counts_are_oeis(n: int) -> None:
    assert pose(q("solutions", n=str(n)), None).expected == str(A000170[n - 1])
    unique = pose(q("solutions", n=str(n), unique="yes"), None)
    assert unique.expected == str(A002562[n - 1])
    exists = pose(q("exists", n=str(n)), None)
    assert exists.check("yes" if A000170[n - 1] else "no").correct


def test_search_spaces_of_the_italian_python_course_work_and_orbit_sizes() -> None:
    sizes = [pose(q("search-space", method=m, n="8"), None) for m in ("bruteforce", "columns")]
    assert sizes[0].check("4,426,165,368").correct
    assert sizes[0].check("4.426.165.368").correct
    assert sizes[1].expected == str(8**8)
    assert pose(q("search-space", method="permutations", n="8"), None).check("40320").correct
    tries = pose(q("random-tries", n="8"), None)
    assert tries.expected == "438" and tries.tolerance == 1
    assert tries.check("439").correct and not tries.check("440").correct
    # The work asked is the count of the engine's events.
    engine = IterativeEngine(8)
    kinds = [event.kind for event in engine.events()]
    posed = {of: pose(q("work", n="8", of=of), None).expected for of in ("tries", "backtracks")}
    assert posed["tries"] == str(kinds.count("try"))
    assert posed["backtracks"] == str(kinds.count("backtrack"))
    assert pose(q("work", n="8", of="ticks"), None).expected == str(len(kinds))
    # Orbit sizes: the edutecnica page's first solution, the 4x4 one.
    assert pose(q("orbit", b="[0,4,7,5,2,6,1,3]"), None).expected == "8"
    assert pose(q("orbit", b="[1,3,0,2]"), None).expected == "2"  # the 4x4 turns into itself


def test_written_kinds_and_typed_answers_are_read() -> None:
    """A choice or a number the lesson writes, what a student types (b, Back, a spaced number), and
    a lesson's own prompt, hint and explanation filled from the board."""
    # A choice or a number the lesson writes, and what a student types (b, Back, a spaced number).
    choice = Question(1, "choice", prompt="Which?", choices=(Choice("a", False), Choice("b", True)))
    posed = pose(choice, None)
    assert posed.answer_type is AnswerType.CHOICE
    assert posed.check("2").correct and posed.check("B").correct
    assert not posed.check("1").correct
    invalid = posed.check("7")
    assert not invalid.counted and "“7” is not one of the choices: press 1 to 2" in invalid.message
    number = pose(Question(1, "number", prompt="n!", answer=str(math.factorial(5))), None)
    assert number.check(" 120 ").correct and not number.check("121").correct
    assert not number.check("many").counted
    posed = Posed("k", "p", AnswerType.ROW, "backtrack", "")
    read = [posed.read(t) for t in ("b", "Back", "backtrack", "3", "x")]
    assert read == [BACKTRACK, BACKTRACK, BACKTRACK, "3", None]
    big = Posed("k", "p", AnswerType.NUMBER, "4426165368", "")
    assert big.check("4 426 165 368").correct and big.check("4_426_165_368").correct
    assert big.answer_text == "4,426,165,368"
    engine = IterativeEngine(4)
    engine.step()
    prompt = "k={k}, n={n}, b={b} {{literal}}"
    question = Question(1, "next-choice", prompt=prompt, hint="tick {tick}", explain="More.")
    posed = pose(question, BoardSession(engine=engine))
    assert (posed.prompt, posed.hint) == ("k=1, n=4, b=[0, -1, -1, -1] {literal}", "tick 1")
    assert posed.explanation.endswith("More.")
    with pytest.raises(QuizError, match=r"unknown field \{x\}"):
        fill("{x}", {"k": "1"})


def test_maze_path_found_by_the_recipe() -> None:
    """Up, right, down, left: the recipe takes the long way round (14 moves, not 10)."""
    rows: tuple[str, ...] = ("#########", "#S..#...#", "#.#.#.#.#", "#.#...#.#", "#.#####.#")
    rows += ("#......E#", "#########")
    posed = pose(Question(1, "maze", maze=rows), None)
    assert posed.expected == "14"
    assert "(14 moves): right, right, down, down, right, right, up, up" in posed.explanation
    with pytest.raises(QuizError, match="exit cannot be reached"):
        pose(Question(1, "maze", maze=("#S#E#",)), None)
    with pytest.raises(QuizError, match="exactly one 'E'"):
        pose(Question(1, "maze", maze=("#S..#",)), None)


def test_construct_follows_the_recipe() -> None:
    rows = [int(pose(q("construct", n="8", col=str(c)), None).expected) for c in range(8)]
    assert rows == [1, 3, 5, 7, 2, 0, 6, 4]  # evens, then odds with 1,3 swapped and 5 last
    for n in (4, 5, 9, 14, 15):
        b = [int(pose(q("construct", n=str(n), col=str(c)), None).expected) for c in range(n)]
        assert sorted(b) == list(range(n))
        assert all(abs(b[i] - b[j]) != j - i for i in range(n) for j in range(i + 1, n)), (n, b)


STEPPED = [kit for kit in KITS if isinstance(kit, SteppableKit)]
PLAY = Params({}, "@question next-choice")


@pytest.mark.parametrize("kit", STEPPED, ids=lambda k: k.name)
@pytest.mark.parametrize("ticks", [0, 3, 11, 29])
def test_the_answer_is_where_the_engine_goes_and_the_engine_is_left_as_it_was(
    kit: SteppableKit, ticks: int
) -> None:
    engine = kit.make_engine(5, Mode.ALL)  # every solution: the search goes on past tick 29
    engine.run(Stop.END, max_ticks=ticks)
    before = engine.snapshot()
    try:
        posed = pose_next_choice(PLAY, BoardSession(engine=engine))
    except NotAskable:  # a solution or the end next, or a queen lifted after a solution
        assert engine.snapshot() == before
        engine.run(Stop.ITERATION)
        kind = engine.snapshot().last_kind
        assert kind is not Kind.PLACE
        assert kind is not Kind.BACKTRACK or before.solutions_found > 0
        return
    assert engine.snapshot() == before
    engine.run(Stop.ITERATION)
    after = engine.snapshot()
    assert posed.play == after.tick - before.tick
    if kit.moves:
        choices = len(kit.moves) + 1
        assert posed.expected in {str(i) for i in range(choices)}
        assert set(posed.wrong) == {str(i) for i in range(choices)} - {posed.expected}
        if posed.expected != str(len(kit.moves)):  # not the dead end
            assert len(after.path) > len(before.path)  # type: ignore[attr-defined]
            assert not [why for why in posed.wrong.values() if "queen" in why], posed.wrong
        return
    landed = kit.test_of(after)
    if posed.expected == BACKTRACK:
        assert after.last_kind is Kind.BACKTRACK
    else:
        assert landed is None or landed.free
        assert after.last_kind is Kind.PLACE
    for value in [*map(str, range(5)), BACKTRACK]:
        if value != posed.expected:
            assert posed.wrong[value], value


@pytest.mark.parametrize("lang", ["en", "it", "pl"])
def test_the_question_is_asked_in_the_methods_words_in_every_language(lang: str) -> None:
    """Every stepped board's question in its method's words, whole, in every language; the
    recursive board's in placeQueens' (a row's queen placed in a column)."""
    with i18n.speaking(lang):
        for kit in STEPPED:
            engine = kit.make_engine(5)
            engine.run(Stop.END, max_ticks=5)
            posed = pose_next_choice(PLAY, BoardSession(engine=engine))
            assert posed.prompt and "{" not in posed.prompt
            assert posed.explanation and "{" not in posed.explanation
    posed = pose_next_choice(PLAY, BoardSession(engine=stepped("recursive").make_engine(5)))
    assert posed.prompt.startswith("placeQueens(0)") and posed.expected == "0"
    assert posed.answer_text == "column 0"  # placeQueens places a row's queen in a column


ATTACKS = [k for k in STEPPED if k.queens and k.tests_squares]
"""The boards whose ticks test squares: a lesson can ask who attacks one, and by which rule."""


@pytest.mark.parametrize("kit", ATTACKS, ids=lambda k: k.name)
def test_attacker_and_attack_rule_on_every_queens_board_are_the_engines(kit: SteppableKit) -> None:
    """Who attacks the square tested (every attacker right), and along which line; neither is
    asked where no queen attacks."""
    from lessons.quiz.board import pose_attack_rule, pose_attacker
    from solver.peek import Along

    engine = kit.make_engine(6)
    asked, seen = 0, set()
    for _ in range(80):
        engine.run(Stop.TICK, max_ticks=1)
        test = kit.test_of(engine.snapshot())
        if test is None or test.free or not test.threats:
            with pytest.raises(NotAskable):
                pose_attacker(PLAY, BoardSession(engine=engine))
            continue
        session = BoardSession(engine=engine)
        posed = pose_attacker(PLAY, session)
        board = session.frame().board  # the queens drawn: every one that attacks is right
        (x, y), index = test.square, 1 if kit.wording.row_wise else 0
        queens = {
            (int(board.col_labels[c]), int(board.row_labels[r]))
            for r, line in enumerate(board.squares)
            for c, mark in enumerate(line)
            if mark in (Mark.QUEEN, Mark.ATTACKER)
        } - {(x, y)}
        hit = {q[index] for q in queens if q[0] == x or q[1] == y or abs(q[0] - x) == abs(q[1] - y)}
        assert {posed.expected, *posed.also_right} == set(map(str, hit)), (kit.name, engine.tick)
        held, own = {s[index] for s in queens}, (x, y)[index]
        in_order = sorted(held - {own}) == list(range(own))  # else: the standing queens only
        for line in set(range(6)) - hit:  # each reason true of the board drawn
            why = posed.wrong.get(str(line), "")
            assert why or not (in_order or line in held - {own}), (line, posed.wrong)
            assert ("own" in why, "no queen yet" in why) == (
                in_order and line == own,
                in_order and line not in held | {own},
            )
        backtrack = posed.check("b")  # no answer here: told how to answer, at no cost
        assert not backtrack.counted and "backtrack" not in backtrack.message, backtrack
        rule = pose_attack_rule(PLAY, BoardSession(engine=engine))
        along = test.threats[0].along
        assert rule.expected == str([Along.LINE, Along.SUM, Along.DIFF].index(along))
        assert set(rule.wrong) == {"0", "1", "2"} - {rule.expected}  # each wrong rule says why
        seen.add(along)
        asked += 1
    assert asked >= 5 and seen == {Along.LINE, Along.SUM, Along.DIFF}  # every rule asked


OTHERS = [kit for kit in STEPPED if kit is not stepped(DEFAULT_METHOD)]
"""The boards of every method but the Wrocław loop's (whose words its own tests check)."""


@pytest.mark.parametrize("kit", OTHERS, ids=lambda k: k.name)
def test_a_lesson_asks_next_choice_and_attacker_on_other_methods_boards(kit: SteppableKit) -> None:
    from lessons.checking.validate import check_text
    from lessons.parsing.parser import parse
    from lessons.runner import LessonRun

    board = f"n=5 algorithm={kit.name}" if kit.queens else f"algorithm={kit.name}"
    engine = kit.make_engine(5)
    taken, kind = 0, "attacker"  # the first tick that finds a square taken
    while kit in ATTACKS and not taken and engine.run(Stop.TICK, max_ticks=1).ticks:
        test = kit.test_of(engine.snapshot())
        if test is not None and not test.free and test.threats:
            taken = engine.tick
            kind = "attack-rule" if test.against else kind  # one queen compared: the state names it
    attacker = f"@page Q\n@board {board}\n@step {taken}\n@question {kind}\n@end\n"
    text = (
        f"@lesson other\n@title Other\n@page P\nText.\n@board {board}\n@step 1\n"
        f"@question next-choice\n@end\n{attacker if taken else ''}"
    )
    assert check_text(text, "other.md") == []
    lesson = parse(text, "other.md").lesson
    assert lesson is not None
    run = LessonRun(lesson)
    assert run.asked is not None and run.asked.posed.kind == "next-choice"
    assert not run.asked.posed.prompt.startswith("Column")  # the method's words, not the loop's


@pytest.mark.parametrize(
    ("kit_name", "of", "ticks"),
    [("recursive", "depth", 3), ("scan", "T[0]", 4), ("general", "R", 5), ("maze", "path", 2)],
)
def test_next_state_on_other_boards_reads_the_methods_own_names(
    kit_name: str, of: str, ticks: int
) -> None:
    from lessons.quiz.next_state import pose_next_state
    from lessons.stage.expect_names import read

    kit = next(k for k in STEPPED if k.name == kit_name)
    engine = kit.make_engine(5)
    engine.run(Stop.END, max_ticks=3)
    posed = pose_next_state(
        Params({"of": of, "ticks": str(ticks)}, "@question"), BoardSession(engine=engine)
    )
    now = read(engine, kit_name, of)
    assert engine.tick == 3  # taken back
    engine.run(Stop.END, max_ticks=ticks)
    assert posed.expected == read(engine, kit_name, of)
    where = BoardSession(engine=engine).frame().status.where  # its figure there: the same
    assert re.findall(rf"{re.escape(of)}:? =? ?(\d+)", where) in ([], [posed.expected]), where
    assert posed.play == ticks
    if now != posed.expected:
        assert now in posed.wrong  # the value it has now: the ticks change it


def test_the_salerno_notes_list_is_typed_with_none_as_its_prompt_says() -> None:
    """regine writes None for a row not decided yet: the prompt's example says so, not -1."""
    session = BoardSession("general", 6, lesson=True)
    session.engine.run(Stop.END, max_ticks=25)
    posed = pose(Question(1, "next-state", {"of": "regine", "ticks": "3"}, "", "", ""), session)
    assert "like [0, 2, None]" in posed.prompt and "-1" not in posed.prompt, posed.prompt
    assert "None" in posed.expected and posed.check(posed.expected).correct


def test_the_loops_choice_hint_names_only_rows_of_the_board() -> None:
    """b[k] on the top row: the hint asks what b[k]++ reaching n does, never a row past n-1."""
    engine = stepped(DEFAULT_METHOD).make_engine(4, Mode.ALL)
    hints = set()
    while engine.run(Stop.TICK, max_ticks=1).ticks:
        try:
            hints.add(pose_next_choice(PLAY, BoardSession(engine=engine)).hint)
        except NotAskable:
            continue
    rows = {int(row) for hint in hints for row in re.findall(r"from row (\d+)", hint)}
    assert rows and max(rows) < 4 and any("gives 4 = n" in hint for hint in hints), hints
