"""``report --live`` shows each tab where it is: a user with two tabs (two sessions in a
server's live file, each naming its session) has two places, read from each tab's own
where file beside the user's where.json; a session of an older server (no session named) is
shown where the user last was."""

from __future__ import annotations

import json
from pathlib import Path

from tests.cli.clirun import run_main
from tests.cli.test_report_questions import ADA, lessons_dir
from tests.cli.test_report_served import add_user, live, session, where


def tab_where(home: Path, tab: str, **fields: object) -> None:
    folder = home / "state" / "queens-tutor" / "where"
    folder.mkdir(parents=True, exist_ok=True)
    (folder / f"{tab}.json").write_text(json.dumps({"schema": 1, **fields}))


def test_each_tab_of_one_user_is_shown_where_it_is(tmp_path: Path) -> None:
    root = tmp_path / "served"
    ada = add_user(root, "Ada", ADA)
    where(ada, screen="main", lesson=None, page=None, updated="2025-05-05T09:15:00Z")
    tab_where(
        ada, "session-one", screen="lesson", lesson="demo", page=2, updated="2025-05-05T09:12:00Z"
    )
    tab_where(
        ada, "session-two", screen="main", lesson=None, page=None, updated="2025-05-05T09:15:00Z"
    )
    live(
        root,
        session("Ada", session="session-one"),
        session("Ada", session="session-two"),
        session("Ada", "detached"),  # an older server's: the user's last place
        session("Ada", session="../../etc"),  # not a session's name: the user's last place
    )
    result = run_main(
        "report", "--live", "--server-data", str(root), "--format", "json",
        "--lessons-dir", str(lessons_dir(tmp_path)),
    )  # fmt: skip
    assert result.status == 0, result.err
    places = [(s["screen"], s["page"]) for s in json.loads(result.out)["sessions"]]
    assert places == [("lesson", 2), ("main", None), ("main", None), ("main", None)]


def test_a_lesson_not_loaded_here_is_named_by_the_title_its_tutor_wrote(tmp_path: Path) -> None:
    """``report --live`` without the course's --lessons-dir named a lesson
    by its id (``my-four``) while the teacher's page gave its title: the served tutor writes
    the title beside the id, and --live names it by that; an older file without it keeps the
    id; markup in a title is data."""
    root = tmp_path / "served"
    ada = add_user(root, "Ada", ADA)
    where(ada, screen="main", lesson=None, page=None, updated="2025-05-05T09:15:00Z")
    tab_where(
        ada, "one", screen="lesson", lesson="my-four", page=1, updated="2025-05-05T09:12:00Z",
        title="Four queens by hand",
    )  # fmt: skip
    tab_where(ada, "two", screen="lesson", lesson="my-old", page=2, updated="2025-05-05T09:13:00Z")
    live(root, session("Ada", session="one"), session("Ada", session="two"))
    result = run_main("report", "--live", "--server-data", str(root))
    assert result.status == 0, result.err
    assert "a lesson, Four queens by hand (my-four), page 1" in result.out
    assert "a lesson, my-old, page 2" in result.out


def test_the_served_tutor_writes_the_lessons_title() -> None:
    from tui.serve.where import Where

    record = json.loads(Where("lesson", "my-four", 1, "Four queens by hand").to_json())
    assert record["title"] == "Four queens by hand" and record["lesson"] == "my-four"
    assert "title" not in json.loads(Where("lesson-menu", None, None).to_json())
