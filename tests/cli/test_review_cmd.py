"""Where the review stands: ``progress`` says how many questions are due now, how many overdue
since when, and the next day one is due (text and json); the review's intro says the day a late
kind was due; with nothing to review, ``queens-tutor review`` names the lesson to do next (the
course's open assignment before the built-in lessons) and what it cannot ask again."""

from __future__ import annotations

import json
import re
import shlex
import time
from datetime import date, datetime, timedelta
from pathlib import Path

import pytest

from lessons.model import Text
from lessons.progress.records import QuestionRecord
from lessons.progress.store import ProgressStore
from lessons.review.plan import plan_review
from lessons.review.session import compose
from tests.cli.clirun import run_main, run_ok
from tests.cli.inproc import call
from tests.tiers import sweep
from tests.unit.lessons.review_progress import at, lessons, miss, store_at

LESSON = "@lesson {id}\n@title Lesson {id}\n\n@page One\nText.\n"


def test_the_next_lesson_is_the_open_assignments(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    for number, key in ((20, "alpha"), (21, "beta")):
        (tmp_path / f"{number}-{key}.md").write_text(LESSON.format(id=key), encoding="utf-8")
    due = (datetime.now() + timedelta(days=4)).astimezone().isoformat(timespec="seconds")
    (tmp_path / "course.toml").write_text(
        f'[[assignment]]\nid = "week2"\nlessons = ["beta"]\ndue = "{due}"\n', encoding="utf-8"
    )
    status, out, _err = call(capsys, "review", "--lessons-dir", str(tmp_path))
    assert status == 0
    assert "The next lesson to do is 21, Lesson beta." in out, out
    command = shlex.join(["queens-tutor", "--lessons-dir", str(tmp_path), "--lesson", "21"])
    assert out.rstrip().endswith(f"Open lesson 21 with:\n  {command}"), out


COUNTING = "@lesson my-counting\n@title My counting\n\n@page One\n@question solutions n=4\n@end\n"


def test_the_next_lesson_has_its_listed_number_and_a_command_that_opens_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Lesson 11 alone in a course folder is 11 (1, the built-in, without --only-course),
    and the command names the course's folder."""
    (tmp_path / "11-count.md").write_text(COUNTING, encoding="utf-8")
    folder = str(tmp_path)
    status, listed, _err = call(capsys, "lessons", "list", "--lessons-dir", folder)
    assert status == 0
    assert any(line.split()[:2] == ["11", "my-counting"] for line in listed.splitlines())
    for options in ([], ["--only-course"]):
        status, out, _err = call(
            capsys, "review", "--lessons-dir", folder, *options, "--lang", "en"
        )
        assert status == 0
        first = "1, The problem" if not options else "11, My counting"
        assert f"The next lesson to do is {first}" in out, out
        number = "1" if not options else "11"
        command = shlex.join(
            ["queens-tutor", "--lang", "en", "--lessons-dir", folder, *options, "--lesson", number]
        )
        assert out.rstrip().endswith(f"Open lesson {number} with:\n  {command}"), out


def test_misses_in_lessons_not_loaded_are_named_with_the_option(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Without --lessons-dir, misses in a course lesson are named, not "missed nothing"."""
    store = ProgressStore()
    record = store.lesson("my-counting")
    record.answers["0.0"] = QuestionRecord(right=True, attempts=3, at=1_700_000_000.0)
    assert store.save("my-counting", record)
    status, out, _err = call(capsys, "review", "--lang", "en")
    assert status == 0
    assert "missed no question" not in out, out
    assert "lessons not loaded now (my-counting)" in out, out
    assert "--lessons-dir" in out.split(".")[0] + out, out
    (tmp_path / "11-count.md").write_text(COUNTING, encoding="utf-8")
    status, out, _err = call(capsys, "review", "--lessons-dir", str(tmp_path), "--lang", "en")
    assert "not loaded now" not in out  # loaded: the review knows its misses


def missed_choices(
    folder: Path, *misses: tuple[str, str], completed: bool = True
) -> dict[str, str]:
    """Choice questions missed (which the review cannot ask again): the store's environment."""
    store = store_at(folder)
    for lesson_id, key in misses:
        miss(store, lesson_id, [key], when=time.time(), completed=completed)
    return {"XDG_DATA_HOME": str(folder)}


def test_review_and_progress_name_what_the_review_cannot_ask_again(tmp_path: Path) -> None:
    """The command after it names the lesson it opens ("it" read as the page)."""
    env = missed_choices(tmp_path, ("problem", "5.0"), completed=False)
    text = run_ok("review", "--lang", "en", env=env)
    out = " ".join(text.out.split())
    assert "The review cannot ask again what you missed in lesson 1" in out, out
    assert "1 with: queens-tutor --lang en --lesson 1 The review cannot ask again" in out, out
    text = run_ok("progress", "--lang", "en", env=env)
    assert (
        "The review cannot ask again what you missed in lesson 1, The problem and its "
        "representation, on page 6: re-read that page." in " ".join(text.out.split())
    ), text.out


CHOICES = (("problem", "5.0"), ("small-boards", "1.0"), ("naive-search", "6.4"))


def test_nothing_due_reads_in_short_lines_and_names_the_lesson_one_way(tmp_path: Path) -> None:
    """Short paragraphs within 80 columns, the command on a line of its own, the lesson by
    its number in the sentence and the command alike."""
    env = missed_choices(tmp_path, *CHOICES)
    text = run_ok("review", "--lang", "en", env=env)
    lines = text.out.rstrip("\n").split("\n")
    assert max(len(line) for line in lines) <= 80, text.out
    paragraphs = text.out.rstrip("\n").split("\n\n")
    assert len(paragraphs) == 4, text.out  # nothing due; lesson 4 and its command; 2 left out
    assert paragraphs[0].startswith("Nothing to review"), paragraphs[0]
    assert paragraphs[1].startswith("The next lesson to do is 4, Diagonals"), paragraphs[1]
    assert paragraphs[1].endswith("4 with:\n  queens-tutor --lang en --lesson 4"), paragraphs[1]
    assert "diagonals" not in text.out.replace("Diagonals", "")
    assert all(p.startswith("The review cannot ask again") for p in paragraphs[2:]), paragraphs
    opened = run_main("lessons", "list", env=env)
    assert any(line.split()[:2] == ["4", "diagonals"] for line in opened.out.splitlines())


@pytest.mark.parametrize("width", sweep([60, 72, 80], everyday=[60]))  # the narrowest
def test_nothing_due_in_polish_ends_no_line_with_a_one_letter_word(
    tmp_path: Path, width: int
) -> None:
    """A one-letter word stays with the next one, as in the Polish lessons."""
    env = missed_choices(tmp_path, *CHOICES)
    text = run_main("review", "--lang", "pl", env={**env, "COLUMNS": str(width)})
    lines = text.out.rstrip("\n").split("\n")
    assert max(len(line) for line in lines) <= width, text.out
    assert not [line for line in lines if re.search(r"(?:^|\s)[aiouwzAIOUWZ]$", line)], text.out
    assert "Otwórz lekcję 4 poleceniem:\n  queens-tutor --lang pl --lesson 4" in text.out


def test_a_review_with_no_progress_yet_makes_no_data_folder(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Nothing can be due before any progress: said, and no data folder made to say it."""
    from lessons.progress.folders import data_dir

    assert not data_dir().exists()  # the test's own fresh data folder (tests/conftest.py)
    status, out, _err = call(capsys, "review")
    assert status == 0
    assert "Nothing to review" in out, out
    assert not data_dir().exists()


def test_progress_says_what_is_due_what_is_overdue_since_when_and_when_next(
    tmp_path: Path,
) -> None:
    env = {"XDG_DATA_HOME": str(tmp_path)}
    none = run_main("progress", env=env)
    assert none.status == 0 and "Review: nothing due" in none.out
    store = store_at(tmp_path)
    miss(store, "diagonals", ["0.0"], when=time.time() - 3 * 86_400)  # same-diagonal: due
    miss(store, "iterative", ["2.0"], when=time.time())  # next-choice: due tomorrow
    text = run_ok("progress", env=env)
    late = (date.today() - timedelta(days=2)).isoformat()  # missed 3 days ago: due the next
    line = f"Review: 1 question due, overdue since {late} (queens-tutor review opens it)"
    assert line in text.out.splitlines(), text.out
    data = json.loads(run_main("progress", "--format", "json", env=env).out)
    assert data["review"] == {"due": 1, "next": (date.today() + timedelta(days=1)).isoformat()}
    env = {"XDG_DATA_HOME": str(tmp_path / "later")}
    store = store_at(tmp_path / "later")
    miss(store, "diagonals", ["0.0"], when=time.time() - 5 * 86_400)  # due 4 days ago
    miss(store, "iterative", ["2.0"], when=time.time() - 86_400)  # due today: not late
    text = run_ok("progress", "--lang", "en", env=env)
    since = (date.today() - timedelta(days=4)).isoformat()
    line = (
        f"Review: 2 questions due; 1 of them overdue since {since} (queens-tutor review opens it)"
    )
    assert line in text.out.splitlines(), text.out


def test_the_intro_says_the_day_a_late_kind_was_due(tmp_path: Path) -> None:
    store = store_at(tmp_path)
    miss(store, "diagonals", ["0.0"], when=at(0))  # due on 2026-03-03
    for day, late in ((1, False), (6, True)):
        review = compose(plan_review(lessons(), store, at(day)), lessons(), store.review, 7)
        assert review is not None
        intro = next(b for b in review.lesson.pages[0].blocks if isinstance(b, Text)).markdown
        assert ("It was due on 2026-03-03." in intro) == late, intro
