"""The headless core stays headless: solver/ and lessons/ never import the UI."""

from __future__ import annotations

import subprocess
import sys

CHECK = """
import importlib, pkgutil, sys
for package, forbidden in (("solver", ("textual", "rich", "tui", "lessons")),
                           ("lessons", ("textual", "rich", "tui"))):
    for info in pkgutil.walk_packages(importlib.import_module(package).__path__, package + "."):
        importlib.import_module(info.name)
    print(package, sorted(m for m in sys.modules if m.split(".")[0] in forbidden))
"""


def test_solver_and_lessons_and_all_their_modules_import_without_the_ui() -> None:
    """solver/ imports neither the UI nor the lessons; lessons/ (solver/ loaded) not the UI."""
    proc = subprocess.run([sys.executable, "-c", CHECK], capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.splitlines() == ["solver []", "lessons []"]


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
