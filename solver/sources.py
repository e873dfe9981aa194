"""The lecture notes the tutor teaches, named as their readers know them (docs/sources.md)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Source:
    """One set of lecture notes: its key in the registry, its full and its short name."""

    key: str
    name: str
    short_name: str


SOURCES = {
    s.key: s
    for s in (
        Source(
            "wroclaw",
            "the Wrocław lecture (Instytut Informatyki, Uniwersytet Wrocławski, lecture 9)",
            "the Wrocław lecture",
        ),
        Source(
            "turin",
            "E. Giovannetti's Turin notes (Università di Torino, Olimpiadi di Informatica "
            "preparation, 2010)",
            "the Turin notes",
        ),
        Source("edutecnica", "the edutecnica page (edutecnica.it)", "the edutecnica page"),
        Source("python-course", "the Italian Python course", "the Italian Python course"),
        Source(
            "salerno",
            "G. Persiano's Salerno notes (Università di Salerno)",
            "the Salerno notes",
        ),
    )
}
