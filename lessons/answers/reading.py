"""Reading a typed answer: a number in the notation of the student's language (or the other
one, where it cannot be mistaken), a small power or factorial (``8^8``, ``8!``), a number word,
a yes or no in any of the tutor's languages."""

from __future__ import annotations

import math
import re
import unicodedata
from fractions import Fraction
from functools import cache

MAX_ANSWER = 80
"""The longest answer read, in characters (longer is refused as it is, never cut)."""
MAX_DIGITS = 40
"""The most digits a number may have."""
MAX_POWER = 100
"""The largest exponent of ``a^b`` and the largest ``n!`` read."""

GROUPING_SPACES = " \u00a0\u2009\u202f_'"
"""Thousands separators that are never a decimal mark: spaces of every width, _ and '."""
_SPACED = f"(\\d{{1,3}}(?:[{GROUPING_SPACES}]\\d{{3}})+)((?!\\d)[^{GROUPING_SPACES}]*)"
"""A whole part grouped in threes by spaces (``40 320``), then the rest (a decimal part)."""
_AROUND_SIGN = r"\s*(\^|\*\*|!)\s*"
_POWER = r"^(\d{1,4})(?:\^|\*\*)(\d{1,3})$"
_FACTORIAL = r"^(\d{1,3})!$"
_PLAIN = r"^\d+$"
"""The patterns are compiled when an answer is first read (:func:`_compiled`): start-up reads
none."""


@cache
def _compiled(pattern: str) -> re.Pattern[str]:
    return re.compile(pattern)


_UNMARKED = str.maketrans({"ł": "l", "đ": "d", "ø": "o", "ß": "ss"})
"""Letters with no decomposition to a base letter and a mark."""


def plain(text: str) -> str:
    """``text`` in lower case without its diacritics (``sześć`` is ``szesc``)."""
    lower = unicodedata.normalize("NFKD", text).lower().translate(_UNMARKED)  # "₨" is "Rs"
    return "".join(c for c in unicodedata.normalize("NFKD", lower) if not unicodedata.combining(c))


ANSWER_WORDS = {
    "en": (("y", "yes"), ("n", "no"), ("b", "backtrack", "bt", "back", "k--", "go back")),
    "it": (("s", "sì", "si"), ("n", "no"), ("b", "backtrack", "indietro", "torna indietro")),
    "pl": (("t", "tak"), ("n", "nie"), ("b", "nawrót", "nawrot")),
}
"""Each language's words for yes, no and a backtrack, the key its questions name first (s for sì,
t for tak): every front end reads each of them as the answer in every language."""
YES_WORDS, NO_WORDS, BACKTRACK_WORDS = (
    frozenset(word for words in ANSWER_WORDS.values() for word in words[kind]) for kind in range(3)
)
"""Yes, no and backtrack in English, Italian and Polish (with and without accents)."""
YES_KEYS = "".join(words[0][0] for words in ANSWER_WORDS.values())
"""The keys for yes (y, s, t): each answers yes in every language."""


def yes_key(language: str) -> str:
    """The key for yes that ``language``'s questions and key bars name (y, s, t)."""
    return ANSWER_WORDS.get(language, ANSWER_WORDS["en"])[0][0]


NONE_WORDS = frozenset({"neither", "none", "nessuna", "nessuno", "żadna", "żaden", "żadne"})
"""Words that begin a choice meaning "no" ("neither", "nessuna delle due", "żadna")."""


def goes_on_word(typed: str, character: str) -> bool:
    """``typed + character`` begins a longer yes or no than ``typed`` (``t`` then ``a``)."""
    start = (typed + character).lower()
    return any(word.startswith(start) for word in YES_WORDS | NO_WORDS)


class YesNoTyping:
    """The yes or no a student goes on typing after its first letter answered a question:
    the rest of the word, and the Enter that ends it, belong to that answer."""

    def __init__(self) -> None:
        self.word = ""

    def start(self, letter: str) -> None:
        """``letter`` answered a question: a word may follow it (empty: none)."""
        self.word = letter

    def goes_on(self, key: str, character: str | None) -> bool:
        """``key`` (typing ``character``) is part of the word: its next letter, or the Enter
        that ends it. Any other key ends the word."""
        if self.word and character is not None and goes_on_word(self.word, character):
            self.word += character
            return True
        ended = key == "enter" and len(self.word) > 1
        self.word = ""
        return ended


DECIMAL_POINT = {"it": ",", "pl": ","}
"""Each language's decimal mark (any other: ``.``)."""


def yes_no(word: str) -> str | None:
    """``yes`` or ``no`` for a word (or first letter) meaning it in any of the languages."""
    lowered = plain(word.strip())
    if lowered in YES_WORDS:
        return "yes"
    return "no" if lowered in NO_WORDS else None


def choice_says(choice: str) -> str | None:
    """``yes`` or ``no`` when the choice begins with a yes or a no spelt whole (Italian's yes as
    sì), or with a "none" word (:data:`NONE_WORDS`); else None."""
    words = re.findall(r"\w+", choice.lower())
    if not words:
        return None
    first = words[0]
    if first in NONE_WORDS:
        return "no"
    return yes_no(first) if len(first) > 1 and first != "si" else None  # si ferma: a pronoun


def _grouped(text: str, mark: str) -> bool:
    """``text`` is digits grouped in threes by ``mark`` (``4.426.165.368``)."""
    head, *groups = text.split(mark)
    return 1 <= len(head) <= 3 and bool(groups) and all(len(g) == 3 for g in groups)


def _digits(text: str) -> bool:
    return bool(_compiled(_PLAIN).match(text)) and len(text) <= MAX_DIGITS


def _unsigned(text: str, point: str) -> Fraction | None:
    """A number without sign or spaces; ``point`` is the language's decimal mark."""
    power = _compiled(_POWER).match(text)
    if power:
        base, exponent = int(power.group(1)), int(power.group(2))
        return Fraction(base**exponent) if exponent <= MAX_POWER else None
    factorial = _compiled(_FACTORIAL).match(text)
    if factorial:
        n = int(factorial.group(1))
        return Fraction(math.factorial(n)) if n <= MAX_POWER else None
    other = "." if point == "," else ","
    if point in text and other in text:  # the mark that comes last, once, is the decimal one
        last = point if text.rfind(point) > text.rfind(other) else other
        group = other if last == point else point
        whole, _, fraction = text.rpartition(last)
        if last in whole or not _grouped(whole, group) or not _digits(fraction):
            return None
        return _join(whole.replace(group, ""), fraction)
    for mark in (point, other):
        if mark not in text:
            continue
        if text.count(mark) > 1:
            return _join(text.replace(mark, ""), "") if _grouped(text, mark) else None
        whole, _, fraction = text.partition(mark)
        if mark == other and _grouped(text, mark):
            return _join(whole + fraction, "")  # 40,320 in English; 40.320 in Italian
        return _join(whole or "0", fraction)  # the language's mark, or the other one as a decimal
    return _join(text, "")


def _join(whole: str, fraction: str) -> Fraction | None:
    if not _digits(whole) or (fraction and not _digits(fraction)):
        return None
    return Fraction(int(whole + fraction), 10 ** len(fraction))


_NUMBER_WORDS = {
    **dict.fromkeys(("none", "zero", "nessuna", "nessuno", "żadne", "żadna", "żaden", "zera"), 0),
    **dict.fromkeys(("one", "uno", "una", "jeden", "jedna", "jedno"), 1),
    **dict.fromkeys(("two", "due", "dwa", "dwie"), 2),
    **dict.fromkeys(("three", "tre", "trzy"), 3),
    **dict.fromkeys(("four", "quattro", "cztery"), 4),
    **dict.fromkeys(("five", "cinque", "pięć"), 5),
    **dict.fromkeys(("six", "sei", "sześć"), 6),
    **dict.fromkeys(("seven", "sette", "siedem"), 7),
    **dict.fromkeys(("eight", "otto", "osiem"), 8),
    **dict.fromkeys(("nine", "nove", "dziewięć"), 9),
    **dict.fromkeys(("ten", "dieci", "dziesięć"), 10),
    **dict.fromkeys(("eleven", "undici", "jedenaście"), 11),
    **dict.fromkeys(("twelve", "dodici", "dwanaście"), 12),
}
_PLAIN_NUMBER_WORDS = {plain(word): value for word, value in _NUMBER_WORDS.items()}
MINUS_WORDS = ("minus", "meno")
"""A number word's sign, written out (``minus trzy``, ``meno uno``)."""


def read_number(text: str, language: str = "en") -> Fraction | None:
    """The number a student typed in ``language``'s notation, or None when it is none.

    A single comma before other than three digits is a decimal mark in English too
    (``438,26``), and a single point in Italian and Polish.
    """
    cleaned = text.strip()
    if not cleaned or len(cleaned) > MAX_ANSWER:
        return None
    minus, _space, rest = plain(cleaned).rstrip(".").rpartition(" ")
    word = _PLAIN_NUMBER_WORDS.get(rest)
    if word is not None and minus.strip() in ("", *MINUS_WORDS):
        return Fraction(-word if minus else word)
    sign = 1
    if cleaned and cleaned[0] in "+-\u2212":  # not cleaned[:1]: "" is in every string
        sign = -1 if cleaned[0] != "+" else 1
        cleaned = cleaned[1:].lstrip()
    ungrouped = _ungrouped(cleaned)
    if ungrouped is None:
        return None
    value = _unsigned(ungrouped, DECIMAL_POINT.get(language, "."))
    return None if value is None else sign * value


def _ungrouped(text: str) -> str | None:
    """``text`` without the spaces (``_``, ``'``) grouping its thousands, or None when they
    group no thousands (``1 3``)."""
    if not any(char in GROUPING_SPACES for char in text):
        return text
    text = _compiled(_AROUND_SIGN).sub(r"\1", text)
    if not any(char in GROUPING_SPACES for char in text):
        return text
    spaced = _compiled(_SPACED).fullmatch(text)
    if spaced is None:
        return None
    whole = "".join(char for char in spaced.group(1) if char not in GROUPING_SPACES)
    return whole + spaced.group(2)


def other_grouping(text: str, language: str = "en") -> Fraction | None:
    """The whole number ``text`` is in the other common notation where the language's own
    reads another number (``823,543`` in Italian); else None."""
    own = read_number(text, language)
    other = "en" if DECIMAL_POINT.get(language, ".") == "," else "it"
    theirs = read_number(text, other)
    if own is None or theirs is None or own == theirs:
        return None
    return theirs if theirs.denominator == 1 and abs(theirs) >= 1000 else None


def as_text(value: Fraction) -> str:
    """A number read back as its canonical text: ``42``, or ``438.26`` for a decimal."""
    if value.denominator == 1:
        return str(value.numerator)
    places = next((k for k in range(1, 2 * MAX_DIGITS + 1) if 10**k % value.denominator == 0), None)
    if places is None:  # not a decimal (never read from text): a fraction
        return f"{value.numerator}/{value.denominator}"
    digits = str(abs(value.numerator) * (10**places // value.denominator)).rjust(places + 1, "0")
    sign = "-" if value < 0 else ""
    return f"{sign}{digits[:-places]}.{digits[-places:]}".rstrip("0")
