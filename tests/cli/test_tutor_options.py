"""Opening the tutor parses only its own options (the commands' parsers are not built); what it
parses, and every error, is what the whole parser gives."""

from __future__ import annotations

import argparse

import pytest

from tests.cli.clirun import assert_usage_error, run_main
from tui.cli.main import (
    COMMANDS,
    _names_no_command,
    _NotTheTutor,
    _TutorOnlyParser,
    build_parser,
    tutor_parser,
)

TUTOR_LINES = [
    [],
    ["-n", "12"],
    ["-n12", "--all"],
    ["--method", "recursive", "-n", "5", "--ascii"],
    ["--method=maze", "--maze", "random:3:9x9"],
    ["--guess", "--lang", "pl"],
    ["--lesson", "3", "--lang=it"],
    ["--meth", "scan"],  # an abbreviation, as argparse allows
]


@pytest.mark.parametrize("argv", TUTOR_LINES, ids=" ".join)
def test_the_tutors_options_parse_as_the_whole_parser_parses_them(argv: list[str]) -> None:
    assert _names_no_command(argv)
    whole, _ = build_parser()
    assert tutor_parser(_TutorOnlyParser).parse_args(argv) == whole.parse_args(argv)


@pytest.mark.parametrize(
    "argv",
    [["solve", "8"], ["-n", "8", "count"], ["--help"], ["-h"], ["--vers"], ["--lesson", "check"]],
    ids=" ".join,
)
def test_a_command_or_help_goes_to_the_whole_parser(argv: list[str]) -> None:
    assert not _names_no_command(argv)


@pytest.mark.parametrize("argv", [["-n", "99"], ["--method", "nosuch"], ["stray"], ["-x"]])
def test_a_mistake_is_left_to_the_whole_parser(argv: list[str]) -> None:
    with pytest.raises(_NotTheTutor):
        tutor_parser(_TutorOnlyParser).parse_args(argv)


def test_a_stray_word_is_named_as_an_unknown_command() -> None:
    """The tutor-only parser would call it an unrecognized argument; the whole parser, which
    knows the commands, says it is not one of them, and that is what the user reads."""
    result = run_main("stray")
    assert_usage_error(result, "invalid choice", "stray", *COMMANDS[:2])


def test_the_tutor_only_parser_has_every_tutor_option() -> None:
    whole, _ = build_parser()
    mine = tutor_parser(_TutorOnlyParser)

    def options(parser: argparse.ArgumentParser) -> set[str]:
        return {
            option
            for action in parser._actions  # argparse keeps its options there
            if not isinstance(action, argparse._SubParsersAction)
            for option in action.option_strings
        }

    assert options(mine) == options(whole)
