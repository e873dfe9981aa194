"""The lecture's ``drawresult`` (the Wrocław lecture), as text.

It prints the b[] line, a blank line, then the board with ``x`` for a queen and ``o`` for an
empty square. Note the order: ``for i in range(n)`` prints row 0 *first*, so the picture is
the lecture's board (row 0 at the bottom) upside down. The tutor's board draws row 0 at the
bottom; this function keeps drawresult's order so its output matches the lecture's.
"""

from __future__ import annotations

from collections.abc import Sequence


def drawresult(b: Sequence[int]) -> str:
    """``drawresult()`` for the state table ``b``: the b[] line, a blank line, the board."""
    n = len(b)
    lines = [" ".join(str(r) for r in b), ""]
    for i in range(n):
        lines.append(" ".join("x" if b[j] == i else "o" for j in range(n)))
    return "\n".join(lines)
