"""Argument parsing that fails with one clear line and exit status 2, never a traceback."""

from __future__ import annotations

import argparse
import contextlib
import re
import sys
import textwrap
from collections.abc import Callable, Iterator, Sequence
from datetime import date
from functools import cache
from typing import Any, NoReturn

from lessons.answers.whole_numbers import MAX_DIGITS, shown, too_long, whole
from lessons.i18n import N_, _

USAGE_ERROR = 2


class UsageError(Exception):
    """Bad input found after parsing; main() prints it as one line and exits with status 2."""


@contextlib.contextmanager
def as_usage(*kinds: type[Exception]) -> Iterator[None]:
    """An error of ``kinds`` raised in the block becomes a :class:`UsageError`, its message."""
    try:
        yield
    except kinds as error:
        raise UsageError(str(error)) from None


_ARGPARSE_ERRORS = (
    N_("argument {name}: {message}"),
    N_("unrecognized arguments: {arguments}"),
    N_("the following arguments are required: {arguments}"),
    N_("invalid choice: {value} (choose from {choices})"),
    N_("expected one argument"),
    N_("expected at most one argument"),
    N_("expected at least one argument"),
    N_("ignored explicit argument {value}"),
    N_("ambiguous option: {option} could match {matches}"),
    N_("not allowed with argument {name}"),
    N_("one of the arguments {arguments} is required"),
)
"""argparse's own error sentences, as the tutor's words for them say them."""


@cache
def _compiled(pattern: str) -> re.Pattern[str]:
    return re.compile(pattern)


def _said(template: str) -> str:
    """The pattern of the sentence ``template`` as argparse says it: each ``{part}`` any text,
    but the argument's name before a colon and an ``{option}``, words without a space."""
    pattern = re.escape(template).replace(r"\{name\}:", r"(?P<name>\S+):")
    pattern = pattern.replace(r"\{option\}", r"(?P<option>\S+)")
    return "(?s)^" + re.sub(r"\\\{(\w+)\\\}", r"(?P<\1>.*)", pattern) + "$"


def argparse_words(message: str) -> str:
    """An argparse error in the tutor's language (the parts it names stay as they are)."""
    for template in _ARGPARSE_ERRORS:
        found = _compiled(_said(template)).match(message)
        if found is None:
            continue
        words = found.groupdict()
        if "message" in words:  # argument NAME: MESSAGE, whose message may be argparse's too
            words["message"] = argparse_words(words["message"])
        return _(template).format(**words)
    return message


_SHOWN = 24
_LONG_WORD = r"\S{40,}"
"""A word of an argparse error too long to quote whole."""


class OneLineParser(argparse.ArgumentParser):
    """An ArgumentParser whose errors are one line on stderr (no usage dump), status 2, and
    whose help speaks the tutor's language (argparse's headings included)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        add_help = kwargs.get("add_help", True)
        kwargs["add_help"] = False  # added below, in the tutor's language
        super().__init__(*args, **kwargs)
        if add_help:
            self.add_argument(
                "-h",
                "--help",
                action="help",
                default=argparse.SUPPRESS,
                help=_("show this help message and exit"),
            )

    def parse_known_args(  # type: ignore[override]
        self, args: Sequence[str] | None = None, namespace: argparse.Namespace | None = None
    ) -> tuple[argparse.Namespace, list[str]]:
        """As argparse's, but an unknown argument is an error named with its command."""
        parsed, extras = super().parse_known_args(args, namespace)
        if extras:
            self.error("unrecognized arguments: " + " ".join(extras))
        return parsed, extras

    def format_usage(self) -> str:
        return _headings(super().format_usage())

    def format_help(self) -> str:
        return _headings(super().format_help())

    def error(self, message: str) -> NoReturn:
        words = argparse_words(message)
        error = _compiled(_LONG_WORD).sub(lambda word: word.group()[:_SHOWN] + "…", words)
        sys.stderr.write(
            f"{self.prog}: " + _("error: {error} (see --help)").format(error=error) + "\n"
        )
        raise SystemExit(USAGE_ERROR)


def _headings(text: str) -> str:
    """argparse's headings in the tutor's language."""
    if text.startswith("usage: "):
        text = _("usage: ") + text.removeprefix("usage: ")
    for heading in (N_("positional arguments:"), N_("options:")):
        text = text.replace(f"\n{heading}\n", f"\n{_(heading)}\n")
    return text


_TABLE_ROW = r"^(\s*)\S(?:.*?\S)?\s{2,}(?=\S)"
"""A row of a two-column list in an epilog: its continuation lines go under the second column."""


class WrappedHelpFormatter(argparse.RawDescriptionHelpFormatter):
    """Descriptions and epilogs as written, but a block with a line wider than the terminal is
    wrapped to it: a paragraph as one, a row of a two-column list under its second column."""

    def _fill_text(self, text: str, width: int, indent: str) -> str:
        blocks: list[tuple[int, list[str]]] = []  # (continuation indent, lines)
        for line in text.splitlines():
            lead = len(line) - len(line.lstrip())
            row = _compiled(_TABLE_ROW).match(line)
            if blocks and line.strip() and not row:
                hang, lines = blocks[-1]
                if lead == hang and lines[-1].strip() and not lines[-1].endswith(":"):
                    lines.append(line)
                    continue
            blocks.append((len(row.group(0)) if row else lead, [line]))
        out: list[str] = []
        for hang, lines in blocks:
            if all(len(indent) + len(line) <= width for line in lines):
                out.extend(indent + line for line in lines)
                continue
            first = lines[0]
            margin = first[: len(first) - len(first.lstrip())]
            words = " ".join(line.strip() for line in lines)
            head = first[:hang] if _compiled(_TABLE_ROW).match(first) else margin
            body = words[len(first[:hang].strip()) :].strip() if head != margin else words
            out.extend(
                textwrap.wrap(
                    body,
                    width,
                    initial_indent=indent + head,
                    subsequent_indent=indent + " " * hang,
                    break_on_hyphens=False,
                    break_long_words=False,
                )
                or [indent + first]
            )
        return "\n".join(out)


def int_in_range(lo: int, hi: int | None, what: str) -> Callable[[str], int]:
    """An argparse type: an integer in [lo, hi], with a message saying what is allowed."""

    def parse(text: str) -> int:
        value = whole(text.strip())
        if value is not None and value >= lo and (hi is None or value <= hi):
            return value
        said: object = value if value is not None else shown(text)
        if hi is not None and (value is not None or too_long(text.strip())):
            message = _("{what} must be from {lo} to {hi}, not {value}")
        elif value is not None:
            message = _("{what} must be {lo} or more, not {value}")
        elif too_long(text.strip()):
            message = _("{what} must be a whole number of at most {digits} digits, not {value}")
        elif hi is None:
            message = _("{what} must be a whole number {lo} or more, not {text}")
        else:
            message = _("{what} must be a whole number from {lo} to {hi}, not {text}")
        raise argparse.ArgumentTypeError(
            message.format(what=what, lo=lo, hi=hi, digits=MAX_DIGITS, value=said, text=said)
        )

    return parse


def add_board_size(parser: argparse.ArgumentParser, most: int) -> None:
    """The positional ``N``, a board size from 1 to ``most``."""
    parser.add_argument(
        "n", type=int_in_range(1, most, "N"), metavar="N", help=_("1 to {max}").format(max=most)
    )


def a_day(text: str) -> date:
    """An argparse type: a day written as 2026-11-28, in the years 1970 to 9000."""
    try:
        day = date.fromisoformat(text.strip())
    except ValueError:
        said = _("DATE must be a day written as 2026-11-28, not {text}")
    else:
        if date(1970, 1, 2) <= day <= date(9000, 12, 31):
            return day
        said = _("DATE must be a day of the years 1970 to 9000, not {text}")
    raise argparse.ArgumentTypeError(said.format(text=shown(text)))


def add_today_option(parser: argparse.ArgumentParser) -> None:
    """``--today DATE``: the review and the progress as on another day."""
    parser.add_argument(
        "--today",
        type=a_day,
        metavar="DATE",
        help=_(
            "as if today were DATE (written 2026-11-28): what is due then, and the review a "
            "student would get that day; tried so, the tutor saves nothing, neither the review "
            "nor a lesson opened from it"
        ),
    )


def add_format(parser: argparse.ArgumentParser, *choices: str) -> None:
    parser.add_argument(
        "--format",
        choices=choices,
        default=choices[0],
        help=_("output format (default: {format})").format(format=choices[0]),
    )


def add_plain_option(group: argparse.ArgumentParser | argparse._ArgumentGroup) -> None:
    """``--plain``: the plain tutor (given before a command or after it: absent where neither
    says it, read as ``getattr(args, "plain", False)``)."""
    group.add_argument(
        "--plain",
        action="store_true",
        default=argparse.SUPPRESS,
        help=_(
            "the plain tutor: one command a line in, sentences out, no escape sequences (for "
            "screen readers, braille displays, dumb terminals and scripts); chosen by itself "
            "when TERM=dumb or standard input is not a terminal (a pipe or a file)"
        ),
    )


def add_display_options(group: argparse._ArgumentGroup, projector: bool = True) -> None:
    """The full-screen tutor's display options: the high-contrast theme, the projector layout."""
    group.add_argument(
        "--high-contrast",
        action="store_true",
        help=_(
            "start in the high-contrast theme: white and yellow on black (the command "
            "palette's Theme command switches themes)"
        ),
    )
    if projector:
        group.add_argument(
            "--projector",
            action="store_true",
            help=_(
                "open the projector layout: the board on the whole screen in large squares, the "
                "narration in a line under it (escape: the main layout)"
            ),
        )
