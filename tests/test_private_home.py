"""The run's own setup (tests/conftest.py). A test run leaves the home alone
(tests/private_home.py): the folders every program of the tutor writes in point into the run's
temporary folder, and a run of tests that write there (a download, settings, numba's cache, the
tutor in tmux, a server) leaves the home as it was. A test marked ``needs(module, reason)`` is
skipped with the reason where the module is not installed, and runs where it is; the module is
not imported."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests import private_home
from tests.conftest import pytest_runtest_setup

ROOT = Path(__file__).resolve().parents[1]
WHERE = """
import json, platformdirs, solver.counting.compiled as compiled
from pathlib import Path
print(json.dumps([
    str(Path.home()), str(platformdirs.user_data_path()), str(platformdirs.user_config_path()),
    str(platformdirs.user_cache_path()), str(platformdirs.user_state_path()),
    str(platformdirs.user_downloads_path()), compiled.cache_dir(),
]))
"""


def _inside(path: str, folder: Path) -> bool:
    return Path(path).resolve().is_relative_to(folder.resolve())


def test_every_folder_of_the_home_is_the_runs(
    test_home: Path, tmp_path_factory: pytest.TempPathFactory
) -> None:
    import json

    run = Path(os.environ[private_home.RUN_FOLDER])
    per_test = tmp_path_factory.getbasetemp()  # XDG_DATA_HOME: each test's own (conftest)
    assert test_home.parent == run and Path.home() == test_home
    seen = subprocess.run(
        [sys.executable, "-c", WHERE], capture_output=True, text=True, check=True, timeout=60
    )
    for path in json.loads(seen.stdout):  # what a program the test starts would use
        assert _inside(path, run) or _inside(path, per_test), path


def _snapshot(folder: Path) -> dict[str, tuple[int, int]]:
    """Every path under ``folder`` with its size and modification time."""
    found = {}
    for path in sorted(folder.rglob("*")):
        info = path.lstat()
        found[str(path.relative_to(folder))] = (info.st_size, info.st_mtime_ns)
    return found


SUBSET = [
    # the anonymous tab's "download first": ~/Downloads/queens-tutor-progress-student.json
    "tests/tui/test_served_app.py",
    # the language chosen in the tutor, saved in settings.json
    "tests/tui/test_languages.py",
    # the compiled counter: numba's cache, by default ~/.cache/queens-tutor/numba
    "tests/cli/test_count_cmd.py::test_engines_agree",
    # the installed tutor in a real terminal, with its progress and crash-log folders
    "tests/e2e/test_tutor_in_tmux.py::test_terminal_types_and_no_color_and_q_quits_with_status_0[vt100]",
    # a real server with its --server-data store under ~/.local/share/queens-tutor/served
    "tests/serve/test_serve_store.py::test_a_new_store_and_its_users_folders_are_private_and_no_planted_link_is_followed",
]


@pytest.mark.integration
@pytest.mark.slow(120)
def test_a_run_of_the_tests_writes_nothing_in_the_home(tmp_path: Path) -> None:
    home = tmp_path / "home"
    (home / "Downloads").mkdir(parents=True)
    (home / ".bashrc").write_text("# the user's own\n")
    before = _snapshot(home)
    variables = ("HOME", private_home.RUN_FOLDER, "NUMBA_CACHE_DIR", "PYTEST_XDIST_WORKER")
    env = {
        name: value
        for name, value in os.environ.items()
        if name not in variables and not name.startswith("XDG_")
    }
    env["HOME"] = str(home)
    env["TMPDIR"] = str(tmp_path / "tmp")
    (tmp_path / "tmp").mkdir()
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-n", "0", "-q",
         "-m", "", "--maxschedchunk", "1", *SUBSET],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=900,
    )  # fmt: skip
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    assert " passed" in done.stdout and " skipped" not in done.stdout, done.stdout[-500:]
    assert _snapshot(home) == before
    # collecting every test (the modules imported, none run) writes nothing there either: two
    # modules made ~/.local/share/queens-tutor as they were imported, before any fixture
    collected = subprocess.run(
        [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-n", "0", "-q",
         "--collect-only", "-m", ""],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=900,
    )  # fmt: skip
    assert collected.returncode == 0, collected.stdout[-3000:] + collected.stderr[-3000:]
    assert _snapshot(home) == before
    # and the run's own temporary home went with it
    assert not list((tmp_path / "tmp").glob("queens-tutor-test-home-*"))


class _Item:
    """As much of a test item as the hook reads: its marks."""

    def __init__(self, *marks: pytest.MarkDecorator) -> None:
        self._marks = [mark.mark for mark in marks]

    def iter_markers(self, name: str) -> list[pytest.Mark]:
        return [mark for mark in self._marks if mark.name == name]


def test_a_missing_module_skips_with_the_reason_and_an_installed_one_is_not_imported() -> None:
    item = _Item(pytest.mark.needs("queens_tutor_no_such_module", "it needs the moon"))
    with pytest.raises(pytest.skip.Exception, match="it needs the moon"):
        pytest_runtest_setup(item)  # type: ignore[arg-type]
    name = "xml.dom.pulldom"
    before = name in sys.modules
    pytest_runtest_setup(_Item(pytest.mark.needs(name, "never said")))  # type: ignore[arg-type]
    assert (name in sys.modules) == before
