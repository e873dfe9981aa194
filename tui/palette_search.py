"""The command palette's search in the learner's language: a command is found by its English
name, its name in the language in use (accents optional), or a word of its help, and shown by
both names, the learner's first (``Język: Polski (Language: Polski)``)."""

from __future__ import annotations

import unicodedata
from collections.abc import Callable

from textual.command import DiscoveryHit, Hit, Hits, Provider
from textual.content import Content
from textual.system_commands import SystemCommandsProvider

from lessons.i18n import N_, _

TEXTUAL_NAMES = (N_("Theme"), N_("Quit"), N_("Maximize"), N_("Minimize"))
"""The names of Textual's own palette commands, for the catalogs."""
LANGUAGE = N_("Language: {language}")
METHOD = N_("Method: {method}")

_NO_DECOMPOSITION = str.maketrans("łŁ", "lL")
DESCRIBED_SCORE = 0.1
"""The score of a command found by a word of its description rather than of its name."""


def shown_name(title: str) -> str:
    """The name the palette shows: in the language in use, then the English (``Trova (Solve)``)."""
    kind, colon, name = title.partition(": ")
    if colon and kind == "Language":
        local = _(LANGUAGE).format(language=name)
    else:
        local = _(METHOD).format(method=name) if colon and kind == "Method" else _(title)
    return title if local == title else f"{local} ({title})"


def fold(text: str) -> str:
    """``text`` without accents, one character for one (``język`` -> ``jezyk``)."""
    return "".join(
        unicodedata.normalize("NFD", char)[0] for char in text.translate(_NO_DECOMPOSITION)
    )


class LocalCommandsProvider(SystemCommandsProvider):
    """Textual's system commands, found by their names in English and in the language in use."""

    async def discover(self) -> Hits:
        """The commands listed before anything is typed, by their shown names."""
        commands = sorted(
            self.app.get_system_commands(self.screen), key=lambda command: shown_name(command[0])
        )
        for title, help_text, callback, discover in commands:
            if discover:
                yield DiscoveryHit(Content(shown_name(title)), callback, help=help_text)

    async def search(self, query: str) -> Hits:
        matcher = self.matcher(fold(query))
        for title, help_text, callback, *_rest in self.app.get_system_commands(self.screen):
            shown = shown_name(title)
            folded = fold(shown)
            score = matcher.match(folded)
            if score > 0:
                marked = Content(shown, list(matcher.highlight(folded).spans))
                yield Hit(score, marked, callback, help=help_text)
            elif fold(query).lower() in fold(help_text).lower():  # below every match by name
                yield Hit(DESCRIBED_SCORE, Content(shown), callback, help=help_text)


PALETTE_PROVIDERS: set[type[Provider] | Callable[[], type[Provider]]] = {LocalCommandsProvider}
"""The app's ``COMMANDS``."""
