"""Every key of the screen below, generated from its bindings."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, ClassVar

from rich.table import Table
from rich.text import Text
from textual.actions import parse as parse_action
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.screen import ModalScreen, Screen
from textual.widgets import Static

from lessons.glossary import GLOSSARY
from lessons.i18n import N_, _
from solver.sources import SOURCES
from tui.screens.closing import dismiss_once


def _bindings(bindings: Iterable[BindingType]) -> Iterable[Binding]:
    for item in bindings:
        if isinstance(item, Binding):
            yield item
        else:
            yield from Binding.make_bindings([item])


def each_key_once(screen: Screen[Any], bindings: Iterable[BindingType]) -> list[Binding]:
    """``screen``'s bindings that act now, for its help, each key once (the first acting on it)."""
    listed = list(_bindings(bindings))
    bound: dict[str, list[Binding]] = {}
    for binding in listed:
        for key in binding.key.split(","):
            bound.setdefault(key, []).append(binding)

    def acts(binding: Binding) -> bool:  # as Textual's bindings map: False is "not here"
        _, name, parameters = parse_action(binding.action)
        return screen.check_action(name, parameters) is not False

    kept: list[Binding] = []
    for binding in listed:
        if not acts(binding):
            continue
        keys = []
        for key in binding.key.split(","):
            same = bound[key]
            if len(same) == 1 or next(b for b in same if acts(b)) is binding:
                keys.append(key)
        if keys:
            kept.append(
                Binding(
                    ",".join(keys),
                    binding.action,
                    binding.description,
                    binding.show,
                    tooltip=binding.tooltip,
                )
            )
    return kept


def _glossary() -> Table:
    """The tutor's words (lessons/glossary.py), in the language in use."""
    table = Table(box=None, show_header=True, header_style="bold", expand=True)
    table.add_column(_("word"), no_wrap=True)
    table.add_column(_("what it means"))
    for term, meaning in GLOSSARY:
        table.add_row(Text(_(term)), Text(_(meaning)))
    return table


def _sources() -> Text:
    """Where the material comes from, by the names its readers know."""
    text = Text(
        "\n" + _("The tutor teaches from these sources (docs/sources.md):") + "\n", style="bold"
    )
    for source in SOURCES.values():
        text.append(f"- {_(source.name)}\n", style="")
    return text


class HelpScreen(ModalScreen[None]):
    """The keys and what they do, the glossary and the sources; escape, ?, F1 or q close."""

    DEFAULT_CSS = """
    #help-glossary {
        margin: 1 0 0 0;
    }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,question_mark,q,f1", "close", N_("Close"), show=True)
    ]

    def __init__(
        self, bindings: Iterable[BindingType], notes: Iterable[tuple[str, str]] = ()
    ) -> None:
        """``notes``: more rows for the table, (keys, what they do), in the language in use."""
        super().__init__()
        self.key_bindings = list(_bindings(bindings))
        self.notes = list(notes)

    def _table(self) -> Table:
        table = Table(box=None, show_header=True, header_style="bold", expand=True)
        table.add_column(_("key"), no_wrap=True)
        table.add_column(_("what it does"))
        for binding in self.key_bindings:
            keys = ", ".join(
                self.app.get_key_display(Binding(key, binding.action))
                for key in binding.key.split(",")
            )
            table.add_row(Text(keys), Text(_(binding.tooltip or binding.description)))
        for keys, what in self.notes:
            table.add_row(Text(keys), Text(what))
        table.add_row(
            self.app.get_key_display(Binding("ctrl+p", "")),
            _("Command palette: every action, themes, the language"),
        )
        table.add_row(self.app.get_key_display(Binding("ctrl+q", "")), _("Quit the tutor"))
        return table

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="help-body"):
            yield Static(self._table(), id="help-keys")
            yield Static(_glossary(), id="help-glossary")
            yield Static(_sources(), id="help-sources")

    def action_close(self) -> None:
        dismiss_once(self)

    def on_mount(self) -> None:
        self.retranslate()

    def retranslate(self) -> None:
        """Draw every word again in the language now in use."""
        self.query_one("#help-keys", Static).update(self._table())
        self.query_one("#help-glossary", Static).update(_glossary())
        self.query_one("#help-sources", Static).update(_sources())
        self.query_one("#help-body").border_title = _("keys")
        self.query_one("#help-body").border_subtitle = _("PgDn, PgUp scroll; escape closes")
