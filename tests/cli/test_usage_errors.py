"""Every bad argument to a command is a usage error: exit status 2, one short line on stderr
naming the command, no traceback, nothing on stdout. One property per command over generated
bad inputs (an option no command has, a number out of range, a huge number, a word or a
foreign digit where a number goes), and one table of the commands' own worded errors (in the
student's language: test_cli_entry.py). A number in a lesson file or a plain tutor's
command is a lesson error or no size, never Python's 4,300-digit ValueError."""

from __future__ import annotations

import string
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lessons.catalog import load_catalog
from tests.cli.clirun import assert_usage_error, run_main, run_ok
from tests.tiers import examples

UNKNOWN_OPTION = st.from_regex(r"--zz-[a-z]{1,10}", fullmatch=True)
"""No command's option, nor an abbreviation of one."""


def not_a_number(above: int | None) -> st.SearchStrategy[str]:
    """What cannot be a number from 0 to ``above``: a word (no lesson's id, which ``--lesson``
    takes), a foreign digit, a huge number, or (``above`` given) a whole number past it."""
    words = st.text(alphabet=string.ascii_letters + "²½.,", min_size=1).filter(_no_int)
    words = words.filter(lambda word: load_catalog("en").find(word) is None)
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


WORDED = [
    (("solve", "8", "--method", "bruteforce"), ("4,426,165,368", "C(n^2, n)")),
    (("solve", "9", "--method", "columns", "--all"), ("387,420,489", "n^n")),
    (("solve", "13", "--method", "permutations"), ("6,227,020,800", "n!")),
    (("solve", "3", "--method", "random"), ("no solution", "n=3")),
    (("solve", "15", "--method", "random"), ("1 to 14",)),
    (("solve", "8", "--method", "random", "--all"), ("--all",)),
    (("solve", "8", "--seed", "3"), ("--seed",)),
    (("solve", "8", "--draw"), ("--draw",)),
    (("solve", "13", "--all"), ("--all", "12")),
    (("solve", "30"), ("1 to 29",)),
    (("solve", "30", "--method", "recursive"), ("1 to 29",)),
    (("solve", "28", "--method", "scan"), ("1 to 27",)),
    (("solve", "28", "--method", "general"), ("1 to 27",)),
    (("solve", "4", "--all", "--draw", "--format", "json"), ("--draw", "json")),
    (("solve", "8", "--method", "magic"), ("method",)),
    (("solve", "12", "--method", "random", "--runs", "1000"), ("limit",)),
    (("check",), ("ROW",)),
    (("check", "0", "x"), ("whole number", "'x'")),
    (("check", "0", "2"), ("row 2", "0 to 1")),
    (("check", "0", "--", "-1"), ("row -1",)),
    (("trace", "x"), ("N", "whole number", "'x'")),
    (("trace", "0"), ("N", "from 1 to 64")),
    (("trace", "65"), ("N", "from 1 to 64")),
    (("trace", "8", "--limit", "0"), ("K", "1 or more")),
    (("trace", "8", "--format", "xml"), ("--format", "xml")),
    (("compare", "0"), ("N",)),
    (("compare", "21"), ("N",)),
    (("compare", "x"), ("N",)),
    (("count", "13", "--method", "iterative"), ("from 1 to 12", "bitmask")),
    (("count", "12", "--method", "permutations"), ("479,001,600", "n!")),
    (("count", "8", "--method", "random"), ("--method",)),
    (("count", "0"), ("N", "from 1 to 32")),
    (("count", "33"), ("from 1 to 32",)),
    (("count", "eight"), ("whole number",)),
    (("count", "8", "--engine", "fast"), ("--engine",)),
    (("count", "8", "--max-time", "soon"), ("--max-time", "20m")),
    (("count", "8", "--workers", "0"), ("--workers",)),
    (("count", "8", "--format", "xml"), ("format",)),
    (("lessons", "check"), ("FILE",)),
    (("lessons",), ("ACTION",)),
    (("lessons", "list", "--lessons-dir", "/no/such/dir"), ("no such",)),
    (("lessons", "list", "--lang", "english!"), ("LANG",)),
    (("--lesson", "99"), ("--lesson", "99")),  # stdin a pipe: the plain tutor would be chosen
    (("review", "--today", "0001-01-01"), ("--today", "1970 to 9000")),
    (("progress", "--today", "0001-01-01"), ("--today",)),
    (("progress", "--today", "9999-12-31"), ("--today", "'9999-12-31'")),
    (("review", "--lessons-dir", __file__), ("not a directory of lessons", "is a file")),
    (("review", "--lessons-dir", "/no/such/dir"), ("no such directory of lessons",)),
    (("report",), ("--server-data",)),
    (("report", "/no/such/nope.json"), ("no such file",)),
    (("progress", "--name", "x", "--reset"), ("--name goes alone",)),
    (("progress", "--name", " "), ("--name: give a name",)),
    (("progress", "--force"), ("--force only goes with --export",)),
    (("report", "--server-data", "/no/such/nope"), ("no such directory",)),
    (("report", "--live", "--server-data", "/no/such/nope"), ("nope",)),
    (("report", "--live", "--server-data", "/", "x.json"), ("--live",)),
    (("count", "8", "--tls-ca-file", "/no/such/nowhere.pem"), ("--tls-ca-file", "no such file")),
    *[
        (("count", "8", option, __file__), (option, "--cluster"))
        for option in ("--tls-ca-file", "--tls-cert", "--tls-key")
    ],  # without --cluster
]
"""(a command line, the words its one line names)"""


@pytest.mark.parametrize(("argv", "words"), WORDED, ids=" ".join)
def test_a_worded_usage_error_names_its_problem(
    argv: tuple[str, ...], words: tuple[str, ...]
) -> None:
    result = run_main(*argv)
    assert_usage_error(result, *words)
    assert result.out == ""


HUGE = "9" * 5000


LESSON = "@lesson extra\n@title Extra lesson\n\n@page One\nText.\n@board n=4\n@step\n"


@pytest.mark.parametrize(
    "line",
    [f"@board n={'9' * 1900}", "@step ²", "@question next-state of=b[²]\n@end"],
    ids=lambda line: line[:24],
)
def test_lessons_check_and_list_name_the_number(tmp_path: Path, line: str) -> None:
    (tmp_path / "extra.md").write_text(LESSON + line + "\n")
    checked = run_main("lessons", "check", str(tmp_path / "extra.md"))
    assert checked.status == 1, checked
    assert "Traceback" not in checked.err and "internal error" not in checked.err
    assert all(len(row) < 300 for row in checked.out.splitlines()), checked.out[:300]
    listed = run_ok("lessons", "list", "--lessons-dir", str(tmp_path))
    assert "internal error" not in listed.err and len(listed.err) < 600, listed.err[:600]


def test_the_plain_tutor_reads_a_size_of_another_script_as_no_size() -> None:
    result = run_ok("--plain", stdin=f"size ²\nsize {HUGE}\nplace ² 1\nquit\n")
    assert "internal error" not in result.err and "Traceback" not in result.err
