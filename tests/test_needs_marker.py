"""The ``needs(module, reason)`` mark (tests/conftest.py): a test is skipped, with the reason,
where the module is not installed, and runs where it is; the module is not imported."""

from __future__ import annotations

import sys

import pytest

from tests.conftest import pytest_runtest_setup


class _Item:
    """As much of a test item as the hook reads: its marks."""

    def __init__(self, *marks: pytest.MarkDecorator) -> None:
        self._marks = [mark.mark for mark in marks]

    def iter_markers(self, name: str) -> list[pytest.Mark]:
        return [mark for mark in self._marks if mark.name == name]


def test_a_missing_module_skips_with_the_reason_and_an_installed_one_is_not_imported() -> None:
    item = _Item(pytest.mark.needs("queens_tutor_no_such_module", "it needs the moon"))
    with pytest.raises(pytest.skip.Exception, match="it needs the moon"):
        pytest_runtest_setup(item)  # type: ignore[arg-type]
    name = "xml.dom.pulldom"
    before = name in sys.modules
    pytest_runtest_setup(_Item(pytest.mark.needs(name, "never said")))  # type: ignore[arg-type]
    assert (name in sys.modules) == before
