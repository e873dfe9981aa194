"""The installed tutor speaks the locale's language (Polish, Italian) in a real terminal, and
``--lang`` beats the locale. The locales need not exist on the machine: the tutor only reads
the variables."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.e2e.tmux import Tmux, narration, tutor_command

pytestmark = pytest.mark.integration  # a long walk in a real terminal


def _session(tmp_path: Path, lang: str, options: str = "") -> Tmux:
    env = {
        "LANG": lang,
        "LC_ALL": "",  # the variables the test run itself may set: not in the way
        "LC_MESSAGES": "",
        "XDG_DATA_HOME": str(tmp_path),  # no language saved by an earlier run
        "XDG_CONFIG_HOME": str(tmp_path / "config"),
    }
    return Tmux(f"{tutor_command()} -n 4 {options}", env=env)


POLISH_TICK_3 = "Kolumna 1, wiersz 1: pole jest atakowane przez hetmana"
"""The Polish narration at tick 3, read whole."""


@pytest.mark.parametrize(
    ("lang", "options", "pane", "first_tick", "third_tick"),
    [
        ("pl_PL.UTF-8", "", "co się stało", "Kolumna 0, wiersz 0: pierwszy hetman", POLISH_TICK_3),
        ("it_IT.UTF-8", "", "che cosa è successo", "Colonna 0, riga 0: la prima regina", ""),
        ("pl_PL.UTF-8", "--lang it", "che cosa è successo", "Colonna 0, riga 0: la prima regina",
         ""),
    ],
)  # fmt: skip
def test_the_tutor_speaks_the_language_of_the_locale(
    tmp_path: Path, lang: str, options: str, pane: str, first_tick: str, third_tick: str
) -> None:
    with _session(tmp_path, lang, options) as session:
        session.wait_for(pane)
        session.keys("space")
        screen = session.wait_for(lambda s: first_tick in " ".join(s.split()))
        assert "b[i]" in screen
        if third_tick:
            session.keys("space", "space")
            screen = session.wait_for(lambda s: "krok 3" in s)
            text = narration(screen.replace(pane, "what happened"))
            assert text.startswith(third_tick), text
        session.keys("q")
        assert session.wait_exit() == 0
