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


def test_its_lesson_page_checks(registered: None, capsys: pytest.CaptureFixture[str]) -> None:
    assert throwaway.NAME in steppable_methods()
    status, out, err = call(capsys, "lessons", "check", str(throwaway.LESSON))
    assert status == 0, out + err


def test_its_name_is_refused_while_it_is_registered(registered: None) -> None:
    with pytest.raises(ValueError, match="cannot take the name 'bitset'"):
        throwaway.register_kit()
