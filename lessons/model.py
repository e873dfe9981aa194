"""A lesson as plain data, parsed from a text file (docs/lesson-format.md): pages of Markdown
text, board directives and questions."""

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
    """Not an error, but a teacher should look (``FILE:LINE: warning: ...``)."""

    def __str__(self) -> str:
        """One line: the file name and message with unsafe characters made visible."""
        where = visible(self.file) if self.line <= 0 else f"{visible(self.file)}:{self.line}"
        if self.warning:
            return f"{where}: " + _("warning: {message}").format(message=visible(self.message))
        return f"{where}: {visible(self.message)}"


def in_file_order(errors: list[LessonError]) -> list[LessonError]:
    """The problems file by file (in the order first met), each file's in line order."""
    files: dict[str, int] = {}
    for error in errors:
        files.setdefault(error.file, len(files))
    return sorted(errors, key=lambda error: (files[error.file], error.line))


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
    """``@expect NAME = VALUE``: a claim about the state, checked when played; ``name`` is one
    the board's method reads (``k``, ``b[3]``)."""

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
    """``@tree [on|off]``: the search tree is shown beside the board from here on, or no longer."""

    line: int
    shown: bool = True


Op = BoardOp | StepOp | BackOp | RunOp | ExpectOp | OverlayOp | TreeOp


@dataclass(frozen=True, slots=True)
class Choice:
    """One written choice of a question (``- [x] text``); ``why`` is the reason a wrong choice
    is wrong (its ``why:`` line), empty where the lesson gives none."""

    text: str
    correct: bool
    why: str = ""
    line: int = field(default=0, compare=False)
    why_line: int = field(default=0, compare=False)


@dataclass(frozen=True, slots=True)
class Question:
    """``@question KIND key=value ...`` with its field lines, up to ``@end``. ``shows`` is the
    placement drawn once the question is answered; ``wrong`` a number question's (number,
    reason) lines."""

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
    wrong: tuple[tuple[str, str], ...] = ()


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
    """The language asked for, when this lesson has no translation into it."""

    @property
    def source(self) -> str:
        """The file name used in ``FILE:LINE`` messages."""
        return str(self.path)

    @property
    def max_score(self) -> int:
        """One point per question on the quiz pages."""
        return sum(len(p.questions) for p in self.pages if p.scored)
