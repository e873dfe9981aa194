"""Key bindings written on one line each: keys, action, label and tooltip (marked with ``N_``)."""

from __future__ import annotations

from collections.abc import Iterable

from textual.actions import parse as parse_action
from textual.binding import Binding, BindingType
from textual.dom import DOMNode

from lessons.i18n import _


def key(keys: str, action: str, label: str, tooltip: str, *, priority: bool = False) -> Binding:
    """A binding the key bar shows."""
    return Binding(keys, action, label, tooltip=tooltip, priority=priority)


def hidden(keys: str, action: str, label: str, tooltip: str, *, priority: bool = False) -> Binding:
    """A binding the key bar leaves out (the help screen lists it)."""
    return Binding(keys, action, label, show=False, tooltip=tooltip, priority=priority)


def key_rows(node: DOMNode, bindings: Iterable[BindingType]) -> list[tuple[str, str]]:
    """The keys among ``bindings`` that act on ``node`` now, as rows of the help: each named as
    ``node``'s key bar names it (its ``key_bar_shows`` and ``key_bar_label``, if it has them)."""
    shows = getattr(node, "key_bar_shows", lambda binding: True)
    label = getattr(node, "key_bar_label", lambda binding: _(binding.description))
    rows = []
    for binding in Binding.make_bindings(bindings):
        name, parameters = parse_action(binding.action)[1:]
        if node.check_action(name, parameters) is not False and shows(binding):
            rows.append((node.app.get_key_display(binding), label(binding)))
    return rows
