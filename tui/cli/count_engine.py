"""``count``'s engine on this machine, and the options of ``--cluster``'s trust and TLS."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from lessons.i18n import _
from tui.options.args import UsageError


def add_cluster_options(parser: Any) -> None:
    """--trust-cluster and the TLS files of --cluster."""
    parser.add_argument(
        "--trust-cluster",
        action="store_true",
        help=_("trust the --cluster scheduler, wherever and whoever runs it (it runs code here)"),
    )
    for option, said in (
        ("--tls-ca-file", _("for tls://: the cluster's certificate authority")),
        ("--tls-cert", _("for tls://: this client's certificate")),
        ("--tls-key", _("for tls://: this client's private key")),
    ):
        parser.add_argument(option, metavar="FILE", type=readable_file, help=said)


def readable_file(text: str) -> str:
    """An argparse type: a file that exists and can be read."""
    import os

    try:  # without blocking on a FIFO
        os.close(os.open(text, os.O_RDONLY | os.O_NONBLOCK | os.O_NOCTTY))
    except FileNotFoundError:
        raise argparse.ArgumentTypeError(
            _("no such file: {path}").format(path=repr(text))
        ) from None
    except OSError as error:
        reason = _("cannot read the file: {reason}").format(reason=error.strerror)
        raise argparse.ArgumentTypeError(f"{text!r}: {reason}") from None
    return text


def tls_without_cluster(args: Any) -> None:
    """A TLS file given without --cluster is a usage error."""
    for option in ("tls_ca_file", "tls_cert", "tls_key"):
        if getattr(args, option, None) is not None and not getattr(args, "cluster", None):
            name = "--" + option.replace("_", "-")
            raise UsageError(_("{option} only goes with --cluster").format(option=name))


def will_compile(args: argparse.Namespace) -> bool:
    """Whether this count will compile the kernels (compiled engine, nothing in the cache)."""
    from solver.counting.bitmask import COMPILED_FROM
    from solver.counting.compiled import available, cached

    wanted = args.engine == "compiled" or (args.engine == "auto" and args.n >= COMPILED_FROM)
    return wanted and available() and not cached()


def note(text: str) -> None:
    """``text`` as count's note on stderr."""
    sys.stderr.write(_("queens-tutor count: note: {text}").format(text=text) + "\n")
    sys.stderr.flush()


def local_engine(args: argparse.Namespace) -> str:
    """The engine this machine runs: python when numba is there but cannot compile (a note)."""
    from solver.counting.bitmask import resolve_engine
    from solver.counting.compiled import CompiledUnavailable, available, notes, prepare_cache
    from solver.messages import render

    try:
        if will_compile(args):
            folder = prepare_cache()
            compiling = _(
                "count: compiling the counting kernels with numba, once (seconds; the "
                "machine code is cached in {folder})"
            )
            sys.stderr.write(compiling.format(folder=folder) + "\n")
            sys.stderr.flush()
        engine = resolve_engine(args.engine, args.n)
    except CompiledUnavailable as error:
        if not available():
            raise UsageError(str(error)) from None
        note(_("{error}; counting with the python engine").format(error=error))
        engine = "python"
    for said in notes:
        note(render(said))
    notes.clear()
    return engine
