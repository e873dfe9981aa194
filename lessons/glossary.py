"""The tutor's words, one for each thing, shown in the ``?`` help of every screen and written out
in docs/glossary.md; where the notes' names differ, the entry says how they map."""

from __future__ import annotations

from lessons.i18n import N_

GLOSSARY: tuple[tuple[str, str], ...] = (
    (
        N_("square"),
        N_(
            "Named by its column and its row: column 2, row 3. Columns count from 0 on the "
            "left. Rows count from 0 at the bottom on the Wrocław lecture's boards, from 0 at "
            "the top on the Turin and Salerno notes' boards: the numbers beside the board say "
            "which."
        ),
    ),
    (
        N_("maze square"),
        N_(
            "Named row first, (row, column), its rows counted from 0 at the top, as the maze's "
            "lines are read: Solve(at (3, 5)) stands in row 3, column 5."
        ),
    ),
    (N_("b[i]"), N_("The row of the queen in column i (the Wrocław lecture); -1: none yet.")),
    (N_("k"), N_("The column the Wrocław loop is filling.")),
    (
        N_("tick"),
        N_("One press of space: one step; it tests a square, backtracks or reports the solution."),
    ),
    (N_("iteration"), N_("The ticks up to the next queen placed or the next backtrack.")),
    (
        N_("solution tick"),
        N_(
            "The tick after the last queen is placed (k == n): it reports the solution. A "
            "solved 5 x 5 board shows tick 16: 15 ticks place the queens, the 16th reports them."
        ),
    ),
    (
        N_("backtrack"),
        N_("No row of column k is left: its queen goes (b[k] = -1) and k-- goes back a column."),
    ),
    (
        N_("squares tested"),
        N_(
            "The ticks that try a square: the opening b[0]=0, then each b[k]++ with its isfree "
            "test. Every tick is one of these, a backtrack or the solution tick: 982 = 876 + 105 "
            "+ 1 to the first 8 x 8 solution."
        ),
    ),
    (
        N_("col+row (sum)"),
        N_(
            "A diagonal: its squares have the same col+row (the lecture's b[i]+i == y+x). With "
            "row 0 at the bottom it runs down to the right, with row 0 at the top up to the "
            "right."
        ),
    ),
    (
        N_("row-col (difference)"),
        N_(
            "The other diagonal: its squares have the same row-col (b[i]-i == y-x). With row 0 "
            "at the bottom it runs up to the right, with row 0 at the top down to the right."
        ),
    ),
    (
        N_("i, j (Turin)"),
        N_(
            "In placeQueens i is the row and j the column: q[i] is the column of the queen in "
            "row i, the other way round from b[i]. a[i+j] marks a col+row diagonal, "
            "b[i-j+n-1] a row-col one (shifted by n-1)."
        ),
    ),
    (
        N_("search space"),
        N_(
            "Every candidate a naive method could check; until its first solution it examines "
            "fewer."
        ),
    ),
    (
        N_("orbit"),
        N_("The different boards the 8 symmetries of the square make of a solution: 1, 2, 4 or 8."),
    ),
    (
        N_("unique solutions"),
        N_("One per orbit (in the Italian Python course's exercise 3, unique means not repeated)."),
    ),
)
"""Each term and what it means (translated where shown)."""
