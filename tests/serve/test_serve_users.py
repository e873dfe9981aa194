"""``serve --user-header X-Remote-User --server-data DIR``: the proxy names the user; their
progress, settings and whereabouts live under DIR/users/<key>/ and survive the session and the
server; a dropped connection comes back to their tutor, nobody else's; a connection that names
nobody is refused; seats are the user's. ``report --live`` shows each of a student's tabs where
it is; a review in a tab lands in her progress on the server, and ``report --students`` shows
it apart from the lesson scores."""

from __future__ import annotations

import contextlib
import json
import time
from pathlib import Path

import aiohttp
import pytest

from lessons.progress.store import ProgressStore
from tests.cli.clirun import assert_usage_error, run_cli
from tests.serve.server import PROXY_SECRET, plain, secret_file, serving, wait_until
from tests.serve.tabs import open_tab
from tests.unit.lessons.review_progress import miss
from tui.serve.proxy import SECRET_HEADER
from tui.serve.users import BadUser, UserStore, user_key

pytestmark = pytest.mark.integration  # starts real servers and their session processes

HEADER = "X-Remote-User"


def as_user(name: str) -> dict[str, str]:
    """What the proxy adds to a request of ``name``'s: the user, and the proxy's secret."""
    return {HEADER: name, SECRET_HEADER: PROXY_SECRET}


def behind_proxy(folder: Path) -> list[str]:
    """The options of a server that believes the user header from its proxy only."""
    return ["--user-header", HEADER, "--proxy-secret-file", str(secret_file(folder))]


def wait_file(path: Path, timeout: float = 15.0) -> Path:
    wait_until(path.exists, f"no {path}", timeout)
    return path


def wait_where(
    path: Path, page: int, newer_than: str = "", timeout: float = 15.0
) -> dict[str, object]:
    """Wait until where.json says ``page`` (written after ``newer_than``); what it says."""

    def said() -> dict[str, object]:
        with contextlib.suppress(OSError, ValueError):
            where = json.loads(path.read_text())
            if where["page"] == page and where["updated"] > newer_than:
                return dict(where)
        return {}

    return wait_until(said, path.read_text, timeout, 0.1)


def without_times(progress: bytes) -> object:
    """A progress file's content without the times its records were last updated (opening a
    lesson again sets its record's)."""
    data = json.loads(progress)
    for record in data["lessons"].values():
        record.pop("updated", None)
    return data


def environment(pid: int) -> dict[str, str]:
    entries = Path(f"/proc/{pid}/environ").read_bytes().split(b"\0")
    return dict(entry.decode().split("=", 1) for entry in entries if entry)


def test_a_user_key_is_the_name_percent_encoded_and_a_bad_name_is_refused() -> None:
    assert user_key("ada") == "ada"
    assert user_key("a/b c") == "a%2Fb%20c"
    assert user_key("zoë") == "zo%C3%AB"
    for bad in ("", ".", "..", "a\x1b[2Jb", "x" * 100 + "é" * 30):
        with pytest.raises(BadUser):
            user_key(bad)


async def test_a_named_users_progress_lives_on_the_server_and_they_come_back(
    tmp_path: Path,
) -> None:
    data = tmp_path / "served"
    with serving(*behind_proxy(tmp_path), "--server-data", str(data), "--keep", "1") as served:
        async with aiohttp.ClientSession() as client:
            ada = await open_tab(client, served, as_user("ada/lovelace"), ready=True)
            await ada.read_for(0.5)
            assert "unsaved" not in ada.said  # nothing of hers ends with the session
            (pid,) = served.wait_sessions(1)
            home = data / "users" / "ada%2Flovelace"
            assert (home / "user.txt").read_text() == "ada/lovelace"
            assert environment(pid)["HOME"] == str(home)
            assert data.joinpath("users").stat().st_mode & 0o077 == 0
            await ada.press("l", then="Pages:")
            await ada.press("\r")  # the first lesson: where she is is saved
            progress = wait_file(home / "data" / "queens-tutor" / "progress.json")
            # every folder the session made is private, and so is the file
            for inner in [home, *(p for p in home.rglob("*") if p.is_dir())]:
                assert inner.stat().st_mode & 0o077 == 0, inner
            assert progress.stat().st_mode & 0o777 == 0o600
            where_path = home / "state" / "queens-tutor" / "where.json"
            where = wait_where(wait_file(where_path), 1)
            assert where["screen"] == "lesson" and where["schema"] == 1
            assert isinstance(where["lesson"], str) and where["updated"]
            assert "session start address=127.0.0.1 pid=" in served.log()
            assert "user=ada/lovelace" in served.wait_log("session start")

            bob = await open_tab(client, served, as_user("bob"), key=ada.key)
            await bob.wait_for("tick 0")  # her key, but not her session: his own
            assert bob.key != ada.key
            assert len(served.wait_sessions(2)) == 2

            await ada.socket.close()  # her connection drops (no key in the new one)
            served.wait_log("session detach address=127.0.0.1 pid=" + str(pid))
            back = await open_tab(client, served, as_user("ada/lovelace"))
            await back.wait_for("quiz score")  # where she was: in the lesson (its status line)
            assert f"pid={pid} user=ada/lovelace" in served.wait_log("session reattach")
            assert back.key == ada.key
            (path,) = (data / "live").glob("*.json")
            live = json.loads(path.read_text())
            assert {s["user"] for s in live["sessions"]} == {"ada/lovelace", "bob"}
            await back.press("n")  # on to the lesson's second page
            wait_where(where_path, 2)
            for tab in (back, bob):
                await tab.socket.close()
        saved = progress.read_bytes()
        assert "Traceback" not in served.log()
    before = json.loads(where_path.read_text())["updated"]

    with serving(*behind_proxy(tmp_path), "--server-data", str(data)) as again:
        async with aiohttp.ClientSession() as client:
            tab = await open_tab(client, again, as_user("ada/lovelace"))
            # A server restart: a new tutor, her progress kept, and she is back in her lesson
            # at her page (it landed her on the board).
            await tab.wait_for("esc Lesson menu")
            where = wait_where(where_path, 2, newer_than=before)
            assert where["screen"] == "lesson"
            assert without_times(progress.read_bytes()) == without_times(saved)
            await tab.socket.close()


async def test_a_store_others_could_write_is_refused_and_a_planted_link_refused(
    tmp_path: Path,
) -> None:
    """A store others could write in is refused at start, saying how to fix it; once fixed as
    the line says, a user's planted link is still never followed. A user's seats are theirs
    wherever they connect from."""
    data = tmp_path / "served"
    (data / "users").mkdir(parents=True)
    for folder in (data, data / "users"):
        folder.chmod(0o777)
    victim = tmp_path / "victim"
    victim.mkdir()
    (data / "users" / "mallory").symlink_to(victim)
    refused = run_cli("serve", *behind_proxy(tmp_path), "--server-data", str(data))
    assert_usage_error(refused, "--server-data", "can be written by other accounts", "chmod go-w")
    assert data.stat().st_mode & 0o777 == 0o777  # left as it was, for the admin to look at
    for folder in (data, data / "users"):
        folder.chmod(0o755)  # chmod go-w, as the line says
    seats = ("--server-data", str(data), "--seats-per-user", "1")
    with serving(*behind_proxy(tmp_path), *seats) as served:
        assert f"other accounts could enter {data}; it is now private" in served.log()
        assert (data / "users").stat().st_mode & 0o027 == 0  # 0750 stays: the server's group
        async with aiohttp.ClientSession() as client:
            tab = await open_tab(client, served, as_user("mallory"))
            await tab.wait_closed()
            assert "cannot keep your progress" in plain(tab.output)
            line = served.wait_log("reason=user-data")
            assert "user=mallory" in served.log() and str(data) not in line
            assert list(victim.iterdir()) == [] and served.sessions() == []
            here, there = {"X-Forwarded-For": "1.2.3.4"}, {"X-Forwarded-For": "5.6.7.8"}
            first = await open_tab(client, served, {**as_user("ada"), **here}, ready=True)
            second = await open_tab(client, served, {**as_user("ada"), **there})
            await second.wait_closed()
            assert "too many tabs" in plain(second.output)
            other = await open_tab(client, served, {**as_user("bob"), **here})
            await other.wait_for("tick 0")  # another user at the same address
            for tab in (first, other):
                await tab.socket.close()


async def test_one_server_refuses_nobody_a_planted_link_and_names_what_it_cannot_save(
    tmp_path: Path,
) -> None:
    """A connection the proxy names nobody in is refused; a link planted in a user's folder
    (``users/ada/data -> another's``) is found before her session starts, nothing made through
    it; progress that cannot be saved is a console line and the student is told; the start
    names a missing --public-url (a server given one does not)."""
    data = tmp_path / "served"
    UserStore(data).prepare()
    home = UserStore(data).home("ada")
    home.chmod(0o777)
    theirs = tmp_path / "mallory-data"
    theirs.mkdir(mode=0o777)
    theirs.chmod(0o777)
    (home / "data").symlink_to(theirs)
    with serving(*behind_proxy(tmp_path), "--server-data", str(data)) as served:
        assert "--public-url is not given" in served.wait_log("--public-url")
        async with aiohttp.ClientSession() as client:
            proxy_only = {SECRET_HEADER: PROXY_SECRET}
            for headers, reason in ((proxy_only, "no-user"), (as_user(".."), "dot-user")):
                tab = await open_tab(client, served, headers)
                await tab.wait_closed()
                assert "did not receive your login" in plain(tab.output)
                assert tab.said["ended"] == reason
                assert f"reason={reason}" in served.wait_log(f"reason={reason}")
            assert served.sessions() == []  # and no folder made for either
            assert [path.name for path in (data / "users").iterdir()] == ["ada"]
            tab = await open_tab(client, served, as_user("ada"))
            await tab.wait_closed()
            assert "cannot keep your progress" in plain(tab.output)
            line = served.wait_log("error='a link'")
            assert f"path={home / 'data'}" in line and "user=ada" in line
            assert list(theirs.iterdir()) == [] and served.sessions() == []
            assert home.stat().st_mode & 0o777 == 0o700
            tab = await open_tab(client, served, as_user("eve"), ready=True)
            folder = data / "users" / "eve" / "data" / "queens-tutor"
            folder.parent.mkdir(parents=True, exist_ok=True)
            folder.write_text("a file where the folder of her progress goes: no save works")
            await tab.press("l", then="Pages:")
            await tab.press("\r")  # the first lesson opens: its progress cannot be saved
            assert "user=eve" in served.wait_log("progress not saved", timeout=30)
            await tab.read_for(1.0)
            shown = " ".join(plain(tab.output).split())
            assert "progress will not be saved" in shown  # the student is told
            assert "~/data/queens-tutor" in shown and str(data) not in shown  # no server path
            await tab.socket.close()
    options = ("--server-data", str(tmp_path / "other"), "--public-url", "http://tutor.example")
    with serving(*behind_proxy(tmp_path), *options) as named:
        named.wait_output("Press Ctrl+C")
        assert "--public-url is not given" not in named.log()


def places(store: Path) -> list[tuple[str | None, int | None]]:
    result = run_cli("report", "--live", "--server-data", str(store), "--format", "json")
    return sorted(
        ((s["screen"], s["page"]) for s in json.loads(result.out)["sessions"]),
        key=lambda place: (place[0] or "", place[1] or 0),
    )


async def test_two_tabs_of_one_student_are_each_shown_and_a_review_lands_in_her_progress(
    tmp_path: Path,
) -> None:
    """``report --live`` shows each of Ada's tabs where it is (a closed tab's place goes);
    Bo's review in a tab is saved on the server, shown by ``report --students``."""
    store = tmp_path / "served"
    with serving(*behind_proxy(tmp_path), "--server-data", str(store), "--keep", "0") as served:
        async with aiohttp.ClientSession() as client:
            board = await open_tab(client, served, as_user("ada"))
            lesson = await open_tab(client, served, as_user("ada"))
            await board.wait_for("tick 0")
            await lesson.wait_for("tick 0")
            await lesson.press("l", then="Pages:")
            await lesson.press("\r")  # the first lesson, its first page
            both = [("lesson", 1), ("main", None)]
            wait_until(lambda: places(store) == both, lambda: places(store), 20, 0.3)
            tabs = store / "users" / "ada" / "state" / "queens-tutor" / "where"
            assert len(list(tabs.glob("session-*.json"))) == 2
            await lesson.socket.close()
            one = lambda: len(list(tabs.glob("session-*.json"))) == 1  # noqa: E731
            wait_until(one, "a closed tab's where file stayed", 20, 0.2)
            await board.socket.close()

            bo = await open_tab(client, served, as_user("bo"), ready=True)
            progress = store / "users" / "bo" / "data" / "queens-tutor" / "progress.json"
            days_ago = time.time() - 3 * 86_400
            kept = ProgressStore(progress)  # what his tutor has kept from lessons 4 and 7
            miss(kept, "diagonals", ["0.0"], when=days_ago)
            miss(kept, "symmetry", ["1.0"], when=days_ago)
            await bo.press("l", then="Review: 2 questions due")
            await bo.press("\r")  # the review's line: the cursor is on it (it is due)
            await bo.wait_for("Review: symmetries of a solution (1/2)")
            await bo.press("\x1bOR", then="The answer:")  # f3: the answer shown (missed)
            await bo.press("\r", then="Review: same diagonal (2/2)")
            saved = lambda: ProgressStore(progress).review.outcomes  # noqa: E731
            wait_until(saved, "the outcome was not saved", 15, 0.1)
            await bo.socket.close()
        assert "Traceback" not in served.log()
    saved = json.loads(progress.read_text())
    assert [(o["kind"], o["right"], o["revealed"]) for o in saved["review"]["outcomes"]] == [
        ("orbit", False, True)
    ]
    assert saved["lessons"]["diagonals"]["answers"]["0.0"]["attempts"] == 2  # kept beside
    report = run_cli("report", "--students", "--server-data", str(store))
    assert report.status == 0, report.err
    assert "Reviews (apart from the lesson scores)" in report.out
    assert "orbit" in report.out and "missed: answer shown" in report.out
