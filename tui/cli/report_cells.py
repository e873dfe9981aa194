"""The cells of the command line's csv tables (``report``, ``progress --format csv``): text no
spreadsheet runs as a formula, in any locale.

A spreadsheet in a locale whose list separator is ``;`` (Italian, Polish) opens a comma file
by splitting each line on ``;`` (and may split on tabs): a name ``;=5+5`` then makes a cell
``=5+5``, and the quotes of a field that does not start its piece are plain text there. So,
by OWASP's CSV injection rule, every formula character (``= + - @``, a tab, a carriage return)
that starts a cell or follows a separator (``,``, ``;``, a tab, a line break, spaces between)
gets a ``'`` before it, whichever separator the reader splits on; and a cell that holds a
``;`` or a tab is quoted, as one that holds a comma, a quote or a line break always is.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import TextIO

_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")
"""What a spreadsheet may read as the start of a formula (OWASP's CSV injection rule)."""
_AFTER_SEPARATOR = re.compile(r"(^|[,;\t\r\n] *)([=+\-@\t\r])")
"""A formula character at the start or after a separator (and spaces)."""
_QUOTED = re.compile(r'[,;"\t\r\n]')
"""A cell holding one of these is quoted."""


def csv_cell(value: object) -> object:
    """A csv cell that no spreadsheet runs as a formula: a formula character that starts the
    text, or follows a separator in it, gets a leading ``'``; numbers and flags are left as
    they are. Applying it twice changes nothing more."""
    if not isinstance(value, str):
        return value
    if value.startswith(_FORMULA_START):
        value = "'" + value
    return _AFTER_SEPARATOR.sub(lambda found: found.group(1) + "'" + found.group(2), value)


def csv_field(value: object) -> str:
    """One cell as the csv file holds it: neutralised (:func:`csv_cell`), quoted when it holds
    a separator of any locale, a quote or a line break."""
    cell = csv_cell(value)
    if cell is None:
        return ""
    text = repr(cell) if isinstance(cell, float) else str(cell)
    if _QUOTED.search(text):
        return '"' + text.replace('"', '""') + '"'
    return text


class CsvWriter:
    """Writes rows of cells through :func:`csv_field` (what ``csv.writer`` writes, with ``;``
    and tabs quoted too, and every cell neutralised); lines end with ``\\n``."""

    def __init__(self, stream: TextIO) -> None:
        self.stream = stream

    def writerow(self, cells: Iterable[object]) -> None:
        fields = [csv_field(cell) for cell in cells]
        if fields == [""]:
            fields = ['""']  # as csv.writer does: a row of one empty cell is not an empty line
        self.stream.write(",".join(fields) + "\n")
