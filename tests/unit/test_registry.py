"""One registry of methods: the command line, the tutor, the lessons and the views all list
the same methods, and every method has what its capabilities promise."""

from __future__ import annotations

import argparse
import json

from lessons.parsing.parser import parse
from solver.registry import METHODS, make_engine, queens_methods, steppable_methods
from solver.sources import SOURCES
from tests.cli.clirun import run_cli
from tui.cli.main import build_parser


def _choices(parser: argparse.ArgumentParser, option: str) -> tuple[str, ...]:
    for action in parser._actions:  # argparse keeps its options there
        if option in action.option_strings:
            return tuple(action.choices or ())
    raise AssertionError(f"no {option}")


def _subparser(name: str) -> argparse.ArgumentParser:
    parser, _ = build_parser()
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            return action.choices[name]  # type: ignore[no-any-return]
    raise AssertionError("no commands")


def test_the_cli_the_tutor_and_the_lessons_list_the_registrys_methods() -> None:
    parser, _ = build_parser()
    assert _choices(parser, "--method") == steppable_methods()
    assert _choices(_subparser("solve"), "--method") == queens_methods()
    for method in steppable_methods():
        n = " n=4" if METHODS[method].queens else ""
        board = f"@board{n} algorithm={method}"
        result = parse(f"@lesson x\n@title X\n@page P\n{board}\n", "x.md")
        assert not result.errors, method
    refused = parse("@lesson x\n@title X\n@page P\n@board n=4 algorithm=nosuch\n", "x.md")
    assert refused.errors


def test_every_queens_method_has_a_batch_run_and_every_steppable_one_an_engine() -> None:
    for name in queens_methods():
        run = METHODS[name].run(4)
        assert run.method == name and run.solutions
    for name in steppable_methods():
        assert make_engine(name, 4).method == name
    for info in METHODS.values():
        assert info.source in SOURCES
        assert info.summary and info.unit


def test_compare_runs_every_queens_method() -> None:
    result = run_cli("compare", "6", "--format", "json")
    assert result.status == 0, result.err
    names = [row["method"] for row in json.loads(result.out)["methods"]]
    assert tuple(names) == queens_methods()
