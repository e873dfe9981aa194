"""The ``queens-tutor`` entry point: the tutor with no command, or one of the commands.

Each command lives in its own module with ``add_parser(subparsers)`` and ``run(args)``.
"""

from __future__ import annotations

import argparse
import importlib
import signal
import sys
from types import ModuleType

from solver.registry import MAX_APP_N, METHODS, steppable_methods
from tui.cli.args import USAGE_ERROR, OneLineParser, UsageError, int_in_range
from tui.cli.lesson_options import add_lesson_options

COMMANDS = (
    "trace",
    "solve",
    "count",
    "check",
    "compare",
    "lessons",
    "progress",
    "report",
    "serve",
)
"""Command modules under ``tui.cli``, in the order ``--help`` lists them."""


def _version() -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("queens-tutor")
    except PackageNotFoundError:
        return "unknown"


class _VersionAction(argparse.Action):
    """``--version``, reading the installed version only when asked (keeps start-up fast)."""

    def __init__(self, option_strings: list[str], dest: str, **kwargs: object) -> None:
        super().__init__(option_strings, dest, nargs=0, help="show the version and exit")

    def __call__(self, parser: argparse.ArgumentParser, *args: object, **kwargs: object) -> None:
        print(f"queens-tutor {_version()}")
        parser.exit()


def _command_modules() -> list[ModuleType]:
    return [importlib.import_module(f"tui.cli.{name}_cmd") for name in COMMANDS]


def maze_spec(text: str) -> str:
    """``--maze``: checked here, so that a bad maze is a usage error before the tutor starts."""
    from solver.mazes import maze_from_spec

    try:
        maze_from_spec(text)
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from None
    return text


def build_parser() -> tuple[argparse.ArgumentParser, dict[str, ModuleType]]:
    parser = OneLineParser(
        prog="queens-tutor",
        description=(
            "A terminal tutor that teaches backtracking through the N-Queens problem. "
            "With no command it opens the tutor; the commands work without a terminal."
        ),
    )
    parser.add_argument("--version", action=_VersionAction)
    app = parser.add_argument_group("the tutor (no command)")
    app.add_argument(
        "-n",
        type=int_in_range(1, MAX_APP_N, "N"),
        default=8,
        metavar="N",
        help=f"board size, 1 to {MAX_APP_N} (default 8)",
    )
    app.add_argument(
        "--method",
        choices=steppable_methods(),
        default="iterative",
        help="the method of the notes to step (default iterative): "
        + "; ".join(f"{name}: {METHODS[name].title}" for name in steppable_methods()),
    )
    app.add_argument(
        "--maze",
        type=maze_spec,
        metavar="SPEC",
        help="the maze for --method maze: a built-in maze's name, random:SEED or "
        "random:SEED:ROWSxCOLS (default: the first built-in)",
    )
    app.add_argument("--all", action="store_true", help="start in all-solutions mode")
    app.add_argument("--ascii", action="store_true", help="draw with ASCII only")
    app.add_argument("--lesson", metavar="ID", help="open (resume) a lesson: its id or number")
    add_lesson_options(app, sub=False)
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=OneLineParser)
    modules: dict[str, ModuleType] = {}
    for module in _command_modules():
        name = module.add_parser(sub)
        modules[name] = module
    return parser, modules


def _run_app(args: argparse.Namespace) -> int:
    if not (sys.stdin.isatty() and sys.stdout.isatty()):
        sys.stderr.write(
            "queens-tutor: the tutor needs an interactive terminal (stdin and stdout must be "
            "a TTY); the commands (queens-tutor --help) work without one\n"
        )
        return USAGE_ERROR
    from tui.app import run_app  # textual is imported here, and only here

    return run_app(args)


def main(argv: list[str] | None = None) -> int:
    parser, modules = build_parser()
    args = parser.parse_args(argv)
    try:
        if args.command is None:
            return _run_app(args)
        return int(modules[args.command].run(args))
    except UsageError as error:
        sys.stderr.write(f"queens-tutor {args.command}: error: {error}\n")
        return USAGE_ERROR
    except KeyboardInterrupt:
        return 128 + signal.SIGINT
    except BrokenPipeError:
        # The reader went away (e.g. `| head`): stop quietly, without a traceback at exit.
        sys.stdout = open("/dev/null", "w")  # noqa: SIM115
        return 0


if __name__ == "__main__":
    raise SystemExit(main())
