"""Every command's --help fits an 80-column terminal in English, Italian and Polish:
descriptions and epilogs wrap where a line would not fit (a list's continuation under its
second column), and the usage line names METHOD, not the whole list of methods."""

from __future__ import annotations

import pytest

from lessons import i18n
from tests.cli.inproc import call
from tests.tiers import sweep

COMMANDS = ["", "trace", "solve", "count", "check", "compare", "lessons", "place", "review"]
COMMANDS += ["report", "progress"]  # T13: their epilogs went to 312 columns


@pytest.mark.parametrize("lang", sweep(["en", "it", "pl"], everyday=["pl"]))
@pytest.mark.parametrize("command", COMMANDS)
def test_help_fits_80_columns(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, lang: str, command: str
) -> None:
    monkeypatch.setenv("COLUMNS", "80")
    try:
        status, out, _err = call(capsys, "--lang", lang, *([command] if command else []), "--help")
    finally:
        i18n.set_language("en")
    assert status == 0 and out
    wide = [line for line in out.splitlines() if len(line) > 80]
    assert not wide, wide


def test_a_wide_terminal_keeps_the_epilogs_layout(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COLUMNS", "200")
    _status, out, _err = call(capsys, "count", "--help")
    assert (
        "  bitmask    (default) bit-mask backtracking with the mirror trick (count half of the"
        in (out)
    )
    monkeypatch.setenv("COLUMNS", "80")
    _status, out, _err = call(capsys, "count", "--help")
    assert "             of the first row, double), cut into jobs at the first rows, on" in out
