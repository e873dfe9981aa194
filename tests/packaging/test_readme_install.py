"""The README's two install commands, word for word, on the system's Python with an empty home,
in a fresh copy of the tree: the first shows the tutor in tmux and quits with status 0; the
second installs the test extra and passes the everyday suite. Neither leaves files git lists."""

from __future__ import annotations

import os
import re
import shlex
import subprocess
from pathlib import Path

import pytest

from tests.e2e.tmux import Tmux
from tests.packaging.tree import ROOT, source_copy

SYSTEM_PYTHON = Path("/usr/bin/python3")
INSTALL_AND_START = "Install and start the tutor"
INSTALL_AND_TEST = "Install and run the tests"


def readme_command(heading: str) -> str:
    """The one command of the ``sh`` block under the README's ``## heading``."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    section = text.split(f"\n## {heading}\n", 1)[1].split("\n## ", 1)[0]
    (block,) = re.findall(r"```sh\n(.*?)```", section, re.S)
    (command,) = block.strip().splitlines()
    return command


def test_the_readme_commands_use_a_virtual_environment_and_the_system_python() -> None:
    for heading in (INSTALL_AND_START, INSTALL_AND_TEST):
        command = readme_command(heading)
        assert command.startswith("python3 -m venv .venv && .venv/bin/pip install "), command
        assert " pip install" not in command.replace(".venv/bin/pip install", "")


@pytest.fixture
def system() -> dict[str, str]:
    """The environment of a fresh account on this machine: the system's programs, an empty
    home, a UTF-8 locale. Skips where the system's Python cannot make a virtual environment."""
    if not SYSTEM_PYTHON.exists():
        pytest.skip("no system Python at /usr/bin/python3")
    found = subprocess.run(
        [str(SYSTEM_PYTHON), "-c", "import ensurepip, venv"], capture_output=True, check=False
    )
    if found.returncode != 0:
        pytest.skip(
            "the system's python3 has no venv module (Debian: apt-get install python3-venv)"
        )
    return {"PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"}


def _fresh(tmp_path: Path, environment: dict[str, str]) -> tuple[Path, dict[str, str]]:
    tree = source_copy(tmp_path / "queens-tutor")
    home = tmp_path / "home"
    home.mkdir(mode=0o700)
    return tree, {**environment, "HOME": str(home)}


def _made_by_the_system_python(tree: Path) -> None:
    prefix = subprocess.run(
        [str(tree / ".venv" / "bin" / "python"), "-c", "import sys; print(sys.base_prefix)"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()
    assert prefix == "/usr", prefix


@pytest.mark.integration
@pytest.mark.slow(120)
def test_the_readme_installs_and_starts_the_tutor(tmp_path: Path, system: dict[str, str]) -> None:
    tree, environment = _fresh(tmp_path, system)
    command = readme_command(INSTALL_AND_START)
    settings = " ".join(f"{name}={shlex.quote(value)}" for name, value in environment.items())
    script = f"cd {shlex.quote(str(tree))} && {command}"
    session = Tmux(f"env -i {settings} TERM=xterm-256color sh -c {shlex.quote(script)}")
    try:
        session.wait_for("New here?", timeout=900)  # pip fetches and installs first
        session.keys("q")
        assert session.wait_exit() == 0
    finally:
        session.close()
    _made_by_the_system_python(tree)


@pytest.mark.integration
@pytest.mark.slow(600)
@pytest.mark.timeout(3600)
def test_the_readme_installs_and_runs_the_tests(tmp_path: Path, system: dict[str, str]) -> None:
    tree, environment = _fresh(tmp_path, system)
    done = subprocess.run(
        ["sh", "-c", readme_command(INSTALL_AND_TEST)],
        cwd=tree,
        env=environment,
        capture_output=True,
        text=True,
        timeout=1800,
        stdin=subprocess.DEVNULL,
    )
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    summary = done.stdout.strip().splitlines()[-1]
    assert re.search(r"\b\d{3,} passed\b", summary) and "failed" not in summary, summary
    _made_by_the_system_python(tree)
    assert os.path.exists(tree / ".venv" / "bin" / "queens-tutor")


def test_ci_runs_the_readme_commands_as_a_newcomer_then_the_suite_beside_busy_processes() -> None:
    script = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    lines = script.splitlines()
    # the two commands are read from the README itself, run in a fresh clone under env -i
    for heading in (INSTALL_AND_START, INSTALL_AND_TEST):
        assert f'readme_command "{heading}"' in script, heading
    assert "git clone" in script and "env -i" in script
    assert "PATH=/usr/sbin:/usr/bin:/sbin:/bin" in script
    clone = next(i for i, line in enumerate(lines) if line.startswith("git clone"))
    ran = next(i for i, line in enumerate(lines) if line.startswith('newcomer "$tests"'))
    busy = [index for index, line in enumerate(lines) if line.startswith("busy &")]
    assert clone < ran < busy[0] and len(busy) == 2, "the README first, then two busy processes"
    after = lines[busy[-1] + 1 :]
    suite = next(line for line in after if line.startswith("python -m pytest"))
    words = suite.split()[3:]
    assert "-m" not in words and not any("tests/" in word for word in words), suite  # all of it
