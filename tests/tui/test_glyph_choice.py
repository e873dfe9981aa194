"""Which glyph set the terminal gets."""

from __future__ import annotations

import pytest

from tui.glyphs import ASCII, UNICODE, Glyphs, choose_glyphs

UTF8 = {"LANG": "en_US.UTF-8"}


@pytest.mark.parametrize(
    ("ascii_flag", "encoding", "environment", "glyphs"),
    [
        (False, "utf-8", UTF8, UNICODE),
        (False, "utf-8", {}, UNICODE),
        (True, "utf-8", UTF8, ASCII),  # --ascii forces it
        # an output that cannot encode the glyphs
        (False, "ascii", UTF8, ASCII),
        (False, "latin-1", {}, ASCII),
        (False, None, {}, ASCII),
        # C and non-UTF-8 locales, even where Python runs in UTF-8: under LANG=C it coerces
        # itself to LC_CTYPE=C.UTF-8 (PEP 538), the terminal does not
        (False, "utf-8", {"LANG": "C", "LC_CTYPE": "C.UTF-8"}, ASCII),
        (False, "utf-8", {"LANG": "POSIX"}, ASCII),
        (False, "utf-8", {"LC_ALL": "C"}, ASCII),
        (False, "utf-8", {"LANG": "de_DE.ISO-8859-1"}, ASCII),
        (False, "utf-8", {"LANG": "en_US"}, ASCII),
        # LC_ALL wins over LANG
        (False, "utf-8", {"LC_ALL": "C.UTF-8", "LANG": "C"}, UNICODE),
        (False, "utf-8", {"LC_ALL": "C", "LANG": "en_US.UTF-8"}, ASCII),
    ],
)
def test_the_terminal_gets_the_glyphs_it_can_show(
    ascii_flag: bool, encoding: str | None, environment: dict[str, str], glyphs: Glyphs
) -> None:
    assert choose_glyphs(ascii_flag, encoding, environment) is glyphs


@pytest.mark.parametrize("glyphs", [UNICODE, ASCII])
def test_every_state_has_its_own_glyph(glyphs: Glyphs) -> None:
    states = ("queen", "candidate", "attacker", "attacked", "free", "line_row", "line_sum")
    drawn = [getattr(glyphs, name) for name in (*states, "line_diff")]
    assert len(set(drawn)) == len(drawn)
    assert ASCII.all_text().isascii()
