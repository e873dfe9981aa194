"""A question as put to the student, and the checking of a typed or chosen answer.

A :class:`Posed` question holds its right answer already computed (from the engine, the
solver, or the lesson's own text); :meth:`Posed.check` only compares.
"""

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
"""A choice as every feedback names it (right, wrong, shown): its number and its words, quoted,
never a bare "2." that reads like a typed number (student walk i39v, L3)."""
CHOICE_LETTERED = N_("choice {letter}, “{words}”")
"""A lettered choice (a question whose choices are numbers: review walk 10, item 1) as every
feedback names it: its letter and its words, quoted."""
_GROUPED_DIGITS = re.compile(f"[+\\-\u2212]?\\d+(?:[{answer_reading.GROUPING_SPACES},.]+\\d+)+")
"""Digits with thousands separators between them, misplaced where it is no number (``1 3``,
``3874,20,489``): told how the language groups them."""
BACKTRACK = "backtrack"
YES_NO_CHOICES = ("yes", "no")
"""The choices of a yes/no question, as posed (translated where shown)."""
LETTERS = "abcdefghijklmnopqrstuvwxyz"
MIN_WORD_START = 3
"""The fewest letters of a word's start that name the one choice beginning so."""
"""The labels of the choices of a question whose choices are numbers (:attr:`Posed.lettered`)."""
_BACKTRACK_WORDS = frozenset(
    {"b", "bt", "back", "backtrack", "k--", "go back", "indietro", "torna indietro", "nawrot"}
)
"""A backtrack typed for a row, in every language, as :func:`answer_reading.plain` leaves it
(``nawrót`` and ``nawrot`` both)."""


class AnswerType(StrEnum):
    """How a typed answer is read."""

    NUMBER = "number"
    """A number: ``4,426,165,368``, ``4 426 165 368`` and ``4.426.165.368`` all read, and
    decimals in the notation of the student's language (``438.26``, ``438,26``)."""
    ROW = "row"
    """A row number, or the word ``backtrack`` (also ``b``, ``back``)."""
    CHOICE = "choice"
    """One of the listed choices: its number (1, 2, ...) or its text."""
    PLACE = "place"
    """Nothing typed: the answer is what the learner does on the place board."""
    LIST = "list"
    """A list or a square as the tutor prints it (``[0, 2, -1]``, ``(1, 2)``; brackets, spaces
    and commas optional), compared entry by entry: a wrong entry is named in the feedback
    (lessons/answers/lists.py). ``expected`` is its printed form."""


_ENDED = re.compile(r"[.!?…:;][\"'”’»)\]]*$")
"""A sentence's end: its full stop (or ! ? …), perhaps inside a quotation or brackets."""


def whole_sentence(text: str) -> str:
    """``text`` (a reason, as a lesson writes it) ending with a full stop when it has no
    sentence end of its own ("" stays "")."""
    text = text.rstrip()
    return text if not text or _ENDED.search(text) else f"{text}."


def _number_text(value: int) -> str:
    """A number as the feedback writes it: with the language's thousands separators, as the
    explanations write theirs (student walk i39v, L5: "Right: 3125. ... that is 3,125.")."""
    return number(value)


_GROUPING = frozenset(" \u00a0\u202f'")
"""Thousands separators every language reads besides its own (a space, a no-break space)."""


def _digits_only(typed: str) -> bool:
    """``typed`` is a whole number's digits, perhaps grouped with the language's thousands
    separator or a space (``823543``, ``823,543``, ``823 543``): no decimal part, no sign of
    a formula."""
    grouping = _GROUPING | {SEPARATORS.get(current(), (".", ","))[1]}
    digits = "".join(mark for mark in typed.lstrip("-") if mark not in grouping)
    return digits.isascii() and digits.isdecimal()


def read_number(text: str) -> int | None:
    """A whole number as the student typed it (separators of the language in use), or None
    (also for a decimal that is not whole)."""
    value = answer_reading.read_number(text, current())
    return None if value is None or value.denominator != 1 else int(value)


def written_whole(text: str) -> int | None:
    """A whole number written in a lesson file, whatever the language of the lesson or of the
    student: ``40,320``, ``40.320`` and ``40 320`` are all 40320."""
    for language in ("en", "it"):
        value = answer_reading.read_number(text, language)
        if value is not None and value.denominator == 1:
            return int(value)
    return None


@dataclass(frozen=True, slots=True)
class Verdict:
    """The result of one answer: right or not, and what to tell the student.

    ``counted`` is False for input that is not an answer at all (letters where a number was
    asked, a choice number out of range): it does not use up the first attempt.
    """

    correct: bool
    message: str
    counted: bool = True
    plain_message: str = ""
    """The same without the full screen's keys, for the plain tutor, where the message names
    some (empty: ``message`` serves both)."""


@dataclass(frozen=True, slots=True)
class Posed:
    """A question ready to ask: prompt, choices, the right answer and its explanation.

    ``expected`` is the canonical right answer: a number as text, ``backtrack``, or for a
    choice question the index of the right choice as text. ``wrong`` maps a canonical wrong
    answer to a sentence explaining why it is wrong, when the kind can say. ``play`` is the
    number of ticks the runner plays once the question is over (to show the answer).
    ``also_right`` lists other canonical answers that are right too (any of several
    attackers); ``values`` are the names a lesson's own prompt may use, like ``{k}``.
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
    """The squares (column, row as the notes number it) the question is about, marked on the
    page's board while it waits (a same-diagonal question's two squares)."""
    placement: tuple[int, ...] = ()
    """A placement ``b`` the question is about, drawn instead of the page's board while it
    waits (the solution whose symmetries an orbit question counts); empty: the page's board."""
    shown_after: tuple[int, ...] = ()
    """A placement ``b`` drawn on the page's board once the question is answered (the
    lesson's ``shows:`` line), with its feedback and while the text goes on about it."""
    maze: tuple[str, ...] = ()
    """The maze a question is about (its rows), drawn instead of the page's board while it
    waits; empty: the page's board."""
    point: str = "answer.point"
    """How a point earned is said (lessons/answers/feedback.py): a prediction stretch's
    "the target reached", not "right at the first attempt" after ticks told wrong (student
    walk 14, it 12)."""
    board_prompt: str = ""
    """The prompt where the board beside it draws the question's maze (the prompt without
    its drawing); empty: the prompt as it is."""
    plain_prompt: str = ""
    """The prompt as the plain tutor says it where that differs (a guess question: the plain
    tutor opens the board itself, there is no [o] to press); empty: the prompt as it is."""
    working: str = ""
    """Said after a wrong answer the kind names no mistake for, instead of that answer alone
    ("4 is not the answer."), and the hint is then not offered again: a review sets it to the
    question's hint, how its answer is worked out (issue 43, the latest review walk); empty
    (a lesson's question): the answer is only named."""
    column_answer: bool = False
    """A ROW answer names a column (the notes that place one queen per row: placeQueens,
    Solve): the feedback says "column 3", not "row 3"."""
    subject: str = ""
    """The name a LIST answer is the value of (``q``): a wrong entry is named by it (``q[2]``)."""
    off_board: bool = False
    """The question is about other notes' arrays than the page's board and its state table
    (the Turin notes' c[], a[], b[] beside the Wrocław lecture's board and its b[] of rows):
    the board's column hides while it waits and while its feedback shows, so that one name
    never stands for two arrays on one screen."""
    largest: int | None = None
    """The largest number that can be the answer (a b[] entry: the board's last row); None:
    no bound. A whole number above it that :attr:`wrong` does not name gets :attr:`too_large`
    as its reason (student walk 10, en, item 8: 8 and 10 for b[4] on 8 x 8 were only "not the
    answer")."""
    too_large: str = ""
    """Why no number above :attr:`largest` is the answer."""
    whole_note: str = ""
    """Said beside a right answer typed with decimals (``1,0``) where only a whole number
    makes sense ("an index is a whole number"): the answer is then quoted whole."""
    right_explanations: Mapping[str, str] = field(default_factory=dict)
    """The explanation for a right answer given as this canonical answer, where it differs
    from ``explanation`` (of several attackers, the one the student named comes first)."""

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
            text = _number_text(int(self.expected))
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
            if items is None or (square and (len(items) != 2 or not _all_whole(items))):
                return None
            return answer_lists.printed(items, self.expected)
        if self.answer_type is AnswerType.ROW and answer_reading.plain(text) in _BACKTRACK_WORDS:
            return BACKTRACK
        if self.answer_type is AnswerType.ROW:
            row = read_number(text)
            return None if row is None else str(row)
        value = answer_reading.read_number(text, current())
        return None if value is None else as_text(value)

    @property
    def lettered(self) -> bool:
        """Whether the choices are labelled a, b, c rather than 1, 2, 3: a choice question
        whose choices are all numbers (as shown: ``queens-tutor compare``'s counts, a count of
        symmetries), where a number typed is always a choice's value, never its place in the
        list (student walk 10, item 1: 26 typed at "1. 11 / 2. 24 / 3. 26" chose 2. 24 at its
        first digit in full screen, and 15 read as the value in the plain tutor)."""
        if self.answer_type is not AnswerType.CHOICE or not 2 <= len(self.choices) <= 26:
            return False
        language = current()
        return all(
            answer_reading.read_number(_(choice), language) is not None for choice in self.choices
        )

    def choice_label(self, index: int) -> str:
        """The label of choice ``index`` (from 0) as shown and typed: ``b`` of a lettered
        question, else ``2``."""
        return LETTERS[index] if self.lettered else str(index + 1)

    @property
    def last_label(self) -> str:
        """The label of the last choice (``c`` of three lettered choices, else ``3``)."""
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
        # a yes or no letter (y, n, s, t) answers only a question whose choices are a yes and
        # a no: at any other choice ``n`` is no answer (a script's "next", teacher walk 7, #2)
        letter = len(lowered) == 1 and not self.yes_no_question
        meant = None if letter else yes_no(lowered)
        for word in (lowered, meant):
            for index, choice in enumerate(self.choices):
                if word in (choice.lower(), _(choice).lower()):
                    return str(index)
        alias = self.aliases.get(lowered)
        if alias is not None:
            return str(alias)
        said = self._yes_no_choice(meant)
        if said is not None:
            return said
        number_choice = self._number_choice(text)
        if number_choice is not None:
            return number_choice
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
        """Whether the question is a choice of two, a yes and a no (as shown, in any of the
        tutor's languages): the one kind of choice a yes or no letter answers."""
        if self.answer_type is not AnswerType.CHOICE or len(self.choices) != 2:
            return False
        said = {answer_reading.choice_says(_(choice)) for choice in self.choices}
        return said == {"yes", "no"}

    def _yes_no_choice(self, said: str | None) -> str | None:
        """The one choice worded as the yes or the no the student typed (``said``), in any of
        the tutor's languages: "no" picks "neither" of "on the same diagonal? Which equality
        shows it?" (student walk 6, F16). None when no choice, or more than one, is so worded."""
        if said is None:
            return None
        worded = [
            index
            for index, choice in enumerate(self.choices)
            if answer_reading.choice_says(_(choice)) == said
        ]
        return str(worded[0]) if len(worded) == 1 else None

    def choices_begun(self, text: str) -> list[int]:
        """The choices (from 0) whose text, as shown, begins with the words ``text`` (whole
        words, any case and spacing: "nessuna" begins "nessuna delle due", "same" begins
        "same row" and "same col+row (sum)", "sa" begins neither). A sign is a word of its
        own: "stessa riga" begins "stessa riga-col (differenza)", "same col-row" does not
        begin "same col+row (sum)"."""
        words = _words(text)
        if not words:
            return []
        return [
            index
            for index, choice in enumerate(self.choices)
            if _words(_(choice))[: len(words)] == words
        ]

    def choices_started(self, text: str) -> list[int]:
        """The choices (from 0) whose words, as shown, begin with ``text`` where its last word
        is only the start of a word, three letters at least: "wyw" (or "wywol") begins
        "wywołanie hetmany(6, 2, a) ..." (student walk 14, pl 6: the start of the one choice
        that begins so was refused). Shorter starts name nothing: one letter is a key."""
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
        """The ``digit`` pressed after ``typed`` is the number of a choice, as "begins more
        than one choice: type more of it, or press its number" says: ``typed`` begins several
        choices and the digit goes on none of them ("because" then 3 picks choice 3; "n ="
        then 4 goes on typing "n = 4 queens"; issue 39, the student's path, M3)."""
        if not digit.isdigit() or not 1 <= int(digit) <= len(self.choices):
            return False
        return len(self.choices_begun(typed)) > 1 and not self.choices_begun(typed + digit)

    def choices_named(self, text: str) -> list[int]:
        """The choices (from 0) that hold every word of ``text`` (whole words, anywhere) and
        at least one that no other choice holds: "two" names "because two queens in one row
        would attack each other" among choices that all begin "because"; a word every choice
        shares names none (student walk 4, F1)."""
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
        """The choice that is the number ``text``, whatever its separators: a choice shown
        as ``40 320`` (Polish) is also ``40320``, ``40,320`` or ``40.320`` (read in the
        student's notation first, then in the other one: only a choice can match)."""
        shown = [answer_reading.read_number(choice, current()) for choice in self.choices]
        for language in dict.fromkeys((current(), "en", "it")):
            value = answer_reading.read_number(text, language)
            if value is not None and value in shown:
                return str(shown.index(value))
        return None

    def is_right(self, canonical: str) -> bool:
        if self.answer_type is AnswerType.NUMBER:
            given = Fraction(canonical)
            if abs(given - Fraction(self.expected)) <= self.tolerance:
                return True
            return canonical in self.also_right
        return canonical == self.expected or canonical in self.also_right

    def check(self, text: str, hinted: bool = False) -> Verdict:
        """Compare one answer with the right one.

        An empty answer, or one that is not an answer at all, is not counted: the student is
        asked for one. A wrong answer says why when the kind can tell (the typical mistakes),
        and always names the answer given; it offers the hint unless it was shown (``hinted``)
        or the question has none (student walk 8, F1: f2 then only says there is none).
        """
        if not text.strip():
            return Verdict(False, say("answer.empty"), counted=False)
        canonical = self.read(text)
        if canonical is None:
            return Verdict(False, self._format_help(text), counted=False)
        if self.is_right(canonical):
            return Verdict(True, self._right(canonical, text))
        grouped = self._other_grouping(text)
        if grouped:  # 823,543 in Italian: a decimal there, never meant as one (not an attempt)
            return Verdict(False, grouped, counted=False)
        off_board = self._off_board(canonical)
        if off_board:  # no such row on this board: not an attempt, as a misread answer
            return Verdict(False, off_board, counted=False)
        why = self.wrong.get(canonical, "") or self._too_large(canonical)
        if not why and self.answer_type is AnswerType.LIST:
            why = answer_lists.difference(self.subject, self.expected, canonical)
        worked = not why and bool(self.working)
        if worked:
            why = self.working
        message, fields = self._wrong_sentence(canonical, text)
        why = whole_sentence(why)  # a lesson's why: without its full stop (teacher walk 4, L3)
        said = say(message, why=why, **fields) if why else say(f"{message}_plain", **fields)
        offered = self.hint and not hinted and not worked
        again = say("answer.try_again" if offered else "answer.try_again_hinted")
        return Verdict(False, f"{said} {again}")

    def _wrong_sentence(self, canonical: str, typed: str) -> tuple[str, dict[str, str]]:
        """The message id (its ``_plain`` twin has no reason) and fields that name a wrong
        answer in a sentence of its own kind: a row, a column, a backtrack, a yes or a no, a
        choice, or a number or list as typed."""
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
        """Why a number written with the other notation's thousands separator, the decimal
        mark in the student's language (``823,543`` in Italian and Polish, ``823.543`` in
        English), is not read as the whole number: "" for any other answer. Said whether that
        number is right or not, so that it gives nothing away (issue 39, the student's path,
        M8: "823,543" lost the quiz point where 823543 was right)."""
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
        """Why a whole number above :attr:`largest` is not the answer: "" for any other."""
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
        if int(canonical) < 0 and not self.column_answer:
            # -1 is b[k]'s "no queen", the loop's backtrack, never a row: said so, with the
            # answer for "no row is free" (student walk 14, en 8)
            return say("format.row_negative", value=canonical, last=int(n) - 1)
        message = "format.column_range" if self.column_answer else "format.row_range"
        return say(message, value=canonical, last=int(n) - 1)

    def _right(self, canonical: str, typed: str) -> str:
        """A right answer's feedback; a number is quoted as typed (``1.820``, ``7,0``, ``8^8 =
        16,777,216``), and with the answer when it was right within the tolerance; a choice,
        as every feedback quotes one (:meth:`choice_quoted`)."""
        if self.answer_type is not AnswerType.NUMBER:
            answer = self.answer_text
            word = visible(typed.strip())
            spelled = any(c.isalpha() for c in word)
            if self.answer_type is AnswerType.ROW and _INT.match(canonical) and spelled:
                # a row (a column) typed as a number word is said as read, as a number is
                # ("tre = 3, row 3": student walk 13, it 5)
                answer = _("{typed} = {value}, {answer}").format(
                    typed=word, value=canonical, answer=answer
                )
            return say("answer.right", answer=answer, explanation=self.explanation)
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
        """Choice ``index`` (from 0) as every feedback names it, right, wrong or shown: its
        number and its words, quoted (``choice 2, “8”``). A typed number is the number alone
        ("Right: 1." read as choice 1 picked, and a choice was quoted now with its number, now
        without: student walk i39v, L3)."""
        words = _(self.choices[index])
        if self.lettered:
            return _(CHOICE_LETTERED).format(letter=self.choice_label(index), words=words)
        return _(CHOICE_QUOTED).format(number=index + 1, words=words)

    def given_text(self, canonical: str, typed: str = "") -> str:
        """The student's answer in words: ``row 3``, ``backtrack``, ``choice 2, “words”``; a
        whole number with the language's separators (``823,543``, however it was typed), a
        decimal as typed (``438,3``), with its value when it was written out (``8^8 =
        16,777,216``)."""
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
        shown = _number_text(int(canonical)) if whole else canonical
        typed = visible(typed.strip())
        if not typed or typed == shown:
            return shown
        if any(mark in typed for mark in ("^", "*", "!")) or any(c.isalpha() for c in typed):
            # A number word is read as its number and counts as an answer: the feedback says
            # what it was read as ("tre = 3"; student walk 11, #14)
            return _("{typed} = {value}").format(typed=typed, value=shown)
        # Digits alone (grouped or not): in the feedback's own form, grouped as its
        # explanation groups the same number, never "823543" beside "823,543" (student walk
        # i39v, L5); anything else as typed (438,3 or 7,0: the student's decimals).
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
        if self.answer_type is AnswerType.CHOICE:
            return say("format.choice_typed", typed=shown, count=len(self.choices))
        if self.answer_type is AnswerType.ROW:
            return say("format.row_typed", typed=shown)
        if self.answer_type is AnswerType.PLACE:
            return say("format.place")
        if self.answer_type is AnswerType.LIST:
            return answer_lists.refusal(typed, self.expected)
        if _GROUPED_DIGITS.fullmatch(typed.strip()):  # digits and group marks: misplaced
            return say("format.number_groups", typed=shown, grouped=number(40320), plain=40320)
        point = answer_reading.DECIMAL_POINT.get(current(), ".")
        return say("format.number_typed", typed=shown, point=point)


_TOKEN = re.compile(r"\w+|[^\w\s]")
"""A word (letters and digits) or one sign (``-``, ``+``, a bracket): ``riga-col`` is three."""
_NAME = re.compile(r"\w+")


def _words(text: str) -> list[str]:
    """The words and signs of ``text``, lower case and without diacritics, its spaces and a
    final full stop left out."""
    return _TOKEN.findall(answer_reading.plain(text).rstrip("."))


def _names(text: str) -> list[str]:
    """The words of ``text`` (no signs), lower case and without diacritics."""
    return _NAME.findall(answer_reading.plain(text))


def _all_whole(items: tuple[str, ...]) -> bool:
    """Every entry is a whole number (a square's row and column)."""
    return all(_INT.match(item) for item in items)
