"""The review in the plain tutor: ``queens-tutor review`` with its commands
piped in (the plain tutor chosen by itself) or ``--plain``, read and answered line by line as a
lesson is, its outcomes saved; the plain tutor's ``lessons`` and ``review`` commands; with
nothing due, one line saying so and what to do next, and no tutor opened."""

from __future__ import annotations

import json
import shlex
import subprocess
import time
from pathlib import Path

from lessons.progress.reviews import ReviewHistory
from lessons.progress.store import ProgressStore, default_path
from lessons.review.run import ReviewRun
from tests.cli.clirun import run_main
from tests.e2e.tmux import tutor_command
from tests.plain.test_plain_script import blocks
from tests.tui.test_lessons_keyboard import lecture_next_choice
from tests.unit.lessons.review_progress import miss
from tui.lesson_context import LessonContext

SEED = 4242
DAY = 86_400


def tutor(tmp_path: Path, script: str, *args: str) -> subprocess.CompletedProcess[str]:
    """``queens-tutor ARGS`` with its commands read from a file (not a terminal)."""
    commands = tmp_path / "commands.txt"
    commands.write_text(script, encoding="utf-8")
    with commands.open("rb") as stdin:
        done = subprocess.run(
            [*shlex.split(tutor_command()), *args], stdin=stdin, capture_output=True, timeout=60
        )
    assert b"\x1b" not in done.stdout  # never an escape sequence
    return subprocess.CompletedProcess(
        done.args, done.returncode, done.stdout.decode(), done.stderr.decode()
    )


def with_misses() -> ProgressStore:
    """Two kinds missed three days ago (due now, on the real clock), and the review's seed."""
    store = ProgressStore()
    when = time.time() - 3 * DAY
    miss(store, "diagonals", ["0.0"], when=when)  # same-diagonal
    miss(store, "iterative", ["2.0"], when=when)  # next-choice
    assert store.merge_review(ReviewHistory((), SEED))
    return store


def test_review_piped_in_is_read_and_answered_line_by_line(tmp_path: Path) -> None:
    with_misses()
    context = LessonContext.load(lang="en")
    review = context.review()  # the review the command will draw: the same seed and history
    assert review is not None and [i.kind for i in review.items] == ["next-choice", "same-diagonal"]
    run = ReviewRun(review, None)
    assert run.asked is not None and run.engine is not None
    snapshot = run.engine.snapshot()
    answer = lecture_next_choice(snapshot.b, snapshot.k)  # type: ignore[attr-defined]
    first_prompt = run.asked.posed.prompt
    run.goto(1)
    assert run.asked is not None
    second_prompt = run.asked.posed.prompt
    script = f"board\n{answer}\nenter\nhint\nshow\nstatus\nenter\nquit\n"
    done = tutor(tmp_path, script, "review")
    assert done.returncode == 0, done.stderr
    assert "standard input is not a terminal" in done.stderr  # the plain tutor, chosen
    commands = blocks(done.stdout)
    said = dict(commands)  # each command's lines (enter: its last)
    enters = [lines for command, lines in commands if command == "enter"]
    opening = blocks(done.stdout)[0][1]
    title = opening.index("Review: where the search goes next (1/2)")
    # the review's own heading first, not the 8 x 8 main board's narration
    assert title == 1 and opening[0].startswith("queens-tutor, plain: one command a line")
    assert opening[title + 1].startswith("In lesson 5, The iterative backtracker, step by step,")
    assert opening[title + 2].startswith("The board: n = ")  # the board in words
    assert opening[title + 3] == f"Question: {first_prompt}"
    assert said["board"][0].startswith("The board, n = ")  # the board in words
    assert said["board"][1].startswith("row 0: ")
    assert said[answer][0].startswith("Right")
    assert enters[0][0] == "Review: same diagonal (2/2)"  # straight on after the feedback
    assert f"Question: {second_prompt}" in enters[0]
    # its board only marks the two squares: its empty state is not said
    assert not any(line.startswith("The board: ") for line in enters[0]), enters[0]
    assert said["hint"][0].startswith("Hint: Column ") and "Work out the same" in said["hint"][0]
    assert said["show"][0].startswith("The answer: ")
    assert enters[1][0].startswith("Review done: 1 of 2 questions right at the first attempt.")
    assert said["status"][0].startswith(
        "Review of 2 questions: 1 right at the first attempt so far; Review: same diagonal (2/2)."
    )
    saved = json.loads(default_path().read_text())["review"]
    assert [(o["kind"], o["right"], o["hint"]) for o in saved["outcomes"]] == [
        ("next-choice", True, False),
        ("same-diagonal", False, True),
    ]
    assert saved["seed"] == SEED


def test_the_end_of_a_plain_review_and_the_lessons_list() -> None:
    with_misses()
    done = run_main("--plain", stdin="lessons\nreview\nshow\nenter\nshow\nenter\nenter\nreview\n")
    assert done.status == 0 and "\x1b" not in done.out, done.err
    said = blocks(done.out)
    assert said[1][1][0] == "Review: 2 questions due (review opens it)"
    assert said[1][1][1] == "1. The problem and its representation: new"
    ends = [lines for command, lines in said if command == "enter"]
    assert ends[-2][0].startswith("Review done: 0 of 2 questions right at the first attempt.")
    assert "Your next review is on" in ends[-2][0]
    assert ends[-1][0].startswith("Review: nothing due; the next on ")  # back to the lessons
    assert "review opens it" not in ends[-1][0]  # nothing due: the review would open nothing
    assert said[-1][1][0].startswith("Nothing to review today: your next review is on ")


def test_nothing_to_review_is_a_few_short_lines_and_opens_nothing() -> None:
    done = run_main("review", stdin="quit\n")
    assert done.status == 0, done.err
    assert done.out == (  # short paragraphs, the command on its own line
        "Nothing to review: you have missed no question the review can ask again yet.\n"
        "\n"
        "The next lesson to do is 1, The problem and its representation.\n"
        "Open lesson 1 with:\n"
        "  queens-tutor --lesson 1\n"
    )
    assert done.err == ""  # no plain tutor was opened


def test_a_lessons_title_on_a_review_page_shows_as_written() -> None:
    """A teacher's title may hold Markdown's marks: the review's page shows them as written."""
    from lessons.review.words import literal
    from tui.plain.markdown_text import plain_lines

    title = "*Stars* and [links](x) in_a_title"
    assert plain_lines(f"In lesson 10, {literal(title)}, you") == [f"In lesson 10, {title}, you"]
    assert plain_lines(f"In lesson 10, {title}, you") != [f"In lesson 10, {title}, you"]
