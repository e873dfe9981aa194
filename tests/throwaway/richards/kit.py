"""Richards' bit masks as a kit (docs/extending.md): its metadata, its peek, its guess
question and the names a lesson's ``@expect`` reads. No tick tests a square: each one places
the lowest free column's queen, so guess mode asks only where the next queen goes, and hides
``avail`` while it waits."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from solver.kit import Reader, SteppableKit
from solver.kit_words import Wording
from solver.messages import N_, register
from solver.method_run import Unit
from tests.throwaway.richards.questions import MaskQuestions

if TYPE_CHECKING:
    from solver.peek import Iteration, Test
    from solver.stepping import SearchSnapshot

register(
    {
        "guess.land.richards": "solve({k}): in which column does the queen of row {k} go? Type "
        "the column (0 to {last}), or b if avail has no bit left (a backtrack).",
        "richards.examined": ("{examined} queen placed", "{examined} queens placed"),
    }
)

_ALONG = {"cols": "line", "rd": "sum", "ld": "diff"}


def _top(snapshot: Any, field: str) -> object:
    top = snapshot.top
    return -1 if top is None else getattr(top, field)


class MasksKit(MaskQuestions, SteppableKit):
    name = "richards"
    title = N_("Richards' bit masks")
    source = "turin"
    summary = N_("the free columns of a row in one word, lowest bit first (a test's method)")
    unit = Unit(N_("queens placed"), "richards.examined")
    """One candidate a tick, every one placed: no square is tested."""
    max_n = 20
    backtracker = True
    engine_path = "tests.throwaway.richards.engine:MasksEngine"
    view_path = "tests.throwaway.richards.view:MasksView"
    land_words = "guess.land.richards"
    tests_squares = False
    land_hides = ("avail",)
    wording = Wording(row_wise=True)
    state_name = "row"
    expect_names: ClassVar[dict[str, Reader]] = {
        "q": lambda s: s.q,
        "cols": lambda s: _top(s, "cols"),
        "ld": lambda s: _top(s, "ld"),
        "rd": lambda s: _top(s, "rd"),
        "avail": lambda s: _top(s, "avail"),
        "row": lambda s: _top(s, "row"),
        "depth": lambda s: len(s.frames),
    }

    def landing(
        self, snapshot: SearchSnapshot, tests: tuple[Test, ...], events: tuple[object, ...]
    ) -> Iteration | None:
        from solver.stepping import Return
        from tests.throwaway.richards.engine import MaskFrame, MaskSnapshot, Place

        assert isinstance(snapshot, MaskSnapshot)
        event = snapshot.last_event
        if isinstance(event, Place):
            frame = snapshot.frames[event.row]
            ruled_out = _ruled_out(snapshot.placed, frame, event.col)
            return self.landed(event.row, event.col, ruled_out)
        if isinstance(event, Return):  # the call of event.at is popped: rebuilt to explain it
            top = snapshot.frames[-1]
            lifted = (snapshot.q[top.row], top.row)
            bit = 1 << lifted[0]
            words = (top.cols | bit, (top.ld | bit) << 1, (top.rd | bit) >> 1)
            frame = MaskFrame(event.at, *words, 0)
            ruled_out = _ruled_out((*snapshot.placed, lifted), frame, snapshot.n)
            return self.backtracked(event.at, ruled_out)
        return None

    def standing(self, snapshot: Any) -> tuple[tuple[int, int], ...]:
        return tuple(snapshot.placed)


def _ruled_out(placed: tuple[tuple[int, int], ...], frame: Any, until: int) -> tuple[Test, ...]:
    """What ``avail`` rules out in ``frame``'s row before column ``until``: each column a word
    takes, with the queens (of ``placed``) that take it. No tick tests them: the masks rule
    them out at once."""
    from solver.peek import Along, Test, Threat

    found: list[Test] = []
    for col in range(until):
        taken = frame.taken(col)
        if taken:
            by = _attackers(placed, col, frame.row, taken)
            threats = tuple(Threat(square, Along(_ALONG[word])) for square, word in by)
            found.append(Test((col, frame.row), False, threats))
    return tuple(found)


def _attackers(
    placed: tuple[tuple[int, int], ...], col: int, row: int, words: tuple[str, ...]
) -> tuple[tuple[tuple[int, int], str], ...]:
    """The queen of ``placed`` behind each taken word's bit at (``col``, ``row``), with the
    word that records it."""
    found: list[tuple[tuple[int, int], str]] = []
    for word in words:
        for c, r in placed:
            if (
                (word == "cols" and c == col)
                or (word == "rd" and c + r == col + row)
                or (word == "ld" and c - r == col - row)
            ):
                found.append(((c, r), word))
                break
    return tuple(found)
