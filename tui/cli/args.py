"""Argument parsing that fails with one clear line and exit status 2, never a traceback."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from typing import NoReturn

USAGE_ERROR = 2


class UsageError(Exception):
    """Bad input found after parsing; main() prints it as one line and exits with status 2."""


class OneLineParser(argparse.ArgumentParser):
    """An ArgumentParser whose errors are one line on stderr (no usage dump), status 2."""

    def error(self, message: str) -> NoReturn:
        sys.stderr.write(f"{self.prog}: error: {message} (see --help)\n")
        raise SystemExit(USAGE_ERROR)


def int_in_range(lo: int, hi: int | None, what: str) -> Callable[[str], int]:
    """An argparse type: an integer in [lo, hi], with a message saying what is allowed."""

    allowed = f"from {lo} to {hi}" if hi is not None else f"{lo} or more"

    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(
                f"{what} must be a whole number {allowed}, not {text!r}"
            ) from None
        if value < lo or (hi is not None and value > hi):
            raise argparse.ArgumentTypeError(f"{what} must be {allowed}, not {value}")
        return value

    return parse


def add_format(parser: argparse.ArgumentParser, *choices: str) -> None:
    parser.add_argument(
        "--format",
        choices=choices,
        default=choices[0],
        help=f"output format (default: {choices[0]})",
    )
