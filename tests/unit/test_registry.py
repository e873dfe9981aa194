"""One registry of methods: the command line, the tutor, the lessons and the views all list
the same methods, and every method has what its capabilities promise."""

from __future__ import annotations

import argparse
import re
import subprocess
import sys

import pytest

from lessons.parsing.parser import parse
from solver.methods.scan.kit import ScanKit
from solver.registry import (
    COUNTER,
    KITS,
    METHODS,
    listing_methods,
    queens_methods,
    register,
    steppable_methods,
)
from solver.sources import SOURCES
from tests.cli.inproc import call
from tests.tiers import sweep
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


def test_every_queens_method_has_a_batch_run_and_every_method_its_notes() -> None:
    for name in queens_methods():
        run = METHODS[name].run(4)
        assert run.method == name and run.solutions
    for info in METHODS.values():
        assert info.source in SOURCES
        assert info.summary and info.unit.name


class _Named(ScanKit):
    """A kit that takes another's name (a contributor's slip)."""

    def __init__(self, name: str) -> None:
        self.name = name


REFUSALS = [
    (COUNTER, "edutecnica", f"cannot take the name {COUNTER!r}: it is count --method {COUNTER}"),
    ("recursive", "edutecnica", "cannot take the name 'recursive': <RecursiveKit recursive> has"),
    ("stray", "wirth", "its source 'wirth' is not in solver/sources.py"),
]


@pytest.mark.parametrize(("name", "source", "why"), REFUSALS)
def test_register_refuses_a_reserved_or_taken_name_or_unknown_notes_in_one_line(
    name: str, source: str, why: str
) -> None:
    before = list(KITS)
    kit = _Named(name)
    kit.source = source
    with pytest.raises(ValueError) as refused:
        register(kit)
    message = str(refused.value)
    assert "\n" not in message and message.startswith(f"<_Named {name}>") and why in message
    assert before == KITS


IMPORT_REFUSALS = [
    (COUNTER, "it is count --method bitmask"),
    ("iterative", "<IterativeKit iterative> has it"),
]


@pytest.mark.parametrize(
    ("name", "why"), sweep(IMPORT_REFUSALS, everyday=IMPORT_REFUSALS[1:], several=True)
)
def test_a_kits_entry_with_a_reserved_or_repeated_name_stops_the_import(
    name: str, why: str
) -> None:
    """KITS is checked when the registry is built, as register() checks: a kit of KITS named
    like the counter or like another kit stops the import with one line naming both."""
    program = (
        "import solver.methods.scan.kit as scan\n"
        f"scan.ScanKit.name = {name!r}\n"
        "import solver.registry\n"
    )
    run = subprocess.run([sys.executable, "-c", program], capture_output=True, text=True)
    assert run.returncode != 0
    last = run.stderr.strip().splitlines()[-1]
    assert last.startswith("ValueError: <ScanKit " + name + ">"), last
    assert why in last


def test_count_help_lists_each_method_once(capsys: pytest.CaptureFixture[str]) -> None:
    # The usage line names METHOD (the epilog lists them): the choices are those a wrong
    # --method is told to choose from.
    status, _out, err = call(capsys, "count", "8", "--method", "nope")
    assert status == 2
    choices = re.search(r"\(choose from ([^)]*)\)", err)
    assert choices is not None
    listed = [name.strip(" '") for name in choices.group(1).split(",")]
    assert len(listed) == len(set(listed))
    assert listed == [COUNTER, *listing_methods()]
