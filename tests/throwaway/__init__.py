"""A sixth stepped method, written in the tests by docs/extending.md's recipe alone, and shaped
unlike the notes' five: Richards' bit masks (:mod:`tests.throwaway.richards`), whose every tick
places the lowest free column's queen, so that no tick tests a square and an attacked square is
never visited; with its own engine, view, listing, narration, questions and messages.

``python -m pytest --throwaway-kit`` (tests/conftest.py) registers it for the whole run, so every
test that reads the registry (the conformance suite, the screens, guess mode, the lessons, the
command line) checks it beside the notes' methods: the promise that a new method needs its folder
and one registry line, and that a test fails if anything is forgotten, proves itself.
"""

from __future__ import annotations

from pathlib import Path

from solver.messages import CATALOG, Template

NAME = "richards"
"""The throwaway method's registry name."""

MODULES = ("kit", "engine", "view", "listing", "narration", "questions")
"""The modules of its folder, tests/throwaway/richards/ (a method's folder in solver/methods/)."""

LESSON = Path(__file__).with_name("richards") / "lesson.md"
"""Its lesson page (the recipe's step 5: a lesson that teaches it; a built-in one lives in
lessons/builtin/{en,it,pl}/)."""

KEPT = frozenset({"cols", "ld", "rd", "avail", "ctz"})
"""The names of its code that its translators would keep as they are (the notes' identifiers
are no English to translate)."""

_messages: dict[str, Template] = {}
"""The message templates its modules registered (their ids name it), filled by
:func:`register_kit`."""
_active: list[str] = []
"""Its name while it is registered."""


def register_kit() -> None:
    """Register the throwaway kit after the notes' methods (the guide's one registry line, made
    at run time with :func:`solver.registry.register`)."""
    import importlib

    from solver.registry import register

    for module in MODULES:
        importlib.import_module(f"{__name__}.richards.{module}")
    # Its message ids name it: richards.*, guess.land.richards ...
    _messages.update({key: t for key, t in CATALOG.items() if NAME in key.split(".")})
    from tests.throwaway.richards.kit import MasksKit

    register(MasksKit())
    _active.append(NAME)


def catalog() -> frozenset[tuple[str | None, str]]:
    """What the recipe's step 4 (extract, translate, compile) would put in the catalogs for the
    throwaway kit, while it is registered: (context, English) of each message template it
    registered (the id is the context) and of each of its words marked with N_ (no context).
    The pseudo language of tests/unit/i18n/pseudo.py translates them as it does the catalogs'."""
    if not _active:
        return frozenset()
    from tests.throwaway.richards.kit import MasksKit

    templates = {(key, t if isinstance(t, str) else t[0]) for key, t in _messages.items()}
    words = {MasksKit.title, MasksKit.summary, MasksKit.unit.name}
    return frozenset(templates | {(None, word) for word in words})


def kept() -> frozenset[str]:
    """:data:`KEPT` while the kit is registered, else nothing."""
    return KEPT if _active else frozenset()


def lessons() -> tuple[Path, ...]:
    """Its lesson page while the kit is registered, else none."""
    return (LESSON,) if _active else ()


def forget() -> None:
    """After the kit is unregistered again (a test that registered it for a moment)."""
    _active.clear()
