"""Call ``tui.cli.main.main(argv)`` in this process and capture what it prints."""

from __future__ import annotations

import pytest

from tui.cli.main import main


def call(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    """(exit status, stdout, stderr) of ``queens-tutor ARGV`` run in-process."""
    try:
        status = main(list(argv))
    except SystemExit as stop:  # argparse errors and --help
        status = int(stop.code or 0)
    captured = capsys.readouterr()
    return status, captured.out, captured.err
