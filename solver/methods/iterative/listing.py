"""The lecture's iterative loop (the Wrocław lecture) as short pseudocode, and the lines each tick
runs."""

from __future__ import annotations

from typing import TYPE_CHECKING

from solver.stepping import Done, Found

if TYPE_CHECKING:
    from solver.events import Event

LOOP: tuple[str, ...] = (
    "b[0]=0; k=1;",
    "while (k<n && k>=0) {",
    "  do b[k]++;",
    "  while (b[k]<n && !isfree(k,b[k]));",
    "  if (b[k]<n) k++;",
    "  else { b[k]=-1; k--; }",
    "}",
    "return k;  // n: solved, -1: none",
)
"""The loop, one statement a line (0-based indices below)."""

INIT, WHILE, INCREMENT, TEST, ADVANCE, RETREAT, CLOSE, RETURN = range(len(LOOP))


def lines_run(event: Event | None) -> tuple[int, ...]:
    """Indices into :data:`LOOP` of the lines the tick that produced ``event`` executed."""
    if event is None:
        return ()
    from solver.events import Backtrack, Try  # loaded with the first tick

    if isinstance(event, Try):
        if event.col == 0 and event.row == 0 and not event.attackers:
            return (INIT,)
        return (INCREMENT, TEST) if event.attackers else (INCREMENT, TEST, ADVANCE)
    if isinstance(event, Backtrack):
        return (INCREMENT, TEST, RETREAT)
    if isinstance(event, Found | Done):
        return (WHILE, RETURN)
    raise TypeError(f"not an event: {event!r}")
