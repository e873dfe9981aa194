"""A wrong "where does the queen land?" answer: a kit whose loop does not scan squares in order
gets only what is true of any search, never the scan's reasons (not tried, undone, comes after)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from solver.kit import SteppableKit
from solver.kit_words import choice_why
from solver.messages import Message, render
from solver.registry import make_engine, steppable_methods, stepped
from solver.stepping import Stop

SCAN_REASONS = {
    "guess.wrong.not_tried", "guess.wrong.undone", "guess.wrong.refused",
    "guess.wrong.none_left", "guess.wrong.missed", "guess.wrong.also_attacked",
}  # fmt: skip


def _unscanned(kit: SteppableKit) -> SteppableKit:
    """The kit as a method that does not scan would be: the same engine, ``scans`` off."""
    wording = replace(kit.wording, scans=False)
    return type(f"Unscanned{type(kit).__name__}", (type(kit),), {"wording": wording})()


@pytest.mark.timeout(60)
@pytest.mark.parametrize("name", [m for m in steppable_methods() if not stepped(m).moves])
def test_a_method_that_does_not_scan_is_told_no_reason_of_the_scans_order(name: str) -> None:
    kit, engine = stepped(name), make_engine(name, 6)
    plain = _unscanned(kit)
    said: dict[bool, set[str]] = {True: set(), False: set()}
    for _ in range(40):
        it, standing = kit.next_iteration(engine), kit.standing(engine.snapshot())
        if it is not None and it.square is not None:
            for value in range(6):
                if value == it.answer:
                    continue
                for scans, words in ((True, kit), (False, plain)):
                    told, _square, _threats = words.explain_land(it, value, standing)
                    said[scans] |= {message.id for message in told}
                    if not scans:  # a queen standing that attacks the square is named
                        (x, y), first = kit.square_of(it, value), choice_why(told[0]).id
                        hit = any(
                            a - b == x - y or a + b == x + y or a == x or b == y
                            for a, b in standing
                        )
                        assert first == "choice.why.attacked" or (not hit and "elsewhere" in first)
        if engine.run(Stop.ITERATION).ticks == 0:
            break
    assert bool(said[True] & SCAN_REASONS) == kit.wording.scans  # a scanning kit: on these boards
    assert not said[False] & SCAN_REASONS
    assert "guess.wrong.elsewhere" in said[False]


@pytest.mark.timeout(60)
@pytest.mark.parametrize("name", [m for m in steppable_methods() if not stepped(m).moves])
def test_the_right_answers_story_tells_each_square_once_and_only_the_landing_one_free(
    name: str,
) -> None:
    """The search goes on from an attacked square and stops on a free one: each square the
    iteration tests is told once, and free only where the queen lands."""
    kit, engine = stepped(name), make_engine(name, 6)
    for _ in range(40):
        if (it := kit.next_iteration(engine)) is not None:
            told = render(kit.choice_story(engine.snapshot(), it)).lower()
            for square in {test.square for test in it.tests}:
                free = render(Message.of("predict.free", square=kit.square_name(square)))
                assert told.count(f"{render(kit.square_name(square))} is ".lower()) <= 1, told
                assert (free.lower() in told) <= (square == it.square), told
        if engine.run(Stop.ITERATION).ticks == 0:
            break
