"""The bit-set backtracker as a kit (docs/extending.md): its metadata, its peek, its guess
questions and the names a lesson's ``@expect`` reads."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from solver.kit import Reader, SteppableKit, Wording
from solver.messages import N_, Message, register

if TYPE_CHECKING:
    from solver.peek import Iteration, Test
    from solver.stepping import SearchSnapshot

register(
    {
        "guess.try.bitset": "Row {row}, column {col}: is bit {col} of avail 1?",
        "guess.rule.bitset": "Right, it is 0. Which word has bit {col} set? 1 cols (the column), "
        "2 rd (i+j), 3 ld (i-j).",
        "guess.land.bitset": "solve({k}): in which column does the queen of row {k} go? Type the "
        "column (0 to {last}), or b if avail has no bit left (a backtrack).",
    }
)

_ALONG = {"cols": "line", "rd": "sum", "ld": "diff"}


def _top(snapshot: Any, field: str) -> object:
    top = snapshot.top
    return -1 if top is None else getattr(top, field)


class BitsetKit(SteppableKit):
    name = "bitset"
    title = N_("placeQueens with bit sets")
    source = "turin"
    summary = N_("the Turin notes' c[], a[], b[] packed into bit sets (a test's throwaway method)")
    max_n = 20
    backtracker = True
    engine_path = "tests.throwaway.bitset.engine:BitsetEngine"
    view_path = "tests.throwaway.bitset.view:BitsetView"
    land_words = "guess.land.bitset"
    wording = Wording(row_wise=True)
    state_name = "row"
    expect_names: ClassVar[dict[str, Reader]] = {
        "q": lambda s: s.q,
        "cols": lambda s: _top(s, "cols"),
        "ld": lambda s: _top(s, "ld"),
        "rd": lambda s: _top(s, "rd"),
        "row": lambda s: _top(s, "row"),
        "j": lambda s: _top(s, "j"),
        "depth": lambda s: len(s.frames),
    }

    def test_of(self, snapshot: SearchSnapshot) -> Test | None:
        from solver.peek import Along, Test, Threat
        from tests.throwaway.bitset.engine import BitSnapshot, TryBit
        from tests.throwaway.bitset.view import attackers

        assert isinstance(snapshot, BitSnapshot)
        event = snapshot.last_event
        if not isinstance(event, TryBit):
            return None
        i, j = event.row, event.col
        by = attackers(snapshot, j, i, event.taken)
        threats = tuple(Threat(square, Along(_ALONG[word])) for square, word in by)
        reads = tuple((word, j) for word in ("cols", "ld", "rd"))
        return Test((j, i), event.free, threats, reads=reads)

    def landing(
        self, snapshot: SearchSnapshot, tests: tuple[Test, ...], events: tuple[object, ...]
    ) -> Iteration | None:
        from tests.throwaway.bitset.engine import Place, Return

        event = snapshot.last_event
        if isinstance(event, Place):
            return self.landed(event.row, event.col, tests)
        if isinstance(event, Return):
            return self.backtracked(event.row, tests)
        return None

    def try_prompt(self, test: Test, n: int) -> Message:
        x, y = test.square
        return Message.of("guess.try.bitset", row=y, col=x)

    def rule_prompt(self, test: Test, n: int) -> Message | None:
        return Message.of("guess.rule.bitset", col=test.square[0])

    # -- a lesson's questions about its board, in its own words --------------------------------

    def choice_hint(self, before: Any, iteration: Iteration) -> Message:
        from tests.throwaway.bitset import questions

        return questions.choice_hint(before)

    def state_hint(self, ahead: bool, iteration: bool = False) -> Message:
        from tests.throwaway.bitset import questions

        return questions.state_hint(ahead)
