"""The headless core stays headless: solver/ and lessons/ never import the UI."""

from __future__ import annotations

import subprocess
import sys

import pytest

CHECK = """
import importlib, pkgutil, sys
package = importlib.import_module({package!r})
for info in pkgutil.walk_packages(package.__path__, {package!r} + "."):
    importlib.import_module(info.name)
forbidden = {forbidden!r}
bad = sorted(m for m in sys.modules if m.split(".")[0] in forbidden)
print(",".join(bad))
"""


@pytest.mark.parametrize(
    ("package", "forbidden"),
    [("solver", ("textual", "rich", "tui", "lessons")), ("lessons", ("textual", "rich", "tui"))],
)
def test_package_and_all_its_modules_import_without_the_ui(
    package: str, forbidden: tuple[str, ...]
) -> None:
    code = CHECK.format(package=package, forbidden=forbidden)
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.strip() == "", f"{package} imported {proc.stdout.strip()}"


def test_the_tutors_start_and_its_command_line_import_no_lesson_machinery() -> None:
    """The app module leaves the lessons to when they are first opened, and no subcommand's
    parser (all are built at start) imports what its command computes: start-up budgets."""
    code = (
        "import sys, tui.app, tui.screens.main_screen\n"
        "from tui.cli.main import build_parser\n"
        "build_parser()\n"
        "heavy = ('lessons.catalog', 'lessons.parsing.parser', 'tui.lesson_context',"
        " 'tui.screens.progress_transfer', 'lessons.review.session', 'lessons.review.boxes',"
        " 'lessons.course.reading', 'lessons.progress.store')\n"
        "print(sorted(m for m in heavy if m in sys.modules))"
    )
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert run.stdout.strip() == "[]"
