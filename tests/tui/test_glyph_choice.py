"""Which glyph set the terminal gets."""

from __future__ import annotations

from tui.glyphs import ASCII, UNICODE, choose_glyphs


def test_utf8_terminal_gets_unicode() -> None:
    assert choose_glyphs(False, "utf-8", {"LANG": "en_US.UTF-8"}) is UNICODE
    assert choose_glyphs(False, "utf-8", {}) is UNICODE


def test_ascii_flag_forces_ascii() -> None:
    assert choose_glyphs(True, "utf-8", {"LANG": "en_US.UTF-8"}) is ASCII


def test_an_output_that_cannot_encode_the_glyphs_gets_ascii() -> None:
    assert choose_glyphs(False, "ascii", {"LANG": "en_US.UTF-8"}) is ASCII
    assert choose_glyphs(False, "latin-1", {}) is ASCII
    assert choose_glyphs(False, None, {}) is ASCII


def test_c_and_non_utf8_locales_get_ascii_even_when_python_runs_in_utf8() -> None:
    # Under LANG=C Python coerces itself to LC_CTYPE=C.UTF-8 (PEP 538): the terminal is not.
    assert choose_glyphs(False, "utf-8", {"LANG": "C", "LC_CTYPE": "C.UTF-8"}) is ASCII
    assert choose_glyphs(False, "utf-8", {"LANG": "POSIX"}) is ASCII
    assert choose_glyphs(False, "utf-8", {"LC_ALL": "C"}) is ASCII
    assert choose_glyphs(False, "utf-8", {"LANG": "de_DE.ISO-8859-1"}) is ASCII
    assert choose_glyphs(False, "utf-8", {"LANG": "en_US"}) is ASCII


def test_lc_all_wins_over_lang() -> None:
    assert choose_glyphs(False, "utf-8", {"LC_ALL": "C.UTF-8", "LANG": "C"}) is UNICODE
    assert choose_glyphs(False, "utf-8", {"LC_ALL": "C", "LANG": "en_US.UTF-8"}) is ASCII


def test_every_state_has_its_own_glyph_in_both_sets() -> None:
    for glyphs in (UNICODE, ASCII):
        drawn = [
            glyphs.queen,
            glyphs.candidate,
            glyphs.attacker,
            glyphs.attacked,
            glyphs.free,
            glyphs.line_row,
            glyphs.line_sum,
            glyphs.line_diff,
        ]
        assert len(set(drawn)) == len(drawn)
    assert ASCII.all_text().isascii()
