"""Guess mode across methods, board sizes and modes: asking never moves the engine, the engine's
own answer is graded right and any other wrong, the tally counts the questions answered; the
verdicts (a wrong rule named once, no question about a square no queen can attack, a guess past
the landing told its own attacker); a peek taken back exactly says what the step then does."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from solver.guess.game import GuessGame, Play
from solver.guess.stage import Stage
from solver.guess.view import guess_frame
from solver.messages import render
from solver.methods.maze.kit import MOVES
from solver.peek import Along, Iteration
from solver.registry import DEFAULT_METHOD, make_engine, steppable_methods, stepped
from solver.session.board import BoardSession
from solver.stepping import Kind, Mode, Stop
from tests.tiers import examples, method_sweep
from tests.tui.engine_truth import fresh, played_iteration, played_tick
from tests.unit.solver.lecture_reference import lecture_ticks
from tui.widgets.guess_pane import typed_row

METHODS = steppable_methods()


@settings(max_examples=examples(40), deadline=None)
@given(
    method=st.sampled_from(METHODS),
    n=st.integers(min_value=1, max_value=7),
    mode=st.sampled_from(Mode),
    start=st.integers(min_value=0, max_value=120),
    plan=st.lists(st.tuples(st.booleans(), st.booleans()), min_size=1, max_size=12),
)
def test_the_engine_s_answer_is_right_and_any_other_wrong(
    method: str, n: int, mode: Mode, start: int, plan: list[tuple[bool, bool]]
) -> None:
    engine = fresh(method, n, 0, mode)
    engine.run(Stop.END, max_ticks=start)
    game = GuessGame()
    kit = stepped(method)
    view = kit.make_view()
    asked = right = 0
    for by_tick, answer_right in plan:
        before = engine.snapshot()
        tick = engine.tick
        opened = game.ask_tick(kit, engine) if by_tick else game.ask_iteration(kit, engine)
        assert engine.snapshot() == before  # peeking played nothing it did not take back
        if not opened:
            engine.run(Stop.TICK if by_tick else Stop.ITERATION, max_ticks=None)
            continue
        question = game.question
        assert question is not None
        frame = guess_frame(view, before, "off", game)  # the hidden frame builds for every state
        assert frame.narration == question.prompt
        assert all("?" in render(m) for m in question.prompt[:1])  # whole sentences that ask
        if question.stage is Stage.FREE:  # a tick that tests a square
            free, rules = played_tick(method, n, tick, mode)
            said_free = free if answer_right else not free
            yes = said_free if question.yes_means_free else not said_free
            play = game.answer_yes(yes)
            asked += 1
            right += answer_right
            if play is Play.NOTHING:  # right, and attacked: the rule
                assert answer_right and not free and rules
                assert game.question is not None and game.question.stage is Stage.RULE
                wrong = {a.value for a in Along} - rules
                rule = sorted(rules)[0] if answer_right or not wrong else sorted(wrong)[0]
                play = game.answer_rule(Along(rule))
                asked += 1
                right += rule in rules
            assert play is Play.TICK
        else:
            landing = played_iteration(method, n, tick, mode)
            guess = landing if answer_right else _other(method, n, landing)
            play = game.answer_land(guess)
            assert play is Play.ITERATION
            asked += 1
            right += guess == landing
            assert game.verdict is not None and game.verdict.right is (guess == landing)
        assert game.question is None
        assert game.tally.asked == asked and game.tally.right == right
        verdict = game.verdict
        assert verdict is not None and verdict.messages
        said = " ".join(render(m) for m in verdict.messages)  # every template's names filled
        assert said.startswith(("Right!", "No", "You skipped the rule"))
        engine.run(Stop.TICK if by_tick else Stop.ITERATION)


def _other(method: str, n: int, landing: int | str | None) -> int | str | None:
    """An answer that is not ``landing`` (when the board has one)."""
    if not stepped(method).queens:
        return None if landing is not None else MOVES[0]
    if landing is None:
        return 0
    return None


def test_typed_rows_wait_only_when_a_digit_may_follow() -> None:
    assert typed_row("3", 8)
    assert not typed_row("1", 12)  # 10 and 11 are rows too
    assert typed_row("2", 12)
    assert typed_row("11", 12)
    assert not typed_row("0", 12)


QUEENS_METHODS = [m for m in steppable_methods() if stepped(m).queens and stepped(m).tests_squares]
"""The methods whose ticks test squares: guess mode asks about each test."""


@pytest.mark.parametrize("method", QUEENS_METHODS)
def test_no_square_no_queen_can_attack_is_asked_and_a_wrong_rule_is_named_once(
    method: str,
) -> None:
    """A square of the first column (row-wise: row) is free by construction: never asked. A
    wrong rule is counted wrong and its reasons said once, by the tick's own sentence."""
    session = BoardSession(method, 5, guessing=True)
    asked = rules = 0
    for _ in range(400):
        question = session.game.question
        if question is None:
            if not session.tick_forward().played and session.game.question is None:
                break
            continue
        test = question.test
        assert test is not None
        if question.stage is Stage.FREE:
            x, y = test.square
            assert (y if question.kit.wording.row_wise else x) != 0, test
            asked += 1
            session.answer_yes(test.free if question.yes_means_free else not test.free)
            continue
        if rules:
            session.answer_rule(None)
            continue
        rules += 1
        holds = {t.along for t in test.threats}
        wrong = next(along for along in Along if along not in holds)
        whys = [render(question.kit.why(test.square, t, test)) for t in test.threats]
        session.answer_rule(wrong)
        verdict, *tick = (render(m) for m in session.frame().narration)
        assert session.game.tally.right < session.game.tally.asked  # counted wrong
        assert tick, verdict  # the tick's own sentence follows, and names the rule
        for why in whys:
            assert why not in verdict, verdict  # not said a second time before it
        said = " ".join(tick)
        assert all(said.count(why) <= 1 for why in whys), said
    assert asked > 5 and rules == 1


SQUARE_METHODS = [name for name in steppable_methods() if not stepped(name).moves]


def _iterations(name: str, n: int, count: int) -> list[Iteration]:
    """The first ``count`` iterations of the method on an n x n board that place a queen."""
    kit, engine = stepped(name), make_engine(name, n)
    found: list[Iteration] = []
    while len(found) < count and not engine.snapshot().finished:
        it = kit.next_iteration(engine)
        if it is not None and it.square is not None:
            found.append(it)
        if engine.run(Stop.ITERATION).ticks == 0:
            break
    return found


def _attacks(
    kit_row_wise: bool, queen: tuple[int, int], square: tuple[int, int], along: Along
) -> bool:
    (qx, qy), (x, y) = queen, square
    if along is Along.LINE:
        return qx == x if kit_row_wise else qy == y
    if along is Along.SUM:
        return qx + qy == x + y
    return qy - qx == y - x


@pytest.mark.parametrize("name", SQUARE_METHODS)
def test_a_guess_past_the_landing_is_told_its_own_attacker(name: str) -> None:
    kit = stepped(name)
    row_wise = kit.wording.row_wise
    told = 0
    for it in _iterations(name, 8, 12):
        assert it.square is not None and isinstance(it.answer, int)
        met = {threat.square for test in it.tests for threat in test.threats}
        for value in range(it.answer + 1, 8):
            said, square, threats = kit.explain_land(it, value)
            assert said[0].id == "guess.wrong.missed"
            assert square == kit.square_of(it, value)
            if not threats:
                assert len(said) == 1
                continue
            (threat,) = threats
            assert threat.square in met  # a queen on the board, not a guess of one
            assert _attacks(row_wise, threat.square, square, threat.along)
            assert [m.id for m in said] == ["guess.wrong.missed", "guess.wrong.also_attacked"]
            told += 1
    assert told > 0  # the first iterations of 8 x 8 hold such guesses for every method


# Everyday: the first method and the maze (another snapshot altogether).
@pytest.mark.parametrize(
    "method",
    method_sweep(
        steppable_methods(),
        everyday=[
            steppable_methods()[0],
            *(m for m in steppable_methods() if not stepped(m).queens),
        ],
    ),
)
def test_a_peek_is_what_the_step_then_does(method: str) -> None:
    kit = stepped(method)
    engine = kit.make_engine(5, Mode.ALL, None if kit.queens else "corridor")
    tests = iterations = 0
    while not engine.finished:
        before = engine.snapshot()
        peeked = kit.next_test(engine)
        iteration = kit.next_iteration(engine)
        assert engine.snapshot() == before  # taken back exactly
        if iteration is not None:
            tick = engine.tick
            engine.run(Stop.ITERATION)
            after = engine.snapshot()
            assert after.last_kind is (Kind.PLACE if iteration.placed else Kind.BACKTRACK)
            while engine.tick > tick:
                engine.back()
            assert engine.snapshot() == before
            iterations += 1
        engine.run(Stop.TICK, max_ticks=1)
        assert kit.test_of(engine.snapshot()) == peeked
        tests += peeked is not None
    assert iterations > 5
    assert tests > 10 if kit.tests_squares else tests == 0


def isfree_calls(n: int) -> list[tuple[int, int]]:
    """The isfree(k, b[k]) calls of the Wrocław lecture's loop until its first solution (its
    transcription's ticks after ``b[0]=0; k=1``, which calls none)."""
    ticks = lecture_ticks(n)[1:]
    return [(k - (kind == "placed"), b[k - (kind == "placed")]) for kind, b, k in ticks
            if kind in ("attacked", "placed")]  # fmt: skip


@pytest.mark.parametrize("n", [4, 6])
def test_the_iterative_loop_tests_only_the_squares_it_calls_isfree_on(n: int) -> None:
    """The loop sets b[0]=0 directly: guess mode never asks about isfree(0, 0), which the
    lecture never calls; after a backtrack to column 0, isfree(0, 1) is called and asked."""
    kit = stepped(DEFAULT_METHOD)  # the Wrocław lecture's loop, checked against its own code
    engine = kit.make_engine(n, Mode.FIRST)
    asked = []
    while not engine.finished:
        test = kit.next_test(engine)
        if test is not None:
            asked.append(test.square)
        engine.run(Stop.TICK, max_ticks=1)
    assert asked[0] != (0, 0) and (0, 1) in asked
    assert asked == isfree_calls(n)
