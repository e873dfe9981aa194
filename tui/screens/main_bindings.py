"""The main screen's keys (its ``BINDINGS``) and its palette commands: the table in
:class:`MainScreen`'s docstring says what each key does. Kept apart so that the screen's
module holds its behaviour."""

from __future__ import annotations

from collections.abc import Iterator
from functools import partial
from typing import TYPE_CHECKING

from textual.app import SystemCommand
from textual.binding import Binding, BindingType

from lessons.i18n import N_, _
from solver.registry import METHODS, steppable_methods
from solver.sources import SOURCES

if TYPE_CHECKING:
    from tui.screens.main_screen import MainScreen

RESIZE_BINDINGS: list[BindingType] = [
    Binding(
        "right_square_bracket",
        "resize(1)",
        N_("Larger"),
        show=False,
        tooltip=N_("Board one larger"),
    ),
    Binding(
        "left_square_bracket",
        "resize(-1)",
        N_("Smaller"),
        show=False,
        tooltip=N_("Board one smaller"),
    ),
]
"""``]`` and ``[``: the board one larger or smaller (the main screen and the place board)."""

MAIN_BINDINGS: list[BindingType] = [
    # Descriptions and tooltips are marked with N_ and translated where they are shown
    # (the key bar, the help, the palette), so that they follow a change of language.
    Binding(
        "space,right",
        "tick",
        N_("Tick"),
        tooltip=N_("One tick: b[k]++ and isfree, or a backtrack"),
    ),
    Binding("left,backspace", "back", N_("Back"), tooltip=N_("One tick back (undone exactly)")),
    Binding(
        "enter", "iteration", N_("Iter"), tooltip=N_("Up to the next queen placed or backtrack")
    ),
    Binding("s", "run('solution')", N_("Solve"), tooltip=N_("Run to the next solution")),
    Binding(
        "b",
        "run('backtrack')",
        N_("Backtrack"),
        show=False,
        tooltip=N_("Run to the next backtrack"),
    ),
    Binding("p", "play", N_("Play"), tooltip=N_("Play / pause autoplay; also stops a run")),
    Binding("escape", "cancel", N_("Stop"), show=False, tooltip=N_("Stop the run or autoplay")),
    Binding(
        "plus,equals_sign", "speed(1)", N_("Faster"), show=False, tooltip=N_("Autoplay faster")
    ),
    Binding("minus", "speed(-1)", N_("Slower"), show=False, tooltip=N_("Autoplay slower")),
    Binding(
        "a",
        "toggle_all",
        N_("All"),
        show=False,
        tooltip=N_("First solution only / all solutions"),
    ),
    Binding(
        "r", "reset", N_("Reset"), show=False, tooltip=N_("Reset: every queen under the board")
    ),
    *RESIZE_BINDINGS,
    Binding("m", "method", N_("Method"), tooltip=N_("The next method of the notes (resets)")),
    Binding(
        "d",
        "overlay",
        N_("Diagonals"),
        show=False,
        tooltip=N_("Overlay: off, col+row, row-col"),
    ),
    Binding("g", "guess", N_("Guess"), tooltip=N_("Guess mode: predict each step before it plays")),
    Binding("o", "place", N_("Place"), show=False, tooltip=N_("Place your own queens; you drive")),
    Binding(
        "t",
        "tree",
        N_("Tree"),
        show=False,
        tooltip=N_("The search tree in place of the code (n <= 6)"),
    ),
    Binding("question_mark", "help", N_("Help"), tooltip=N_("Every key")),
    Binding("q", "quit", N_("Quit"), tooltip=N_("Quit the tutor")),
]


def main_commands(screen: MainScreen) -> Iterator[SystemCommand]:
    """The main screen's palette commands: one per method, and one per key binding (quit is
    the palette's own)."""
    for name in steppable_methods():
        info = METHODS[name]
        source = SOURCES[info.source].short_name
        yield SystemCommand(
            f"Method: {name}",
            _("{method} ({source})").format(method=_(info.title), source=_(source)),
            # Through run_action, as the m key: check_action refuses it while a worker plays
            # the engine (called directly, it swapped the engine under the run).
            partial(screen.run_action, f"method({name!r})"),
        )
    for binding in screen.BINDINGS:
        assert isinstance(binding, Binding)
        if binding.action == "quit":
            continue
        # The command's name stays English (the same in every language), its help does not.
        yield SystemCommand(
            binding.description, _(binding.tooltip), partial(screen.run_action, binding.action)
        )
