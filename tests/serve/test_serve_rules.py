"""The rules of ``queens-tutor serve`` that need no server: its own Host and Origin, which
client is the proxy, its options, what a session keeps of the server's environment, a tab's
size, what the admin's console shows of a client's text, what a served tab says (how to come
back to it, and no server path), where.json (tui/serve/where.py): the screen's name, and a
file written only on a change; pylti1p3, an optional extra (``pip install
'queens-tutor[lti]'``), never imported unless ``--lti`` is given, and without it ``--lti`` a
one-line usage error that says what to install. A session process that has ended is
collected, and asyncio told, before the server's loop closes (else a stop prints "Event loop is
closed" when the tutor's transport is closed as garbage after the loop), even while its stdin
stays open in a process it started."""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import logging
import os
import secrets
import shlex
import signal
import subprocess
import sys
import threading
from pathlib import Path
from typing import Any
from unittest import mock

import pytest
from aiohttp.test_utils import make_mocked_request
from textual.screen import Screen

from tests.cli.clirun import assert_usage_error
from tests.cli.inproc import call, call_result
from tests.tiers import sweep
from tests.tui.screen_text import wait_for
from tui.cli.serve_cmd import minutes
from tui.serve.console import LOG, event, printable
from tui.serve.environment import session_command, session_environment
from tui.serve.guard import OwnAddresses
from tui.serve.processes import until_collected
from tui.serve.proxy import SECRET_HEADER, ProxySecretError, ProxyTrust, read_secret
from tui.serve.tab import MAX_HEIGHT, MAX_WIDTH, clamp
from tui.serve.where import Where, WhereFile, screen_name, where_in


def test_a_server_answers_to_each_loopback_name_on_its_port_and_its_public_url() -> None:
    own = OwnAddresses("127.0.0.1", 8000)
    for host in ("127.0.0.1:8000", "localhost:8000", "LOCALHOST:8000", "[::1]:8000"):
        assert own.host_allowed(host), host
    for bad in (None, "", "127.0.0.1:8001", "evil.example:8000", "127.0.0.1:8000@evil.example",
                 "127.0.0.1:8000 x", "127.0.0.1"):  # fmt: skip
        assert not own.host_allowed(bad), bad
    assert own.origin_allowed(None)  # not a browser: it could send any Origin
    for origin in ("http://127.0.0.1:8000", "http://localhost:8000", "http://[::1]:8000"):
        assert own.origin_allowed(origin), origin
    for origin in ("null", "https://127.0.0.1:8000", "http://127.0.0.1:8001", "http://127.0.0.1",
                   "http://evil.example:8000", "http://127.0.0.1:8000/path"):  # fmt: skip
        assert not own.origin_allowed(origin), origin
    # A public URL is the server too, and other names are not.
    proxied = OwnAddresses("127.0.0.1", 8000, "https://tutor.example.org")
    assert proxied.host_allowed("tutor.example.org")  # nginx: proxy_set_header Host $host
    assert proxied.host_allowed("127.0.0.1:8000")  # nginx's default Host: the upstream
    assert proxied.origin_allowed("https://tutor.example.org")
    assert proxied.origin_allowed("https://tutor.example.org:443")
    assert not proxied.origin_allowed("http://tutor.example.org")
    public = OwnAddresses("192.0.2.7", 8000)
    assert public.host_allowed("192.0.2.7:8000")
    assert not public.host_allowed("localhost:8000")  # not served there
    assert not public.origin_allowed("http://localhost:8000")


SECRET = b"7f3a91c04e8b2d65f1a0"


def _request(peer: str, forwarded: str | None = None, **headers: str) -> object:
    transport = mock.Mock()
    transport.get_extra_info.return_value = (peer, 40000)
    if forwarded is not None:
        headers["X-Forwarded-For"] = forwarded
    return make_mocked_request("GET", "/ws", headers=headers, transport=transport)


def test_seats_belong_to_the_client_address_or_to_the_proxy_that_proves_itself() -> None:
    # Without a proxy: the client's address, and nobody forges one.
    trust = ProxyTrust()
    assert trust.seat_key(_request("192.0.2.5")) == "192.0.2.5"  # type: ignore[arg-type]
    assert trust.seat_key(_request("127.0.0.1")) is None  # type: ignore[arg-type]  # a tunnel's
    # A remote client's own X-Forwarded-For (a campus proxy's) is not believed, nor refused.
    remote = _request("192.0.2.5", "198.51.100.1")
    assert trust.seat_key(remote) == "192.0.2.5"  # type: ignore[arg-type]
    assert trust.refusal(remote) is None  # type: ignore[arg-type]
    # On the loopback it can only be a local process pretending to be the proxy.
    forged = _request("127.0.0.1", "198.51.100.1")
    assert trust.refusal(forged) == ("proxy", ["X-Forwarded-For"])  # type: ignore[arg-type]
    assert trust.seat_key(forged) is None  # type: ignore[arg-type]
    # A proxy with a secret is the only client, and names the seats.
    trust = ProxyTrust(secret=SECRET, user_header="X-Remote-User")
    proxied = _request("127.0.0.1", "203.0.113.9, 198.51.100.1", **{SECRET_HEADER: SECRET.decode()})
    assert trust.refusal(proxied) is None  # type: ignore[arg-type]
    assert trust.seat_key(proxied) == "198.51.100.1"  # type: ignore[arg-type]
    long = _request("127.0.0.1", "x" * 5000, **{SECRET_HEADER: SECRET.decode()})
    assert len(trust.seat_key(long) or "") == 100  # type: ignore[arg-type]
    for secret in (None, "", SECRET.decode()[:-1], SECRET.decode() + "x", "é" * 20):
        headers = {"X-Remote-User": "ada"} if secret is None else {SECRET_HEADER: secret}
        forged = _request("127.0.0.1", **headers)
        reason, _named = trust.refusal(forged) or (None, [])  # type: ignore[arg-type]
        assert reason == "proxy", secret
        assert trust.seat_key(forged) is None  # type: ignore[arg-type]
    plain = _request("192.0.2.5")  # no header at all, from elsewhere: still not the proxy
    assert trust.refusal(plain) == ("proxy", [])  # type: ignore[arg-type]
    # Only a one-user machine trusts its loopback.
    trust = ProxyTrust(trust_loopback=True, user_header="X-Remote-User")
    local = _request("127.0.0.1", "192.0.2.1", **{"X-Remote-User": "ada"})
    assert trust.refusal(local) is None  # type: ignore[arg-type]
    assert trust.seat_key(local) == "192.0.2.1"  # type: ignore[arg-type]
    remote = _request("192.0.2.5", **{"X-Remote-User": "ada"})
    assert trust.refusal(remote) == ("proxy", ["X-Remote-User"])  # type: ignore[arg-type]
    assert trust.refusal(_request("192.0.2.5")) is None  # type: ignore[arg-type]
    assert ProxyTrust(unix_socket=True).refusal(local) is None  # type: ignore[arg-type]


def test_a_secret_file_must_be_private_long_one_line_and_not_guessable(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    good = tmp_path / "secret"
    good.write_text("  " + SECRET.decode() + "\n")
    good.chmod(0o600)
    assert read_secret(good) == SECRET
    good.chmod(0o400)
    assert read_secret(good) == SECRET
    cases = {
        "shorter than 16": ("short", 0o600),
        "letters and digits": ("two words here and more\n", 0o600),
        "other accounts": (SECRET.decode(), 0o604),
        # a group is other accounts too, as the docs say: 0640 is refused
        "other accounts can read": (SECRET.decode(), 0o640),
    }
    for words, (text, mode) in cases.items():
        path = tmp_path / f"bad-{mode}-{len(text)}"
        path.write_text(text)
        path.chmod(mode)
        with pytest.raises(ProxySecretError, match=words):
            read_secret(path)
    link = tmp_path / "link"
    link.symlink_to(good)
    for path in (link, tmp_path, tmp_path / "missing"):
        with pytest.raises(ProxySecretError, match="--proxy-secret-file"):
            read_secret(path)
    # A guessable secret is refused, and serve says so in one line.
    for text in ("a" * 16, "7" * 40, "abcdefghijklmnop", "0123456789abcdef", "passwordpassword",
                 "1234567890123456", "ababababababababab", "1029384756102938"):  # fmt: skip
        path = tmp_path / "weak"
        path.write_text(text + "\n")
        path.chmod(0o600)
        with pytest.raises(ProxySecretError, match="easy to guess"):
            read_secret(path)
    result = call_result(capsys, "serve", "--proxy-secret-file", str(path), "--user-header", "X")
    assert_usage_error(result, "easy to guess", "openssl rand -hex 32")
    for _ in range(200):  # what the README's command makes is never refused
        path.write_text(secrets.token_hex(32) + "\n")
        assert read_secret(path) == path.read_bytes().strip()
    path.write_text(SECRET.decode())
    assert read_secret(path) == SECRET


# Twelve alike refusals; every run keeps the three that differ most: the secret's own header,
# one written in lower case, one only a browser sets.
@pytest.mark.parametrize(
    "name",
    sweep(
        ["X-Proxy-Secret", "Host", "X-Forwarded-For", "x-real-ip", "Forwarded", "Connection",
         "Upgrade", "Cookie", "Authorization", "Origin", "Sec-WebSocket-Key", "Accept-Language"],
        everyday=["X-Proxy-Secret", "x-real-ip", "Sec-WebSocket-Key"],
    ),
)  # fmt: skip
def test_a_header_the_browser_or_the_proxy_sets_is_no_user_header(
    tmp_path: Path, name: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """Such a --user-header is refused: a student's own header, or the secret, is no login."""
    result = call_result(capsys, "serve", "--user-header", name, "--proxy-secret-file", "s")
    assert_usage_error(result, f"--user-header cannot be {name}", "X-Remote-User")


URL = "--public-url http://tutor.example "


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        ("--user-header X-Remote-User", ["--proxy-secret-file", "--unix-socket"]),
        ("--unix-socket {tmp}/s", ["--public-url"]),
        (URL + "--unix-socket {tmp}/s --port 9", ["--port"]),
        ("--socket-group nogroup", ["--unix-socket"]),
        (URL + "--unix-socket {tmp}/taken", ["not a socket"]),
        (URL + "--unix-socket {tmp}/no/s", ["no folder"]),
        (URL + "--unix-socket {tmp}/s --socket-group no-such-group-here", ["no group"]),
        (URL + "--unix-socket {tmp}/s --user-header X-Remote-User --teacher prof",
         ["--teacher with --unix-socket", "secret"]),  # anyone in the socket's group
        ("--proxy-secret-file {tmp}/group --user-header X", ["--proxy-secret-file", "chmod 600"]),
        ("--only-course", ["--only-course", "--lessons-dir"]),
        ("--user-header X_Remote:User", ["--user-header"]),
        ("--host 0.0.0.0", ["--public"]),
        ("--host 0.0.0.0 --public", ["--public-url"]),
        ("--max-sessions 0", ["N must be from 1"]),
        ("--seats-per-user 0", ["N must be from 1"]),
        ("--lesson no-such-lesson --port 9", ["--lesson: no lesson 'no-such-lesson'"]),
        ("--idle-timeout soon", ["MINUTES must be a number"]),
        ("--idle-timeout nan", ["MINUTES must be from 0"]),
        ("--roster {tmp}/taken --port 9", ["--roster is for the teacher's page: add --teacher"]),
    ],
)  # fmt: skip
def test_serve_refuses_options_that_do_not_go_together_in_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], argv: str, words: list[str]
) -> None:
    (tmp_path / "taken").write_text("keep me")
    (tmp_path / "group").write_text(SECRET.decode() + "\n")
    (tmp_path / "group").chmod(0o640)  # a group is other accounts too
    result = call_result(capsys, "serve", *argv.format(tmp=tmp_path).split())
    assert_usage_error(result, *words)
    assert (tmp_path / "taken").read_text() == "keep me"


def test_a_session_keeps_no_secret_of_the_server(tmp_path: Path) -> None:
    server = {
        "PATH": "/usr/bin:/bin",
        "LANG": "pl_PL.UTF-8",
        "LC_MESSAGES": "it_IT.UTF-8",
        "AWS_SECRET_ACCESS_KEY": "secret",
        "HOME": "/home/teacher",
        "SSH_AUTH_SOCK": "/tmp/ssh-agent",
        "TEXTUAL_DRIVER": "textual.drivers.web_driver:WebDriver",
    }
    given = session_environment(server, tmp_path)
    assert given["LANG"] == "pl_PL.UTF-8" and given["LC_MESSAGES"] == "it_IT.UTF-8"
    assert given["HOME"] == str(tmp_path)
    assert "AWS_SECRET_ACCESS_KEY" not in given and "SSH_AUTH_SOCK" not in given
    # Run the command as textual-serve does (sh -c, the variables it sets in the environment).
    server["TERM_PROGRAM"] = "a  b*"
    command = session_command(["env"], server, tmp_path)
    shown = subprocess.run(command, shell=True, env=server, capture_output=True, text=True)
    seen = dict(line.split("=", 1) for line in shown.stdout.splitlines())
    assert "AWS_SECRET_ACCESS_KEY" not in seen and "SSH_AUTH_SOCK" not in seen
    assert seen["TEXTUAL_DRIVER"] == server["TEXTUAL_DRIVER"]
    assert "COLUMNS" not in seen  # not set for this command: not passed as empty
    assert seen["HOME"] == str(tmp_path) and seen["TERM_PROGRAM"] == "a  b*"
    assert shlex.split(command)[0] == "exec"


def test_the_idle_timeout_is_minutes_to_a_week_and_a_tab_at_most_400_by_200_cells() -> None:
    assert minutes("0") == 0 and minutes("0.5") == 0.5 and minutes("10080") == 10080
    for text in ("-1", "10081", "nan", "inf", "1e999", "soon", "", "9" * 5000):
        with pytest.raises(argparse.ArgumentTypeError):
            minutes(text)
    # A tab asks for at most 400 by 200 cells.
    assert (MAX_WIDTH, MAX_HEIGHT) == (400, 200)
    assert clamp(1000, MAX_WIDTH, 80) == 400 and clamp("1000", MAX_HEIGHT, 24) == 200
    assert clamp(0, MAX_WIDTH, 80) == 1 and clamp("wide", MAX_WIDTH, 80) == 80
    assert clamp("9" * 5000, MAX_WIDTH, 80) == 400


def test_the_console_shows_a_clients_text_escaped(caplog: pytest.LogCaptureFixture) -> None:
    with caplog.at_level(logging.INFO, logger=LOG.name):
        event("refused", address="192.0.2.1", origin="http://x\x1b[31m\nforged line", pid=None)
    (line,) = caplog.messages
    assert line.startswith("refused address=192.0.2.1 origin='http://x\\x1b[31m\\nforged line'")
    assert "pid" not in line
    assert printable("a\x1bb\nc é") == "a\\x1bb\\nc é"


def test_a_served_tab_shows_no_server_path(monkeypatch: pytest.MonkeyPatch) -> None:
    from tui.app import QueensTutorApp
    from tui.serve.served_app import ServedTutorApp

    home = "/srv/queens-tutor/served/users/ada"
    monkeypatch.setenv("HOME", home)
    failure = f"could not save your progress to {home}/data/queens-tutor/progress.json (No space)"
    shown = ServedTutorApp().for_student(failure)
    assert "/srv" not in shown and "~/data/queens-tutor/progress.json" in shown
    assert QueensTutorApp().for_student(failure) == failure  # in a terminal: the student's own


@pytest.mark.parametrize(
    ("site", "named", "said", "unsaid"),
    [
        ("https://lms.example", True, "open the tutor again from your course", "the page again"),
        ("", True, "open the page again to come back here", "your course"),
        ("", False, "choose Download progress", "logged in"),
    ],
)
async def test_a_served_tab_says_how_to_come_back(
    site: str, named: bool, said: str, unsaid: str
) -> None:
    from solver.stepping import Mode
    from tui.glyphs import choose_glyphs
    from tui.serve.tutor_app import SessionTutorApp

    app = SessionTutorApp(8, Mode.FIRST, choose_glyphs(False, "utf-8", {}))
    app.site, app.named = site, named
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await wait_for(pilot, lambda: bool(app.screen.query("Toast")))
        toasts = app.screen.query("Toast")
        shown = " ".join(" ".join(str(toast.render()).split()) for toast in toasts)
        assert said in shown and unsaid not in shown, shown


def test_only_the_course_is_passed_to_each_session(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from tui.cli.serve_cmd import session_args

    args = argparse.Namespace(
        ascii=False, lang=None, lessons_dirs=[tmp_path], lesson=None, only_course=True
    )
    assert session_args(args)[-3:] == ["--lessons-dir", str(tmp_path.resolve()), "--only-course"]
    assert_usage_error(call_result(capsys, "lessons", "list", "--only-course"), "--lessons-dir")


def test_session_events_are_read_once_and_a_half_written_line_waits(tmp_path: Path) -> None:
    from tui.serve.session_events import (
        EVENTS_FILE,
        RUN_PAUSED,
        SAVE_FAILED,
        new_events,
        note_event,
    )

    assert new_events(tmp_path, 0) == ([], 0)  # nothing written yet
    note_event(tmp_path, RUN_PAUSED)
    note_event(tmp_path, SAVE_FAILED)
    events, offset = new_events(tmp_path, 0)
    assert events == [RUN_PAUSED, SAVE_FAILED]
    assert new_events(tmp_path, offset) == ([], offset)  # each once
    with (tmp_path / EVENTS_FILE).open("ab") as file:
        file.write(b"run-pa")  # a line being written
    assert new_events(tmp_path, offset) == ([], offset)
    with (tmp_path / EVENTS_FILE).open("ab") as file:
        file.write(b"used\nforged\x1b[2J\n")
    assert new_events(tmp_path, offset)[0] == [RUN_PAUSED]  # anything else is not read


def test_every_kind_of_console_line_is_explained_in_the_lab_server_page() -> None:
    """Every ``event("KIND", ...)`` in tui/serve is named in docs/lab-server.md as a line."""
    import re

    root = Path(__file__).resolve().parents[2]
    readme = " ".join((root / "docs" / "lab-server.md").read_text(encoding="utf-8").split())
    kinds = {
        kind
        for path in (root / "tui" / "serve").glob("*.py")
        for kind in re.findall(r'event\(\s*"([a-z -]+)"', path.read_text(encoding="utf-8"))
    }
    assert {"removed", "session start", "refused", "warm parent start"} <= kinds
    unexplained = [
        k for k in sorted(kinds) if f"`{k} " not in readme and f"serve: {k} " not in readme
    ]
    assert not unexplained, unexplained
    assert "`removed folder=/tmp/queens-tutor-serve-... reason=stale`" in readme


def test_a_full_server_gives_up_only_a_seat_nobody_shows_and_with_nothing_to_lose() -> None:
    from tui.serve.tab import MAKE_ROOM_AFTER, Tab, spare_session

    def tab(user: str | None, gone: float | None, unsaved: bool = False) -> Tab:
        made = Tab(None, "192.0.2.1", None, user)
        made.detached_at, made.unsaved = gone, unsaved
        return made

    now = 1000.0
    shown = Tab(object(), "192.0.2.1", None)  # type: ignore[arg-type]
    just_gone = tab(None, now - MAKE_ROOM_AFTER + 1)  # a connection that only dropped
    holding = tab(None, now - 500, unsaved=True)  # an anonymous tab's progress ends with it
    named = tab("ada", now - 100)  # her progress is in the store
    anonymous = tab(None, now - 50)
    assert spare_session([shown, just_gone, holding, anonymous, named], now) is named
    assert spare_session([shown, just_gone, holding, anonymous], now) is anonymous
    assert spare_session([shown, just_gone, holding], now) is None
    assert spare_session([just_gone], now + 1) is just_gone


def test_serve_help_states_the_memory_limit_and_a_session_runs_under_it(
    capsys: pytest.CaptureFixture[str],
) -> None:
    shown = " ".join(call(capsys, "serve", "--help")[1].split())
    assert "--session-memory MIB" in shown and "RLIMIT_DATA" in shown and "default 512" in shown
    limited = subprocess.run(
        [sys.executable, "-c", "from tui.serve.session import limit_memory\nlimit_memory(300)\n"
         "print(open('/proc/self/limits').read())\n"
         "b = bytearray(400 * 1024 * 1024)"],
        capture_output=True, text=True, timeout=60,
    )  # fmt: skip
    data = next(line for line in limited.stdout.splitlines() if line.startswith("Max data size"))
    assert data.split()[3:5] == [str(300 * 1024 * 1024)] * 2
    assert "MemoryError" in limited.stderr  # the session ends, nothing else


class LessonMenuScreen(Screen[None]):
    pass


class QuitServedScreen(Screen[None]):
    pass


def test_a_screen_is_named_by_its_class_without_screen_and_no_lesson_is_null() -> None:
    assert screen_name(LessonMenuScreen()) == "lesson-menu"
    assert screen_name(QuitServedScreen()) == "quit-served"
    assert screen_name(Screen()) == "screen"
    # No lesson open: a null lesson and page.
    assert where_in([LessonMenuScreen()]) == Where("lesson-menu", None, None)


async def test_where_json_is_written_when_where_changes(tmp_path: Path) -> None:
    path = tmp_path / "state" / "queens-tutor" / "where.json"
    where = WhereFile(path)
    where.look([LessonMenuScreen()])
    assert where.writing is not None
    await where.writing
    record = json.loads(path.read_text())
    assert record["schema"] == 1 and record["screen"] == "lesson-menu"
    assert record["lesson"] is None and record["page"] is None and record["updated"]
    path.unlink()
    where.look([LessonMenuScreen()])  # the same place: nothing written
    assert where.writing.done() and not path.exists()
    where.look([LessonMenuScreen(), QuitServedScreen()])
    await where.writing
    assert json.loads(path.read_text())["screen"] == "quit-served"


def test_the_tutor_never_imports_pylti1p3_and_lti_without_it_says_what_to_install(
    tmp_path: Path,
) -> None:
    config = tmp_path / "lti.json"
    config.write_text("{}", encoding="utf-8")
    code = (
        "import sys, tui.cli.main, tui.cli.serve_cmd, tui.serve.server\n"
        "print(sorted(m for m in sys.modules if m.startswith(('pylti1p3', 'jwt', 'jwcrypto'))))\n"
        "sys.modules['pylti1p3'] = None  # not installed\n"
        f"sys.exit(tui.cli.main.main(['serve', '--lti', {str(config)!r}]))"
    )
    env = {**os.environ, "LC_MESSAGES": "C", "LANGUAGE": "", "LC_ALL": ""}
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=120
    )
    assert done.stdout.strip() == "[]", done.stderr
    assert done.returncode == 2, done.stderr
    assert "--lti needs pylti1p3" in done.stderr
    assert "pip install 'queens-tutor[lti]'" in done.stderr
    assert "Traceback" not in done.stderr


SESSION = "cat >/dev/null 2>&1 & exec sleep 30"


async def _ended_session(wait: bool) -> asyncio.subprocess.Process:
    pipe = asyncio.subprocess.PIPE
    process = await asyncio.create_subprocess_exec(
        "sh", "-c", SESSION, stdin=pipe, stdout=pipe, stderr=pipe
    )
    if wait:
        os.kill(process.pid, signal.SIGKILL)
        await until_collected(process.pid)
    return process


def _unraisable_after_the_loop(monkeypatch: pytest.MonkeyPatch, wait: bool) -> list[Any]:
    caught: list[Any] = []
    monkeypatch.setattr(sys, "unraisablehook", lambda raised: caught.append(raised.exc_value))
    before = set(threading.enumerate())
    loop = asyncio.new_event_loop()
    try:
        process = loop.run_until_complete(_ended_session(wait))
    finally:
        loop.close()
    if not wait:  # ended only now: no turn of the loop can have closed its pipes
        os.kill(process.pid, signal.SIGKILL)
    del process
    # asyncio's watcher thread holds the transport until it has told (or failed to tell) the
    # loop; waiting for the process to be gone is not enough on a loaded machine. Every thread
    # the run started is joined, whatever its name ("waitpid-N" up to Python 3.11.2,
    # "asyncio-waitpid-N" since): a transport dropped after this hook is restored reaches
    # pytest's own hook, as a warning this check would not see.
    for thread in set(threading.enumerate()) - before:
        thread.join(timeout=10)
        assert not thread.is_alive(), thread
    gc.collect()
    return caught


def test_an_ended_session_is_collected_before_the_loop_closes_only_with_the_wait(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    assert _unraisable_after_the_loop(monkeypatch, wait=True) == []
    # The check can fail: not waiting leaves the transport to a closed loop.
    caught = _unraisable_after_the_loop(monkeypatch, wait=False)
    assert [str(error) for error in caught] == ["Event loop is closed"]
