"""The counting kernels compiled to machine code with numba (the optional ``fast`` extra).

The same two searches as the pure-Python counters (:func:`solver.counting.count_below` and
:func:`solver.counting_unique.run_unique_job`), written as loops over small arrays (one entry
per row: the row's free squares still to try, and the masks beneath it) instead of
recursion, on 64-bit integers (so n is at most 32); they live in :mod:`solver.counting_kernels`.
numba compiles them when that module is first imported (their types are declared) and keeps
the machine code in a cache folder (``NUMBA_CACHE_DIR``, by default the user's cache folder,
``.../queens-tutor/numba``), so later runs and worker processes load it instead of compiling.

This module imports numba only in :func:`load`: numba is optional, and importing it and
loading the cached kernels takes 1.6-1.9 s on the busy 2-core machine of docs/benchmarks.md.
"""

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

    return any(Path(cache_dir()).glob("*/counting_kernels.plain-*.nbi"))


def load() -> tuple[Callable[..., int], Callable[..., Any]]:
    """The compiled (plain, unique) kernels, compiling or loading them on first use."""
    global _loaded
    if _loaded is None:
        if not available():
            raise CompiledUnavailable(Message.of("compiled.no_numba"))
        os.environ.setdefault("NUMBA_CACHE_DIR", cache_dir())
        _loaded = _build()
    return _loaded


def _build() -> tuple[Callable[..., int], Callable[..., Any]]:
    from solver import counting_kernels

    return counting_kernels.plain, counting_kernels.unique


register({"compiled.no_numba": "the compiled engine needs numba: pip install 'queens-tutor[fast]'"})
