"""The throwaway kit (tests/throwaway/) in the everyday run, registered for a moment: its lesson
page checks, and the registry takes it and gives it back. ``python -m pytest --throwaway-kit``
runs every other test with it."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from solver.registry import METHODS, steppable_methods, unregister
from tests import throwaway
from tests.cli.inproc import call


@pytest.fixture
def registered() -> Iterator[None]:
    """The kit registered for the test (as --throwaway-kit does for a whole run)."""
    if throwaway.NAME in METHODS:
        yield
        return
    throwaway.register_kit()
    try:
        yield
    finally:
        unregister(throwaway.NAME)
        throwaway.forget()


def test_its_lesson_page_checks_and_its_name_is_taken(
    registered: None, capsys: pytest.CaptureFixture[str]
) -> None:
    assert throwaway.NAME in steppable_methods()
    status, out, err = call(capsys, "lessons", "check", str(throwaway.LESSON))
    assert status == 0, out + err
    with pytest.raises(ValueError, match="cannot take the name 'richards'"):
        throwaway.register_kit()


def test_guess_mode_asks_where_its_tick_lands_with_avail_hidden(registered: None) -> None:
    """A tick asks where the queen goes, avail shown as "?"; the right answer plays the tick."""
    from solver.guess.stage import Stage
    from solver.session.board import BoardSession

    session = BoardSession(throwaway.NAME, 6, guessing=True)
    session.tick_forward()  # solve(0, 0, 0, 0) is called: no queen placed, nothing asked
    assert session.game.question is None and session.tick == 1
    for _ in range(4):
        assert session.tick_forward().asked
        question = session.game.question
        assert question is not None and question.stage is Stage.LAND
        assert question.iteration is not None and question.iteration.ticks == 1
        rows = {row.label: [c.text for c in row.cells] for row in session.frame().tables.rows}
        assert rows.pop("avail") == ["?"] * 6
        assert all("?" not in cells for cells in rows.values())
        tick = session.tick
        session.answer_land(question.iteration.answer)
        assert session.game.verdict is not None and session.game.verdict.right
        assert session.tick == tick + 1
        rows = {row.label: [c.text for c in row.cells] for row in session.frame().tables.rows}
        assert "?" not in rows["avail"]


def test_it_counts_in_its_own_unit(registered: None) -> None:
    """The unit is said once, on the kit: the batch run, the command line and the status line's
    rate read it from there."""
    from solver.registry import kit

    masks = kit(throwaway.NAME)
    run = masks.run(6, every=True)
    assert run.unit is masks.unit and run.unit.name == "queens placed"
    assert run.examined_text() == "152 queens placed"
