"""Shared test setup: a clean, predictable terminal environment for every test."""

from __future__ import annotations

import os

import pytest

for _name in ("NO_COLOR", "TEXTUAL_THEME"):
    os.environ.pop(_name, None)


@pytest.fixture(autouse=True)
def _plain_environment(
    monkeypatch: pytest.MonkeyPatch, tmp_path_factory: pytest.TempPathFactory
) -> None:
    """No colour or theme override, and a private data directory per test."""
    monkeypatch.delenv("NO_COLOR", raising=False)
    monkeypatch.delenv("TEXTUAL_THEME", raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path_factory.mktemp("xdg-data")))
