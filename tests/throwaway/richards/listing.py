"""Richards' bit-mask search as the code pane shows it, and the lines each tick runs."""

from __future__ import annotations

CODE: tuple[str, ...] = (
    "void solve(int i, int cols, int ld, int rd) {",
    "  if (i == n) { found++; return; }",
    "  int avail = ~(cols | ld | rd) & ALL;",
    "  while (avail) {",
    "    int bit = avail & -avail;",
    "    avail -= bit; q[i] = ctz(bit);",
    "    solve(i + 1, cols | bit,",
    "          (ld | bit) << 1, (rd | bit) >> 1);",
    "  }",
    "}",
)
"""The function, one statement a line (0-based indices below)."""

LINES: dict[str, tuple[int, ...]] = {
    "call": (0, 1, 2),
    "place": (3, 4, 5, 6, 7),
    "solution": (0, 1),
    "return": (3, 9),
    "leave": (1,),
    "done": (9,),
}
"""The lines each kind of tick runs; the last decided what the tick did."""


def lines_run(kind: str | None) -> tuple[int, ...]:
    """Indices into :data:`CODE` of the lines a tick of ``kind`` ran (none before the first)."""
    return () if kind is None else LINES[kind]
