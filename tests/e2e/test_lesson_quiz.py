"""The installed tutor in tmux: open a lesson, answer a quiz question, find it saved."""

from __future__ import annotations

import json
from pathlib import Path

from tests.e2e.tmux import Tmux, tutor_command


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
        session.keys("Enter")
        session.wait_for(shows("where does the queen go next?"))
        session.keys("1", "Enter")
        session.wait_for(shows("Row 1 is not right. Row 1 is attacked by the queen in column 0"))
        session.keys("b", "Enter")
        session.wait_for(shows("Right: backtrack"))
        session.wait_for(shows("(back to column 0!)"))  # the board's note may come a frame later
        session.keys("Escape")
        session.wait_for("Lessons: up/down to choose")
        session.wait_for("page 2/11")
        session.keys("Escape")
        session.wait_for("what happened")  # the main screen
        session.keys("q")
        assert session.wait_exit() == 0
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
