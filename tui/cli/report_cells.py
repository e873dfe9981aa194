"""The cells of ``queens-tutor report``'s csv tables: text no spreadsheet runs as a formula."""

from __future__ import annotations

_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")
"""What a spreadsheet may read as the start of a formula (OWASP's CSV injection rule)."""


def csv_cell(value: object) -> object:
    """A csv cell that no spreadsheet runs as a formula: text starting like one gets a
    leading ``'``; numbers and flags are left as they are."""
    if isinstance(value, str) and value.startswith(_FORMULA_START):
        return "'" + value
    return value
