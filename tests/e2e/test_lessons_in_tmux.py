"""Lessons in the installed tutor in tmux: a quiz question answered and found saved; a lesson's own
board steps with the main keys (the Turin notes' placeQueens), next-choice asked on it in its
notes' words, and @tree beside it; the text pane as the terminal keeps it: no scrollbar thumb
after a wrong answer (in Italian at 80x24), its lines said on its border, and a finished
lesson's note drawn once (the question box shrinking to it over several frames left a second,
cut note in tmux). ``queens-tutor review`` at 80x24: on its first question with its board, a
wrong answer and then the right one, Enter on to the next question, the answer shown ends it;
escape goes back to the lesson menu, whose first line then says nothing is due; the outcomes are
in the progress file."""

from __future__ import annotations

import json
import re
import time
from pathlib import Path

import pytest

from lessons.progress.reviews import ReviewHistory
from lessons.progress.store import ProgressStore
from lessons.review.run import ReviewRun
from tests.e2e.tmux import Tmux, tutor_command
from tests.tui.test_lessons_keyboard import lecture_next_choice
from tests.unit.lessons.review_progress import miss
from tui.lesson_context import LessonContext


def right_pane(screen: str) -> str:
    """The text of the right-hand panes (lesson text and question), lines joined."""
    parts = [line.replace("|", "│").rstrip(" │").split("│")[-1] for line in screen.splitlines()]
    return " ".join(" ".join(parts).split())


def shows(text: str):  # type: ignore[no-untyped-def]
    return lambda screen: text in right_pane(screen)


def test_answer_a_question_in_the_installed_app(tmp_path: Path) -> None:
    """Lesson 2, n = 2: after b[0] = 0, column 1 has no free row: the answer is backtrack."""
    data = tmp_path / "data"
    with Tmux(
        f"{tutor_command()} --lesson small-boards", env={"XDG_DATA_HOME": str(data)}
    ) as session:
        session.wait_for("n = 1")
        session.keys("Enter", then=shows("where does the queen go next?"))
        session.keys("1", "Enter")
        session.wait_for(shows("Row 1 is not right. Row 1 is attacked by the queen in column 0"))
        session.keys("b", "Enter", then=shows("Right: backtrack"))
        session.wait_for(shows("(back to column 0!)"))  # the board's note may come a frame later
        session.keys("Escape", then="Lessons: up/down to choose")
        session.wait_for("page 2/11")
        session.keys("Escape", then="what happened")  # the main screen
        session.quit()
    saved = json.loads((data / "queens-tutor" / "progress.json").read_text())
    record = saved["lessons"]["small-boards"]
    assert record["page"] == 1
    answer = record["answers"]["1.0"]
    assert answer.pop("at") > 0  # when it was answered (seconds since the epoch)
    assert answer.pop("instance") == ""  # a practice question: no numbers drawn
    given_at = answer.pop("given_at")  # when each answer was given
    assert len(given_at) == 2 and given_at == sorted(given_at), given_at
    assert answer == {
        "attempts": 2,
        "given": ["1", "b"],  # the answers as typed, for the teacher's report
        "hint": False,
        "points": 0,
        "revealed": False,
        "right": True,
        "scored": False,
    }


def test_unknown_lesson_is_a_usage_error(tmp_path: Path) -> None:
    with Tmux(
        f"{tutor_command()} --lesson nosuch", env={"XDG_DATA_HOME": str(tmp_path)}
    ) as session:
        assert session.wait_exit() == 2
        assert "no lesson 'nosuch'" in session.screen()


TOOLS = """@lesson tools
@title Tools
@page Step it
Press space to step the recursive search.
@board n=5 algorithm=recursive

@page Predict
Where does placeQueens put the next queen?
@board n=5 algorithm=recursive
@step 1
@question next-choice
@end

@page The tree
@board n=4
@tree
The search tree of the 4 x 4 board.
"""


def _tick(screen: str) -> int:
    found = re.search(r"tick (\d+)", screen.splitlines()[-2])
    assert found, screen
    return int(found.group(1))


@pytest.mark.integration  # a long walk in a real terminal
def test_a_lesson_board_steps_asks_in_its_notes_words_and_opens_the_tree(tmp_path: Path) -> None:
    lessons = tmp_path / "lessons"
    lessons.mkdir()
    (lessons / "63-tools.md").write_text(TOOLS, encoding="utf-8")
    command = f"{tutor_command()} --lessons-dir {lessons} --lesson tools"
    with Tmux(
        command, env={"XDG_DATA_HOME": str(tmp_path / "data")}, width=100, height=30
    ) as session:
        screen = session.wait_for("Step it (1/3)")
        assert _tick(screen) == 0
        session.keys("Space", "Space", "Space", then=lambda s: _tick(s) == 3)
        assert "depth" in session.screen().splitlines()[-2]  # the recursive board's status
        session.keys("Left", then=lambda s: _tick(s) == 2)
        session.keys("Enter")
        session.wait_for("placeQueens(0): in which column")  # the prompt, wrapped as it fits
        session.keys("0", "Enter", then="Right: column 0.")
        screen = session.keys("Enter", "Enter", then="search tree: 0 nodes")
        session.keys("Space", "Space")
        session.wait_for(lambda s: re.search(r"search tree: [1-9]\d* node", s) is not None)
        session.keys("Escape", then="Lessons: up/down to choose")
        session.keys("Escape", then="what happened")
        session.quit()


THUMB = set("▁▂▃▄▅▆▇█")


@pytest.mark.integration  # a walk in a real terminal
def test_the_text_pane_shows_no_thumb_but_its_lines_after_a_wrong_answer(tmp_path: Path) -> None:
    with Tmux(
        f"{tutor_command()} --lang it --lesson 3",
        env={"XDG_DATA_HOME": str(tmp_path / "data")},
    ) as session:
        session.wait_for("(1/7)")
        deadline = time.monotonic() + 60
        while "(3/7)" not in (screen := session.screen()) and time.monotonic() < deadline:
            # a waiting question is answered by showing its answer (F3), else Enter goes on
            session.keys("F3" if "f3 Risposta" in screen.splitlines()[-1] else "Enter")
            time.sleep(0.5)
        session.wait_for("f3 Risposta")  # page 3's question waits
        session.keys("1", "Enter")  # a wrong answer: its feedback takes rows of the text
        screen = session.wait_for("«1»")
        lines = screen.splitlines()
        top = next(y for y, line in enumerate(lines) if "(3/7)" in line)
        box = next(y for y, line in enumerate(lines) if y > top and "╭" in line[1:])
        column = [line[78] if len(line) > 78 else " " for line in lines[top + 1 : box]]
        assert not set(column) & THUMB, screen
        border = next(line for line in lines[box:] if line.startswith("╰"))
        assert re.search(r"righe 1-\d+ di \d+ ─╯$", border), screen


@pytest.mark.integration
def test_the_lesson_complete_note_is_on_the_terminal_once(tmp_path: Path) -> None:
    with Tmux(
        f"{tutor_command()} --lesson 3", env={"XDG_DATA_HOME": str(tmp_path / "data")}
    ) as session:
        session.wait_for("Naive search")
        for _ in range(120):
            screen = session.screen()
            if "Lesson complete!" in screen:
                break
            if "f3 Show answer" in screen.splitlines()[-1]:
                session.keys("F3")
                session.wait_for(lambda shown, before=screen: shown != before, timeout=5)
            session.keys("Enter")
            time.sleep(0.3)
        else:
            pytest.fail("lesson 3 never finished:\n" + session.screen())
        time.sleep(1.0)  # the layout settles, the screen is drawn again
        screen = session.screen()
        assert screen.count("Lesson complete!") == 1, screen


SEED = 4242


@pytest.mark.integration
def test_a_review_in_a_real_terminal(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    data = tmp_path / "data"
    monkeypatch.setenv("XDG_DATA_HOME", str(data))
    store = ProgressStore()
    days_ago = time.time() - 3 * 86_400
    miss(store, "iterative", ["2.0"], when=days_ago)  # next-choice, lesson 5
    miss(store, "diagonals", ["0.0"], when=days_ago)  # same-diagonal, lesson 4
    assert store.merge_review(ReviewHistory((), SEED))
    review = LessonContext.load(lang="en").review()  # what the command will draw
    assert review is not None
    run = ReviewRun(review, None)
    assert run.engine is not None and run.asked is not None
    snapshot = run.engine.snapshot()
    answer = lecture_next_choice(snapshot.b, snapshot.k)  # type: ignore[attr-defined]
    wrong = "b" if answer != "b" else "0"
    with Tmux(f"{tutor_command()} review", env={"XDG_DATA_HOME": str(data)}) as session:
        screen = session.wait_for("Review: where the search goes next (1/2)")
        assert "you missed a question of this kind on" in right_pane(screen)
        assert "board" in screen and "b[]" in screen  # the question's board and its state
        assert " Review of 2 questions: 0 right at the first attempt so far" in screen
        status = next(line for line in screen.splitlines() if " Review of 2 questions" in line)
        assert re.search(r"n = \d+  tick \d+$", status.rstrip()), status  # whole
        session.keys(wrong, "Enter", then=shows("Try again, or ask for a hint."))
        session.keys(*answer, "Enter")
        # The feedback names every row the loop passes: a long one is read on with Enter.
        screen = session.wait_for(
            lambda s: "Enter: go on." in right_pane(s) or "Enter: read on." in right_pane(s)
        )
        while "Enter: read on." in right_pane(screen):
            session.keys("Enter")
            screen = session.wait_for(lambda s, seen=screen: s != seen)  # type: ignore[misc]
        session.wait_for(shows("Enter: go on."))
        session.keys("Enter", then="Review: same diagonal (2/2)")
        screen = session.keys("F3", then=shows("The answer:"))
        session.keys("Enter")
        screen = session.wait_for(
            shows("Review done: 0 of 2 questions right at the first attempt.")
        )
        assert len(screen.splitlines()) <= 24 and all(
            len(line) <= 80 for line in screen.splitlines()
        )
        session.keys("Enter", then="Review: nothing due")
        session.quit()
    saved = json.loads((data / "queens-tutor" / "progress.json").read_text())["review"]
    assert [(o["kind"], o["right"], o["attempts"]) for o in saved["outcomes"]] == [
        ("next-choice", False, 2),  # decided at the wrong answer; the right one counted too
        ("same-diagonal", False, 0),  # the answer shown
    ]
