"""Who attacks whom and the learner's own board: the O(n) checker and the one that names every
attacking pair and its rule, the attacked squares, lines of attack and square in focus; the
place board (solver/placement/): undo, attacking pairs as `check` names them, symmetry classes
of solutions, the small boards exhausted by hand; 'you drive', each step graded against the
Wrocław loop's engine."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lessons.i18n import speaking
from solver.checker import (
    Attack,
    PairAttack,
    attack_count,
    attacks,
    attacks_among,
    explain,
    first_attacks,
    is_valid,
)
from solver.events import Backtrack, Rule, Try, attack_rule
from solver.geometry import attacked_squares, line_between
from solver.messages import render
from solver.methods.iterative.engine import IterativeEngine
from solver.methods.iterative.view import focus_square
from solver.placement.board import (
    Exhaustion,
    FoundSolutions,
    Placement,
    classify,
    explain_pair,
    fundamental_solutions,
)
from solver.placement.driving import Act, Answer, DriveSession, expected_answer
from solver.stepping import Mode, Stop
from tests.tiers import examples, sweep
from tests.tui.place_keys import loop_answers
from tests.unit.solver.reference_solutions import reference_solutions


def as_attack(pair: PairAttack) -> Attack | None:
    """The same pair as :func:`attacks` names it; None for two queens in one column."""
    if pair.rule == "col":
        return None
    (col_a, row_a), (col_b, row_b) = pair.first, pair.second
    return Attack(col_a, row_a, col_b, row_b, Rule(pair.rule))


def test_each_rule_is_named_with_the_pair_and_explained_with_its_equal_quantity() -> None:
    assert is_valid([0, 4, 7, 5, 2, 6, 1, 3]) and attacks([0, 4, 7, 5, 2, 6, 1, 3]) == []
    assert attacks([0, 0]) == [Attack(0, 0, 1, 0, Rule.ROW)]
    assert attacks([0, 1]) == [Attack(0, 0, 1, 1, Rule.DIFF)]
    assert attacks([1, 0]) == [Attack(0, 1, 1, 0, Rule.SUM)]
    assert attacks([0, 2, 1]) == [Attack(1, 2, 2, 1, Rule.SUM)]
    assert attacks([0, 0, 2]) == [Attack(0, 0, 1, 0, Rule.ROW), Attack(0, 0, 2, 2, Rule.DIFF)]
    # explained with the equal quantity
    assert explain(Attack(0, 4, 1, 3, Rule.SUM)) == (
        "the queens of columns 0 and 1 (rows 4 and 3) attack: same col+row diagonal: 0+4 = 4 = 1+3"
    )
    assert "(both in row 2) attack: same row" in explain(Attack(0, 2, 3, 2, Rule.ROW))
    assert "1-0 = 1 = 3-2" in explain(Attack(0, 1, 2, 3, Rule.DIFF))


@pytest.mark.parametrize("bad", [[], [0, 2], [-1, 0]])
def test_rows_outside_the_board_are_rejected(bad: list[int]) -> None:
    with pytest.raises(ValueError):
        is_valid(bad)
    with pytest.raises(ValueError):
        attacks(bad)


@pytest.mark.parametrize("n", sweep(range(1, 7), everyday=range(1, 6)))
def test_valid_exactly_for_the_solutions(n: int) -> None:
    solutions = set(reference_solutions(n))
    for b in itertools.product(range(n), repeat=n):
        assert is_valid(b) == (b in solutions)
        assert (attacks(b) == []) == (b in solutions)


@settings(max_examples=examples(200), deadline=None)
@given(st.integers(1, 9).flatmap(lambda n: st.lists(st.integers(0, n - 1), min_size=n, max_size=n)))
def test_attacks_lists_exactly_the_attacking_pairs(b: list[int]) -> None:
    expected = []
    for i, j in itertools.combinations(range(len(b)), 2):
        if b[i] == b[j]:
            expected.append((i, j, Rule.ROW))
        elif i + b[i] == j + b[j]:
            expected.append((i, j, Rule.SUM))
        elif b[i] - i == b[j] - j:
            expected.append((i, j, Rule.DIFF))
    assert [(a.col_a, a.col_b, a.rule) for a in attacks(b)] == expected
    assert is_valid(b) == (not expected)


@given(st.lists(st.integers(0, 11), min_size=1, max_size=12), st.integers(0, 70))
def test_first_attacks_and_count_agree_with_attacks(raw: list[int], limit: int) -> None:
    b = [row % len(raw) for row in raw]
    every = attacks(b)
    assert attack_count(b) == len(every)
    assert first_attacks(b, limit) == every[:limit]


def test_the_wroclaw_lectures_column_2_has_no_free_square() -> None:
    # b = [0, 2]: every square of column 2 is attacked (the Wrocław lecture, "Brak wolnej pozycji").
    attacked = attacked_squares([(0, 0), (1, 2)], 4)
    assert all((2, r) in attacked for r in range(4))
    assert (3, 1) not in attacked


@st.composite
def boards(draw: st.DrawFn) -> tuple[int, list[tuple[int, int]]]:
    n = draw(st.integers(1, 8))
    square = st.tuples(st.integers(0, n - 1), st.integers(0, n - 1))
    return n, draw(st.lists(square, max_size=4))


@settings(max_examples=examples(60))
@given(boards())
def test_attacked_means_some_queen_shares_a_line(case: tuple[int, list[tuple[int, int]]]) -> None:
    n, queens = case
    attacked = attacked_squares(queens, n)
    for c in range(n):
        for r in range(n):
            shares = any(
                (c, r) != q and (c == q[0] or attack_rule(c, r, *q) is not None) for q in queens
            )
            assert ((c, r) in attacked) == (shares and (c, r) not in queens)


def test_line_between_runs_along_rows_and_both_diagonals_and_nowhere_else() -> None:
    assert list(line_between((0, 1), (3, 1))) == [(1, 1), (2, 1)]
    assert list(line_between((0, 0), (3, 3))) == [(1, 1), (2, 2)]
    assert list(line_between((0, 3), (3, 0))) == [(1, 2), (2, 1)]
    assert list(line_between((3, 0), (0, 3))) == [(2, 1), (1, 2)]
    assert list(line_between((2, 2), (3, 3))) == []
    with pytest.raises(ValueError):
        list(line_between((0, 0), (1, 2)))


def test_focus_follows_the_last_tick() -> None:
    engine = IterativeEngine(4)
    assert focus_square(engine.snapshot()) is None
    engine.step()
    assert focus_square(engine.snapshot()) == (0, 0)
    engine.step()  # (1, 0) attacked
    assert focus_square(engine.snapshot()) == (1, 0)
    engine.run(Stop.BACKTRACK)  # column 2 has no free square: back to column 1
    event = engine.last_event
    assert event is not None and event.kind == "backtrack"
    assert focus_square(engine.snapshot()) == (1, 2)
    engine.run()
    assert focus_square(engine.snapshot()) == (3, 2)


sizes = st.integers(min_value=1, max_value=10)


@st.composite
def boards_and_moves(draw: st.DrawFn) -> tuple[int, list[tuple[int, int]]]:
    n = draw(sizes)
    square = st.tuples(st.integers(0, n - 1), st.integers(0, n - 1))
    return n, draw(st.lists(square, max_size=30))


@settings(max_examples=examples(80), deadline=None)
@given(boards_and_moves(), st.data())
def test_toggling_queens_then_undoing_returns_every_earlier_state(
    case: tuple[int, list[tuple[int, int]]], data: st.DataObject
) -> None:
    n, moves = case
    board = Placement(n)
    states = [board.state()]
    for square in moves:
        board.push(square)
        states.append(board.state())
        if data.draw(st.booleans()):
            board.clear()
            states.append(board.state())
    while board.moves:
        states.pop()
        assert board.pop()
        assert board.state() == states[-1]
    assert board.state().queens == frozenset()
    assert not board.pop()


@settings(max_examples=examples(80), deadline=None)
@given(boards_and_moves())
def test_pairs_are_every_attacking_pair_and_agree_with_check(
    case: tuple[int, list[tuple[int, int]]],
) -> None:
    n, moves = case
    queens = sorted(set(moves))
    found = attacks_among(queens)
    expected = set()
    for i, (c1, r1) in enumerate(queens):
        for c2, r2 in queens[i + 1 :]:
            rule = "col" if c1 == c2 else attack_rule(c1, r1, c2, r2)
            if rule is not None:
                expected.add(((c1, r1), (c2, r2), str(rule)))
    assert {(p.first, p.second, p.rule) for p in found} == expected
    # One queen per column: exactly `queens-tutor check`'s pairs, in its order and words.
    by_col = {}
    for c, r in queens:
        by_col.setdefault(c, r)
    if len(by_col) == n:
        b = [by_col[c] for c in range(n)]
        ours = attacks_among(enumerate(b))
        assert [as_attack(p) for p in ours] == attacks(b)
        assert [render(explain_pair(p)) for p in ours] == [explain(a) for a in attacks(b)]


def test_solution_recognised_with_its_class():
    board = Placement(8)
    board.set_queens(enumerate((0, 4, 7, 5, 2, 6, 1, 3)))
    b = board.state().solution
    assert b == (0, 4, 7, 5, 2, 6, 1, 3)
    cls = classify(b)
    assert (cls.fundamentals, cls.total, cls.size) == (12, 92, 8)  # OEIS A002562, A000170
    assert cls.canonical == min(fundamental_solutions(8))
    assert cls.number == 1
    board.set_queens([(0, 0), (1, 1), (2, 3), (3, 2)])  # an attacking placement: no solution
    assert board.state().solution is None
    assert board.state().clashing == {(0, 0), (1, 1), (2, 3), (3, 2)}
    # The one class of n = 8 with 4 members (symmetric under a half turn).
    sizes = sorted(classify(f).size for f in fundamental_solutions(8))
    assert sizes == [4] + [8] * 11


def test_found_solutions_remember_per_class():
    found = FoundSolutions()
    first, second = (1, 3, 0, 2), (2, 0, 3, 1)
    assert found.record(first) and not found.record(first)
    assert found.seen(first) and not found.seen(second)
    cls = classify(second)
    assert cls.size == 2 and found.in_class(cls) == 1  # n = 4: the two are mirror images
    found.record(second)
    assert found.in_class(cls) == 2 and found.of(4) == (first, second)


@pytest.mark.parametrize(("n", "works"), [(2, 0), (3, 0), (4, 2)])
def test_a_board_is_exhausted_once_every_placement_is_tried_and_none_works(
    n: int, works: int
) -> None:
    board, known = Placement(n), Exhaustion(n)
    for b in itertools.permutations(range(n)):
        assert not known.exhausted()
        board.set_queens(enumerate(b))
        known.observe(board.state())
    assert known.exhausted() == (works == 0)
    assert all(c.tried for c in known.candidates())
    assert sum(c.works for c in known.candidates()) == works


def test_a_pair_seen_attacking_rules_out_every_placement_holding_it():
    board, known = Placement(3), Exhaustion(3)
    for pair in ([(0, 0), (1, 1)], [(0, 2), (1, 1)], [(1, 1), (2, 0)], [(1, 1), (2, 2)]):
        board.set_queens(pair)
        known.observe(board.state())
    # Every placement with the centre queen is out; left: b[1] != 1.
    left = [c.b for c in known.candidates() if not c.settled]
    assert left == [(0, 2, 1), (1, 0, 2), (1, 2, 0), (2, 0, 1)]
    for pair in ([(0, 1), (1, 0)], [(0, 1), (1, 2)]):
        board.set_queens(pair)
        known.observe(board.state())
    for pair in ([(0, 0), (1, 2)], [(0, 2), (1, 0)]):
        board.set_queens([*pair, (2, 1)])
        known.observe(board.state())
    assert known.exhausted()


def test_the_count_of_solutions_agrees_with_the_list() -> None:
    from solver.placement.board import solution_count, solutions_of

    assert [solution_count(n) for n in range(1, 11)] == [len(solutions_of(n)) for n in range(1, 11)]


@pytest.mark.parametrize(
    ("language", "whole"),
    [
        ("en", "the queens of rows 1 and 3 of column 2 attack: same column 2"),
        ("en", "the queens of columns 0 and 1 (both in row 0) attack: same row"),
        ("it", "le regine delle colonne 0 e 1 (entrambe nella riga 0) si attaccano: stessa riga"),
        ("pl", "hetmany z kolumn 0 i 1 (oba w wierszu 0) atakują się: ten sam wiersz"),
    ],
)
def test_a_row_or_column_pair_names_its_line_once(language: str, whole: str) -> None:
    """With the article the diagonal pairs have; ``check`` says a row pair as the board does."""
    (pair,) = attacks_among([(2, 1), (2, 3)] if "column 2" in whole else [(0, 0), (1, 0)])
    with speaking(language):
        said = render(explain_pair(pair))
        assert said == whole
        attack = as_attack(pair)
        assert said == explain(attack) if attack else pair.rule == "col"


@pytest.mark.parametrize(
    ("language", "b", "said", "unsaid"),
    [
        ("en", (1, 3, 0, 2), "the only fundamental solution", "1 of 1"),
        ("pl", (1, 3, 0, 2), "jedynego rozwiązania podstawowego", "spośród 1"),
        ("it", (1, 3, 5, 0, 2, 4), "unica soluzione fondamentale", "1 di 1"),
        ("en", (0, 2, 4, 1, 3), "fundamental solution 1 of 2", "only"),
    ],
)
def test_a_board_of_one_orbit_names_its_only_fundamental_solution(
    language: str, b: tuple[int, ...], said: str, unsaid: str
) -> None:
    """A board whose solutions make one orbit names the only one (not "1 of 1")."""
    from solver.placement.board import PlacementState
    from solver.placement.view import summary

    state = PlacementState(len(b), frozenset(enumerate(b)), ())
    with speaking(language):
        text = " ".join(render(line) for line in summary(state, FoundSolutions(), True))
    assert said in text and unsaid not in text, text


def test_the_drive_starts_after_the_lectures_first_line() -> None:
    """The drive starts with the lecture's ``b[0]=0; k=1`` played, not asked, not taken back;
    starting the loop over keeps the score (a wrong step is not undone by it)."""
    session = DriveSession(4)
    snapshot = session.snapshot()
    assert (snapshot.b, snapshot.k, session.asked) == ((0, -1, -1, -1), 1, 0)
    assert session.next_event() == Try(1, 0, session.engine.attackers(1, 0))
    assert not session.back() and session.snapshot() == snapshot
    session.answer(Answer(Act.TRY, (1, 0)))
    session.answer(Answer(Act.PLACE, (1, 1)))  # (1, 1) is attacked: wrong
    session.reset()
    assert session.snapshot() == snapshot
    assert (session.right, session.asked, len(session.missed)) == (1, 2, 1)


@pytest.mark.parametrize(("n", "solutions"), [(1, ((0,),)), (3, ()), (4, ((1, 3, 0, 2),))])
def test_driving_the_loop_right_to_its_end_finds_its_solutions_with_full_marks(
    n: int, solutions: tuple[tuple[int, ...], ...]
) -> None:
    """On one square the drive is over before its first step; n = 3 ends with none."""
    session = DriveSession(n)
    answers = loop_answers(n)
    for answer in answers:
        verdict = session.answer(answer)
        assert verdict is not None and verdict.right, render(verdict.message)
    assert session.over and session.engine.solutions == solutions
    assert (session.right, session.asked) == (len(answers), len(answers))
    assert session.answer(Answer(Act.BACKTRACK)) is None
    assert solutions or session.engine.k == -1


def test_wrong_answers_say_what_the_loop_does_and_why():
    session = DriveSession(4)  # b[0]=0; k=1 played
    # Column 1, row 0 is next, attacked along the row by the queen of column 0.
    verdict = session.answer(Answer(Act.PLACE, (1, 0)))
    assert verdict is not None and not verdict.right
    assert verdict.expected == Answer(Act.TRY, (1, 0))
    assert session.wrong == (1, 0)  # marked where the loop tried it too
    assert render(verdict.message) == (
        "Not right. Column 1, row 0 is attacked by the queen in column 0 along the row "
        "(same row 0): the loop tries it and moves on to the next row. The loop has played "
        "that step: now k = 1."
    )
    # The loop played it anyway: row 1 is next, attacked along i-j.
    verdict = session.answer(Answer(Act.TRY, (1, 2)))
    assert verdict is not None and not verdict.right
    assert render(verdict.message).startswith(
        "Not right. The loop tries rows in order from b[k]+1 = 1, so row 2 is not next"
    )
    assert session.wrong == (1, 2)  # the square named, where the loop did not go
    verdict = session.answer(Answer(Act.BACKTRACK))
    assert verdict is not None and "still has rows to try" in render(verdict.message)
    assert session.wrong is None
    verdict = session.answer(Answer(Act.TRY, (3, 0)))
    assert verdict is not None and render(verdict.message) == (
        "Not right. The loop works on column k = 2, not on column 3. "
        "Instead, the loop tries column 2, row 0: it is attacked. The loop has played that "
        "step: now k = 2."
    )
    assert (session.right, session.asked) == (0, 4)


@settings(max_examples=examples(40), deadline=None)
@given(n=st.integers(1, 8), steps=st.integers(0, 200), back=st.integers(0, 200))
def test_stepping_back_returns_to_the_engines_own_state(n: int, steps: int, back: int) -> None:
    session = DriveSession(n)
    reference = IterativeEngine(n, Mode.FIRST)
    snapshots = [session.snapshot()]
    for answer in loop_answers(n)[:steps]:
        session.answer(answer)
        snapshots.append(session.snapshot())
    for _ in range(min(back, len(snapshots) - 1)):
        assert session.back()
        snapshots.pop()
        assert session.snapshot() == snapshots[-1]
    reference.run(Stop.END, max_ticks=session.engine.tick)
    assert reference.snapshot() == session.snapshot()


def test_every_attacker_is_named_when_two_attack() -> None:
    """Right or wrong, a square two queens attack is told with both, as the board names them."""
    drive = DriveSession(4)
    seen = 0
    while not drive.over:
        event = drive.next_event()
        assert event is not None
        many = isinstance(event, Try) and len(event.attackers) > 1
        if many and seen == 0:  # said wrong: the learner calls it free
            verdict = drive.answer(Answer(Act.PLACE, (event.col, event.row)))
        else:
            verdict = drive.answer(expected_answer(event))
        assert verdict is not None
        if many:
            seen += 1
            said = render(verdict.message)
            assert f"attacked by {len(event.attackers)} queens" in said, said
            for attacker in event.attackers:
                assert f"column {attacker.col} (" in said, said
    assert seen >= 2


def test_an_attacked_last_row_called_free_or_a_missed_backtrack_says_the_loop_backtracks() -> None:
    """Row 3 of column 2 on 4 x 4 called free: there is no next row, the loop backtracks next;
    a try where the loop backtracks: the column has no row left."""
    session, told = DriveSession(4), 0
    for answer in loop_answers(4):
        if answer.square == (2, 3):
            verdict = session.answer(Answer(Act.PLACE, (2, 3)))
            assert verdict is not None and not verdict.right
            said = render(verdict.message)
            assert "with no row left it backtracks next" in said, said
            assert "next row" not in said, said
            assert session.next_event() == Backtrack(2)
        elif answer.act is Act.BACKTRACK and not told:
            verdict = session.answer(Answer(Act.TRY, (0, 0)))
            assert verdict is not None and not verdict.right
            assert "has no row left" in render(verdict.message)
        else:
            session.answer(answer)
            continue
        told += 1
    assert told == 2
