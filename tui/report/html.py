"""A report's tables as HTML, for the teacher's page: every text escaped, every control or
direction character shown as a visible symbol."""

from __future__ import annotations

import html

from lessons.report.table import Row, Table
from lessons.safe_text import visible


def e(text: object) -> str:
    """``text`` as HTML text (an attribute's value too)."""
    return html.escape(visible(str(text)), quote=True)


def _row(table: Table, row: Row) -> list[str]:
    columns = table.columns
    cells = "".join(
        f"<td class='n'>{e(cell)}</td>"
        if columns[at].number or columns[at].right
        else f"<td>{e(cell)}</td>"
        for at, cell in enumerate(row.cells)
    )
    mark = f" class='{e(row.mark)}'" if row.mark else ""
    found = [f"<tr{mark}>{cells}</tr>"]
    span = len(columns) - table.notes_at
    lead = "<td></td>" * table.notes_at
    found += [f"<tr class='note'>{lead}<td colspan='{span}'>{e(n)}</td></tr>" for n in row.notes]
    return found


def table_html(table: Table, caption: str = "", name: str = "") -> list[str]:
    """``table`` as HTML: one ``<table id=name>`` (``name``: the table's key); an apart table,
    one ``<table class=name>`` a top section, captioned by its heading."""
    name = name or table.key
    head = "<tr>" + "".join(f"<th>{e(c.title)}</th>" for c in table.columns) + "</tr>"
    if not table.apart:
        found = [f"<table id='{name}'><caption>{e(caption)}</caption>", head]
        found += [line for row in table.rows() for line in _row(table, row)]
        return [*found, "</table>"]
    found = []
    for part in table.body.parts:
        heading = " ".join(line.strip() for line in part.heading if line.strip())
        found += [f"<table class='{name}'><caption>{e(heading)}</caption>", head]
        found += [line for row in part.all_rows() for line in _row(table, row)]
        found.append("</table>")
    return found
