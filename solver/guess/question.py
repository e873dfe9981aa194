"""An open question of guess mode and the verdict on its answer (:mod:`solver.guess.game`)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from solver.guess.stage import Stage
from solver.messages import Message

if TYPE_CHECKING:
    from solver.kit import SteppableKit
    from solver.peek import Iteration, Square, Test, Threat


@dataclass(frozen=True, slots=True)
class Question:
    """An open question and what it is about."""

    kit: SteppableKit
    """The method asked about: its words, and how its answers name squares."""
    stage: Stage
    n: int
    """Answers to a LAND question go from 0 to n - 1."""
    prompt: tuple[Message, ...]
    test: Test | None = None
    iteration: Iteration | None = None
    standing: tuple[tuple[int, int], ...] = ()
    """The queens on the board when a LAND question was asked (the kit's ``standing``)."""

    @property
    def yes_means_free(self) -> bool:
        """y answers "free" (most methods) or "it attacks" (one comparison of sicura)."""
        return self.test is None or self.test.against is None


@dataclass(frozen=True, slots=True)
class Verdict:
    """A graded answer: right or not, the sentences that say why, and what the board shows."""

    right: bool
    messages: tuple[Message, ...]
    square: Square | None = None
    """The square the explanation is about (the learner's wrong guess), drawn with..."""
    threats: tuple[Threat, ...] = ()
    """... the queens that attack it, each with its line."""
    whole: bool = False
    """The messages say all the step's narration would (a wrong answer about one tick)."""
    row_wise: bool = False
    """The notes go row by row: an attacker's straight line is a column."""
