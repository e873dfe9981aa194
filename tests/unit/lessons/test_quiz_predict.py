"""Next-choice on every method's board: the answer is where the engine's next iteration lands
(played and taken back), asked in the method's words, and every wrong answer has a reason."""

from __future__ import annotations

import pytest

from lessons import i18n
from lessons.answers.checking import BACKTRACK
from lessons.quiz.board import pose_next_choice
from lessons.quiz.not_askable import NotAskable
from lessons.quiz.params import Params
from solver.registry import DEFAULT_METHOD, KITS, SteppableKit, stepped
from solver.session.board import BoardSession
from solver.stepping import Kind, Mode, Stop

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
    with i18n.speaking(lang):
        for kit in STEPPED:
            engine = kit.make_engine(5)
            engine.run(Stop.END, max_ticks=5)
            posed = pose_next_choice(PLAY, BoardSession(engine=engine))
            assert posed.prompt and "{" not in posed.prompt
            assert posed.explanation and "{" not in posed.explanation


def test_the_recursive_board_is_asked_in_placequeens_words() -> None:
    kit = stepped("recursive")
    engine = kit.make_engine(5)
    posed = pose_next_choice(PLAY, BoardSession(engine=engine))
    assert posed.prompt.startswith("placeQueens(0)")
    assert posed.expected == "0"
    assert posed.answer_text == "column 0"  # placeQueens places a row's queen in a column


ATTACKS = [k for k in STEPPED if k.queens and k.tests_squares]
"""The boards whose ticks test squares: a lesson can ask who attacks one, and by which rule."""


@pytest.mark.parametrize("kit", ATTACKS, ids=lambda k: k.name)
def test_attacker_on_every_queens_board_names_the_engines_attackers(kit: SteppableKit) -> None:
    from lessons.quiz.board import pose_attacker
    from lessons.quiz.not_askable import NotAskable

    engine = kit.make_engine(6)
    asked = 0
    for _ in range(60):
        engine.run(Stop.TICK, max_ticks=1)
        test = kit.test_of(engine.snapshot())
        if test is None or test.free or not test.threats:
            with pytest.raises(NotAskable):
                pose_attacker(PLAY, BoardSession(engine=engine))
            continue
        posed = pose_attacker(PLAY, BoardSession(engine=engine))
        index = 1 if kit.wording.row_wise else 0
        right = {str(t.square[index]) for t in test.threats}
        assert {posed.expected, *posed.also_right} == right
        asked += 1
    assert asked >= 5


OTHERS = [kit for kit in STEPPED if kit is not stepped(DEFAULT_METHOD)]
"""The boards of every method but the Wrocław loop's (whose words its own tests check)."""


@pytest.mark.parametrize("kit", OTHERS, ids=lambda k: k.name)
def test_a_lesson_asks_next_choice_and_attacker_on_other_methods_boards(kit: SteppableKit) -> None:
    from lessons.checking.validate import check_text
    from lessons.parsing.parser import parse
    from lessons.runner import LessonRun

    board = f"n=5 algorithm={kit.name}" if kit.queens else f"algorithm={kit.name}"
    engine = kit.make_engine(5)
    taken = 0  # the first tick that finds a square taken
    while kit in ATTACKS and not taken and engine.run(Stop.TICK, max_ticks=1).ticks:
        test = kit.test_of(engine.snapshot())
        if test is not None and not test.free and test.threats:
            taken = engine.tick
    attacker = f"@page Q\n@board {board}\n@step {taken}\n@question attacker\n@end\n"
    text = (
        f"@lesson other\n@title Other\n@page P\nText.\n@board {board}\n@step 2\n"
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
    assert posed.play == ticks
    if now != posed.expected:
        assert now in posed.wrong  # the value it has now: the ticks change it


@pytest.mark.parametrize("kit", ATTACKS, ids=lambda k: k.name)
def test_attack_rule_on_every_queens_board_is_the_engines_rule(kit: SteppableKit) -> None:
    from lessons.quiz.board import pose_attack_rule
    from solver.peek import Along

    engine = kit.make_engine(6)
    seen = set()
    for _ in range(80):
        engine.run(Stop.TICK, max_ticks=1)
        test = kit.test_of(engine.snapshot())
        if test is None or test.free or not test.threats:
            continue
        posed = pose_attack_rule(PLAY, BoardSession(engine=engine))
        along = test.threats[0].along
        assert posed.expected == str([Along.LINE, Along.SUM, Along.DIFF].index(along))
        seen.add(along)
    assert seen == {Along.LINE, Along.SUM, Along.DIFF}  # every rule asked at least once
