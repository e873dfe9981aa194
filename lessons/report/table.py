"""A teacher's report as tables: what every format of it writes (text, csv, json, HTML).

A :class:`Table` has data columns (``fields``, the csv header; ``keys``, the json object of a
row) and shown columns (:class:`Column`, what a person reads: the text table and the HTML
page). Its rows (:class:`Row`) hold both: ``values`` by field or key, ``cells`` under the
shown columns, and lines under the row (``notes``). Rows stand in sections (:class:`Section`),
each with lines above and below it and sections of its own. Every text in a table is as read
(a name, a title, a prompt): the writers make it safe for their format.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from lessons import shown_time
from lessons.safe_text import visible


def machine(moment: datetime | None) -> str | None:
    """A moment for a program (:func:`lessons.shown_time.machine`); one local time cannot
    hold (near year 1 or 9999) as it was given."""
    return None if moment is None else _total(moment, shown_time.machine, "seconds")


def with_zone(moment: datetime) -> str:
    """A moment for a person, with its zone (:func:`lessons.shown_time.with_zone`); one local
    time cannot hold as it was given."""
    return _total(moment, shown_time.with_zone, "minutes")


def _total(moment: datetime, show: Callable[[datetime], str], given: str) -> str:
    try:
        return show(moment)
    except (OverflowError, OSError, ValueError):
        return moment.isoformat(timespec=given)


def safe(text: str) -> str:
    """``text`` as one line of a table: every control character, a tab too, as a visible
    symbol (a newline cannot forge a row, nor a tab shift the columns)."""
    return visible(text).replace("\t", "\u2409")


@dataclass(frozen=True, slots=True)
class Column:
    """A shown column: its heading, and ``short``, the heading the text table uses instead for
    every column that has one when a heading is wider than its cells."""

    title: str
    right: bool = False
    """Aligned right in the text table."""
    number: bool = False
    """A number (HTML aligns it right)."""
    least: int = 0
    """The fewest terminal columns it takes in the text table."""
    short: str = ""


@dataclass(frozen=True, slots=True)
class Row:
    values: Mapping[str, Any]
    """By field (csv) and key (json); a field missing is an empty csv cell."""
    cells: Sequence[str] = ()
    notes: Sequence[str] = ()
    """Lines under the row."""
    mark: str = ""
    """What the row is, for the page's style (``stuck``)."""
    sheet: Mapping[str, Any] | None = None
    """Its csv cells by field where they are not its values ({}: the row is not in the
    csv)."""


@dataclass(slots=True)
class Section:
    heading: Sequence[str] = ()
    rows: list[Row] = field(default_factory=list)
    parts: list[Section] = field(default_factory=list)
    footer: Sequence[str] = ()

    def all_rows(self) -> Iterator[Row]:
        """Its rows, then its parts', in order."""
        yield from self.rows
        for part in self.parts:
            yield from part.all_rows()


@dataclass(slots=True)
class Table:
    key: str
    """Its name in the json object, and its HTML id."""
    fields: Sequence[str]
    columns: Sequence[Column] = ()
    body: Section = field(default_factory=Section)
    keys: Sequence[str] | None = None
    """The json keys of a row (None: its values as they are)."""
    csv: Mapping[str, Callable[[Any], Any]] = field(default_factory=dict)
    """How a field's value is written in csv, where it differs from json."""
    header: int | None = 0
    """The depth of the sections that start with the header line (None: no header line)."""
    apart: bool = False
    """Each top section is laid out alone (its own widths; its own HTML table)."""
    cut: bool = False
    """In a terminal, lines are cut to its width, the last column keeping :data:`KEPT`."""
    indent: int = 2
    notes_at: int = 0
    """Notes stand under this shown column (0: at the row's indent)."""

    def rows(self) -> Iterator[Row]:
        """Every row, in order."""
        return self.body.all_rows()

    def data(self) -> list[dict[str, Any]]:
        """The rows as json objects."""
        if self.keys is None:
            return [dict(row.values) for row in self.rows()]
        return [{key: row.values.get(key) for key in self.keys} for row in self.rows()]


KEPT = 40
"""The fewest characters of a cut table's last column kept in a narrow terminal."""
