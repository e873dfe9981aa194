"""Key bindings written on one line each: keys, action, label and tooltip (marked with ``N_``)."""

from __future__ import annotations

from textual.binding import Binding


def key(keys: str, action: str, label: str, tooltip: str, *, priority: bool = False) -> Binding:
    """A binding the key bar shows."""
    return Binding(keys, action, label, tooltip=tooltip, priority=priority)


def hidden(keys: str, action: str, label: str, tooltip: str, *, priority: bool = False) -> Binding:
    """A binding the key bar leaves out (the help screen lists it)."""
    return Binding(keys, action, label, show=False, tooltip=tooltip, priority=priority)
