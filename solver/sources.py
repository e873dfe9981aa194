"""The sources the tutor teaches from, named as their readers know them."""

from __future__ import annotations

from dataclasses import dataclass

from solver.messages import N_


@dataclass(frozen=True, slots=True)
class Source:
    """One source: its key in the registry, its full and its short name."""

    key: str
    name: str
    short_name: str


SOURCES = {
    s.key: s
    for s in (
        Source(
            "wroclaw",
            N_("the Wrocław lecture (Instytut Informatyki, Uniwersytet Wrocławski, lecture 9)"),
            N_("the Wrocław lecture"),
        ),
        Source(
            "turin",
            N_(
                "E. Giovannetti's Turin notes (Università di Torino, Olimpiadi di Informatica "
                "preparation, 2010)"
            ),
            N_("the Turin notes"),
        ),
        Source("edutecnica", N_("the edutecnica page (edutecnica.it)"), N_("the edutecnica page")),
        Source("python-course", N_("the Italian Python course"), N_("the Italian Python course")),
        Source(
            "salerno",
            N_("G. Persiano's Salerno notes (Università di Salerno)"),
            N_("the Salerno notes"),
        ),
    )
}
