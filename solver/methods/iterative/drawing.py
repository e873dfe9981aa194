"""The lecture's ``drawresult`` (the Wrocław lecture), as text."""

from __future__ import annotations

from collections.abc import Sequence


def drawresult(b: Sequence[int]) -> str:
    """``drawresult()`` for the state table ``b``: the b[] line, a blank line, the board."""
    n = len(b)
    lines = [" ".join(str(r) for r in b), ""]
    for i in range(n):
        lines.append(" ".join("x" if b[j] == i else "o" for j in range(n)))
    return "\n".join(lines)
