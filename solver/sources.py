"""The lecture notes the tutor teaches, named as their readers know them."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Source:
    key: str
    name: str
    short_name: str


SOURCES = {
    s.key: s
    for s in (
        Source("wroclaw", "the Wrocław lecture", "the Wrocław lecture"),
        Source("turin", "E. Giovannetti's Turin notes", "the Turin notes"),
        Source("edutecnica", "the edutecnica page", "the edutecnica page"),
        Source("python-course", "the Italian Python course", "the Italian Python course"),
        Source("salerno", "G. Persiano's Salerno notes", "the Salerno notes"),
    )
}
