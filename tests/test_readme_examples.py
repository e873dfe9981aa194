"""The README's examples run as written (issue 38, item 6).

Every command of the README's fenced ``sh`` blocks is run, in a fresh home and a scratch folder,
through ``sh`` (so redirections and ``~`` work as in a shell), and must end with status 0; a
server (``serve``) must print that it serves and stop with status 130 at Ctrl-C (SIGINT); a
command that needs a terminal (``place``) runs in tmux and quits with status 0. The
substitutions, each for a reason a shared test machine gives:

- ``count 16`` counts 10: the same command on a board it counts in a second (16 takes minutes
  in pure Python);
- ``serve`` listens on a free port instead of 8000 or 8100 (others may hold those), and the
  paths the README gives a server (``/etc/queens-tutor/proxy-secret``,
  ``/run/queens-tutor/tutor.sock``, ``/srv/queens-tutor``) are files of the scratch folder,
  the secret made as the README's own block makes it; ``--socket-group www-data`` is the test's
  own group when there is no www-data;
- the files a teacher's commands read (``students/*.json``, ``class.txt``, ``course/``,
  ``~/class-data``) are made first, as the README's text says where they come from.

A command that cannot run on one machine (it installs, needs root, another machine, a
network, or is no command) is listed in :data:`NOT_RUN` with the reason, and the README must say
so next to it (:func:`test_every_readme_example_runs_or_says_why_not`, in the everyday suite;
the runs themselves are an integration test: a minute or two)."""

from __future__ import annotations

import grp
import json
import os
import re
import shutil
import signal
import subprocess
import time
from dataclasses import dataclass
from pathlib import Path

import pytest

from lessons.progress.export import export_data
from lessons.progress.records import LessonRecord, QuestionRecord
from tests.e2e.tmux import Tmux, tutor_command
from tests.serve.server import free_port

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"


def same(one: str, other: str) -> bool:
    """Two commands alike, spaces aside (a joined continuation line keeps its indent)."""
    return one.split() == other.split()


@dataclass(frozen=True)
class Example:
    line: int
    """Where it starts in the README (from 1)."""
    text: str
    """The command as written (continuation lines joined), without its trailing comment."""
    said: str
    """The README's words around it: its block (the comments) and the paragraph before it."""


def examples() -> list[Example]:
    text = README.read_text(encoding="utf-8")
    found = []
    for block in re.finditer(r"```sh\n(.*?)```", text, re.S):
        start = text[: block.start()].count("\n") + 2
        before = text[: block.start()].rstrip("\n").rsplit("\n\n", 1)[-1]
        lines = block.group(1).splitlines()
        index = 0
        while index < len(lines):
            first = index
            command = lines[index]
            while command.endswith("\\"):
                index += 1
                command = command[:-1] + " " + lines[index].strip()
            if re.match(r"(while|for|until)\s", command):  # a loop is one command, to its done
                while not re.match(r"done\b", lines[index].strip()):
                    index += 1
                    command += "\n" + lines[index]
            index += 1
            match = re.fullmatch(r"(.*?)(\s{2,}#\s.*)?", command, re.S)
            assert match is not None
            words = match.group(1)
            found.append(Example(start + first, words.strip(), block.group(1) + before))
    return found


AS_ROOT = "sudo "
"""A command with this in it changes the machine (``/etc``, as root): not run here, and the README
says "as root" next to it."""
NOT_RUN = {
    "pip install . && queens-tutor": ("installs from PyPI", "needs the network"),
    "pip install -e '.[test]' && python -m pytest": ("the suite itself", "Install and run the"),
    "queens-tutor count 18 --cluster tcp://lab1:8786 --trust-cluster --max-time 2h": (
        "another machine's Dask scheduler",
        "needs a Dask cluster",
    ),
    "ssh -L 8000:127.0.0.1:8000 lab-server": ("another machine", "SSH tunnel"),
    "umask 077; mkdir -p /etc/queens-tutor": ("root's /etc", "as root"),
    "openssl rand -hex 32 > /etc/queens-tutor/proxy-secret": ("root's /etc", "as root"),
    'printf \'proxy_set_header X-Proxy-Secret "%s";\\n\' "$(cat /etc/queens-tutor/proxy-secret)" '
    "> /etc/nginx/queens-tutor-secret.conf": ("root's /etc and nginx", "readable by nginx"),
    "queens-tutor serve --port 8002 ...the same options...": ("no command", "the same options"),
}
"""Commands not run here: (why, the words the README says it with next to the command)."""
SMALLER = {"queens-tutor count 16": "queens-tutor count 10"}
"""Commands run on a smaller board (the same code, in seconds)."""
TERMINAL = ("queens-tutor place",)
"""Commands that need a terminal: run in tmux."""


def test_every_readme_example_runs_or_says_why_not() -> None:
    found = examples()
    assert len(found) > 30, found  # the blocks were read
    for command, (why, words) in NOT_RUN.items():
        named = [example for example in found if same(example.text, command)]
        assert named, f"{command!r} is no longer in the README: update NOT_RUN"
        (example,) = named
        assert words in example.said, f"README line {example.line} does not say it ({why})"
    for example in found:
        if AS_ROOT in example.text:
            assert "as root" in example.said, f"README line {example.line} does not say: as root"
    for old in SMALLER:
        assert any(example.text.startswith(old) for example in found), f"update SMALLER: {old}"


# -- the runs ------------------------------------------------------------------------------

SECRET = "0123456789abcdef" * 4


@pytest.fixture
def scratch(tmp_path: Path) -> tuple[Path, dict[str, str]]:
    """A working folder with what the README's text says the commands read (its course calendar
    from its own ``course.toml`` and ``extensions.toml`` blocks), and a fresh home
    (no XDG variables: the defaults under it, as on a student's account)."""
    home = tmp_path / "home"
    home.mkdir(mode=0o700)
    work = tmp_path / "work"
    (work / "students").mkdir(parents=True)
    for number, name in enumerate(("Ada Lovelace", "Bob")):
        record = LessonRecord(
            page=2, answers={"0.0": QuestionRecord(True, 1 + number, at=1.79e9 + number)}
        )
        data = export_data({"problem": record}, {}, name)
        (work / "students" / f"{name.split()[0].lower()}.json").write_text(json.dumps(data))
    (work / "class.txt").write_text("Ada Lovelace\nBob\nCy\n")
    (work / "course").mkdir()
    shutil.copy(ROOT / "lessons" / "builtin" / "en" / "06-recursive.md", work / "course")
    for name, table in (("course.toml", "[[assignment]]"), ("extensions.toml", "[[extension]]")):
        (block,) = [
            b for b in re.findall(r"```toml\n(.*?)```", README.read_text(), re.S) if table in b
        ]
        (work / "course" / name).write_text(block)  # the README's own calendar, as written
    for login in ("ada", "bob"):  # bob: the README's extension names him (else it reaches nobody)
        served = home / "class-data" / "users" / login
        (served / "data" / "queens-tutor").mkdir(parents=True)
        (served / "user.txt").write_text(login)
        lessons = {"problem": LessonRecord(page=1).to_json()}
        (served / "data" / "queens-tutor" / "progress.json").write_text(
            json.dumps({"schema": 1, "lessons": lessons})
        )
    (work / "proxy-secret").write_text(SECRET + "\n")
    (work / "proxy-secret").chmod(0o600)
    env = {
        name: value
        for name, value in os.environ.items()
        if not name.startswith("XDG_") and name not in ("LC_ALL", "LANGUAGE")
    }
    env.update(HOME=str(home), LANG="C.UTF-8", LC_MESSAGES="C")
    return work, env


def _as_here(command: str, work: Path) -> str:
    """The command with the substitutions this module's docstring gives."""
    for old, new in SMALLER.items():
        if command.startswith(old):
            command = new + command[len(old) :]
    command = command.replace("/etc/queens-tutor/proxy-secret", str(work / "proxy-secret"))
    command = command.replace("/run/queens-tutor/tutor.sock", str(work / "tutor.sock"))
    command = command.replace("/srv/queens-tutor", str(work / "srv-queens-tutor"))
    try:
        grp.getgrnam("www-data")
    except KeyError:
        command = command.replace("www-data", grp.getgrgid(os.getegid()).gr_name)
    if command.startswith("queens-tutor serve") and "--unix-socket" not in command:
        port = str(free_port())
        if re.search(r"--port \d+", command):
            command = re.sub(r"--port \d+", f"--port {port}", command)
        else:
            command = command.replace("queens-tutor serve", f"queens-tutor serve --port {port}", 1)
    return command


def _listening(command: str) -> bool:
    """Whether the server ``command`` starts accepts connections yet (its port, or its socket
    file): in any language, whatever it prints."""
    import socket

    socket_file = re.search(r"--unix-socket (\S+)", command)
    try:
        if socket_file is not None:
            with socket.socket(socket.AF_UNIX) as probe:
                probe.connect(socket_file.group(1))
        else:
            port = re.search(r"--port (\d+)", command)
            assert port is not None
            socket.create_connection(("127.0.0.1", int(port.group(1))), timeout=1).close()
    except OSError:
        return False
    return True


def _serve(command: str, work: Path, env: dict[str, str]) -> None:
    process = subprocess.Popen(
        ["sh", "-c", "exec " + command],
        cwd=work,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
    )
    try:
        deadline = time.monotonic() + 60
        while not _listening(command):
            assert process.poll() is None, (command, process.communicate())
            assert time.monotonic() < deadline, command
            time.sleep(0.2)
        process.send_signal(signal.SIGINT)
        out, err = process.communicate(timeout=30)
        assert process.returncode == 130, (command, out, err)
        assert "queens-tutor" in out and "Traceback" not in err
    finally:
        if process.poll() is None:
            process.kill()
            process.communicate()


def _in_a_terminal(command: str, env: dict[str, str]) -> None:
    wanted = {key: env[key] for key in ("HOME", "LANG")}
    session = Tmux(command.replace("queens-tutor", tutor_command(), 1), env=wanted)
    try:
        session.wait_for("esc Back")  # the place board's keys
        session.keys("Escape")
        session.wait_for("q Quit")  # the main screen
        session.keys("q")
        assert session.wait_exit() == 0, command
    finally:
        session.close()


@pytest.mark.integration
@pytest.mark.slow(120)
def test_the_readme_examples_run_as_written(scratch: tuple[Path, dict[str, str]]) -> None:
    work, env = scratch
    ran = 0
    for example in examples():
        if AS_ROOT in example.text or any(same(example.text, command) for command in NOT_RUN):
            continue
        command = _as_here(example.text, work)
        if command.startswith("queens-tutor serve"):
            _serve(command, work, env)
        elif command.startswith(TERMINAL):
            _in_a_terminal(command, env)
        else:
            done = subprocess.run(
                ["sh", "-c", command],
                cwd=work,
                env=env,
                capture_output=True,
                text=True,
                timeout=180,
                stdin=subprocess.DEVNULL,
            )
            assert done.returncode == 0, (example.line, command, done.stderr[-1500:])
            assert "Traceback" not in done.stderr
        ran += 1
    assert ran >= 30
    assert (work / "demo-it.txt").read_text().count("> ") >= 5  # the plain tutor's script ran
    assert (work / "ada.json").exists() and (work / "class.csv").stat().st_size > 0
