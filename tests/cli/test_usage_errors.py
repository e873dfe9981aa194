"""Every bad argument to a command is a usage error: exit status 2, one short line on stderr
naming the command, no traceback, nothing on stdout. One property per command over generated
bad inputs (an option no command has, a number out of range, a huge number, a word or a
foreign digit where a number goes); the commands' own worded errors are in their files."""

from __future__ import annotations

import string

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.cli.clirun import assert_usage_error, run_main
from tests.tiers import examples

UNKNOWN_OPTION = st.from_regex(r"--zz-[a-z]{1,10}", fullmatch=True)
"""No command's option, nor an abbreviation of one."""


def not_a_number(above: int | None) -> st.SearchStrategy[str]:
    """What cannot be a number from 0 to ``above``: a word, a foreign digit, a huge number,
    or (``above`` given) a whole number past it."""
    words = st.text(alphabet=string.ascii_letters + "²½.,", min_size=1).filter(_no_int)
    huge = st.integers(min_value=40, max_value=5000).map(lambda digits: "9" * digits)
    past = [st.integers(min_value=above + 1, max_value=10**6).map(str)] if above else []
    return st.one_of(words, huge, *past)


def _no_int(text: str) -> bool:
    try:
        int(text)
    except ValueError:
        return True
    return False


# (the command's words, named in its error; the words before the number; the largest number)
NUMBERS = [
    (("solve",), (), 29),
    (("count",), (), 32),
    (("compare",), (), 20),
    (("trace",), (), 64),
    (("trace",), ("8", "--limit"), None),
    (("check",), ("1",), 1),
    (("serve",), ("--port",), 65535),
    ((), ("--plain", "--lesson"), None),
]

# (the command's words; arguments it takes as they are)
COMMANDS = [
    (("solve",), ("8",)),
    (("count",), ("6",)),
    (("compare",), ("5",)),
    (("trace",), ("4",)),
    (("check",), ("0",)),
    (("review",), ()),
    (("lessons", "list"), ()),
    (("lessons", "check"), ("lesson.md",)),
    (("progress",), ()),
    (("report",), ()),
    ((), ("--plain",)),
]


def _named(command: tuple[str, ...]) -> str:
    return " ".join(("queens-tutor", *command)) + ": "


@pytest.mark.parametrize(("command", "before", "above"), NUMBERS, ids=str)
@settings(max_examples=examples(50))
@given(data=st.data())
def test_a_bad_number_is_one_short_usage_error(
    command: tuple[str, ...], before: tuple[str, ...], above: int | None, data: st.DataObject
) -> None:
    value = data.draw(not_a_number(above), label="value")
    result = run_main(*command, *before, value)
    assert_usage_error(result)
    assert result.out == "" and result.err.startswith(_named(command)), result.err[:400]
    assert len(result.err) < 400, result.err[:400]  # a huge number is not echoed whole


@pytest.mark.parametrize(("command", "good"), COMMANDS, ids=str)
@settings(max_examples=examples(20))
@given(option=UNKNOWN_OPTION, value=st.sampled_from(["", "=7", "=x"]), first=st.booleans())
def test_an_unknown_option_names_itself_and_its_command(
    command: tuple[str, ...], good: tuple[str, ...], option: str, value: str, first: bool
) -> None:
    rest = (option + value, *good) if first and command else (*good, option + value)
    result = run_main(*command, *rest)
    assert_usage_error(result, option)
    assert result.out == "" and result.err.startswith(_named(command)), result.err
