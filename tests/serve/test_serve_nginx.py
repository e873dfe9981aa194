"""``serve --user-header X-Remote-User`` behind a real nginx with basic auth (a secret or a
socket file): nobody without a password gets in, a session runs as the user nginx checked,
progress lands under DIR/users/<name>/, a dropped tab comes back, and a local account naming
her gets nothing. Skipped where nginx is not installed."""

from __future__ import annotations

import base64
import grp
import os
import re
import stat
import subprocess
import sys
from pathlib import Path

import aiohttp
import psutil
import pytest

from tests.serve.proxy import PREAMBLE, nginx, nginx_before, nginx_folder, nginx_running
from tests.serve.server import PROXY_SECRET, free_port, secret_file, serving, wait_until
from tests.serve.tabs import Tab

pytestmark = [
    pytest.mark.integration,  # a real browser or proxy in front of real servers
    pytest.mark.skipif(nginx() is None, reason="nginx is not installed"),
]

USERS = {"ada": "analytical engine", "bob": "difference", "tina": "teacher's own"}


def login(user: str, password: str) -> dict[str, str]:
    """A browser's basic-auth header."""
    token = base64.b64encode(f"{user}:{password}".encode()).decode()
    return {"Authorization": f"Basic {token}"}


def listening_ports(pid: int) -> list[int]:
    """The TCP ports process ``pid`` listens on."""
    connections = psutil.Process(pid).net_connections(kind="inet")
    return [c.laddr.port for c in connections if c.status == psutil.CONN_LISTEN]


async def open_via(client: aiohttp.ClientSession, port: int, user: str, **headers: str) -> Tab:
    socket = await client.ws_connect(
        f"http://127.0.0.1:{port}/ws?width=100&height=30",
        headers={**login(user, USERS[user]), **headers},
    )
    return Tab(socket)


async def test_nginx_basic_auth_names_the_user_and_nobody_else_gets_in(tmp_path: Path) -> None:
    data = tmp_path / "served"
    port = free_port()
    options = (
        "--user-header", "X-Remote-User", "--proxy-secret-file", str(secret_file(tmp_path)),
        "--server-data", str(data), "--keep", "1", "--public-url", f"http://127.0.0.1:{port}",
    )  # fmt: skip
    with (
        serving(*options) as served,
        nginx_before(served.port, USERS, port, PROXY_SECRET),
    ):
        url = f"http://127.0.0.1:{port}/"
        async with aiohttp.ClientSession() as client:
            async with client.get(url) as page:
                assert page.status == 401  # no password: nginx answers, the server never sees it
            with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
                await client.ws_connect(f"{url}ws", headers={"X-Remote-User": "ada"})
            assert refused.value.status == 401
            async with client.get(url, headers=login("ada", "wrong")) as page:
                assert page.status == 401
            async with client.get(url, headers=login("ada", USERS["ada"])) as page:
                assert page.status == 200
            assert served.sessions() == []

            # The browser's own X-Remote-User is replaced by the user nginx checked.
            tab = await open_via(client, port, "ada", **{"X-Remote-User": "bob"})
            await tab.wait_for("tick 0")
            (pid,) = served.wait_sessions(1)
            assert f"pid={pid} user=ada" in served.wait_log("session start")
            assert (data / "users" / "ada" / "user.txt").read_text() == "ada"
            assert not (data / "users" / "bob").exists()
            await tab.press("l", then="Pages:")
            await tab.press("\r")
            progress = data / "users" / "ada" / "data" / "queens-tutor" / "progress.json"
            wait_until(progress.exists, "no progress file")
            await tab.wait_for("quiz score")

            await tab.socket.close()  # her connection drops
            served.wait_log("session detach")

            # A classmate's account on the server connects straight to it, naming her: refused
            # (no secret, or a wrong one), her detached tutor untouched.
            straight = f"http://127.0.0.1:{served.port}/ws?width=100&height=30"
            for forged in ({}, {"X-Proxy-Secret": PROXY_SECRET[:-1] + "x"}):
                with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
                    headers = {"X-Remote-User": "ada", "Host": f"127.0.0.1:{port}"}
                    headers["X-Forwarded-For"] = "192.0.2.66"
                    await client.ws_connect(straight, headers={**headers, **forged})
                assert refused.value.status == 403
            line = served.wait_log("reason=proxy")
            assert "address=127.0.0.1" in line and "X-Remote-User" in line
            assert served.sessions() == [pid] and "session reattach" not in served.log()

            back = await open_via(client, port, "ada")
            await back.wait_for("quiz score")  # her running tutor, in the lesson she opened
            assert f"pid={pid} user=ada" in served.wait_log("session reattach")
            assert served.sessions() == [pid]

            other = await open_via(client, port, "bob", **{"X-Remote-User": "ada"})
            await other.wait_for("tick 0")  # bob, even claiming to be ada: a tutor of his own
            assert len(served.wait_sessions(2)) == 2
            assert (data / "users" / "bob" / "user.txt").read_text() == "bob"
            for each in (back, other):
                await each.socket.close()
        assert "Traceback" not in served.log()


async def test_nginx_reaches_the_server_through_its_socket_file_only(tmp_path: Path) -> None:
    """``--unix-socket``: the server listens on a file of mode 0660 and nowhere else; nginx
    proxies to ``unix:PATH``; the user it names gets their tutor."""
    port = free_port()
    socket_file = tmp_path / "tutor.sock"
    options = ("--user-header", "X-Remote-User", "--server-data", str(tmp_path / "served"),
               "--public-url", f"http://127.0.0.1:{port}")  # fmt: skip
    with (
        serving(*options, unix_socket=socket_file) as served,
        nginx_before(socket_file, USERS, port, PROXY_SECRET),
    ):
        assert stat.S_IMODE(socket_file.stat().st_mode) == 0o660
        assert stat.S_ISSOCK(socket_file.stat().st_mode)
        assert "Listening on the socket file" in served.wait_output("Press Ctrl+C")
        assert listening_ports(served.process.pid) == []  # no TCP port of its own
        async with aiohttp.ClientSession() as client:
            tab = await open_via(client, port, "bob")
            await tab.wait_for("tick 0")
            (pid,) = served.wait_sessions(1)
            assert f"pid={pid} user=bob" in served.wait_log("session start")
            await tab.socket.close()
    assert not socket_file.exists()  # removed when the server stopped


LTI_PAGE = Path(__file__).resolve().parents[2] / "docs" / "lti.md"


def lti_page_set_up(folder: Path, socket_file: Path, port: int) -> tuple[str, list[str]]:
    """docs/lti.md's nginx block (the lab and the course site on one server) and its
    ``serve`` command's options as written, with the page's files those of ``folder``, nginx
    on loopback ``port`` and ``socket_file`` the server's."""
    text = LTI_PAGE.read_text(encoding="utf-8")
    (block,) = re.findall(r"```nginx\n(.*?)```", text, re.S)
    (command,) = re.findall(r"```sh\n(queens-tutor serve --user-header .*?)```", text, re.S)
    places = {
        "/etc/nginx/queens-tutor.htpasswd": str(folder / "htpasswd"),
        "/etc/nginx/queens-tutor-secret.conf": str(folder / "queens-tutor-secret.conf"),
        "/etc/queens-tutor/": f"{folder}/",
        "/run/queens-tutor/tutor.sock": str(socket_file),
        "https://tutor.example.edu": f"http://127.0.0.1:{port}",
        "/srv/course": str(folder / "course"),
        "www-data": grp.getgrgid(os.getegid()).gr_name,
    }
    for old, new in places.items():
        block, command = block.replace(old, new), command.replace(old, new)
    block = re.sub(r"listen 443 ssl;.*", f"listen 127.0.0.1:{port};", block)
    words = command.replace("\\\n", " ").split()
    assert words[:2] == ["queens-tutor", "serve"], command
    return PREAMBLE.format(folder=folder) + block + "}\n", words[2:]


@pytest.mark.slow(20)
@pytest.mark.parametrize("secret_in_both", [True, False])
async def test_the_lti_page_s_proxy_and_command_serve_the_lab_and_the_course_site(
    tmp_path: Path, secret_in_both: bool
) -> None:
    """docs/lti.md's command starts as written (``--teacher`` with a socket file and its
    secret), and its nginx block passes the secret in both locations: the lab's students by
    password, the course site's paths with none; a location without the ``include`` gets 403."""
    port, socket_file = free_port(), tmp_path / "tutor.sock"
    folder = nginx_folder(USERS, PROXY_SECRET)
    (folder / "course").mkdir()
    secret_file(folder)
    config, options = lti_page_set_up(folder, socket_file, port)
    options[options.index("--unix-socket") : options.index("--unix-socket") + 2] = []
    if not secret_in_both:
        course_site = config.index("location ~ ^/(lti|static)/")
        config = config[:course_site] + re.sub(r"include .*", "", config[course_site:], count=1)
    setup = [sys.executable, "-m", "tui", "serve", "--lti", str(folder / "lti.json")]
    subprocess.run([*setup, "--lti-setup"], check=True, capture_output=True, timeout=60)
    with (
        serving(*options, "--server-data", str(tmp_path / "served"), unix_socket=socket_file),
        nginx_running(folder, config, port),
    ):
        async with aiohttp.ClientSession() as client:
            site = f"http://127.0.0.1:{port}"
            async with client.get(f"{site}/lti/jwks.json") as keys:
                assert keys.status == (200 if secret_in_both else 403)
                if secret_in_both:
                    assert (await keys.json())["keys"]
            async with client.get(f"{site}/teacher") as anonymous:
                assert anonymous.status == 401  # the lab's paths ask a password
            async with client.get(f"{site}/teacher", headers=login("ada", USERS["ada"])) as ada:
                assert ada.status == 403  # a student is no teacher
            async with client.get(f"{site}/teacher", headers=login("tina", USERS["tina"])) as tina:
                assert tina.status == 200
