"""A teacher's report as tables, what every format of it writes (text, csv, json, HTML): a
:class:`Table` has data columns (``fields`` for csv, ``keys`` for json) and shown columns
(:class:`Column`); its rows stand in sections. Every text in a table is as read: the writers
make it safe for their format."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from lessons import shown_time
from lessons.safe_text import visible


def machine(moment: datetime | None) -> str | None:
    """A moment for a program (:func:`lessons.shown_time.machine`), as given where local time
    cannot hold it."""
    return None if moment is None else _total(moment, shown_time.machine, "seconds")


def with_zone(moment: datetime) -> str:
    """A moment for a person, with its zone, as given where local time cannot hold it."""
    return _total(moment, shown_time.with_zone, "minutes")


def _total(moment: datetime, show: Callable[[datetime], str], given: str) -> str:
    try:
        return show(moment)
    except (OverflowError, OSError, ValueError):
        return moment.isoformat(timespec=given)


def safe(text: str) -> str:
    """``text`` as one line of a table: every control character, a tab too, as a symbol."""
    return visible(text).replace("\t", "\u2409")


@dataclass(frozen=True, slots=True)
class Column:
    """A shown column: its heading, aligned ``right`` in text, a ``number`` (right in HTML),
    ``least`` terminal columns wide, and ``short``, the heading text uses for every column that
    has one when a heading is wider than its cells."""

    title: str
    right: bool = False
    number: bool = False
    least: int = 0
    short: str = ""


@dataclass(frozen=True, slots=True)
class Row:
    """A row: ``values`` by field and key, shown ``cells``, ``notes`` (lines under it), a
    ``mark`` for the page's style, and ``sheet``, its csv cells where they are not its values
    ({}: not in the csv)."""

    values: Mapping[str, Any]
    cells: Sequence[str] = ()
    notes: Sequence[str] = ()
    mark: str = ""
    sheet: Mapping[str, Any] | None = None


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
    """A table: ``key`` names it in json and HTML; ``keys`` are a row's json keys (None: its
    values); ``csv`` writes a field's value where it differs from json; ``header`` is the depth
    of the sections that start with the header line (None: none); ``apart`` lays each top
    section out alone; ``cut`` cuts lines to a terminal's width; notes stand under the shown
    column ``notes_at``."""

    key: str
    fields: Sequence[str]
    columns: Sequence[Column] = ()
    body: Section = field(default_factory=Section)
    keys: Sequence[str] | None = None
    csv: Mapping[str, Callable[[Any], Any]] = field(default_factory=dict)
    header: int | None = 0
    apart: bool = False
    cut: bool = False
    indent: int = 2
    notes_at: int = 0

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
