"""Call ``tui.cli.main.main(argv)`` in this process and capture what it prints."""

from __future__ import annotations

import pytest

from tests.cli.clirun import Result
from tui.cli.main import main


def call(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    """(exit status, stdout, stderr) of ``queens-tutor ARGV`` run in-process."""
    try:
        status = main(list(argv))
    except SystemExit as stop:  # argparse errors and --help
        status = int(stop.code or 0)
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def call_result(capsys: pytest.CaptureFixture[str], *argv: str) -> Result:
    """:func:`call` as a :class:`tests.cli.clirun.Result`, for ``assert_usage_error``."""
    return Result(*call(capsys, *argv))
