"""Reading a list (``[0, 2, -1]``) or a square (``(1, 2)``) typed as the tutor prints it,
brackets optional, and saying which entry is wrong. An entry is a whole number, ``true``,
``false`` (``T``, ``F``) or ``None``."""

from __future__ import annotations

import re

from lessons.i18n import _, ngettext
from lessons.safe_text import visible

MAX_ENTRIES = 64
_ENTRY = re.compile(r"^[+\-\u2212]?\d{1,6}$")
_WORDS = {"true": "true", "false": "false", "t": "true", "f": "false", "none": "None", "-": "-"}
"""Entries typed as words; ``-``, as a state pane shows an empty entry, the question reads."""
_OPEN_CLOSE = {"[": "]", "(": ")"}


def is_printed_list(value: str) -> bool:
    """``value`` is a printed list or square: ``[...]`` or ``(...)``."""
    return value[:1] in _OPEN_CLOSE and value[-1:] == _OPEN_CLOSE[value[:1]]


def entries(text: str) -> tuple[str, ...] | None:
    """The entries of a typed list or square, each as the tutor prints it, or None."""
    inner = text.strip()
    if inner[:1] in _OPEN_CLOSE:
        if inner[-1:] != _OPEN_CLOSE[inner[:1]]:
            return None
        inner = inner[1:-1]
    if any(mark in inner for mark in "[]()"):
        return None
    tokens = [token for token in re.split(r"[,;\s]+", inner.strip()) if token]
    if len(tokens) > MAX_ENTRIES:
        return None
    read: list[str] = []
    for token in tokens:
        word = _WORDS.get(token.lower())
        if word is not None:
            read.append(word)
        elif _ENTRY.match(token):
            read.append(str(int(token.replace("\u2212", "-"))))
        else:
            return None
    return tuple(read)


def printed(items: tuple[str, ...], like: str) -> str:
    """``items`` written in the brackets of ``like`` (a list's or a square's printed form)."""
    opening = like[:1] if like[:1] in _OPEN_CLOSE else "["
    return opening + ", ".join(items) + _OPEN_CLOSE[opening]


def refusal(typed: str, like: str) -> str:
    """Why ``typed`` is not read as a list (or a square, when ``like`` is one)."""
    shown = visible(typed.strip())
    if like.startswith("("):
        return _(
            "“{typed}” is not a square the tutor can read: type its two numbers as the maze "
            "shows them, like (1, 2)."
        ).format(typed=shown)
    return _(
        "“{typed}” is not a list the tutor can read: type its entries in order, separated by "
        "commas or spaces, like [0, 2, -1] (true, false and None are entries too)."
    ).format(typed=shown)


def difference(name: str, expected: str, given: str) -> str:
    """Which entry of ``given`` is wrong (``q[2] is not 3 then``: never the right value, which
    would give the answer away; of a true/false list, none), or how many entries ``name`` has
    when the count differs."""
    right = entries(expected) or ()
    typed = entries(given) or ()
    if expected.startswith("("):
        for index, (want, got) in enumerate(zip(right, typed, strict=False)):
            if want != got:
                text = (
                    _("Its row is not {given}.") if index == 0 else _("Its column is not {given}.")
                )
                return text.format(given=got)
        return _("A square has two numbers, its row and its column.")
    if len(right) != len(typed):
        return ngettext(
            "{name} has {count} entry then; your answer has {given}.",
            "{name} has {count} entries then; your answer has {given}.",
            len(right),
        ).format(name=name, count=len(right), given=len(typed))
    wrong = [i for i, (want, got) in enumerate(zip(right, typed, strict=True)) if want != got]
    if not wrong:
        return ""
    first = wrong[0]
    if set(right) <= {"true", "false"}:  # an entry named, or counted, gives its value away
        return ""
    return ngettext(
        "One entry is wrong: {name}[{index}] is not {given} then.",
        "{count} entries are wrong; the first: {name}[{index}] is not {given} then.",
        len(wrong),
    ).format(name=name, count=len(wrong), index=first, given=typed[first])
