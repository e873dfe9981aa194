"""A report's tables as text for a terminal: columns as wide as their widest cell in terminal
columns, every control character shown as a visible symbol."""

from __future__ import annotations

from collections.abc import Sequence

from lessons.report.table import KEPT, Row, Section, Table
from lessons.report.table import safe as text_cell


def width(text: str) -> int:
    """How many columns of a terminal ``text`` takes."""
    from rich.cells import cell_len

    return cell_len(text)


def pad(text: str, columns: int, right: bool = False) -> str:
    """``text`` padded with spaces to ``columns`` terminal columns (on the left if ``right``)."""
    fill = " " * max(0, columns - width(text))
    return fill + text if right else text + fill


def _cut(line: str, room: int) -> str:
    if width(line) <= room:
        return line
    kept = line
    while kept and width(kept) > room - 1:
        kept = kept[:-1]
    return kept.rstrip() + "…"


class _Layout:
    def __init__(self, table: Table, rows: Sequence[Row]) -> None:
        self.table = table
        columns = table.columns
        cells = [[text_cell(cell) for cell in row.cells] for row in rows]
        self.cells = {id(row): line for row, line in zip(rows, cells, strict=True)}
        titles = [column.title for column in columns]
        widest = [max([0, *(width(line[at]) for line in cells)]) for at in range(len(columns))]
        if any(
            c.short and width(c.title) > max(widest[at], width(c.short))
            for at, c in enumerate(columns)
        ):
            titles = [column.short or column.title for column in columns]
        self.header = [text_cell(title) for title in titles]
        shown = [self.header] if table.header is not None else []
        self.widths = [
            max([c.least, *(width(line[at]) for line in [*shown, *cells])])
            for at, c in enumerate(columns)
        ]

    def line(self, cells: Sequence[str]) -> str:
        columns, last = self.table.columns, len(cells) - 1
        padded = [
            cell if at == last else pad(cell, self.widths[at], columns[at].right)
            for at, cell in enumerate(cells)
        ]
        return (" " * self.table.indent + "  ".join(padded)).rstrip()

    def notes_indent(self) -> str:
        at = self.table.notes_at
        return " " * (self.table.indent + sum(self.widths[:at]) + 2 * at)


def lines(table: Table, room: int | None = None) -> list[str]:
    """``table`` as lines of text; ``room``: the terminal's width, where a cut table is cut."""
    found: list[str] = []

    def emit(section: Section, depth: int, layout: _Layout) -> None:
        found.extend(text_cell(line) for line in section.heading)
        start = len(found)
        if table.header == depth:
            found.append(layout.line(layout.header))
        for row in section.rows:
            found.append(layout.line(layout.cells[id(row)]))
            found.extend(layout.notes_indent() + text_cell(note) for note in row.notes)
        if table.cut and room is not None and section.rows:
            last = [layout.header[-1]] if table.header == depth else []
            last += [layout.cells[id(row)][-1] for row in section.rows]
            prefix = max(
                width(line) - width(cell) for line, cell in zip(found[start:], last, strict=True)
            )
            found[start:] = [_cut(line, max(room, prefix + KEPT)) for line in found[start:]]
        for part in section.parts:
            alone = table.apart and depth == 0
            emit(part, depth + 1, _Layout(table, list(part.all_rows())) if alone else layout)
        found.extend(text_cell(line) for line in section.footer)

    emit(table.body, 0, _Layout(table, list(table.rows())))
    return found


def room() -> int | None:
    """The columns of the terminal stdout is (None: not a terminal: nothing is cut)."""
    import shutil
    import sys

    if not sys.stdout.isatty():
        return None
    return shutil.get_terminal_size((100, 24)).columns
