"""Published counts, used ONLY to confirm a count the program computed."""

from __future__ import annotations

from dataclasses import dataclass

A000170 = (
    1, 0, 0, 2, 10, 4, 40, 92, 352, 724, 2680, 14200, 73712, 365596, 2279184, 14772512,
    95815104, 666090624, 4968057848, 39029188884, 314666222712, 2691008701644,
    24233937684440, 227514171973736, 2207893435808352, 22317699616364044,
    234907967154122528,
)  # fmt: skip

A002562 = (
    1, 0, 0, 1, 2, 1, 6, 12, 46, 92, 341, 1787, 9233, 45752, 285053, 1846955, 11977939,
    83263591, 621012754, 4878666808, 39333324973, 336376244042, 3029242658210,
    28439272956934, 275986683743434, 2789712466510289, 29363495934315694,
)  # fmt: skip


@dataclass(frozen=True, slots=True)
class Confirmation:
    """How a computed count compares with the published one."""

    sequence: str
    published: int | None

    @property
    def known(self) -> bool:
        return self.published is not None


def published(n: int, unique: bool = False) -> int | None:
    """The published count for the n x n board, or None beyond what is known."""
    table = A002562 if unique else A000170
    return table[n - 1] if 1 <= n <= len(table) else None


def confirm(n: int, computed: int, unique: bool = False) -> tuple[Confirmation, bool]:
    """(what is published, whether ``computed`` agrees with it; True when nothing is)."""
    value = published(n, unique)
    return Confirmation("A002562" if unique else "A000170", value), value in (None, computed)
