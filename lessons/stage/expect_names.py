"""The state a lesson's ``@expect NAME = VALUE`` can check on a board (``NAME[i]``: one entry),
each value written as the notes write it: the common names and the board's method's kit's."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from lessons.i18n import _
from solver.kit import Reader, common_expect_names
from solver.registry import stepped
from solver.stepping import SteppableSearch


class UnknownName(ValueError):
    """An ``@expect`` name the board's method does not have."""


def readers(method: str) -> Mapping[str, Reader]:
    """Every name ``@expect`` can check on a board of ``method``, with its reader."""
    return {**common_expect_names(), **stepped(method).expect_names}


def names(method: str) -> tuple[str, ...]:
    """Every name ``@expect`` can check on a board of ``method``."""
    return tuple(readers(method))


def show(value: object) -> str:
    """A value as the notes write it (``[0, 2, -1]``, ``true``, ``None``)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if value is None:
        return "None"
    if isinstance(value, Sequence) and not isinstance(value, str):
        return "[" + ", ".join(show(v) for v in value) + "]"
    return str(value)


def read(engine: SteppableSearch, method: str, name: str) -> str:
    """The value of ``name`` (or ``name[i]``) on the engine now, as text."""
    base, _bracket, index_text = name.partition("[")
    snapshot = engine.snapshot()
    reader = readers(method).get(base)
    if reader is None:
        raise UnknownName(
            _("@expect {name}: a board of algorithm={method} has {known}").format(
                name=base, method=method, known=", ".join(names(method))
            )
        )
    value = reader(snapshot)
    if index_text:
        if not isinstance(value, Sequence) or isinstance(value, str):
            raise UnknownName(
                _("@expect {name}: {base} is not a list").format(name=name, base=base)
            )
        index = int(index_text.rstrip("]"))
        if not 0 <= index < len(value):
            raise UnknownName(
                _("@expect {name}: {base} has entries 0 to {last}").format(
                    name=name, base=base, last=len(value) - 1
                )
            )
        value = value[index]
    return show(value)


def same(expected: str, actual: str) -> bool:
    """Equal as the lesson writes them: spaces and letter case do not count."""
    return "".join(expected.split()).lower() == "".join(actual.split()).lower()
