"""Two more stepped methods, written in the tests by docs/extending.md's recipe alone, and shaped
unlike the notes' five: Richards' bit masks (:mod:`tests.throwaway.richards`), whose every tick
places the lowest free column's queen, so that no tick tests a square and an attacked square is
never visited; and Knuth's Algorithm X (:mod:`tests.throwaway.algx`), which covers the row or
column with the fewest options left, so its solutions come in its own order; each with its own
engine, view, listing, narration, questions and messages.

``python -m pytest --throwaway-kit`` (tests/conftest.py) registers them for the whole run, so every
test that reads the registry (the conformance suite, the screens, guess mode, the lessons, the
command line) checks it beside the notes' methods: the promise that a new method needs its folder
and one registry line, and that a test fails if anything is forgotten, proves itself.
"""

from __future__ import annotations

import importlib
from pathlib import Path

from solver.kit import MethodKit
from solver.messages import CATALOG, Template

KITS = {"richards": "MasksKit", "algx": "ExactCoverKit"}
"""The throwaway methods' registry names (each its folder here) and their kits' classes."""
NAME = "richards"  # the first, which a test registers for a moment

MODULES = ("kit", "engine", "view", "listing", "narration", "questions")
"""The modules of each folder (a method's folder in solver/methods/)."""

LESSONS = tuple(Path(__file__).with_name(name) / "lesson.md" for name in KITS)
"""Their lesson pages (the recipe's step 7; a built-in one lives in lessons/builtin/{en,it,pl}/)."""
LESSON = LESSONS[0]

KEPT = frozenset({"cols", "ld", "rd", "avail", "ctz", "S[R]", "S[C]"})
"""The names of their code that their translators keep as they are (no English to translate)."""

_messages: dict[str, Template] = {}
"""The message templates their modules registered (their ids name them): :func:`register_kit`."""
_active: list[str] = []
"""Their names while they are registered."""


def _kit(name: str) -> type[MethodKit]:
    kit: type[MethodKit] = getattr(importlib.import_module(f"{__name__}.{name}.kit"), KITS[name])
    return kit


def register_kit() -> None:
    """Register the throwaway kits after the notes' methods (the guide's one registry line each,
    made at run time with :func:`solver.registry.register`)."""
    from solver.registry import register

    for name in KITS:
        for module in MODULES:
            importlib.import_module(f"{__name__}.{name}.{module}")
        # Their message ids name them: richards.*, guess.land.algx.row ...
        _messages.update({k: t for k, t in CATALOG.items() if name in k.split(".")})
        register(_kit(name)())
        _active.append(name)


def catalog() -> frozenset[tuple[str | None, str]]:
    """What the recipe's step 4 (extract, translate, compile) would put in the catalogs for the
    throwaway kits, while they are registered: (context, English) of each message template they
    registered (the id is the context) and of each of their words marked with N_ (no context).
    The pseudo language of tests/unit/i18n/pseudo.py translates them as it does the catalogs'."""
    templates = {(key, t if isinstance(t, str) else t[0]) for key, t in _messages.items()}
    kits = [_kit(name) for name in _active]
    words = {word for kit in kits for word in (kit.title, kit.summary, kit.unit.name)}
    return frozenset(templates | {(None, word) for word in words}) if _active else frozenset()


def kept() -> frozenset[str]:
    """:data:`KEPT` while the kits are registered, else nothing."""
    return KEPT if _active else frozenset()


def lessons() -> tuple[Path, ...]:
    """Their lesson pages while the kits are registered, else none."""
    return LESSONS if _active else ()


def forget() -> None:
    """After the kits are unregistered again (a test that registered them for a moment)."""
    _active.clear()
