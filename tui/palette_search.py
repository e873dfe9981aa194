"""The command palette's search in the learner's language.

A palette command keeps its English name in every language (docs/translating.md), and Textual's
own search matches that name only: an Italian student who types "lingua", or a Polish one who
types "język", found nothing. :class:`LocalCommandsProvider` (the app's ``COMMANDS``) finds each
command by its name or by its name in the language in use, with or without the language's
accents ("jezyk" finds it too), and shows both: ``Language: Polski (Język: Polski)``.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable

from textual.command import Hit, Hits, Provider
from textual.content import Content
from textual.system_commands import SystemCommandsProvider

from lessons.i18n import N_, _

TEXTUAL_NAMES = (N_("Theme"), N_("Quit"), N_("Maximize"), N_("Minimize"))
"""The names of Textual's own palette commands, for the catalogs (the tutor's are marked where
they are made)."""
LANGUAGE = N_("Language: {language}")
METHOD = N_("Method: {method}")

_NO_DECOMPOSITION = str.maketrans("łŁ", "lL")


def local_name(title: str) -> str:
    """A palette command's name in the language in use (``Solve`` is ``Trova`` in Italian)."""
    kind, colon, name = title.partition(": ")
    if colon and kind == "Language":
        return _(LANGUAGE).format(language=name)
    if colon and kind == "Method":
        return _(METHOD).format(method=name)
    return _(title)


def shown_name(title: str) -> str:
    """The name the palette shows for a found command: both names when they differ."""
    local = local_name(title)
    return title if local == title else f"{title} ({local})"


def fold(text: str) -> str:
    """``text`` without accents, one character for one (``język`` -> ``jezyk``), so that a
    match in the folded text is a match at the same places in ``text``."""
    return "".join(
        unicodedata.normalize("NFD", char)[0] for char in text.translate(_NO_DECOMPOSITION)
    )


class LocalCommandsProvider(SystemCommandsProvider):
    """Textual's system commands, found by their names in English and in the language in use."""

    async def search(self, query: str) -> Hits:
        matcher = self.matcher(fold(query))
        for title, help_text, callback, *_rest in self.app.get_system_commands(self.screen):
            shown = shown_name(title)
            folded = fold(shown)
            score = matcher.match(folded)
            if score > 0:
                marked = Content(shown, list(matcher.highlight(folded).spans))
                yield Hit(score, marked, callback, help=help_text)


PALETTE_PROVIDERS: set[type[Provider] | Callable[[], type[Provider]]] = {LocalCommandsProvider}
"""The app's palette commands (``App.COMMANDS``): Textual's system commands, found in the
language in use."""
