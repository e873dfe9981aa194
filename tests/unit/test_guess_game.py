"""Guess mode's headless model across methods, board sizes and modes (hypothesis): asking never
moves the engine, the engine's own answer is always graded right, any other answer wrong, and
the tally counts exactly the questions answered."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from solver.guess.game import GuessGame, Play
from solver.guess.stage import Stage
from solver.guess.view import guess_frame
from solver.messages import render
from solver.methods.maze.kit import MOVES
from solver.peek import Along
from solver.registry import steppable_methods, stepped
from solver.stepping import Mode, Stop
from tests.tiers import examples
from tests.tui.engine_truth import fresh, played_iteration, played_tick
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
