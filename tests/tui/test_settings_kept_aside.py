"""A settings.json in the way (a link) is kept aside when the language is chosen, and the
tutor says so."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from lessons import i18n
from lessons.progress import settings
from tui.app import QueensTutorApp


async def test_choosing_a_language_keeps_a_settings_link_aside_and_says_so(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    secret = tmp_path / "secret.json"
    secret.write_text('{"language": "pl"}')
    target = settings.default_path()
    target.parent.mkdir(parents=True, mode=0o700)
    target.symlink_to(secret)
    app = QueensTutorApp()
    said: list[str] = []
    monkeypatch.setattr(app, "notify", lambda message, **_kw: said.append(str(message)))
    try:
        async with app.run_test(size=(100, 30)) as pilot:
            app.set_language("it")
            await pilot.pause()
    finally:
        i18n.set_language("en")
    (kept,) = target.parent.glob("settings.json.corrupt-*")
    assert kept.is_symlink() and os.readlink(kept) == str(secret)
    assert any(kept.name in line and str(target) in line for line in said), said
    assert secret.read_text() == '{"language": "pl"}'
    assert settings.saved_language() == "it" and not target.is_symlink()
