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


DROP_DAC = [
    "setpriv",
    "--inh-caps=-dac_override,-dac_read_search",
    "--bounding-set=-dac_override,-dac_read_search",
]
"""Root without the capabilities that read past a file's mode (mode 000 stops it then)."""


def run_cli_bound_by_modes(*args: str, env: dict[str, str] | None = None) -> Result:
    """``run_cli`` as a user whom a file's mode binds: as is, or as root without the
    capabilities that override modes (``setpriv``, util-linux); skipped without it."""
    import shutil

    import pytest

    prefix: list[str] = []
    if os.geteuid() == 0:
        if shutil.which("setpriv") is None:
            pytest.skip("root, and no setpriv to drop CAP_DAC_OVERRIDE")
        prefix = DROP_DAC
    proc = subprocess.run(
        [*prefix, sys.executable, "-m", "tui", *args],
        input="",
        capture_output=True,
        text=True,
        timeout=60,
        env={**os.environ, **(env or {})},
    )
    return Result(proc.returncode, proc.stdout, proc.stderr)
