"""Each core misconception gets its own message, not the generic "is not the answer". The
wrong answers are worked out from the rule each breaks (the loop's k++/k--, the shortest path
by breadth-first search, the rotations alone), not read from the question."""

from __future__ import annotations

import dataclasses
from collections import deque

import pytest

from lessons.answers.feedback import say
from lessons.model import Question
from lessons.quiz import solver_facts as facts
from lessons.quiz.pose import QuizError, pose
from solver import symmetry
from solver.events import Backtrack, Try
from solver.methods.iterative.engine import IterativeEngine, Mode
from solver.methods.maze.maze import Maze
from solver.methods.naive import search as naive
from solver.session.board import BoardSession


def q(kind: str, **params: str) -> Question:
    return Question(line=1, kind=kind, params=params)


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


def _wrong(posed_check: str, message: str) -> None:
    assert message in posed_check


@pytest.mark.parametrize(
    ("before", "step", "wrong_way", "stays"),
    [
        (Backtrack, -1, "mistake.k_up_after_backtrack", "mistake.k_stays_backtrack"),
        (Try, 1, "mistake.k_down_after_free", "mistake.k_stays_free"),
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
    _wrong(posed.check(str(k - step)).message, say(wrong_way, k=k, right=k + step))
    _wrong(posed.check(str(k)).message, say(stays, k=k, right=k + step))


def test_b_k_reaching_n_means_backtrack() -> None:
    engine = IterativeEngine(4, Mode.FIRST)
    _until(engine, Backtrack)
    k = engine.k
    posed = pose(q("next-state", of="b[k]", after="tick"), BoardSession(engine=engine))
    assert posed.expected == "-1"
    _wrong(posed.check("4").message, say("mistake.reached_n", k=k, n=4, prev=k - 1))
    engine.back_to(engine.tick - 4)  # column k's four rows still to try: the iteration ends
    posed = pose(q("next-choice"), BoardSession(engine=engine))  # in a backtrack
    assert posed.expected == "backtrack"
    _wrong(posed.check("4").message, say("mistake.row_n_is_backtrack", k=k, n=4))


def test_what_the_loop_does_when_b_k_reaches_n() -> None:
    posed = pose(q("reach-n"), None)
    assert "k--" in posed.choices[int(posed.expected)]
    messages = [posed.check(str(choice + 1)).message for choice in range(len(posed.choices))]
    assert messages[int(posed.expected)].startswith("Right")
    wrong = [m for i, m in enumerate(messages) if i != int(posed.expected)]
    for message_id in ("mistake.reach_n_stops", "mistake.reach_n_stays"):
        assert any(say(message_id) in m for m in wrong), message_id
    assert any(say("mistake.k_up_after_backtrack", k="k", right="k-1") in m for m in wrong)


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
    _wrong(asked.check(str(shortest)).message, say("mistake.shortest_path", given=shortest))


def test_the_orbit_counts_the_reflections_too() -> None:
    b = (0, 4, 7, 5, 2, 6, 1, 3)
    turned = len({turn.apply(b) for turn in symmetry.ROTATIONS})
    posed = pose(q("orbit", b="[0,4,7,5,2,6,1,3]"), None)
    assert posed.expected == str(len(symmetry.orbit(b))) == "8"
    _wrong(posed.check(str(turned)).message, say("mistake.rotations_only", given=turned))
    assert "rotations (by 0, 90, 180 and 270 degrees) and the 4 reflections" in posed.prompt


def test_a_symmetric_solution_does_not_give_8_boards() -> None:
    b = (2, 4, 1, 7, 0, 6, 3, 5)
    assert symmetry.Symmetry.ROT180.apply(b) == b
    posed = pose(q("orbit", b="[2,4,1,7,0,6,3,5]"), None)
    _wrong(posed.check("8").message, say("mistake.symmetric_half_turn", given=8))
    square = pose(q("orbit", b="[1,3,0,2]"), None)
    _wrong(square.check("8").message, say("mistake.symmetric_quarter_turn", given=8))
    turns = pose(q("rotations", b="[2,4,1,7,0,6,3,5]"), None)
    _wrong(turns.check("4").message, say("mistake.symmetric_half_turn", given=4))


def test_the_rotations_do_not_count_the_reflections_and_2_names_the_half_turns_board() -> None:
    b = (0, 4, 7, 5, 2, 6, 1, 3)
    orbit = len(symmetry.orbit(b))
    posed = pose(q("rotations", b="[0,4,7,5,2,6,1,3]"), None)
    _wrong(posed.check(str(orbit)).message, say("mistake.reflections_counted", given=orbit))
    half = list(symmetry.Symmetry.ROT180.apply(b))
    assert half != list(b)
    _wrong(posed.check("2").message, say("mistake.half_turn_moves", half=str(half)))


def test_the_search_space_is_not_what_is_checked_until_the_first_solution() -> None:
    checked = naive.cost("permutations", 5, False)
    posed = pose(q("search-space", method="permutations", n="5"), None)
    assert posed.expected == str(naive.search_space("permutations", 5))
    message = say("mistake.examined_for_space", given=checked, method="permutations", formula="n!")
    _wrong(posed.check(str(checked)).message, message)


def test_what_is_examined_is_not_the_search_space_nor_the_ticks() -> None:
    posed = pose(q("examined", method="bruteforce", n="6"), None)
    space = naive.search_space("bruteforce", 6)
    index = [int(c.replace(",", "")) for c in posed.choices].index(space)
    message = say(
        "mistake.space_for_examined", formula=naive.formula("bruteforce"), method="bruteforce"
    )
    _wrong(posed.check(posed.choice_label(index)).message, message)  # its letter: a, b, c
    _wrong(posed.check(str(space)).message, message)  # or the number itself
    loop = pose(q("examined", method="iterative", n="6"), None)
    ticks = facts.work(6).ticks
    index = [int(c.replace(",", "")) for c in loop.choices].index(ticks)
    _wrong(loop.check(loop.choice_label(index)).message, say("mistake.ticks_for_tests"))


def test_row_and_column_swapped_when_reading_b() -> None:
    b = [0, 2, 4, 1, 3]
    posed = pose(q("queen-row", b="[0,2,4,1,3]", col="3"), None)
    assert posed.expected == str(b[3])
    # 4 is b read the other way round and b[2], counted from 1: both named
    _wrong(posed.check(str(b.index(3))).message, say("mistake.swapped_or_from_one", prev=2, col=3))
    _wrong(posed.check(str(b[3] + 1)).message, say("mistake.row_from_one"))


@pytest.mark.parametrize("b", ["[2,4,1,7,0,6,3,5]", "[0,4,7,5,2,6,1,3]", "[1,3,0,2]"])
def test_three_turned_boards_cannot_be(b: str) -> None:
    """The 4 turns give 1, 2 or 4 boards, never 3: "3" has its own reason."""
    placement = tuple(int(row) for row in b.strip("[]").split(","))
    turned = len({turn.apply(placement) for turn in symmetry.ROTATIONS})
    assert turned in (1, 2, 4)
    posed = pose(q("rotations", b=b), None)
    assert posed.expected == str(turned)
    _wrong(posed.check("3").message, say("mistake.rotations_never_three"))


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
