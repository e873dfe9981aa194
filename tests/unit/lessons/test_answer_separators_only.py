"""A typed answer made only of thousands separators (``'`` or ``_``, which the reader drops) is
not a number; it ended the tutor with IndexError."""

from __future__ import annotations

import pytest

from lessons.answers.reading import read_number


@pytest.mark.parametrize("typed", ["'", "_", "''", "_'_", "\u00a0_"])
def test_separators_alone_are_not_a_number(typed: str) -> None:
    assert read_number(typed) is None


@pytest.mark.parametrize(("typed", "value"), [("-1_000", -1000), ("+4'200", 4200)])
def test_separators_around_digits_still_read(typed: str, value: int) -> None:
    assert read_number(typed) == value


@pytest.mark.parametrize("typed", ["'5", "+4'2", "5_"])
def test_separators_that_group_no_thousands_are_not_read(typed: str) -> None:
    """A separator reads only between groups of three ("'5" and
    "4'2" read as 5 and 42 before, as "1 3" read as 13)."""
    assert read_number(typed) is None
