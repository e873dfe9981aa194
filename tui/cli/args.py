"""Argument parsing that fails with one clear line and exit status 2, never a traceback."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from typing import NoReturn

from lessons.i18n import _

USAGE_ERROR = 2


class UsageError(Exception):
    """Bad input found after parsing; main() prints it as one line and exits with status 2."""


class OneLineParser(argparse.ArgumentParser):
    """An ArgumentParser whose errors are one line on stderr (no usage dump), status 2."""

    def error(self, message: str) -> NoReturn:
        sys.stderr.write(
            f"{self.prog}: " + _("error: {error} (see --help)").format(error=message) + "\n"
        )
        raise SystemExit(USAGE_ERROR)


def int_in_range(lo: int, hi: int | None, what: str) -> Callable[[str], int]:
    """An argparse type: an integer in [lo, hi], with a message saying what is allowed."""

    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            if hi is None:
                message = _("{what} must be a whole number {lo} or more, not {text}")
            else:
                message = _("{what} must be a whole number from {lo} to {hi}, not {text}")
            raise argparse.ArgumentTypeError(
                message.format(what=what, lo=lo, hi=hi, text=repr(text))
            ) from None
        if value < lo or (hi is not None and value > hi):
            if hi is None:
                message = _("{what} must be {lo} or more, not {value}")
            else:
                message = _("{what} must be from {lo} to {hi}, not {value}")
            raise argparse.ArgumentTypeError(message.format(what=what, lo=lo, hi=hi, value=value))
        return value

    return parse


def add_format(parser: argparse.ArgumentParser, *choices: str) -> None:
    parser.add_argument(
        "--format",
        choices=choices,
        default=choices[0],
        help=_("output format (default: {format})").format(format=choices[0]),
    )
