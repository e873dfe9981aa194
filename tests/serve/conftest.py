"""Fixtures the serve tests share."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.serve.browser import Browser, chromium


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    """Chromium with its default settings, for one module's tests."""
    with chromium() as browser:
        yield browser
