"""The ``queens-tutor`` entry point: the tutor with no command, or one of the commands (each a
module with ``add_parser(subparsers)`` and ``run(args)``)."""

from __future__ import annotations

import argparse
import importlib
import os
import signal
import sys
from types import ModuleType
from typing import NoReturn, TextIO

from lessons.i18n import _
from solver.registry import MAX_APP_N, METHODS, steppable_methods
from tui.cli.streams import OutputFailed, report, safe_streams
from tui.options.args import (
    USAGE_ERROR,
    OneLineParser,
    UsageError,
    add_display_options,
    add_plain_option,
    int_in_range,
)
from tui.options.lesson_options import add_lesson_options, choose_language

ESCAPE_DELAY_MS = 400
"""How long the tutor waits after ESC for the rest of a sequence (Textual's ESCDELAY, in ms):
over a slow link an arrow key's bytes arrive far apart. An ESCDELAY in the environment wins."""

TEXTUAL_FPS = 1000
"""The most frames a second Textual draws (TEXTUAL_FPS): a key waits for the frame clock's next
tick, and the tutor draws only what changed. A TEXTUAL_FPS in the environment wins."""

COMMANDS = (
    "trace",
    "solve",
    "count",
    "check",
    "compare",
    "lessons",
    "progress",
    "report",
    "place",
    "review",
    "serve",
)
"""Command modules under ``tui.cli``, in the order ``--help`` lists them."""


def _version(package: str = "queens-tutor") -> str | None:
    """The installed version of ``package`` (from its metadata, never imported), or None."""
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version(package)
    except PackageNotFoundError:
        return None


VERSIONS = (
    ("Textual", "textual"),
    ("Rich", "rich"),
    ("textual-serve", "textual-serve"),
    ("platformdirs", "platformdirs"),
    ("numba", "numba"),
    ("Dask", "distributed"),
    ("pylti1p3", "PyLTI1p3"),
)
"""What ``--version`` reports besides the tutor and Python: what draws it, serves it, finds
its folders, and the optional extras ([fast]: numba; [cluster]: Dask distributed; [lti]:
pylti1p3)."""


def versions() -> list[str]:
    """``--version``'s lines: the tutor's, Python's and the platform's, then each library's
    (what a bug report needs: docs/contributing.md, "Reporting a bug")."""
    import platform

    where = [platform.python_implementation(), platform.system(), platform.release()]
    lines = [
        f"queens-tutor {_version() or _('unknown')}",
        f"Python {platform.python_version()} ({', '.join([*where, platform.machine()])})",
    ]
    for label, package in VERSIONS:
        found = _version(package)
        lines.append(f"{label} {found}" if found else _("{name}: not installed").format(name=label))
    return lines


class _VersionAction(argparse.Action):
    """``--version``, reading the installed versions only when asked (keeps start-up fast)."""

    def __init__(self, option_strings: list[str], dest: str, **kwargs: object) -> None:
        super().__init__(
            option_strings,
            dest,
            nargs=0,
            help=_("show the versions of the tutor, Python, Textual and Rich, and exit"),
        )

    def __call__(self, parser: argparse.ArgumentParser, *args: object, **kwargs: object) -> None:
        print("\n".join(versions()))
        parser.exit()


def maze_spec(text: str) -> str:
    """``--maze``: checked here, so that a bad maze is a usage error before the tutor starts."""
    from solver.methods.maze.mazes import maze_from_spec

    try:
        maze_from_spec(text)
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from None
    return text


class _NotTheTutor(Exception):
    """The command line is not the tutor's alone (a command, help, or a mistake)."""


class _TutorOnlyParser(OneLineParser):
    """The tutor's own options without the commands: an error means "ask the whole parser"."""

    def error(self, message: str) -> NoReturn:
        raise _NotTheTutor(message)


def _names_no_command(argv: list[str]) -> bool:
    """True when no word of ``argv`` can be a command or ask for help or the version (which
    list the commands), so the tutor's own options are all there is to parse."""
    return not any(word in COMMANDS or word.startswith(("-h", "--h", "--v")) for word in argv)


def tutor_parser(parser_class: type[OneLineParser] = OneLineParser) -> argparse.ArgumentParser:
    """The parser of the tutor's own options (no command)."""
    parser = parser_class(
        prog="queens-tutor",
        description=_(
            "A terminal tutor that teaches backtracking through the N-Queens problem. "
            "With no command it opens the tutor; the commands work without a terminal."
        ),
    )
    parser.add_argument("--version", action=_VersionAction)
    app = parser.add_argument_group(_("the tutor (no command)"))
    app.add_argument(
        "-n",
        type=int_in_range(1, MAX_APP_N, "N"),
        default=8,
        metavar="N",
        help=_("board size, 1 to {max} (default 8)").format(max=MAX_APP_N),
    )
    app.add_argument(
        "--method",
        choices=steppable_methods(),
        metavar="METHOD",
        default="iterative",
        help=_("the method of the notes to step (default iterative): {methods}").format(
            methods="; ".join(f"{name}: {_(METHODS[name].title)}" for name in steppable_methods())
        ),
    )
    app.add_argument(
        "--maze",
        type=maze_spec,
        metavar="SPEC",
        help=_(
            "the maze for --method maze: a built-in maze's name, random:SEED or "
            "random:SEED:ROWSxCOLS (default: the first built-in)"
        ),
    )
    app.add_argument("--all", action="store_true", help=_("start in all-solutions mode"))
    app.add_argument("--ascii", action="store_true", help=_("draw with ASCII only"))
    app.add_argument(
        "--guess",
        action="store_true",
        help=_("start in guess mode: each step asks for your prediction before it plays (g)"),
    )
    app.add_argument("--lesson", metavar="ID", help=_("open (resume) a lesson: its id or number"))
    add_plain_option(app)
    add_display_options(app)
    add_lesson_options(app, sub=False)
    parser.set_defaults(command=None)
    return parser


def build_parser() -> tuple[argparse.ArgumentParser, dict[str, ModuleType]]:
    """The whole parser: the tutor's options and every command."""
    parser = tutor_parser()
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=OneLineParser)
    modules: dict[str, ModuleType] = {}
    for name in COMMANDS:
        module = importlib.import_module(f"tui.cli.{name}_cmd")
        modules[module.add_parser(sub)] = module  # each adds its parser and says its name
    return parser, modules


def _run_app(args: argparse.Namespace, streams: tuple[TextIO | None, TextIO | None]) -> int:
    """Open the tutor (no command, or a command that opens it, such as ``place``), on an
    interactive terminal only, drawing on the terminal's own streams."""
    out, err = streams
    if not (out is not None and out.isatty() and sys.stdin is not None and sys.stdin.isatty()):
        sys.stderr.write(
            "queens-tutor: "
            + _(
                "the tutor needs an interactive terminal (stdin and stdout must be a TTY); "
                "the commands (queens-tutor --help) work without one"
            )
            + ". "
            + _("queens-tutor --plain reads the tutor's commands from a file or a pipe.")
            + "\n"
        )
        return USAGE_ERROR
    if err is None:
        # Standard error was closed (2>&-): Textual draws on it, so it becomes the terminal.
        os.dup2(out.fileno(), 2)
        err = open(2, "w", encoding=out.encoding, errors="backslashreplace", closefd=False)  # noqa: SIM115
        sys.__stderr__ = err  # type: ignore[misc]  # Textual draws on sys.__stderr__
    # The tutor draws with escape sequences of its own: it gets the streams as they are.
    sys.stdout, sys.stderr = out, err
    os.environ.setdefault("ESCDELAY", str(ESCAPE_DELAY_MS))  # read when textual is imported
    os.environ.setdefault("TEXTUAL_FPS", str(TEXTUAL_FPS))  # read then too
    # The terminal says how big it is: COLUMNS and LINES (0, negative, huge, text) would
    # override it in Rich's console and leave the screen blank or the wrong size.
    os.environ.pop("COLUMNS", None)
    os.environ.pop("LINES", None)
    from tui.collector import held_during_start  # imports no textual

    with held_during_start():  # no collection until the screen has settled
        from tui.run_tutor import run_app  # textual is imported here, and only here

        return run_app(args)


def _run_tutor(args: argparse.Namespace, streams: tuple[TextIO | None, TextIO | None]) -> int:
    """The plain tutor when asked for or chosen (tui/plain/choice.py), else the full one."""
    from tui.plain.choice import plain_reason

    reason = plain_reason(args, sys.stdin, streams[0], os.environ.get("TERM"))
    if reason is None:
        return _run_app(args, streams)
    from tui.plain.start import run_plain  # never imports textual

    return run_plain(args, reason)


def _tutor_args(argv: list[str]) -> argparse.Namespace | None:
    """The tutor's options when ``argv`` opens the tutor and is right (parsed without building
    every command's parser), else None: the whole parser then says what is wrong."""
    if not _names_no_command(argv):
        return None
    try:
        return tutor_parser(_TutorOnlyParser).parse_args(argv)
    except _NotTheTutor:
        return None


def _remember_language(args: argparse.Namespace) -> None:
    """Keep ``--lang`` for the next start when the tutor runs at a terminal (a problem with the
    settings file is one line); a script's language lasts its run only."""
    from lessons import i18n
    from lessons.progress import settings
    from tui.plain.choice import is_tty

    if not is_tty(sys.stdin):
        return

    for note in settings.remember_language(getattr(args, "lang", None), i18n.LANGUAGES):
        sys.stderr.write("queens-tutor: " + _("warning: {warning}").format(warning=note) + "\n")


def _unsafe_store() -> str | None:
    """Why the student's store cannot be used (a folder another account can write in or
    owns: lessons/progress/folders.py), or None; the tutor refuses to start then."""
    from lessons.progress.folders import unsafe_store  # the store itself loads later

    return unsafe_store()


def _main(argv: list[str] | None, streams: tuple[TextIO | None, TextIO | None]) -> int:
    words = sys.argv[1:] if argv is None else argv
    choose_language(words)
    modules: dict[str, ModuleType] = {}
    args = _tutor_args(words)
    if args is None:
        parser, modules = build_parser()
        try:
            args = parser.parse_args(argv)
        except SystemExit as stop:  # --help, --version, or a usage error (already printed)
            sys.stdout.flush()
            return stop.code if isinstance(stop.code, int) else USAGE_ERROR
    try:
        opens_tutor = args.command is None or getattr(modules[args.command], "OPENS_TUTOR", False)
        if opens_tutor and (problem := _unsafe_store()) is not None:
            name = "queens-tutor" + (f" {args.command}" if args.command else "")
            sys.stderr.write(f"{name}: " + _("error: {error}").format(error=problem) + "\n")
            return USAGE_ERROR
        if opens_tutor:
            _remember_language(args)
        if args.command is None:
            return _run_tutor(args, streams)
        module = modules[args.command]
        if getattr(module, "OPENS_TUTOR", False):
            said = module.prepare(args)
            if said is not None:  # the command said all there was to say
                sys.stdout.flush()
                return int(said)
            if getattr(module, "PLAIN_TOO", False):
                return _run_tutor(args, streams)
            return _run_app(args, streams)
        status = int(modules[args.command].run(args))
        sys.stdout.flush()
        return status
    except UsageError as error:
        sys.stderr.write(
            f"queens-tutor {args.command}: " + _("error: {error}").format(error=error) + "\n"
        )
        return USAGE_ERROR
    except KeyboardInterrupt:
        return 128 + signal.SIGINT
    except OutputFailed:
        raise
    except Exception:  # a bug: one line and a log file with the details, never a traceback
        import traceback

        from tui.crash_log import EXIT_CRASHED, report

        sys.stderr.write(report(traceback.format_exc()) + "\n")
        return EXIT_CRASHED


def main(argv: list[str] | None = None) -> int:
    """Run ``queens-tutor ARGV``; the exit status (a failed output: one line, never a traceback;
    Ctrl-C at any moment, the start's imports included: quietly, 130)."""
    with safe_streams() as originals:
        try:
            return _main(argv, originals)
        except OutputFailed as failure:
            return report(failure, originals)
        except KeyboardInterrupt:
            return 128 + signal.SIGINT


if __name__ == "__main__":
    raise SystemExit(main())
