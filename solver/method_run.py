"""What a method's batch run reports, and why one cannot run."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from solver.messages import N_, Figure, Message, MessageError, register, render

Progress = Callable[[int], None]
"""Called now and then during a run with a count in the kit's progress unit."""


@dataclass(frozen=True, slots=True)
class Unit:
    """What a method's ``examined`` counts: its name (``squares tested``, marked for
    translation) and the message id of the sentence that counts it."""

    name: str
    sentence: str = ""
    """The sentence's message id; "": the count and the name, for a method that examines nothing."""


SQUARES_TESTED = Unit(N_("squares tested"), "examined.squares")
"""The backtrackers of the notes: each square their loop tests."""
MOVES_TESTED = Unit(N_("moves tested"), "examined.moves")
PLACEMENTS_CHECKED = Unit(N_("placements checked"), "examined.placements")
PERMUTATIONS_TRIED = Unit(N_("permutations tried"), "examined.permutations")
NOTHING = Unit(N_("none (formula)"))


class TooBig(MessageError, ValueError):
    """The method would examine too many candidates; the message says how many."""

    def __init__(self, message: Message, examined: int | None = None) -> None:
        super().__init__(message)
        self.examined = examined


class NoSolution(MessageError, ValueError):
    """The method cannot run because the board has no solution (random, constructive)."""


@dataclass(frozen=True, slots=True)
class MethodRun:
    """What one method found on an n x n board and how many candidates it examined."""

    method: str
    n: int
    solutions: tuple[tuple[int, ...], ...]
    examined: int
    unit: Unit
    """What ``examined`` counts (the kit's unit)."""
    space: int | None = None
    """The size of the search space the candidates come from (naive and random), or None."""
    formula: str | None = None
    """The search space as the notes write it (``n^n``), or None."""
    seeded: bool = False
    """The method draws with replacement: it may examine more than its space."""

    def examined_text(self) -> str:
        """``171 squares tested``, ``12,761 of 46,656 (n^n) placements checked``, ..."""
        if not self.unit.sentence:
            return f"{self.examined:,} {self.unit.name}"
        params: dict[str, object] = {
            "examined": Figure(f"{self.examined:,}"),
            "count": self.examined,
        }
        if self.space is not None:
            params.update(space=Figure(f"{self.space:,}"), formula=self.formula)
            if not self.seeded:  # a seeded method draws with replacement
                params["count"] = self.space
        return render(Message.of(self.unit.sentence, **params))


register(
    {
        "too_big.far": (
            "{method} searches {space} placements ({formula}) for n={n}; naive searches stop at "
            "{limit} placements (about 30 s), which no n above {max_n} stays under"
        ),
        "too_big.all": (
            "{method} would examine all {space} placements ({formula}) for n={n}; the limit is "
            "{limit} (about 30 s)"
        ),
        "too_big.first": (
            "{method} would examine {cost} of the {space} placements ({formula}) for n={n} "
            "before its first solution; the limit is {limit} (about 30 s)"
        ),
        "no_solution.method": "there is no solution for n={n}, so {method} cannot produce one",
        "examined.squares": ("{examined} square tested", "{examined} squares tested"),
        "examined.moves": ("{examined} move tested", "{examined} moves tested"),
        "examined.placements": (
            "{examined} of {space} ({formula}) placement checked",
            "{examined} of {space} ({formula}) placements checked",
        ),
        "examined.permutations": (
            "{examined} permutation tried, each drawn at random from the {space} ({formula})",
            "{examined} permutations tried, each drawn at random from the {space} ({formula})",
        ),
    }
)
