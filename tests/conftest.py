"""Shared test setup: a clean, predictable terminal environment for every test."""

from __future__ import annotations

import os
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import settings

from tests import private_home, run_collector, tiers

for _name in ("NO_COLOR", "TEXTUAL_THEME"):
    os.environ.pop(_name, None)
# The run keeps its bytecode (in __pycache__) even where PYTHONDONTWRITEBYTECODE=1 asks for none:
# each worker would compile the tests and the tutor again. Started programs keep the variable.
sys.dont_write_bytecode = False
# Hypothesis's everyday profile; ``--hypothesis-profile thorough`` replaces it (tests/tiers.py).
settings.load_profile(tiers.EVERYDAY)
# The run's private home folder (tests/private_home.py), made before anything is collected and
# before pytest-xdist's workers start: collecting the tests writes nothing in the user's home.
_HOME_BEFORE = dict(os.environ)
private_home.point(private_home.enter())


@pytest.fixture(scope="session", autouse=True)
def test_home() -> Iterator[Path]:
    """The home of the whole run: HOME, every XDG folder, the Downloads folder and numba's
    cache point into a temporary folder, for this process and every program a test starts
    (tmux, servers, subprocesses), so that a test run leaves the user's home as it was."""
    saved = dict(os.environ)
    yield private_home.point(private_home.enter())
    os.environ.clear()
    os.environ.update(saved)
    # the home's variables as they were before this file pointed them (at its loading)
    for name in private_home.environment(Path(), ""):
        if name in _HOME_BEFORE:
            os.environ[name] = _HOME_BEFORE[name]
        else:
            os.environ.pop(name, None)


@pytest.fixture(autouse=True)
def _plain_environment(
    monkeypatch: pytest.MonkeyPatch, tmp_path_factory: pytest.TempPathFactory
) -> None:
    """No colour or theme override, private data and configuration folders per test (the
    progress, and the settings: a language one test chooses is not the next one's), and a
    share of the cores for its runs of its own (not the machine's, which other tests' runs
    would wait in: solver/session/share.py)."""
    monkeypatch.delenv("NO_COLOR", raising=False)
    monkeypatch.delenv("TEXTUAL_THEME", raising=False)
    # one fresh folder a test (pytest's mktemp lists the growing base folder each time)
    root = tmp_path_factory.getbasetemp() / "environments"
    root.mkdir(exist_ok=True)
    folder = Path(tempfile.mkdtemp(dir=root))
    for name, variable in (
        ("xdg-data", "XDG_DATA_HOME"),
        ("xdg-config", "XDG_CONFIG_HOME"),
        ("runs", "QUEENS_TUTOR_RUN_SHARE"),
    ):
        (folder / name).mkdir()
        monkeypatch.setenv(variable, str(folder / name))


@pytest.fixture(autouse=True)
def _runs_at_the_tests_priority(monkeypatch: pytest.MonkeyPatch) -> None:
    """A run (``s``, ``b``) started in this process plays at the test's own priority, not the
    lowest (tests/unit/solver/test_run_share.py checks the lowest)."""
    from solver.session import share

    monkeypatch.setattr(share, "LOWEST", os.getpriority(os.PRIO_PROCESS, 0))


@pytest.fixture(autouse=True)
def _english(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The tutor speaks English unless a test asks for another language (the messages locale
    of the machine running the tests does not count); the language is English again after."""
    from lessons import i18n

    monkeypatch.delenv("LC_ALL", raising=False)
    monkeypatch.setenv("LC_MESSAGES", "C")
    i18n.set_language("en")
    yield
    i18n.set_language("en")


def pytest_collection_finish(session: pytest.Session) -> None:
    """The collector set for the run once its tests are collected (tests/run_collector.py)."""
    del session
    run_collector.settle()


def _expected_seconds(item: pytest.Item) -> float:
    marker = item.get_closest_marker("slow")
    if marker is None:
        return 0.0
    return float(marker.args[0]) if marker.args else 10.0


WAITING = ("tests/tui/", "tests/e2e/", "tests/plain/", "tests/serve/")
"""The folders whose tests mostly wait: Pilot lets the app fall idle after every key (40 ms at
least), a terminal test polls tmux's screen. A worker running them uses a fifth of a core or
less."""


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The tests marked slow first, the longest first; then the tests that mostly wait
    (:data:`WAITING`) dealt out among the others: pytest-xdist hands tests out in this order, so
    the long ones start at once and some workers compute while others wait on an app."""
    for item in items:
        _give_a_deadline(item)
    items.sort(key=_expected_seconds, reverse=True)
    slow = [item for item in items if _expected_seconds(item) > 0]
    rest = items[len(slow) :]
    waiting = [item for item in rest if item.nodeid.startswith(WAITING)]
    computing = [item for item in rest if not item.nodeid.startswith(WAITING)]
    items[len(slow) :] = _dealt(waiting, computing)


EVERYDAY_DEADLINE = 300
"""Seconds a test may take before it fails (pyproject's ``timeout``): a loop fails its test
instead of hanging the run."""


def _give_a_deadline(item: pytest.Item) -> None:
    """A test without its own ``timeout`` mark gets :data:`EVERYDAY_DEADLINE`, or ten times
    its ``slow`` estimate where that is longer; an integration test gets at least 20 minutes
    (a real server, a browser, the raw-byte fuzz)."""
    if item.get_closest_marker("timeout") is not None:
        return
    deadline = max(EVERYDAY_DEADLINE, 10 * _expected_seconds(item))
    if item.get_closest_marker("integration") is not None:
        deadline = max(deadline, 1200)
    if deadline > EVERYDAY_DEADLINE:
        item.add_marker(pytest.mark.timeout(deadline))


def _dealt(first: list[pytest.Item], second: list[pytest.Item]) -> list[pytest.Item]:
    """Both lists in one, each in its order, spread evenly: after any item, each list has
    given about the same share of its items."""
    dealt: list[pytest.Item] = []
    taken = [0, 0]
    for _ in range(len(first) + len(second)):
        # the list whose next item is due first: the smaller (taken + 1/2) / length
        if taken[1] >= len(second) or (
            taken[0] < len(first)
            and (2 * taken[0] + 1) * len(second) <= (2 * taken[1] + 1) * len(first)
        ):
            dealt.append(first[taken[0]])
            taken[0] += 1
        else:
            dealt.append(second[taken[1]])
            taken[1] += 1
    return dealt


WORKERS_PER_CORE = 3
"""How many pytest-xdist workers ``-n auto`` starts for each core (see below)."""

MOST_WORKERS = 16
"""No more workers than this on a machine of many cores: each worker holds its own Python,
Textual and the tutor (about 100 MB), and the tests that wait are a few hundred."""


def pytest_xdist_auto_num_workers(config: pytest.Config) -> int:
    """``-n auto``: :data:`WORKERS_PER_CORE` workers per core this process may use (most of a
    Pilot or tmux test is spent waiting, leaving its core idle); ``PYTEST_XDIST_AUTO_NUM_WORKERS``
    still says otherwise."""
    del config
    override = os.environ.get("PYTEST_XDIST_AUTO_NUM_WORKERS")
    if override:
        return int(override)
    return min(WORKERS_PER_CORE * len(os.sched_getaffinity(0)), MOST_WORKERS)


def pytest_xdist_setupnodes(config: pytest.Config) -> None:
    """Before the workers start, one collection of the run's tests without them: it compiles the
    tutor's modules and the tests (pytest's rewritten assertions) to bytecode once, where each
    worker of a fresh clone would compile them all again, at once. Its failures are the
    workers' to report: they collect the same tests."""
    import subprocess

    if hasattr(config, "workerinput") or (config.option.numprocesses or 0) < 2:
        return
    args = [*config.invocation_params.args, "--collect-only", "-q", "-n", "0"]
    subprocess.run(
        [sys.executable, "-m", "pytest", *args],
        cwd=config.invocation_params.dir,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        check=False,
    )


# -- the throwaway kit (docs/extending.md) -----------------------------------------------------


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--throwaway-kit",
        action="store_true",
        default=False,
        help="register a sixth stepped method, written in tests/throwaway/ by docs/extending.md's "
        "recipe alone, for the whole run: every test that reads the registry checks it too",
    )


def _parse_builtin_lessons_once() -> None:
    """Each process parses a built-in lesson file once (their parsed lessons are frozen): again
    only if it changed (size or time) or in another language. Folders a test writes: each time."""
    import functools

    from lessons import catalog, i18n

    parse_file = catalog.parse_file

    @functools.cache
    def parsed(path: Path, size: int, mtime_ns: int, lang: str) -> object:
        del size, mtime_ns, lang  # the cache's key only
        return parse_file(path)

    def parse_builtin_once(path: Path) -> object:
        if path.parent.parent != catalog.BUILTIN_DIR:
            return parse_file(path)
        try:
            info = path.stat()
        except OSError:
            return parse_file(path)  # the error as the parser words it
        return parsed(path, info.st_size, info.st_mtime_ns, i18n.current())

    catalog.parse_file = parse_builtin_once  # type: ignore[assignment]


def _ctrl_c_as_at_a_terminal() -> None:
    """Programs started by a run in the background (``cmd &``, SIGINT ignored) get SIGINT as
    from a terminal: the tests stop ``serve`` with Ctrl-C's signal."""
    import signal

    if signal.getsignal(signal.SIGINT) is signal.SIG_IGN:
        signal.signal(signal.SIGINT, signal.default_int_handler)


def pytest_configure(config: pytest.Config) -> None:
    _ctrl_c_as_at_a_terminal()
    _parse_builtin_lessons_once()
    if config.getoption("--throwaway-kit"):
        from tests.throwaway import register_kit

        register_kit()


def pytest_runtest_setup(item: pytest.Item) -> None:
    """A test marked ``needs(module, reason)`` is skipped, with ``reason``, where ``module``
    is not installed (found without importing it)."""
    import importlib.util

    for mark in item.iter_markers("needs"):
        module, reason = mark.args
        if importlib.util.find_spec(module) is None:
            pytest.skip(reason)
