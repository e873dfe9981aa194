"""A lesson as plain data: pages of Markdown text, board directives and questions.

A lesson never holds code: every value here comes from parsing a text file (see
``docs/lesson-format.md``) and is only ever read, applied to an engine, or compared.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from pathlib import Path

from lessons.i18n import _
from lessons.safe_text import visible
from solver.registry import DEFAULT_METHOD


@dataclass(frozen=True, slots=True)
class LessonError:
    """One problem in a lesson file, printed as ``FILE:LINE: message``."""

    file: str
    line: int
    message: str
    warning: bool = False
    """Not an error: the lesson works, but a teacher should look (``FILE:LINE: warning: ...``;
    ``lessons check`` still exits 0 for warnings alone)."""

    def __str__(self) -> str:
        """One line: the file name and message with unsafe characters made visible."""
        where = visible(self.file) if self.line <= 0 else f"{visible(self.file)}:{self.line}"
        if self.warning:
            return f"{where}: " + _("warning: {message}").format(message=visible(self.message))
        return f"{where}: {visible(self.message)}"


class StepUnit(StrEnum):
    """What ``@step`` counts."""

    TICK = "tick"
    ITERATION = "iteration"


class RunTo(StrEnum):
    """Where ``@run`` stops (after the tick that matches)."""

    ITERATION = "iteration"
    BACKTRACK = "backtrack"
    SOLUTION = "solution"
    END = "end"


class Overlay(StrEnum):
    """The diagonal overlay a page asks the board to show."""

    OFF = "off"
    SUM = "sum"
    DIFF = "diff"


@dataclass(frozen=True, slots=True)
class Text:
    """Markdown shown to the student, as written (directive lines removed)."""

    line: int
    markdown: str


@dataclass(frozen=True, slots=True)
class BoardOp:
    """``@board n=N mode=first|all algorithm=iterative``: a fresh engine."""

    line: int
    n: int
    all_solutions: bool = False
    algorithm: str = DEFAULT_METHOD
    maze: str | None = None
    """The maze of an ``algorithm=maze`` board (a built-in name or ``random:SEED``)."""


@dataclass(frozen=True, slots=True)
class StepOp:
    """``@step [COUNT] [tick|iteration]``: play ticks or whole iterations."""

    line: int
    count: int = 1
    unit: StepUnit = StepUnit.TICK


@dataclass(frozen=True, slots=True)
class BackOp:
    """``@back [COUNT]``: undo ticks."""

    line: int
    count: int = 1


@dataclass(frozen=True, slots=True)
class RunOp:
    """``@run iteration|backtrack|solution|end``: play until the stop is reached."""

    line: int
    to: RunTo


@dataclass(frozen=True, slots=True)
class ExpectOp:
    """``@expect NAME = VALUE``: a claim about the state, checked by ``lessons check``.

    ``name`` is one the board's method reads (``k``, ``b[3]``, ``regine``...: its kit's
    ``expect_names``); ``value`` is the value as the lesson writes it, compared when played.
    """

    line: int
    name: str
    value: str
    text: str


@dataclass(frozen=True, slots=True)
class OverlayOp:
    """``@overlay off|sum|diff``: the diagonal overlay the board shows from here on."""

    line: int
    overlay: Overlay


@dataclass(frozen=True, slots=True)
class TreeOp:
    """``@tree [on|off]``: the page shows the Wrocław loop's search tree beside the board (an
    iterative board up to n = 6) from here on, or no longer."""

    line: int
    shown: bool = True


Op = BoardOp | StepOp | BackOp | RunOp | ExpectOp | OverlayOp | TreeOp


@dataclass(frozen=True, slots=True)
class Choice:
    """One choice of a multiple-choice question written in the lesson (``- [x] text``).

    ``why`` is the reason a wrong choice is wrong (a ``why:`` line under it), shown when a
    student picks it; empty where the lesson gives none (the generic feedback is shown). The
    line numbers are where the file has them (0 for a choice built in code); they take no
    part in comparing choices.
    """

    text: str
    correct: bool
    why: str = ""
    line: int = field(default=0, compare=False)
    why_line: int = field(default=0, compare=False)


@dataclass(frozen=True, slots=True)
class Question:
    """``@question KIND key=value ...`` with its field lines, up to ``@end``.

    ``params`` are the key=value words of the directive; the fields are optional for the
    kinds whose prompt, answer and explanation are computed from the solver.
    """

    line: int
    kind: str
    params: dict[str, str] = field(default_factory=dict)
    prompt: str = ""
    hint: str = ""
    explain: str = ""
    answer: str = ""
    tolerance: str = ""
    choices: tuple[Choice, ...] = ()
    maze: tuple[str, ...] = ()
    shows: str = ""
    """``shows: b = [1, 3, -1, -1, -1]``: the placement the question is about, drawn on the
    page's board once the question is answered (never while it waits: it may be the answer)."""
    wrong: tuple[tuple[str, str], ...] = ()
    """A number question's ``wrong: N: reason`` lines: (the number as written, the reason a
    student who gives it reads)."""


Block = Text | Op | Question


@dataclass(frozen=True, slots=True)
class Page:
    """A screenful: ``@page TITLE`` or, for the scored quiz, ``@quiz TITLE``."""

    line: int
    title: str
    scored: bool
    blocks: tuple[Block, ...]
    fallback: bool = False
    """The English page, standing in for a translation that lacks it or does not agree."""

    @property
    def questions(self) -> tuple[Question, ...]:
        return tuple(b for b in self.blocks if isinstance(b, Question))


@dataclass(frozen=True, slots=True)
class Lesson:
    """A whole lesson file, parsed."""

    id: str
    title: str
    lang: str
    path: Path
    pages: tuple[Page, ...]
    summary: str = ""
    wanted: str = ""
    """The language asked for, when this lesson has no translation into it (shown in ``lang``)."""

    @property
    def source(self) -> str:
        """The file name used in ``FILE:LINE`` messages."""
        return str(self.path)

    @property
    def max_score(self) -> int:
        """One point per question on the quiz pages."""
        return sum(len(p.questions) for p in self.pages if p.scored)
