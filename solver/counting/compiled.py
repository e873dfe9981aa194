"""The counting kernels compiled to machine code with numba (the optional ``fast`` extra)."""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import Any

from solver.messages import Message, MessageError, register

_loaded: tuple[Callable[..., int], Callable[..., Any]] | None = None


class CompiledUnavailable(MessageError, RuntimeError):
    """The compiled engine was asked for but numba is not installed."""


def available() -> bool:
    """Whether numba can be imported (without importing it)."""
    from importlib.util import find_spec

    return find_spec("numba") is not None


def cache_dir() -> str:
    """Where numba keeps the compiled kernels (``NUMBA_CACHE_DIR`` if set)."""
    chosen = os.environ.get("NUMBA_CACHE_DIR")
    if chosen:
        return chosen
    from platformdirs import user_cache_dir

    return os.path.join(user_cache_dir("queens-tutor"), "numba")


def cached() -> bool:
    """Whether the kernels' machine code is in the cache folder (else load() compiles it)."""
    from pathlib import Path

    return any(Path(cache_dir()).glob("*/kernels.plain-*.nbi"))


def load() -> tuple[Callable[..., int], Callable[..., Any]]:
    """The compiled (plain, unique) kernels, compiling or loading them on first use."""
    global _loaded
    if _loaded is None:
        if not available():
            raise CompiledUnavailable(Message.of("compiled.no_numba"))
        prepare_cache()
        try:
            _loaded = _build()
        except Exception as error:  # numba's and pickle's errors on a bad cache: reported
            _use_cache(_elsewhere(error) if _disk_full(error) else _aside(error))
            try:
                _loaded = _build()
            except Exception as again:  # not the cache: numba cannot compile here
                raise CompiledUnavailable(
                    Message.of("compiled.failed", error=_why(again))
                ) from again
    return _loaded


def _disk_full(error: BaseException | None) -> bool:
    """Whether ``error`` (or what it was raised from) says the disk or the quota is full."""
    import errno

    seen = 0
    while error is not None and seen < 8:
        if isinstance(error, OSError) and error.errno in (errno.ENOSPC, errno.EDQUOT):
            return True
        error = error.__cause__ or error.__context__
        seen += 1
    return False


def _elsewhere(error: Exception) -> str:
    """Where to compile again: a new temporary folder, the cache's disk being full (its folder is
    left as it is)."""
    import tempfile

    full = os.environ["NUMBA_CACHE_DIR"]
    try:
        folder = tempfile.mkdtemp(prefix="queens-tutor-numba-")
    except OSError as again:
        raise CompiledUnavailable(Message.of("compiled.failed", error=_why(again))) from None
    notes.append(Message.of("compiled.cache_full", full=full, folder=folder, error=_why(error)))
    return folder


def prepare_cache() -> str:
    """The cache folder numba will use, made ready before numba is imported: the chosen one
    (:func:`cache_dir`) if a file can be written in it, else a new temporary folder, with a note.
    numba itself would not say: it caches in another place it finds (the package's ``__pycache__``,
    or its own user folder) or compiles every time."""
    import tempfile

    folder = os.environ.get("NUMBA_CACHE_DIR") or cache_dir()
    why = _unwritable(folder)
    if why is not None:
        try:
            folder = tempfile.mkdtemp(prefix="queens-tutor-numba-")
        except OSError as error:
            raise CompiledUnavailable(Message.of("compiled.failed", error=_why(error))) from None
        notes.append(Message.of("compiled.cache_elsewhere", folder=folder, error=_why(why)))
    if os.environ.get("NUMBA_CACHE_DIR") != folder:
        _use_cache(folder)
    return folder


def _unwritable(folder: str) -> OSError | None:
    """Why no file can be written in ``folder`` (made if missing), or None."""
    import tempfile

    try:
        os.makedirs(folder, exist_ok=True)
        handle, probe = tempfile.mkstemp(dir=folder, prefix=".probe-")
    except OSError as error:
        return error
    os.close(handle)
    os.unlink(probe)
    return None


def _build() -> tuple[Callable[..., int], Callable[..., Any]]:
    from solver.counting import kernels

    return kernels.plain, kernels.unique


notes: list[Message] = []
"""What :func:`load` did about a bad cache, for the caller to tell (one sentence each)."""


def _why(error: BaseException) -> str:
    text = str(error).splitlines()[0][:120] if str(error) else ""
    return f"{type(error).__name__}: {text}" if text else type(error).__name__


def _aside(error: Exception) -> str:
    """Where to compile again after ``error``: the cache's folder, the bad cache moved aside,
    else a new folder."""
    import tempfile
    import time

    folder = os.environ["NUMBA_CACHE_DIR"]
    aside = f"{folder}.broken-{time.strftime('%Y%m%d-%H%M%S')}-{os.getpid()}"
    try:
        os.replace(folder, aside)
        os.makedirs(folder)
    except OSError:
        folder = tempfile.mkdtemp(prefix="queens-tutor-numba-")
        notes.append(Message.of("compiled.cache_elsewhere", folder=folder, error=_why(error)))
    else:
        notes.append(Message.of("compiled.cache_aside", aside=aside, error=_why(error)))
    return folder


def _use_cache(folder: str) -> None:
    """Point numba's cache at ``folder`` (numba reads NUMBA_CACHE_DIR into its config)."""
    import sys

    os.environ["NUMBA_CACHE_DIR"] = folder
    if "numba" in sys.modules:  # else numba reads it when first imported
        from numba.core.config import reload_config

        reload_config()  # type: ignore[no-untyped-call]
    for name in ("solver.counting.kernels",):  # a half-run import: run it again
        sys.modules.pop(name, None)


register(
    {
        "compiled.no_numba": (
            "the compiled engine needs numba: in the tutor's folder, "
            ".venv/bin/pip install '.[fast]'"
        ),
        "compiled.cache_aside": (
            "the numba cache could not be read ({error}): it was moved to {aside} and the "
            "counting kernels compiled again"
        ),
        "compiled.cache_elsewhere": (
            "the numba cache could not be used ({error}): the counting kernels were compiled "
            "again and cached in {folder}"
        ),
        "compiled.cache_full": (
            "there is no room for the numba cache in {full} ({error}): the counting kernels "
            "were compiled again and cached in {folder}"
        ),
        "compiled.failed": "numba could not compile the counting kernels ({error})",
    }
)
