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
