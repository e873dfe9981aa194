"""The plain tutor's commands: the full-screen keys by name or letter, the same in every language,
with the full-screen help's words. Words are read in lower case, except ``R``."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from lessons.answers.reading import plain
from lessons.i18n import N_, _, current


@dataclass(frozen=True, slots=True)
class Command:
    """One command: its name, the words that call it, and what it does (translated later)."""

    name: str
    words: tuple[str, ...]
    does: str
    argument: str = ""
    """What follows the word (``N``, ``[NAME]``), as the help writes it."""
    also: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    """The command's names by language (``{"it": ("aiuto",), "pl": ("pomoc",)}``): read as the
    command in every language, accents optional; the help lists those of the language in use."""


def named(it: str, pl: str) -> dict[str, tuple[str, ...]]:
    """A command's names in Italian and in Polish (several: separated by spaces)."""
    return {"it": tuple(it.split()), "pl": tuple(pl.split())}


BOARD = (
    # The same words on every method's board (the Turin notes have no b[k]++ nor isfree).
    Command(
        "tick",
        ("space", "tick", "right"),
        N_("One tick of the search"),
        also=named("spazio", "spacja"),
    ),
    Command("back", ("back", "left", "backspace"), N_("One tick back (undone exactly)")),
    Command(
        "iter", ("iter", "iteration", "i", "enter"), N_("Up to the next queen placed or backtrack")
    ),
    Command("solve", ("solve", "s"), N_("Run to the next solution")),
    Command("backtrack", ("backtrack", "b"), N_("Run to the next backtrack")),
    Command("board", ("board",), N_("The board in words, row by row")),
    Command("state", ("state",), N_("The state table in sentences")),
    Command("code", ("code",), N_("The code, with the lines the last tick ran")),
    Command("status", ("status",), N_("Where the search stands: size, tick, solutions found")),
)
"""Commands for a board: the main board's, and a lesson page's while no question waits."""

MAIN = (
    Command("all", ("all", "a"), N_("First solution only / all solutions")),
    Command("reset", ("reset", "r"), N_("Reset: every queen under the board")),
    Command("larger", ("larger", "]"), N_("Board one larger")),
    Command("smaller", ("smaller", "["), N_("Board one smaller")),
    Command("size", ("size",), N_("An N x N board (the search starts again)"), "N"),
    Command(
        "method",
        ("method", "m"),
        N_("The next method of the notes, or the one named (resets)"),
        "[NAME]",
    ),
    Command("overlay", ("overlay", "diagonals", "d"), N_("Overlay: off, col+row, row-col")),
    Command("guess", ("guess", "g"), N_("Guess mode: predict each step before it plays")),
    Command("lessons", ("lessons", "l"), N_("The lessons, with your progress")),
    Command("lesson", ("lesson",), N_("Open lesson N where you left it"), "N"),
    Command("review", ("review",), N_("The review: the kinds of question you missed, asked anew")),
    Command("place", ("place", "o"), N_("Place your own queens; you drive")),
)
"""The main board's own commands."""

LESSON = (
    Command("enter", ("enter",), N_("Go on: the next question or page")),
    Command("next", ("next", "n"), N_("Next page"), also=named("avanti", "dalej")),
    Command(
        "prev", ("prev", "previous", "p"), N_("Prev page"), also=named("precedente", "poprzednia")
    ),
    Command(
        "hint",
        ("hint", "h"),
        N_("A hint for the question"),
        also=named("suggerimento", "podpowiedź"),
    ),
    Command("show", ("show", "s"), N_("Show the answer (no point)"), also=named("mostra", "pokaż")),
    Command("page", ("page",), N_("The page again, from its top")),
    Command("settle", ("reset", "r"), N_("The board as the lesson left it")),
    Command("restart", ("restart", "R"), N_("Start the lesson again")),
    Command("place", ("place", "o"), N_("Place the queens by hand")),
    Command(
        "leave",
        ("leave", "lessons", "l", "escape", "esc"),
        N_("Back to the list of lessons"),
        also=named("esci", "wyjdź"),  # in a lesson leaving it, not the tutor (as on the board)
    ),
)
"""A lesson's own commands (``s`` shows the answer while a question waits, else it solves)."""

PLACE = (
    Command("put", ("C R",), N_("Put a queen in column C, row R, or take it up")),
    Command(
        "attacked",
        ("space", "attacked"),
        N_("You drive: the loop tries column C, row R and finds it attacked"),
        "C R",
        also=named("spazio", "spacja"),
    ),
    Command(
        "free",
        ("enter", "free"),
        N_("You drive: the loop tries column C, row R; it is free and the queen stays"),
        "C R",
        also=named("invio", ""),
    ),
    Command("backtrack", ("b", "backtrack"), N_("You drive: the loop backtracks")),
    Command("undo", ("undo", "u", "backspace"), N_("Undo the last move (the score stays)")),
    Command("clear", ("clear", "c"), N_("Clear the board; you drive: start the loop again")),
    Command("hints", ("hints", "x"), N_("Show the squares the queens attack")),
    Command("drive", ("drive", "y"), N_("You drive the Wrocław loop / back to placing queens")),
    Command("larger", ("larger", "]"), N_("Board one larger")),
    Command("smaller", ("smaller", "["), N_("Board one smaller")),
    Command("board", ("board",), N_("The board in words, row by row")),
    Command("status", ("status", "state"), N_("The queens, the attacking pairs, what is known")),
    Command(
        "leave",
        ("escape", "esc", "leave", "o"),
        N_("Back to where the board was opened"),
        also=named("esci", "wyjdź"),  # here leaving the board, not the tutor
    ),
)
"""The place board's commands (``C R`` stands for two numbers)."""

ALWAYS = (
    Command("help", ("help", "?"), N_("Every key"), also=named("aiuto", "pomoc")),
    Command(
        "quit", ("quit", "q", "exit"), N_("Quit the tutor"), also=named("esci", "koniec wyjdź")
    ),
)

FULL_SCREEN_ONLY = frozenset({"p", "play", "+", "-", "t", "tree", "ctrl+p"})
"""Keys of the full-screen tutor that need its screen (autoplay, the search tree, the
palette): told apart from mistakes."""


def find(word: str, *tables: tuple[Command, ...]) -> str | None:
    """The name of the command ``word`` calls in ``tables`` (the first that has it)."""
    found = command(word, *tables)
    return None if found is None else found.name


def command(word: str, *tables: tuple[Command, ...]) -> Command | None:
    """The command ``word`` calls in ``tables`` (the first that has it)."""
    key = word if word == "R" else word.lower()
    for found in (command for table in tables for command in table):
        if key in found.words or plain(key) in map(plain, sum(found.also.values(), ())):
            return found
    return None


def named_now(name: str) -> str:
    """The lesson board's command ``name`` in the language in use (``mostra`` for show)."""
    found = command(name, BOARD)
    return (*found.also.get(current(), ()), name)[0] if found is not None else name


def help_line(name: str, table: tuple[Command, ...]) -> str:
    """The help line of the command ``name`` of ``table``."""
    return help_lines(tuple(command for command in table if command.name == name))[0]


def usage(command: Command) -> str:
    """The words that call ``command``, with its argument: ``size N``."""
    return ", ".join(command.words) + (f" {command.argument}" if command.argument else "")


def help_lines(*tables: tuple[Command, ...]) -> list[str]:
    """One line a command, in the order :func:`find` looks them up: the words that call it
    (each only where it counts), and what it does."""
    seen: set[str] = set()
    lines = []
    for table in tables:
        for command in table:
            words = tuple(word for word in command.words if word not in seen)
            seen.update(command.words)
            if words:
                words += tuple(w for w in command.also.get(current(), ()) if w not in seen)
                seen.update(command.also.get(current(), ()))
                shown = Command(command.name, words, command.does, command.argument)
                lines.append(f"{usage(shown)}: {_(command.does)}")
    return lines
