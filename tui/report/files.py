"""A report's tables as csv and json. In csv a formula character that starts a cell or follows
a separator in it gets a ``'`` (OWASP's rule, ``;`` a separator too), control characters show
as symbols (a row is one line) and yes/no is ``1``/``0``; json keeps every text exactly."""

from __future__ import annotations

import json
import re
from collections.abc import Iterable
from typing import Any, TextIO

from lessons.report.table import Table
from lessons.report.table import safe as text_cell

_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")
_AFTER_SEPARATOR = re.compile(r"(^|[,;\t\r\n] *)([=+\-@\t\r])")
_QUOTED = re.compile(r'[,;"\t\r\n]')
BOOLEANS = {True: "1", False: "0"}


def csv_cell(value: object) -> object:
    """A cell no spreadsheet runs as a formula (numbers and flags as they are); idempotent."""
    if not isinstance(value, str):
        return value
    if value.startswith(_FORMULA_START):
        value = "'" + value
    return _AFTER_SEPARATOR.sub(lambda found: found.group(1) + "'" + found.group(2), value)


def csv_field(value: object) -> str:
    """One csv cell: one line, neutralised, quoted when it holds a separator or a quote."""
    cell = csv_cell(text_cell(value) if isinstance(value, str) else value)
    if cell is None:
        return ""
    if isinstance(cell, bool):
        return BOOLEANS[cell]
    text = repr(cell) if isinstance(cell, float) else str(cell)
    return '"' + text.replace('"', '""') + '"' if _QUOTED.search(text) else text


class CsvWriter:
    """Writes rows of cells through :func:`csv_field`; lines end with ``\\n``."""

    def __init__(self, stream: TextIO) -> None:
        self.stream = stream

    def writerow(self, cells: Iterable[object]) -> None:
        fields = [csv_field(cell) for cell in cells]
        if fields == [""]:
            fields = ['""']  # as csv.writer writes a row of one empty cell
        self.stream.write(",".join(fields) + "\n")


def write_csv(out: TextIO, *tables: Table) -> None:
    """The tables as one csv file, under the first one's fields."""
    fields = tables[0].fields
    writer = CsvWriter(out)
    writer.writerow(fields)
    for table in tables:
        for row in table.rows():
            values = row.values if row.sheet is None else row.sheet
            if not values:
                continue
            cells = []
            for name in fields:
                value = values.get(name, "")
                made = table.csv.get(name)
                cells.append(made(value) if made is not None else value)
            writer.writerow(cells)


def json_text(data: dict[str, Any]) -> str:
    """``data`` as the report's json (indented, every text as it is)."""
    return json.dumps(data, indent=1, ensure_ascii=False)
