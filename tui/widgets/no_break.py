"""Formulas and numbers kept whole on a line wherever the tutor wraps text itself:
:func:`hold_formulas` turns the spaces no line may break at into :data:`HOLD`."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Iterator

HOLD = "\ue000"
"""Stands for a space no line may break at (a private-use character, one cell wide)."""

_OPERATOR = re.compile(rf"[ {HOLD}](==|!=|<=|>=|&&|\|\||->|[=<>+\-/×])[ {HOLD}](?=[^\s{HOLD}])")
_OPERATOR_CHARS = frozenset("=<>+-/×&|")
_TERM = re.compile(r"^[^\w\[(]*(\w{1,2}|.*[\d\[\]()_+\-*/=<>].*)[^\w\])]*$")
"""An operand of a formula: a name of one or two letters, or anything with a digit, a bracket
or an operator in it (``n``, ``b[k]``, ``col+row``); not a word."""
_GAP = re.compile(rf"[\s{HOLD}]")


def _hold_operators(text: str) -> str:
    """The spaces around each operator with a formula's operand beside it, held."""
    held: list[int] = []
    for match in _OPERATOR.finditer(text):
        start, end = match.start(), match.end()
        if start == 0 or _GAP.match(text[start - 1]):
            continue
        gap = max(text.rfind(" ", 0, start), text.rfind(HOLD, 0, start), text.rfind("\n", 0, start))
        before = text[gap + 1 : start]
        after_gap = _GAP.search(text, end)
        after = text[end : after_gap.start() if after_gap else len(text)]
        if _TERM.match(before) or _TERM.match(after):
            held += [start, end - 1]
    if not held:
        return text
    chars = list(text)
    for index in held:
        chars[index] = HOLD
    return "".join(chars)


CODE_SPAN = re.compile(r"(`+)([^`\n]+?)\1")  # a code span: its backticks, its words
_SIZE = re.compile(r"\b(\d{1,3}|n) (x|×) (?=(?:\d{1,3}|n)\b)")
_GROUPED = re.compile(r"(?<![\d.,])\d{1,3}(?: \d{3})+(?![\d])")
"""A number whose thousands are separated with plain spaces (``4 426 165 368``)."""
_ITEM = r"(?:-?\d+|None|True|False|true|false|T|F)"
_LIST = re.compile(rf"[\[{{]{_ITEM}(?:, ?{_ITEM})+[\]}}]")


def hold_formulas(text: str, no_break_spaces: bool = True) -> str:
    """``text`` with :data:`HOLD` for every space no line should break at: around an
    operator between operands (not ``*``), in a board size (``8 x 8``), between digit groups,
    after the commas of a bracketed list of numbers, inside a code span; its no-break spaces
    too, unless ``no_break_spaces`` is False."""
    if " " not in text:
        return text.replace("\u00a0", HOLD) if no_break_spaces else text
    if no_break_spaces:
        text = text.replace("\u00a0", HOLD)
    if "`" in text:
        text = CODE_SPAN.sub(lambda match: match.group().replace(" ", HOLD), text)
    if "[" in text or "{" in text:
        text = _LIST.sub(lambda match: match.group().replace(" ", HOLD), text)
    if _GROUPED.search(text):
        text = _GROUPED.sub(lambda match: match.group().replace(" ", HOLD), text)
    if " x " in text or "×" in text:
        text = _SIZE.sub(lambda match: f"{match.group(1)}{HOLD}{match.group(2)}{HOLD}", text)
    if not _OPERATOR_CHARS.isdisjoint(text):
        text = _hold_operators(text)
    return text


_HELD_RUN = re.compile(rf"[^\s{HOLD}]*{HOLD}[^\s]*")
"""A run of text with held spaces in it, up to the next breakable space."""
_HELD_LIST = re.compile(r"[\[{][^\]}\s]*[\]}]")
"""A list in brackets or braces, its spaces held."""


def hold_within(text: str, width: int, margin: int = 4) -> str:
    """:func:`hold_formulas` for a text ``width`` columns wide: a held run wider than a line less
    ``margin`` may break between its list items, else its words; a lesson's no-break
    spaces never."""
    held = hold_formulas(text)
    if HOLD not in held or width <= 0:
        return held
    room = max(width - margin, 1)
    chars = list(held)  # one for one: indices are the text's
    for match in _HELD_RUN.finditer(held):
        run = match.group()
        if cells(run.replace("`", "")) <= room:
            continue
        lists = list(_HELD_LIST.finditer(run))
        if lists:  # between the items of its lists, the first two and last two kept together
            gaps = [
                [found.start() + i for i, c in enumerate(found.group()) if c == HOLD][1:-1]
                for found in lists
            ]
            free = [at for inner in gaps for at in inner if run[at - 1] == ","]
        else:
            free = [i for i, c in enumerate(run) if c == HOLD]
        for at in free:
            if text[match.start() + at] != "\u00a0":
                chars[match.start() + at] = " "
    return "".join(chars)


def cells(text: str) -> int:
    """The terminal cells ``text`` takes: 2 for a wide character, 0 for a combining one (as Rich's
    ``cell_len`` counts them, without Rich)."""
    return sum(
        0 if unicodedata.combining(char) else 2 if unicodedata.east_asian_width(char) in "WF" else 1
        for char in text
    )


KEY = re.compile(r"<kbd>([^<>\n]{1,24})</kbd>")
"""A key in a lesson's text (docs/lesson-format.md): ``<kbd>o</kbd>``, drawn ``[o]``."""


def keys_marked(text: str) -> str:
    """``text`` with each ``<kbd>KEY</kbd>`` drawn as ``[KEY]``, never broken across lines."""
    return KEY.sub(lambda match: f"[{match.group(1).replace(' ', HOLD)}]", text)


def spoken(text: str) -> str:
    """``text`` with each code span as its words, without backticks (as the plain tutor reads)."""
    return CODE_SPAN.sub(lambda span: span.group(2), text)


def release(text: str) -> str:
    """``text`` with each :data:`HOLD` drawn as the space it stands for."""
    return text.replace(HOLD, " ")


def wrap_words(text: str, width: int, measure: Callable[[str], int] | None = None) -> list[str]:
    """``text`` in lines of at most ``width`` cells, broken between words, never inside a
    formula; ``measure`` gives a text's cells (default :func:`cells`)."""
    if text.isascii():
        measure = len
    elif measure is None:
        measure = cells
    held = hold_formulas(text, no_break_spaces=False)
    if HOLD in held:
        return [release(line) for line in _wrap(held, width, measure)]
    return _wrap(text, width, measure)


def _words(text: str, width: int, measure: Callable[[str], int]) -> Iterator[str]:
    """The words of ``text``; a held formula wider than the whole line breaks at its held
    spaces (like words), never inside a number or a name."""
    for word in text.split(" "):
        if HOLD in word and measure(word) > width:
            yield from word.split(HOLD)
        else:
            yield word


def _wrap(text: str, width: int, measure: Callable[[str], int]) -> list[str]:
    lines: list[str] = []
    line = ""
    for word in _words(text, width, measure):
        while measure(word) > width:
            if line:
                lines.append(line)
                line = ""
            cut = 0
            while measure(word[: cut + 1]) <= width:
                cut += 1
            cut = max(cut, 1)
            lines.append(word[:cut])
            word = word[cut:]
        if not line:
            line = word
        elif measure(line) + 1 + measure(word) <= width:
            line = f"{line} {word}"
        else:
            lines.append(line)
            line = word
    lines.append(line)
    return lines
