"""Run the ``queens-tutor`` command line: in this process (:func:`run_main`, for what a command
prints and its exit status), or in a subprocess, as a user would (:func:`run_cli`, for what only
a real process shows: its stdin and stdout as pipes or files, signals, time limits, encodings
set by the environment, the installed entry point)."""

from __future__ import annotations

import io
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


def run_main(
    *args: str, stdin: str | None = None, env: dict[str, str] | None = None, typed: bool = False
) -> Result:
    """``queens-tutor ARGS`` run in this process by the command line's ``main``, with
    :func:`run_cli`'s arguments and result: ``env`` is added to the environment for the call,
    ``stdin`` is what it reads (none by default; ``typed``: as typed at a terminal, whose
    ``isatty()`` is true), stdout and stderr are caught as a pipe would (UTF-8, not a
    terminal). The same parsing, output and exit status as the subprocess, for a fraction of
    its CPU: a subprocess starts Python and imports the tutor's modules anew (0.1 to 0.2
    CPU-seconds each)."""
    from lessons import i18n
    from tui.cli.main import main

    language = i18n.current()
    saved_env = dict(os.environ)
    saved_streams = sys.stdin, sys.stdout, sys.stderr
    out, err = _caught(), _caught()
    os.environ.update(env or {})
    sys.stdin = (_Typed if typed else _caught)(stdin or "")
    sys.stdout, sys.stderr = out, err
    try:
        try:
            status = main(list(args))
        except SystemExit as stop:
            status = stop.code if isinstance(stop.code, int) else 1
        for stream in (out, err):
            stream.flush()
    finally:
        sys.stdin, sys.stdout, sys.stderr = saved_streams
        os.environ.clear()
        os.environ.update(saved_env)
        i18n.set_language(language)  # the command chose its own
    return Result(status, _text(out), _text(err))


def run_ok(*args: str, stdin: str | None = None, env: dict[str, str] | None = None) -> Result:
    """:func:`run_main`, which must end with exit status 0 (else fails showing its output)."""
    result = run_main(*args, stdin=stdin, env=env)
    assert result.status == 0, result
    return result


def _caught(text: str = "") -> io.TextIOWrapper:
    """A text stream over bytes, as a pipe is: UTF-8, not a terminal, no descriptor."""
    return io.TextIOWrapper(io.BytesIO(text.encode("utf-8")), encoding="utf-8", newline="")


class Tty(io.StringIO):
    """A text stream in memory whose ``isatty()`` is true: a terminal to a program."""

    def isatty(self) -> bool:
        return True


class _Typed(io.TextIOWrapper):
    """What a student types at a terminal: a text stream whose ``isatty()`` is true."""

    def __init__(self, text: str) -> None:
        super().__init__(io.BytesIO(text.encode("utf-8")), encoding="utf-8", newline="")

    def isatty(self) -> bool:
        return True


def _text(stream: io.TextIOWrapper) -> str:
    buffer = stream.buffer
    assert isinstance(buffer, io.BytesIO)
    # as ``text=True`` reads a pipe: universal newlines
    return buffer.getvalue().decode("utf-8").replace("\r\n", "\n").replace("\r", "\n")


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
