"""Read the lines of one ``@question`` block to its ``@end``: its fields, its choices
(``- [ ] text``, ``- [x] text``) and the ``why:`` line under a wrong choice, each problem
reported at its line."""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable
from dataclasses import dataclass, field

from lessons.answers.checking import written_whole
from lessons.i18n import _
from lessons.model import Choice, Question
from lessons.quiz.kinds import KINDS, Written
from lessons.quiz.static import why_under_right_choice

FIELDS = ("prompt", "hint", "explain", "answer", "tolerance", "maze", "shows", "wrong")
"""The field lines of a question (``why:`` belongs to a choice, not to the question)."""
WHY = "why"
_CHOICE = re.compile(r"^[-*]\s*\[([ xX])\]\s*(.*)$")
_FIELD_LINE = re.compile(r"^([a-z]+):\s?(.*)$")

Report = Callable[[int, str], None]
"""The parser's error callback: (line number, message)."""


@dataclass
class QuestionDraft:
    """A ``@question`` block read so far."""

    line: int
    kind: str
    params: dict[str, str]
    fields: dict[str, list[str]] = field(default_factory=dict)
    choices: list[Choice] = field(default_factory=list)
    broken: bool = False
    last: str = ""
    """What the last line not blank held: ``choice``, ``why`` or a field's name."""

    def question(self) -> Question:
        def joined(name: str) -> str:
            return "\n".join(self.fields.get(name, [])).strip()

        return Question(
            line=self.line,
            kind=self.kind,
            params=self.params,
            prompt=joined("prompt"),
            hint=joined("hint"),
            explain=joined("explain"),
            answer=joined("answer"),
            tolerance=joined("tolerance"),
            choices=tuple(self.choices),
            maze=tuple(self.fields.get("maze", [])),
            shows=joined("shows"),
            wrong=tuple(
                (number.strip(), reason.strip())
                for number, _colon, reason in (
                    w.partition(":") for w in self.fields.get("wrong", [])
                )
            ),
        )

    def add(self, number: int, stripped: str, error: Report) -> None:
        """One line of the block that is neither blank nor a directive."""
        choice = _CHOICE.match(stripped)
        if choice:
            self.last = "choice" if choice.group(2).strip() else "broken"
            if not choice.group(2).strip():
                error(number, _("a choice needs text after '- [ ]'"))
                return
            self.choices.append(
                Choice(choice.group(2).strip(), choice.group(1) != " ", line=number)
            )
            return
        found = _FIELD_LINE.match(stripped)
        if found and found.group(1) == WHY:
            self._why(number, found.group(2).strip(), error)
            self.last = WHY
            return
        if not found or found.group(1) not in FIELDS:
            error(
                number,
                _(
                    "not a question field: {line}; expected prompt:, hint:, explain:, answer:, "
                    "tolerance:, maze:, shows:, wrong:, a choice '- [ ] text' / '- [x] text', or "
                    "why: under a wrong choice"
                ).format(line=repr(stripped[:40])),
            )
            return
        name, value = found.group(1), found.group(2)
        self.last = name
        if name == "wrong" and not self._wrong(number, value, error):
            return
        if name in ("answer", "tolerance", "shows") and name in self.fields:
            error(number, _("{name}: given twice in one question").format(name=name))
            return
        self.fields.setdefault(name, []).append(value)

    def _wrong(self, number: int, value: str, error: Report) -> bool:
        """A ``wrong: N: reason`` line of a number question: the number and its reason."""
        given, colon, reason = value.partition(":")
        if self.kind != "number":
            problem = _(
                "wrong: gives the reason for a wrong number of a @question number; use why: "
                "under a choice of a @question choice"
            )
        elif not colon or written_whole(given.strip()) is None or not reason.strip():
            problem = _(
                "wrong: needs a whole number, a colon and the reason: wrong: 42: why 42 is wrong"
            )
        else:
            return True
        error(number, problem)
        return False

    def _why(self, number: int, reason: str, error: Report) -> None:
        """A ``why:`` line: the reason for the choice on the line just above it."""
        kind = KINDS.get(self.kind)
        if kind is not None and kind.written is not Written.CHOICES:
            problem = _(
                "why: gives the reason for a choice of a @question choice; "
                "@question {kind} has no written choices"
            ).format(kind=self.kind)
        elif self.last == WHY:
            problem = _("a choice has one why: line; write its reason on one line")
        elif self.last != "choice" or not self.choices:
            problem = _(
                "why: must come right under the choice it explains "
                "('- [ ] text', then why: on the next line)"
            )
        elif not reason:
            problem = _("why: needs the reason after it, or leave the line out")
        elif self.choices[-1].correct:
            problem = why_under_right_choice()
        else:
            self.choices[-1] = dataclasses.replace(self.choices[-1], why=reason, why_line=number)
            return
        error(number, problem)
