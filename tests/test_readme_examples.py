"""The shell examples of the README and of every page of docs/ run as written: each command of
their ``sh`` blocks through ``sh`` in a fresh home and a scratch folder, status 0; a server
prints that it serves and stops with 130 at Ctrl-C; a full-screen command runs in tmux. The
substitutions a shared machine needs (``count 16`` counts 10, a free port, the docs' server
paths in the scratch folder, the files a teacher's commands read made first) are in
:func:`_as_here` and :func:`scratch`; a command that cannot run here is in :data:`NOT_RUN`
with the words its section says it with. The README's install commands:
tests/packaging/test_readme_install.py."""

from __future__ import annotations

import grp
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

import pytest

from lessons.progress.export import export_data
from lessons.progress.records import LessonRecord, QuestionRecord
from tests.e2e.tmux import Tmux, tutor_command
from tests.packaging.tree import source_copy
from tests.serve.server import free_port

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"
PAGES = (README, *sorted((ROOT / "docs").glob("*.md")))
TEACHERS = ROOT / "docs" / "teachers.md"  # its course.toml and extensions.toml: the course


def same(one: str, other: str) -> bool:
    """Two commands alike, spaces aside (a joined continuation line keeps its indent)."""
    return one.split() == other.split()


@dataclass(frozen=True)
class Example:
    """A command of a page (continuation lines joined), where it starts, the words around it
    (its block and its section up to it) and its trailing comment without the ``#``."""

    page: str
    line: int
    text: str
    said: str
    comment: str = ""

    @property
    def where(self) -> str:
        return f"{self.page}:{self.line}"


def _section_before(text: str, end: int) -> str:
    """The text from the last heading before ``end`` (outside code blocks) to ``end``."""
    start, fenced, offset = 0, False, 0
    for line in text[:end].splitlines(keepends=True):
        if line.startswith("```"):
            fenced = not fenced
        elif not fenced and re.match(r"#{1,6} ", line):
            start = offset
        offset += len(line)
    return text[start:end]


def page_examples(page: Path) -> list[Example]:
    text = page.read_text(encoding="utf-8")
    name = page.relative_to(ROOT).as_posix()
    found = []
    for block in re.finditer(r"```sh\n(.*?)```", text, re.S):
        start = text[: block.start()].count("\n") + 2
        said = block.group(1) + _section_before(text, block.start())
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
            if not command.strip() or command.lstrip().startswith("#"):
                continue  # a comment of the block's own
            match = re.fullmatch(r"(.*?)(\s{2,}#\s.*)?", command, re.S)
            assert match is not None
            words, comment = match.group(1), (match.group(2) or "").strip().removeprefix("#")
            found.append(Example(name, start + first, words.strip(), said, comment.strip()))
    return found


def examples() -> list[Example]:
    return [example for page in PAGES for example in page_examples(page)]


def test_every_page_is_reached_from_the_front_page() -> None:
    """Each page of docs/ is linked from the README, or from a page the README links to, and
    every link between the pages leads to one."""
    linked = {README}
    todo = [README]
    while todo:
        page = todo.pop()
        for target in re.findall(r"\]\(([\w./-]+\.md)(?:#[\w-]+)?\)", page.read_text("utf-8")):
            found = (page.parent / target).resolve()
            assert found.exists(), f"{page.name} links to {target}, which does not exist"
            if found not in linked:
                linked.add(found)
                todo.append(found)
    assert [page.name for page in PAGES if page not in linked] == []


AS_ROOT = "sudo "  # changes the machine: not run here, and its section says "as root"
INSTALLS = {
    "python3 -m venv .venv && .venv/bin/pip install . && .venv/bin/queens-tutor",
    "python3 -m venv .venv && .venv/bin/pip install -e '.[test]' && .venv/bin/python -m pytest",
}
"""The README's two commands (and the second again in docs/contributing.md): run with the
system's Python by tests/packaging/test_readme_install.py, which reads them from the README."""
NOT_RUN = {
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
    "tmux new-session -d -s t -x 100 -y 30 'python minimal.py 2> err.txt; echo exit=$? > "
    "status.txt'": ("a recipe to reproduce a bug of Textual", "reproduced with this app and tmux"),
    "sleep 2; tmux send-keys -t t -H e9": ("the same recipe", "reproduced with this app and tmux"),
    "sleep 2; cat status.txt err.txt": ("the same recipe", "reproduced with this app and tmux"),
}
"""Commands not run here: (why, the words their section says it with)."""
SMALLER = {"queens-tutor count 16": "queens-tutor count 10"}  # the same code, in seconds
TERMINAL = ("queens-tutor place", "queens-tutor --lessons-dir")  # full screen: run in tmux
IN_A_COPY = ("docs/translating.md",)  # rewrites the source tree: run in a copy of it
FROM_THE_TREE = ("docs/benchmarks.md",)  # run from the repository's root
IN_THE_TUTOR_S_FOLDER = ".venv/bin/pip install "  # in a fresh copy with the README's .venv


def _not_run(example: Example) -> bool:
    return AS_ROOT in example.text or any(
        same(example.text, command) for command in [*NOT_RUN, *INSTALLS]
    )


def test_every_readme_example_runs_or_says_why_not() -> None:
    found = examples()
    assert len(found) > 30, found  # the blocks were read
    assert {page.relative_to(ROOT).as_posix() for page in PAGES} >= {
        example.page for example in found
    }
    for command, (why, words) in NOT_RUN.items():
        named = [example for example in found if same(example.text, command)]
        assert named, f"{command!r} is no longer in the docs: update NOT_RUN"
        for example in named:
            assert words in example.said, f"{example.where} does not say it ({why})"
    for command in INSTALLS:
        assert any(same(example.text, command) for example in found), f"update INSTALLS: {command}"
    for example in found:
        if AS_ROOT in example.text:
            assert "as root" in example.said, f"{example.where} does not say: as root"
    for old in SMALLER:
        assert any(example.text.startswith(old) for example in found), f"update SMALLER: {old}"


GROUPED = re.compile(r"\b\d{1,3}(?:,\d{3})+\b")  # a figure as the commands print it: 14,200


def test_a_comment_writes_its_figures_as_the_command_prints_them() -> None:
    """Five digits and more are grouped in threes, as every command prints them; the run
    (:func:`test_the_readme_examples_run_as_written`) finds each grouped figure in the output."""
    ungrouped = [
        f"{example.where}: {number}"
        for example in examples()
        for number in re.findall(r"(?<![\w,.])\d{5,}(?![\d,])", example.comment)
    ]
    assert ungrouped == []
    assert any(GROUPED.search(example.comment) for example in examples())


# -- the runs ------------------------------------------------------------------------------

SECRET = "5c1e9a07d3b84f26e0a7c9d13f85b24a6e0d7c3f91a2b8e45d06c7f3a1e9b284"


@pytest.fixture
def scratch(tmp_path: Path) -> tuple[Path, dict[str, str]]:
    """A working folder with what the docs say the commands read (docs/teachers.md's own course
    calendar, a teacher's lesson in ``my-lessons/``), a fresh home with no XDG variables (as on
    a student's account), and the tested tutor's environment first on ``PATH``."""
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
            b for b in re.findall(r"```toml\n(.*?)```", TEACHERS.read_text(), re.S) if table in b
        ]
        (work / "course" / name).write_text(block)  # the docs' own calendar, as written
    for login in ("ada", "bob"):  # bob: the docs' extension names him (else it reaches nobody)
        served = home / "class-data" / "users" / login
        (served / "data" / "queens-tutor").mkdir(parents=True)
        (served / "user.txt").write_text(login)
        lessons = {"problem": LessonRecord(page=1).to_json()}
        (served / "data" / "queens-tutor" / "progress.json").write_text(
            json.dumps({"schema": 1, "lessons": lessons})
        )
    (work / "my-lessons").mkdir()
    lesson = (ROOT / "lessons" / "builtin" / "en" / "06-recursive.md").read_text(encoding="utf-8")
    (work / "my-lessons" / "10-my-recursive.md").write_text(
        lesson.replace("@lesson recursive", "@lesson my-recursive", 1), encoding="utf-8"
    )
    (work / "proxy-secret").write_text(SECRET + "\n")
    (work / "proxy-secret").chmod(0o600)
    env = {
        name: value
        for name, value in os.environ.items()
        if not name.startswith("XDG_") and name not in ("LC_ALL", "LANGUAGE")
    }
    env.update(HOME=str(home), LANG="C.UTF-8", LC_MESSAGES="C")
    # the docs' commands run as in the tutor's activated environment (``. .venv/bin/activate``)
    env["PATH"] = os.pathsep.join((str(Path(sys.executable).parent), env.get("PATH", "")))
    return work, env


def _as_here(command: str, work: Path) -> str:
    """The command with the substitutions this module's docstring gives."""
    for old, new in SMALLER.items():
        if command.startswith(old):
            command = new + command[len(old) :]
    command = command.replace("/etc/queens-tutor/proxy-secret", str(work / "proxy-secret"))
    command = command.replace("/etc/queens-tutor/lti.json", str(work / "lti.json"))
    command = command.replace("/run/queens-tutor/tutor.sock", str(work / "tutor.sock"))
    command = command.replace("/srv/queens-tutor", str(work / "srv-queens-tutor"))
    command = command.replace("/srv/course", str(work / "course"))
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


def _in_a_terminal(command: str, work: Path, env: dict[str, str]) -> None:
    wanted = {key: env[key] for key in ("HOME", "LANG")}
    started = f"sh -c 'cd {work} && exec {command.replace('queens-tutor', tutor_command(), 1)}'"
    with Tmux(started, env=wanted) as session:
        if command.startswith("queens-tutor place"):
            session.wait_for("esc Back")  # the place board's keys: escape leads out
            session.keys("Escape")
        else:
            session.wait_for("q Quit")  # the main screen
            session.keys("q")
        assert session.wait_exit() == 0, command


@pytest.mark.integration
@pytest.mark.slow(150)
def test_the_readme_examples_run_as_written(scratch: tuple[Path, dict[str, str]]) -> None:
    work, env = scratch
    tree = source_copy(work.parent / "tree")
    ran = 0
    for example in examples():
        if _not_run(example):
            continue
        command = _as_here(example.text, work)
        folder = (
            tree if example.page in IN_A_COPY else ROOT if example.page in FROM_THE_TREE else work
        )
        if command.startswith(IN_THE_TUTOR_S_FOLDER):
            folder = source_copy(work.parent / f"clone-{ran}")
            subprocess.run([sys.executable, "-m", "venv", folder / ".venv"], check=True)
        if command.startswith("queens-tutor serve") and "--lti-setup" not in command:
            _serve(command, work, env)
        elif command.startswith(TERMINAL):
            _in_a_terminal(command, work, env)
        else:
            done = subprocess.run(
                ["sh", "-c", command],
                cwd=folder,
                env=env,
                capture_output=True,
                text=True,
                timeout=180,
                stdin=subprocess.DEVNULL,
            )
            assert done.returncode == 0, (example.where, command, done.stderr[-1500:])
            assert "Traceback" not in done.stderr
            if command == example.text:  # not run smaller: its figures are the comment's
                for figure in GROUPED.findall(example.comment):
                    assert figure in done.stdout, (example.where, figure, done.stdout[-500:])
        ran += 1
    assert ran >= 40
    assert (work / "demo-it.txt").read_text().count("> ") >= 5  # the plain tutor's script ran
    assert (work / "ada.json").exists() and (work / "class.csv").stat().st_size > 0
    assert (tree / "lessons" / "locale" / "queens_tutor.pot").stat().st_mtime > (
        ROOT / "lessons" / "locale" / "queens_tutor.pot"
    ).stat().st_mtime  # the translators' workflow wrote its template
