"""A question as put to the student (:class:`Posed`, its right answer already computed), and
the checking of a typed or chosen answer against it."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from fractions import Fraction

from lessons.answers import lists as answer_lists
from lessons.answers import reading as answer_reading
from lessons.answers.feedback import say
from lessons.answers.reading import as_text, yes_no
from lessons.i18n import N_, SEPARATORS, _, current, number
from lessons.safe_text import visible

_INT = re.compile(r"^-?\d+$")
CHOICE_QUOTED = N_("choice {number}, “{words}”")
"""A choice as every feedback names it: its number and its words, quoted."""
CHOICE_LETTERED = N_("choice {letter}, “{words}”")
"""A lettered choice (of a question whose choices are numbers) as every feedback names it."""
_GROUPED_DIGITS = re.compile(f"[+\\-\u2212]?\\d+(?:[{answer_reading.GROUPING_SPACES},.]+\\d+)+")
"""Digits with thousands separators misplaced between them (``1 3``, ``3874,20,489``)."""
BACKTRACK = "backtrack"
YES_NO_CHOICES = ("yes", "no")
LETTERS = "abcdefghijklmnopqrstuvwxyz"
"""The labels of the choices of a lettered question (:attr:`Posed.lettered`)."""
MIN_WORD_START = 3
"""The fewest letters of a word's start that name the one choice beginning so."""


class AnswerType(StrEnum):
    """How a typed answer is read."""

    NUMBER = "number"
    """A number, grouped and with decimals in the notation of the student's language."""
    ROW = "row"
    """A row number, or the word ``backtrack`` (also ``b``, ``back``)."""
    CHOICE = "choice"
    """One of the listed choices: its number (1, 2, ...) or its text."""
    PLACE = "place"
    """Nothing typed: the answer is what the learner does on the place board."""
    LIST = "list"
    """A list or a square as the tutor prints it (``[0, 2, -1]``, ``(1, 2)``), compared entry
    by entry; ``expected`` is its printed form."""


_ENDED = re.compile(r"[.!?…:;][\"'”’»)\]]*$")
_GROUPING = frozenset(" \u00a0\u202f'")
"""Thousands separators every language reads besides its own."""


def whole_sentence(text: str) -> str:
    """``text`` ending with a full stop when it has no sentence end of its own ("" stays "")."""
    text = text.rstrip()
    return text if not text or _ENDED.search(text) else f"{text}."


def _digits_only(typed: str) -> bool:
    """``typed`` is a whole number's digits, perhaps grouped (``823543``, ``823,543``)."""
    grouping = _GROUPING | {SEPARATORS.get(current(), (".", ","))[1]}
    digits = "".join(mark for mark in typed.lstrip("-") if mark not in grouping)
    return digits.isascii() and digits.isdecimal()


def read_number(text: str) -> int | None:
    """A whole number as the student typed it (in the language in use), or None."""
    value = answer_reading.read_number(text, current())
    return None if value is None or value.denominator != 1 else int(value)


def written_whole(text: str) -> int | None:
    """A whole number written in a lesson file in any language's notation (``40,320``,
    ``40.320``, ``40 320``), or None."""
    for language in ("en", "it"):
        value = answer_reading.read_number(text, language)
        if value is not None and value.denominator == 1:
            return int(value)
    return None


@dataclass(frozen=True, slots=True)
class Verdict:
    """The result of one answer: right or not, and what to tell the student.

    ``counted`` is False for input that is no answer at all: it does not use up the first
    attempt. ``plain_message`` is the message for the plain tutor where it differs.
    """

    correct: bool
    message: str
    counted: bool = True
    plain_message: str = ""


@dataclass(frozen=True, slots=True)
class Posed:
    """A question ready to ask: prompt, choices, the right answer and its explanation.

    ``expected`` is the canonical right answer: a number as text, ``backtrack``, or the index
    of the right choice as text; ``also_right`` are other canonical answers that are right too.
    ``wrong`` maps a canonical wrong answer to why it is wrong. ``play`` is the number of ticks
    played once the question is over; ``values`` are the names a lesson's prompt may use.
    """

    kind: str
    prompt: str
    answer_type: AnswerType
    expected: str
    explanation: str
    hint: str = ""
    choices: tuple[str, ...] = ()
    aliases: Mapping[str, int] = field(default_factory=dict)
    tolerance: int = 0
    wrong: Mapping[str, str] = field(default_factory=dict)
    also_right: frozenset[str] = frozenset()
    play: int = 0
    values: Mapping[str, str] = field(default_factory=dict)
    squares: tuple[tuple[int, int], ...] = ()
    """Squares (column, row) marked on the page's board while the question waits."""
    placement: tuple[int, ...] = ()
    """A placement drawn instead of the page's board while the question waits."""
    shown_after: tuple[int, ...] = ()
    """A placement drawn on the page's board once the question is answered."""
    maze: tuple[str, ...] = ()
    """A maze (its rows) drawn instead of the page's board while the question waits."""
    point: str = "answer.point"
    """The message id that says a point was earned."""
    board_prompt: str = ""
    """The prompt without its drawing, where the board beside it draws the maze."""
    plain_prompt: str = ""
    """The prompt as the plain tutor says it, where that differs."""
    working: str = ""
    """Said after a wrong answer no mistake is named for (how the answer is worked out); the
    hint is then not offered again. Empty: the answer is only named."""
    column_answer: bool = False
    """A ROW answer names a column: the feedback says "column 3", not "row 3"."""
    backtrack: bool = True
    """A ROW answer may be a backtrack (b): a next step's, not an attacker's line."""
    subject: str = ""
    """The name a LIST answer is the value of (``q``), to name a wrong entry (``q[2]``)."""
    off_board: bool = False
    """The question is about other arrays than the page's board: the board's column hides."""
    largest: int | None = None
    """The largest number that can be the answer (None: no bound); above it, :attr:`too_large`
    is the reason."""
    too_large: str = ""
    whole_note: str = ""
    """Said beside a right answer typed with decimals where only a whole number makes sense."""
    given: str = ""
    """Why this instance gives its answer away as the screen stands ("": it does not): ``lessons
    check`` says so at the question's line, and a quiz never draws it."""
    given_warning: bool = False
    """``given`` is a warning (an answer to guess), not an error (an answer on the screen)."""
    right_explanations: Mapping[str, str] = field(default_factory=dict)
    """The explanation for a right answer given as this canonical answer, where it differs."""
    brief: str = ""
    """The explanation without the attack rule, for while a question on the same board that
    asks for it is still to come (empty: the explanation names none)."""

    @property
    def line_word(self) -> str:
        """What a ROW answer names: ``column`` (:attr:`column_answer`) or ``row``."""
        return "column" if self.column_answer else "row"

    def line_help(self, kind: str = "", **fields: object) -> str:
        """A ROW answer's format message ``kind`` (``_typed``: ``format.column_typed``), b for
        backtrack offered after it where a backtrack is an answer (:attr:`backtrack`)."""
        said = say(f"format.{self.line_word}{kind}", **fields)
        return f"{said} {say('format.backtrack')}" if self.backtrack else said

    @property
    def answer_text(self) -> str:
        """The right answer in words, for feedback and for the reveal."""
        if self.answer_type is AnswerType.CHOICE:
            return self.choice_quoted(int(self.expected))
        if self.answer_type is AnswerType.ROW and self.expected != BACKTRACK:
            if self.column_answer:
                return _("column {column}").format(column=self.expected)
            return _("row {row}").format(row=self.expected)
        if self.answer_type is AnswerType.ROW:
            return _("backtrack")
        if self.answer_type is AnswerType.NUMBER:
            text = number(int(self.expected))
            if self.tolerance:
                return _("{value} (give or take {tolerance})").format(
                    value=text, tolerance=self.tolerance
                )
            return text
        return self.expected

    def read(self, text: str) -> str | None:
        """The canonical form of an answer, or None when ``text`` is not a possible answer."""
        text = text.strip()
        if self.answer_type is AnswerType.PLACE:
            return None
        if self.answer_type is AnswerType.CHOICE:
            return self._read_choice(text)
        if self.answer_type is AnswerType.LIST:
            items = answer_lists.entries(text)
            square = self.expected.startswith("(")
            if items is None or (square and (len(items) != 2 or not all(map(_INT.match, items)))):
                return None
            empty = "None" if "None" in self.expected else "-1"  # what the pane's - stands for
            return answer_lists.printed(
                tuple(empty if i == "-" else i for i in items), self.expected
            )
        if (
            self.answer_type is AnswerType.ROW
            and answer_reading.plain(text) in answer_reading.BACKTRACK_WORDS
        ):
            return BACKTRACK if self.backtrack else None
        if self.answer_type is AnswerType.ROW:
            words = _("column {column}") if self.column_answer else _("row {row}")
            named = words.split("{", 1)[0].strip().casefold()  # "riga 2" is 2 too
            row = read_number(text[len(named) :] if text.casefold().startswith(named) else text)
            return None if row is None else str(row)
        value = answer_reading.read_number(text, current())
        return None if value is None else as_text(value)

    @property
    def lettered(self) -> bool:
        """The choices are labelled a, b, c (all are numbers): a number typed is then always a
        choice's value, never its place in the list."""
        if self.answer_type is not AnswerType.CHOICE or not 2 <= len(self.choices) <= 26:
            return False
        language = current()
        return all(
            answer_reading.read_number(_(choice), language) is not None for choice in self.choices
        )

    def choice_label(self, index: int) -> str:
        """The label of choice ``index`` (from 0): ``b`` of a lettered question, else ``2``."""
        return LETTERS[index] if self.lettered else str(index + 1)

    @property
    def choice_lines(self) -> tuple[str, ...]:
        """The choices as listed, in the language in use (``1. same row``, ``2. ...``)."""
        return tuple(f"{self.choice_label(i)}. {_(text)}" for i, text in enumerate(self.choices))

    @property
    def last_label(self) -> str:
        """The label of the last choice."""
        return self.choice_label(len(self.choices) - 1)

    def _read_choice(self, text: str) -> str | None:
        lowered = text.lower().rstrip(".")
        if self.lettered:  # a letter chooses; a number is a choice's value, never its place
            label = lowered.rstrip(")")
            if len(label) == 1 and label in LETTERS[: len(self.choices)]:
                return str(LETTERS.index(label))
            return self._number_choice(text)
        if _INT.match(lowered):
            index = int(lowered) - 1
            if 0 <= index < len(self.choices):
                return str(index)
        # a yes or no letter answers only a question whose choices are a yes and a no
        letter = len(lowered) == 1 and not self.yes_no_question
        meant = None if letter else yes_no(lowered)
        for word in (lowered, meant):
            for index, choice in enumerate(self.choices):
                if word in (choice.lower(), _(choice).lower()):
                    return str(index)
        alias = self.aliases.get(lowered)
        if alias is not None:
            return str(alias)
        said = self._yes_no_choice(meant) or self._number_choice(text)  # an index: never ""
        if said is not None or meant is not None:  # a yes or a no picks a choice worded as one
            return said
        begun = self.choices_begun(text)
        if len(begun) == 1:
            return str(begun[0])
        if begun:
            return None  # the start of several: which one is not for the tutor to guess
        named = self.choices_named(text)
        if len(named) == 1:
            return str(named[0])
        started = self.choices_started(text)
        return str(started[0]) if len(started) == 1 else None

    @property
    def yes_no_question(self) -> bool:
        """The question is a choice of two, a yes and a no (in any of the tutor's languages)."""
        if self.answer_type is not AnswerType.CHOICE or len(self.choices) != 2:
            return False
        said = {answer_reading.choice_says(_(choice)) for choice in self.choices}
        return said == {"yes", "no"}

    def _yes_no_choice(self, said: str | None) -> str | None:
        """The one choice worded as the yes or no ``said`` ("no" picks "neither"), or None."""
        if said is None:
            return None
        worded = [
            index
            for index, choice in enumerate(self.choices)
            if answer_reading.choice_says(_(choice)) == said
        ]
        return str(worded[0]) if len(worded) == 1 else None

    def choices_begun(self, text: str) -> list[int]:
        """The choices (from 0) whose text, as shown, begins with the whole words of ``text``
        (any case and spacing; a sign is a word of its own)."""
        words = _words(text)
        if not words:
            return []
        return [
            index
            for index, choice in enumerate(self.choices)
            if _words(_(choice))[: len(words)] == words
        ]

    def choices_started(self, text: str) -> list[int]:
        """The choices (from 0) whose words begin with ``text``, its last word only the start
        of a word of at least :data:`MIN_WORD_START` letters."""
        words = _words(text)
        if not words or len(words[-1]) < MIN_WORD_START or not words[-1].isalpha():
            return []
        found = []
        for index, choice in enumerate(self.choices):
            shown = _words(_(choice))
            if len(shown) < len(words) or shown[: len(words) - 1] != words[:-1]:
                continue
            if shown[len(words) - 1].startswith(words[-1]):
                found.append(index)
        return found

    def number_picks(self, typed: str, digit: str) -> bool:
        """``digit`` pressed after ``typed`` picks a choice by its number: ``typed`` begins
        several choices and the digit goes on none of them."""
        if not digit.isdecimal() or not 1 <= int(digit) <= len(self.choices):
            return False
        return len(self.choices_begun(typed)) > 1 and not self.choices_begun(typed + digit)

    def choices_named(self, text: str) -> list[int]:
        """The choices (from 0) that hold every word of ``text`` and at least one that no other
        choice holds."""
        typed = set(_names(text))
        if not typed:
            return []
        held = [set(_names(_(choice))) for choice in self.choices]
        return [
            index
            for index, words in enumerate(held)
            if typed <= words
            and any(
                all(word not in other for other in held if other is not words) for word in typed
            )
        ]

    def _number_choice(self, text: str) -> str | None:
        """The choice that is the number ``text``, whatever its separators."""
        shown = [answer_reading.read_number(choice, current()) for choice in self.choices]
        for language in dict.fromkeys((current(), "en", "it")):
            value = answer_reading.read_number(text, language)
            if value is not None and value in shown:
                return str(shown.index(value))
        return None

    def is_right(self, canonical: str) -> bool:
        if self.answer_type is AnswerType.NUMBER:
            if abs(Fraction(canonical) - Fraction(self.expected)) <= self.tolerance:
                return True
            return canonical in self.also_right
        return canonical == self.expected or canonical in self.also_right

    def check(self, text: str, hinted: bool = False) -> Verdict:
        """Compare one answer with the right one.

        An empty answer, or one that is no answer at all, is not counted. A wrong answer is
        named, says why when the kind can tell, and offers the hint unless it was shown
        (``hinted``) or there is none.
        """
        if not text.strip():
            return Verdict(False, say("answer.empty"), counted=False)
        canonical = self.read(text)
        if canonical is None:
            return Verdict(False, self._format_help(text), counted=False)
        if self.is_right(canonical):
            return Verdict(True, self._right(canonical, text))
        grouped = self._other_grouping(text)
        if grouped:
            return Verdict(False, grouped, counted=False)
        off_board = self._off_board(canonical)
        if off_board:
            return Verdict(False, off_board, counted=False)
        why = self.wrong.get(canonical, "") or self._too_large(canonical)
        if not why and self.answer_type is AnswerType.LIST:
            why = answer_lists.difference(self.subject, self.expected, canonical)
        worked = not why and bool(self.working)
        if worked:
            why = self.working
        message, fields = self._wrong_sentence(canonical, text)
        why = whole_sentence(why)
        said = say(message, why=why, **fields) if why else say(f"{message}_plain", **fields)
        offered = self.hint and not hinted and not worked
        again = say("answer.try_again" if offered else "answer.try_again_hinted")
        return Verdict(False, f"{said} {again}")

    def _wrong_sentence(self, canonical: str, typed: str) -> tuple[str, dict[str, str]]:
        """The message id (its ``_plain`` twin has no reason) and fields naming a wrong answer."""
        if self.answer_type is AnswerType.CHOICE and tuple(self.choices) == YES_NO_CHOICES:
            return ("answer.wrong_yes" if canonical == "0" else "answer.wrong_no"), {}
        if self.answer_type is AnswerType.CHOICE:
            return "answer.wrong_choice", {"given": self.given_text(canonical, typed)}
        if canonical == BACKTRACK:
            return "answer.wrong_backtrack", {}
        if self.answer_type is AnswerType.ROW and self.column_answer:
            return "answer.wrong_column", {"column": canonical}
        if self.answer_type is AnswerType.ROW:
            return "answer.wrong_row", {"row": canonical}
        return "answer.wrong", {"given": self.given_text(canonical, typed)}

    def _other_grouping(self, text: str) -> str:
        """Why a number grouped with the other notation's separator, the decimal mark in the
        student's language (``823,543`` in Italian), is not read as the whole number; ""
        for any other answer, right or wrong."""
        if self.answer_type is not AnswerType.NUMBER:
            return ""
        whole = answer_reading.other_grouping(text, current())
        if whole is None:
            return ""
        plain = int(whole)
        return say(
            "format.number_grouped", typed=visible(text.strip()), grouped=number(plain), plain=plain
        )

    def _too_large(self, canonical: str) -> str:
        if self.largest is None or not _INT.match(canonical) or int(canonical) <= self.largest:
            return ""
        return self.too_large

    def _off_board(self, canonical: str) -> str:
        """Why a row (a column) the board does not have is no answer: "" for any other."""
        n = self.values.get("n", "")
        if self.answer_type is not AnswerType.ROW or canonical in self.wrong:
            return ""
        if not _INT.match(canonical) or not n.isdecimal() or 0 <= int(canonical) < int(n):
            return ""
        negative = int(canonical) < 0 and not self.column_answer  # -1 is b[k]'s "no queen"
        if negative and self.backtrack:
            return say("format.row_negative", value=canonical, last=int(n) - 1)
        return self.line_help("_range", value=canonical, last=int(n) - 1)

    def _right(self, canonical: str, typed: str) -> str:
        """A right answer's feedback, quoting a number as typed (with the answer when it was
        right within the tolerance)."""
        if self.answer_type is AnswerType.ROW and canonical != BACKTRACK:  # the line as read
            line = _("column {column}") if self.column_answer else _("row {row}")
            explanation = self.right_explanations.get(canonical, self.explanation)
            answer, word = line.format(column=canonical, row=canonical), visible(typed.strip())
            named = line.split("{", 1)[0].strip().casefold()  # "riga 1": no echo of the line
            if any(c.isalpha() for c in word) and not word.casefold().startswith(named):
                answer = _("{typed} = {value}, {answer}").format(
                    typed=word, value=canonical, answer=answer
                )
            return say("answer.right", answer=answer, explanation=explanation)
        if self.answer_type is not AnswerType.NUMBER:
            return say("answer.right", answer=self.answer_text, explanation=self.explanation)
        given = self.given_text(canonical, typed)
        if Fraction(canonical) == Fraction(self.expected) or canonical in self.also_right:
            explanation = self.right_explanations.get(canonical, self.explanation)
            decimals = given != canonical and not any(c.isalpha() for c in typed)
            if self.whole_note and _INT.match(canonical) and decimals:
                given = _("{value} ({why})").format(value=canonical, why=self.whole_note)
            return say("answer.right", answer=given, explanation=explanation)
        return say(
            "answer.right_near", given=given, answer=self.answer_text, explanation=self.explanation
        )

    def choice_quoted(self, index: int) -> str:
        """Choice ``index`` (from 0) as every feedback names it (``choice 2, “8”``)."""
        words = _(self.choices[index])
        if self.lettered:
            return _(CHOICE_LETTERED).format(letter=self.choice_label(index), words=words)
        return _(CHOICE_QUOTED).format(number=index + 1, words=words)

    def given_text(self, canonical: str, typed: str = "") -> str:
        """The student's answer in words: ``row 3``, ``backtrack``, a choice quoted, a whole
        number grouped as the language groups it, a decimal as typed, a number written out
        with its value (``8^8 = 16,777,216``)."""
        if self.answer_type is AnswerType.CHOICE:
            return self.choice_quoted(int(canonical))
        if canonical == BACKTRACK:
            return _("Backtrack")
        if self.answer_type is AnswerType.ROW and self.column_answer:
            return _("Column {column}").format(column=canonical)
        if self.answer_type is AnswerType.ROW:
            return _("Row {row}").format(row=canonical)
        if self.answer_type is AnswerType.LIST:
            return canonical
        whole = bool(_INT.match(canonical))
        shown = number(int(canonical)) if whole else canonical
        typed = visible(typed.strip().rstrip("."))  # a full stop ends the sentence, not the number
        if not typed or typed == shown:
            return shown
        if any(mark in typed for mark in ("^", "*", "!")) or any(c.isalpha() for c in typed):
            return _("{typed} = {value}").format(typed=typed, value=shown)
        return shown if whole and _digits_only(typed) else typed

    def _format_help(self, typed: str) -> str:
        """Why ``typed`` is not read as an answer, naming it as typed."""
        shown = visible(typed.strip())
        if len(typed.strip()) > answer_reading.MAX_ANSWER:
            return say("format.too_long", max=answer_reading.MAX_ANSWER)
        if self.answer_type is AnswerType.CHOICE and self.lettered:
            return say("format.choice_letters_typed", typed=shown, last=self.last_label)
        if self.answer_type is AnswerType.CHOICE and len(self.choices_begun(typed)) > 1:
            return say("format.choice_several", typed=shown, count=len(self.choices))
        if self.answer_type is AnswerType.CHOICE:  # a yes or a no that picks no one choice
            said = "format.choice_yes_no" if yes_no(typed) else "format.choice_typed"
            return say(said, typed=shown, count=len(self.choices))
        if self.answer_type is AnswerType.ROW:
            return self.line_help("_typed", typed=shown)
        if self.answer_type is AnswerType.PLACE:
            return say("format.place")
        if self.answer_type is AnswerType.LIST:
            return answer_lists.refusal(typed, self.expected)
        if _GROUPED_DIGITS.fullmatch(typed.strip()):
            return say("format.number_groups", typed=shown, grouped=number(40320), plain=40320)
        point = answer_reading.DECIMAL_POINT.get(current(), ".")
        return say("format.number_typed", typed=shown, point=point)


_TOKEN = re.compile(r"\w+|[^\w\s()\[\]{}“”«»„\"']")
"""A word or one sign (``-``, ``+``): ``riga-col`` is three; brackets and quotes are none (a
student saying "column 0, row 1 and ..." says no bracket)."""
_NAME = re.compile(r"\w+")


def _words(text: str) -> list[str]:
    """The words and signs of ``text``, plain (:func:`answer_reading.plain`), no final stop nor
    bracket or quote (a choice "(column 0, row 1) and ..." is "column 0, row 1 and ...")."""
    return _TOKEN.findall(answer_reading.plain(text).rstrip("."))


def _names(text: str) -> list[str]:
    return _NAME.findall(answer_reading.plain(text))
