"""The ``queens-tutor`` entry point: --version and --help without a terminal, no-TTY, Ctrl-C;
opening the tutor parses only its own options, as the whole parser would; every command's
--help fits 80 columns in English, Italian and Polish, ``report --help`` and ``progress
--help`` name every json key the commands write, ``serve --help`` says what the seats,
--idle-timeout and --run-cpu do. A language given at a terminal with ``--lang`` is kept for
the next start (a command, a language not spoken, a script leave the settings as they are), a
usage error said in it."""

from __future__ import annotations

import argparse
import json
import os
import re
import select
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from tests.cli.clirun import assert_usage_error, run_main, run_ok
from tests.cli.inproc import call
from tests.tiers import sweep
from tui.cli.main import (
    COMMANDS,
    _names_no_command,
    _NotTheTutor,
    _TutorOnlyParser,
    build_parser,
    tutor_parser,
)


def test_version_and_help_work_without_a_terminal() -> None:
    from importlib.metadata import version as installed

    version = run_main("--version")
    assert version.status == 0 and version.out.startswith("queens-tutor ")
    # what a bug report needs: the tutor's, Python's, Textual's, Rich's
    lines = version.out.splitlines()
    assert lines[0] == f"queens-tutor {installed('queens-tutor')}"
    assert lines[1].startswith(f"Python {sys.version.split()[0]} (")
    assert f"Textual {installed('textual')}" in lines
    assert f"Rich {installed('rich')}" in lines
    assert version.err == ""
    helped = run_ok("--help")
    for command in ("trace", "solve", "count"):
        assert command in helped.out


@pytest.mark.parametrize("term", ["xterm-256color", "dumb"])
def test_with_no_terminal_at_either_end_the_plain_tutor_opens_by_itself(term: str) -> None:
    """queens-tutor < file > out: the plain tutor, with one line on stderr saying so and how
    to get the full-screen tutor; the file is its script."""
    started = time.monotonic()
    result = run_ok(stdin="iter\nstatus\n", env={"TERM": term})
    (note,) = result.err.strip().splitlines()
    assert note.startswith("queens-tutor: standard input is not a terminal")
    assert "full-screen tutor" in note
    assert "> iter" in result.out and "\x1b" not in result.out  # a script: commands echoed
    assert "tick" in result.out
    assert time.monotonic() - started < 30  # generous: the requirement is "within a second"


IMPORTS = """\
import importlib, io, pkgutil, sys
from tui.cli.main import main
def loaded(*roots): return sorted(m for m in sys.modules if m.split('.')[0] in roots)
sys.stdin = io.StringIO('')
status = main(['-n', '6', '--all'])  # the tutor, without a terminal: the plain one, at once
commands = sorted(m for m in sys.modules if m.startswith('tui.cli.') and m.endswith('_cmd'))
print('==', status, commands)
import tui.plain
for info in pkgutil.walk_packages(tui.plain.__path__, 'tui.plain.'):
    importlib.import_module(info.name)
commands = ['space', 'iter', 'board', 'state', 'code', 'guess', 'space', 'lesson 5', 'enter']
sys.stdin = io.StringIO('\\n'.join([*commands, 'quit', '']))
print('==', main(['--plain', '-n', '4', '--method', 'recursive']), loaded('textual', 'rich'))
main(['count', '6']); main(['trace', '4', '--limit', '3']); main(['solve', '5'])
print('==', loaded('textual', 'rich'))
"""


def test_the_tutor_parses_no_command_and_neither_it_nor_a_command_imports_textual() -> None:
    """In a fresh interpreter: opening the tutor imports no command's module; the plain tutor
    (every module of it, driven) and the commands never import Textual or Rich."""
    done = subprocess.run(
        [sys.executable, "-c", IMPORTS], capture_output=True, text=True, timeout=60
    )
    said = [line for line in done.stdout.splitlines() if line.startswith("== ")]
    assert said == ["== 0 []", "== 0 []", "== []"], done
    assert "standard input is not a terminal" in done.stderr


def test_ctrl_c_during_a_long_command_exits_quietly_with_130() -> None:
    """Ctrl-C once the command runs (its first line of output is the sign: the interpreter
    and the command's handlers are in place by then, however busy the machine)."""
    proc = subprocess.Popen(
        [sys.executable, "-m", "tui", "trace", "30", "--format", "jsonl", "--limit", "1000000000"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env={**os.environ, "PYTHONUNBUFFERED": "1"},
    )
    assert proc.stdout is not None
    ready, _, _ = select.select([proc.stdout], [], [], 120)
    assert ready and proc.stdout.readline().startswith(b'{"tick": 1'), "it never started"
    proc.send_signal(signal.SIGINT)
    _, err = proc.communicate(timeout=60)
    assert proc.returncode == 130, err
    assert b"Traceback" not in err and err.strip() == b""


@pytest.mark.parametrize("code", ["de", "xx"])
def test_a_language_the_tutor_does_not_speak_is_said(code: str) -> None:
    result = run_ok("--lang", code, "progress", env={"LC_ALL": "C", "LANG": "C"})
    (line,) = result.err.splitlines()
    assert f"no translation into '{code}'" in line and "en, it, pl" in line, line
    assert "Progress file:" in result.out  # English, and the command ran


def test_serve_on_a_file_says_it_is_not_a_folder(tmp_path: Path) -> None:
    plain = tmp_path / "a-file"
    plain.write_text("")
    from tests.serve.server import free_port

    result = run_main("serve", "--port", str(free_port()), "--server-data", str(plain))
    assert_usage_error(result, "--server-data", str(plain), "is not a folder")
    assert "File exists" not in result.err


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


HELPED = ["", "trace", "solve", "count", "check", "compare", "lessons", "place", "review"]
HELPED += ["report", "progress"]


@pytest.mark.parametrize("lang", sweep(["en", "it", "pl"], everyday=["pl"]))
@pytest.mark.parametrize("command", HELPED)
def test_help_fits_80_columns(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, lang: str, command: str
) -> None:
    monkeypatch.setenv("COLUMNS", "80")
    status, out, _err = call(capsys, "--lang", lang, *([command] if command else []), "--help")
    assert status == 0 and out
    wide = [line for line in out.splitlines() if len(line) > 80]
    assert not wide, wide


def test_a_wide_terminal_keeps_the_epilogs_layout(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COLUMNS", "200")
    _status, out, _err = call(capsys, "count", "--help")
    assert (
        "  bitmask    (default) bit-mask backtracking with the mirror trick (count half of the"
        in (out)
    )
    monkeypatch.setenv("COLUMNS", "80")
    _status, out, _err = call(capsys, "count", "--help")
    assert "             of the first row, double), cut into jobs at the first rows, on" in out


def keys(data: Any) -> set[str]:
    found: set[str] = set()
    if isinstance(data, dict):
        for key, value in data.items():
            if not re.fullmatch(r"week\d|[a-z-]+-[a-z-]+|alpha|beta", key):  # ids, not keys
                found.add(key)
            found |= keys(value)
    elif isinstance(data, list):
        for item in data:
            found |= keys(item)
    return found


def helped(capsys: pytest.CaptureFixture[str], *argv: str) -> set[str]:
    _status, out, _err = call(capsys, *argv, "--help")
    return set(re.findall(r"[a-z_]+", out))


def test_report_help_names_every_json_key(
    course: Path, files: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    roster = tmp_path / "r.txt"
    roster.write_text("Cy\n", encoding="utf-8")
    written: set[str] = set()
    for view in (["--students"], ["--questions"], []):
        _status, out, _err = call(
            capsys, "report", "--format", "json", "--roster", str(roster), *view, *files
        )
        written |= keys(json.loads(out))
    base = ["report", "--gradebook", "--format", "json", "--lessons-dir", str(course)]
    _status, out, _err = call(capsys, *base, "--only-course", "--roster", str(roster), *files)
    written |= keys(json.loads(out))
    # a course in --lessons-dir: the class table's rows say what counts
    _status, out, _err = call(capsys, "report", *base[2:], "--only-course", *files)
    written |= keys(json.loads(out))
    assert {"counted", "counted_status"} <= written
    assert written - helped(capsys, "report") == set()


def test_progress_help_names_every_json_key(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    _status, out, _err = call(capsys, "progress", "--format", "json")
    written = keys(json.loads(out))
    assert "lessons" in written and written - helped(capsys, "progress") == set()


WORDS = {
    ("count",): ["1 to 32", "unique", "solutions", "A000170", "A002562", "mirror", "examined",
                 "--engine", "numba", "--cluster", "Dask", "--max-time", "estimate", "SIGTERM"],
    ("solve",): ["1 to 29", "1 to 27", "20,000,000", "json keys", "examined", "unit",
                 "mean_tries", "fewest_tries", "most_tries", "expected"],
    ("check",): ["valid", "attacks", "[c1, c2, rule]", "row", "sum", "diff"],
    ("lessons", "check"): ["language folders en/, it/, pl/"],
    ("review",): ["usage: queens-tutor review", "Leitner boxes of 1, 3, 7, 21 days",
                  "at most 10 questions", "--plain"],
    ("serve",): [
        "one login's with --user-header, else one address's",  # a seat
        "keeps its seat for --keep minutes",
        "typed and clicked nothing (a run or autoplay going on does not count",  # idle
        "student's progress is kept, an anonymous tab's ends",
        "It bounds a run's total, not its share",  # --run-cpu
    ],
}  # fmt: skip
"""What each command's --help says: its limits, its json keys, what its options do."""


@pytest.mark.parametrize("command", WORDS, ids=" ".join)
def test_help_says_the_commands_limits_keys_and_options(
    capsys: pytest.CaptureFixture[str], command: tuple[str, ...]
) -> None:
    status, out, _err = call(capsys, "--lang", "en", *command, "--help")
    text = " ".join(out.split())
    assert status == 0
    for words in WORDS[command]:
        assert words in text, words
    if command == ("serve",):
        assert "most tabs at once from one address" not in text


GREETING = {
    "en": "queens-tutor, plain: one command a line",
    "it": "queens-tutor, semplice:",
    "pl": "queens-tutor, tryb prosty:",
}


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.delenv("XDG_CONFIG_HOME", raising=False)
    for name in ("LANG", "LC_ALL", "LC_MESSAGES", "LANGUAGE"):
        monkeypatch.delenv(name, raising=False)
    return tmp_path


def _settings(home: Path) -> Path:
    return home / ".config" / "queens-tutor" / "settings.json"


def _start(*args: str) -> str:
    """The plain tutor started at a terminal, where the student types ``quit``."""
    result = run_main("--plain", *args, stdin="quit\n", typed=True)
    assert result.status == 0, result
    return result.out


def test_the_language_given_with_lang_is_spoken_at_the_next_start(home: Path) -> None:
    assert _start().startswith(GREETING["en"])
    assert not _settings(home).exists()
    assert _start("--lang", "pl").startswith(GREETING["pl"])
    assert json.loads(_settings(home).read_text(encoding="utf-8")) == {"language": "pl"}
    assert _start().startswith(GREETING["pl"])  # the next day, no --lang
    assert _start("--lang=it").startswith(GREETING["it"])
    assert _start().startswith(GREETING["it"])
    assert list(_settings(home).parent.iterdir()) == [_settings(home)]  # no temporary left
    result = run_main("--lang", "pl", "progress")  # a language it speaks: taken quietly
    assert result.status == 0 and result.err == "", result.err


def test_a_settings_file_in_the_way_is_kept_aside_and_said(home: Path) -> None:
    _settings(home).parent.mkdir(parents=True)
    _settings(home).write_text("not settings", encoding="utf-8")
    result = run_main("--plain", "--lang", "it", stdin="quit\n", typed=True)
    assert result.status == 0, result
    assert "settings.json.corrupt" in result.err, result.err
    assert json.loads(_settings(home).read_text(encoding="utf-8")) == {"language": "it"}
    kept = [p for p in _settings(home).parent.iterdir() if p.name.startswith("settings.json.")]
    assert [p.read_text(encoding="utf-8") for p in kept] == ["not settings"]


def test_a_script_a_command_or_a_language_not_spoken_leave_the_settings(home: Path) -> None:
    """The README's plain-mode script: ``queens-tutor --plain -n 5 --lang it < demo.txt``."""
    script = "iter\nboard\n"
    assert run_main("--plain", "-n", "5", "--lang", "it", stdin=script).status == 0
    assert not _settings(home).exists()  # no settings made
    _start("--lang", "pl")
    result = run_ok("--plain", "-n", "5", "--lang", "it", stdin=script)
    assert result.out.startswith(GREETING["it"]) and "> iter" in result.out  # a script
    assert run_main("lessons", "list", "--lang", "it").status == 0  # opens no tutor
    result = run_main("--plain", "--lang", "de", stdin="quit\n", typed=True)
    assert result.status == 0 and "'de'" in result.err
    assert json.loads(_settings(home).read_text(encoding="utf-8")) == {"language": "pl"}
    assert _start().startswith(GREETING["pl"])


def _error(*args: str) -> str:
    result = run_main(*args)
    assert result.status == 2 and result.out == "", result
    assert result.err.count("\n") == 1 and "Traceback" not in result.err, result.err
    return result.err


@pytest.mark.parametrize(
    ("lang", "words"),
    sweep(
        [("en", "argument --lang: expected one argument"),
         ("it", "argomento --lang: manca il valore"), ("pl", "argument --lang: brak wartości")],
        everyday=[("en", "argument --lang: expected one argument"),
                  ("pl", "argument --lang: brak wartości")],
        several=True,
    ),
)  # fmt: skip
def test_an_option_without_its_value_is_said_in_the_students_language(
    home: Path, lang: str, words: str
) -> None:
    config = home / ".config" / "queens-tutor"
    config.mkdir(parents=True)
    (config / "settings.json").write_text(f'{{"language": "{lang}"}}', encoding="utf-8")
    said = _error("review", "--lang")  # argparse's own words
    assert words in said, said
    assert lang == "en" or "expected" not in said, said
    said = _error("review", "--lessons-dir")
    assert "--lessons-dir" in said and (lang == "en" or "expected" not in said), said
    # no language code: refused in the language the student chose, not in English
    said = _error("review", "--lang", "en;rm")
    assert "'en;rm'" in said and (lang == "en" or "must be a language code" not in said), said


def test_plain_asked_before_or_after_a_command_is_the_plain_tutor() -> None:
    """``--plain`` before a command or after it asks for the plain tutor: a command's own
    --plain, not given, leaves the one given before it."""
    parser, _modules = build_parser()
    for words in (["--plain", "review"], ["review", "--plain"], ["--plain"]):
        assert parser.parse_args(words).plain is True, words
    assert not getattr(parser.parse_args(["review"]), "plain", False)
