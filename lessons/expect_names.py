"""The state a lesson's ``@expect NAME = VALUE`` can check, for each steppable method.

Every name reads a snapshot and gives its value as text, written as the notes write it:
lists as ``[0, 2, -1]``, the Turin notes' arrays as ``true`` / ``false``, Python's ``None``,
a maze square as ``(r, c)``. ``NAME[i]`` reads one entry. The names of the iterative loop (``k``,
``b``, ``b[i]``, ``event``, ``tick``, ``solutions``, ``finished``) keep their meaning.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from lessons.i18n import _
from solver.stepping import SteppableSearch

Reader = Callable[[Any], object]


def _kind(snapshot: Any) -> str:
    kind = snapshot.last_kind
    return "none" if kind is None else kind.name.lower()


COMMON: dict[str, Reader] = {
    "tick": lambda s: s.tick,
    "solutions": lambda s: s.solutions_found,
    "finished": lambda s: "yes" if s.finished else "no",
    "event": _kind,
}

PER_METHOD: dict[str, dict[str, Reader]] = {
    "iterative": {"k": lambda s: s.k, "b": lambda s: s.b},
    "recursive": {
        "q": lambda s: s.q,
        "c": lambda s: s.c,
        "a": lambda s: s.a,
        "b": lambda s: s.b,
        "depth": lambda s: s.depth,
        "row": lambda s: s.frames[-1].row if s.frames else -1,
        "j": lambda s: s.frames[-1].col if s.frames else -1,
    },
    "scan": {
        "T": lambda s: s.T,
        "k": lambda s: len(s.frames) - 1,
        "depth": lambda s: len(s.frames),
        "compare": lambda s: "none" if s.compare is None else s.compare,
    },
    "general": {
        "R": lambda s: s.stato.R,
        "regine": lambda s: s.stato.regine,
        "depth": lambda s: len(s.frames),
        "m": lambda s: "none" if not s.frames or s.frames[-1].move is None else s.frames[-1].move,
    },
    "maze": {
        "at": lambda s: s.path[-1] if s.path else s.maze.start,
        "path": lambda s: len(s.path),
        "dead_ends": lambda s: len(s.dead_ends),
        "depth": lambda s: len(s.frames),
    },
}
"""Each method's own names; a name with a list value can also be read as ``NAME[i]``."""


class UnknownName(ValueError):
    """An ``@expect`` name the board's method does not have."""


def names(method: str) -> tuple[str, ...]:
    """Every name ``@expect`` can check on a board of ``method``."""
    own = PER_METHOD.get(method, {})
    return (*COMMON, *own)


def show(value: object) -> str:
    """A value as the notes write it."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if value is None:
        return "None"
    if isinstance(value, tuple) and len(value) == 2 and all(isinstance(v, int) for v in value):
        return f"({value[0]}, {value[1]})"
    if isinstance(value, Sequence) and not isinstance(value, str):
        return "[" + ", ".join(show(v) for v in value) + "]"
    return str(value)


def read(engine: SteppableSearch, method: str, name: str) -> str:
    """The value of ``name`` (or ``name[i]``) on the engine now, as text."""
    base, _bracket, index_text = name.partition("[")
    snapshot = engine.snapshot()
    reader = PER_METHOD.get(method, {}).get(base) or COMMON.get(base)
    if reader is None:
        raise UnknownName(
            _("@expect {name}: a {method} board has {known}").format(
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
