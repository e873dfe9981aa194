"""Run the real ``queens-tutor`` command line in a subprocess, as a user would."""

from __future__ import annotations

import os
import subprocess
import sys
from dataclasses import dataclass


@dataclass(frozen=True)
class Result:
    status: int
    out: str
    err: str


def run_cli(
    *args: str, stdin: str | None = None, timeout: float = 60, env: dict[str, str] | None = None
) -> Result:
    """``python -m tui ARGS`` (the same code as the installed ``queens-tutor`` script)."""
    full_env = {**os.environ, **(env or {})}
    proc = subprocess.run(
        [sys.executable, "-m", "tui", *args],
        input=stdin if stdin is not None else "",
        capture_output=True,
        text=True,
        timeout=timeout,
        env=full_env,
    )
    return Result(proc.returncode, proc.stdout, proc.stderr)


def assert_usage_error(result: Result, *words: str) -> None:
    """Exit status 2, exactly one line on stderr naming the problem, no traceback."""
    assert result.status == 2, result
    lines = result.err.strip().splitlines()
    assert len(lines) == 1, result.err
    assert "Traceback" not in result.err
    for word in words:
        assert word in lines[0], (word, lines[0])
