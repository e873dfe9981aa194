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

from lessons.safe_text import visible

_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")
"""What a spreadsheet may read as the start of a formula (OWASP's CSV injection rule)."""
_AFTER_SEPARATOR = re.compile(r"(^|[,;\t\r\n] *)([=+\-@\t\r])")
"""A formula character at the start or after a separator (and spaces)."""
_QUOTED = re.compile(r'[,;"\t\r\n]')
"""A cell holding one of these is quoted."""


BOOLEANS = {True: "1", False: "0"}
"""How a yes/no column is written in every csv file: 1 and 0, which a spreadsheet reads as
numbers in every language (``TRUE``/``FALSE`` is a boolean only in an English-language one:
Italian LibreOffice and Excel want ``VERO``, Polish ``PRAWDA``; Python's ``True`` is text
almost everywhere), so that a column's sum counts its rows that hold (the students who
completed a lesson) and pandas or R read it as a number too. json keeps true and false."""


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
    if isinstance(cell, bool):
        return BOOLEANS[cell]
    text = repr(cell) if isinstance(cell, float) else str(cell)
    if _QUOTED.search(text):
        return '"' + text.replace('"', '""') + '"'
    return text


def text_cell(text: str) -> str:
    """``text`` as one cell of a text table: every control character, a tab too, shown as a
    visible symbol (a TAB moved every column after it to the next tab stop)."""
    return visible(text).replace("\t", "\u2409")


def width(text: str) -> int:
    """How many columns of a terminal ``text`` takes (a CJK character two, a combining one
    none)."""
    from rich.cells import cell_len  # not at start-up: a command that prints no table needs none

    return cell_len(text)


def pad(text: str, columns: int, right: bool = False) -> str:
    """``text`` padded with spaces to ``columns`` terminal columns (on the left if ``right``)."""
    fill = " " * max(0, columns - width(text))
    return fill + text if right else text + fill


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
