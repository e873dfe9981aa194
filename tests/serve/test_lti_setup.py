"""``serve --lti CONFIG --lti-setup``: the tool's key pair made beside CONFIG (the private key
this account's alone), the addresses a course site is given printed, Canvas's developer key;
what ``--lti`` refuses at start, in one line; the cookies a course site's frame keeps. A course
site's key set (tui/serve/lti/tool.py): fetched whole within a deadline and a size, one fetch at
a time, not again and again for forged key ids; a slow or huge one costs a launch, never the
server (the sites are 127.0.0.1 servers the tests start themselves)."""

from __future__ import annotations

import asyncio
import json
import socket
import threading
import time
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("pylti1p3")

from aiohttp import web
from pylti1p3.exception import LtiException

from tests.cli.inproc import call
from tui.serve.lti.setup import canvas_key, read_config
from tui.serve.lti.tool import KEY_SET_REFETCH, KeySets, fetch_key_set, set_cookie

URL = "https://tutor.example.edu"


@dataclass
class Done:
    returncode: int
    stdout: str
    stderr: str


@pytest.fixture
def serve(capsys: pytest.CaptureFixture[str]) -> Callable[..., Done]:
    """``queens-tutor serve ARGS`` in this process (none of these cases starts serving)."""
    return lambda *args: Done(*call(capsys, "serve", *args))


def test_setup_makes_the_keys_and_prints_what_a_site_is_given(
    tmp_path: Path, serve: Callable[..., Done]
) -> None:
    config = tmp_path / "lti.json"
    done = serve("--lti", str(config), "--lti-setup", "--public-url", URL + "/")
    assert done.returncode == 0, done.stderr
    assert f"login (OpenID Connect initiation) URL: {URL}/lti/login" in done.stdout
    assert f"launch, redirect and deep linking URL: {URL}/lti/launch" in done.stdout
    assert f"public keyset (JWKS) URL: {URL}/lti/jwks.json" in done.stdout
    private, public = tmp_path / "queens-tutor-lti.key", tmp_path / "queens-tutor-lti.pub"
    assert json.loads(config.read_text()) == {}
    assert private.stat().st_mode & 0o777 == 0o600
    assert "PRIVATE KEY" in private.read_text() and "PUBLIC KEY" in public.read_text()
    _conf, key_set = read_config(config)
    (key,) = key_set["keys"]
    assert key["kty"] == "RSA" and key["alg"] == "RS256" and "d" not in key
    again = serve("--lti", str(config), "--lti-setup", "--public-url", URL)
    assert again.returncode == 0
    assert "made:" not in again.stdout  # kept: the sites already have its key
    assert read_config(config)[1] == key_set


def test_a_relative_config_finds_its_keys_in_its_own_folder_kept_private(
    tmp_path: Path, serve: Callable[..., Done], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A registration's key files are relative to the config file's folder (docs/lti.md);
    a private key others can read is refused."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "etc").mkdir()
    config = Path("etc") / "lti.json"
    assert serve("--lti", str(config), "--lti-setup").returncode == 0
    site = {"client_id": "c", "auth_login_url": URL, "auth_token_url": URL, "key_set": {}}
    site["deployment_ids"] = ["d"]
    config.write_text(json.dumps({"https://site.test": site}))
    _conf, key_set = read_config(config)
    assert len(key_set["keys"]) == 1
    assert read_config(tmp_path / config)[1] == key_set
    (tmp_path / "etc" / "queens-tutor-lti.key").chmod(0o640)
    done = serve("--lti", str(config))
    assert done.returncode == 2 and "other accounts can read" in done.stderr


def test_canvas_s_developer_key_names_the_tool_s_addresses() -> None:
    key = canvas_key(URL)
    assert key["oidc_initiation_url"] == URL + "/lti/login"
    assert key["target_link_uri"] == URL + "/lti/launch"
    assert key["public_jwk_url"] == URL + "/lti/jwks.json"
    assert "https://purl.imsglobal.org/spec/lti-ags/scope/score" in key["scopes"]
    (extension,) = key["extensions"]
    assert extension["domain"] == "tutor.example.edu"
    placements = extension["settings"]["placements"]
    assert {p["message_type"] for p in placements} == {"LtiDeepLinkingRequest"}


@pytest.mark.parametrize(
    ("content", "args", "words"),
    [
        ("{}", ["--public-url", "http://tutor.example.edu"], "--lti needs an https --public-url"),
        ("{}", ["--lti-setup-missing"], "unrecognized arguments"),
        ("{not json", [], "is not JSON"),
        ("[1, 2]", [], "must map each course site's issuer to its registration"),
        ('{"https://site.test": [{"client_id": "c"}]}', [], "auth_login_url"),
        ("{}", [], "no key pair beside"),
    ],
)
def test_lti_refuses_at_start_in_one_line(
    tmp_path: Path, serve: Callable[..., Done], content: str, args: list[str], words: str
) -> None:
    config = tmp_path / "lti.json"
    config.write_text(content, encoding="utf-8")
    done = serve("--lti", str(config), *args)
    assert done.returncode == 2, done.stderr
    assert words in done.stderr
    assert "Traceback" not in done.stderr and len(done.stderr.strip().splitlines()) == 1


def test_the_frame_s_cookies() -> None:
    """Over https, sent in a course site's frame (its own partition); over http, the
    browser's default (a trial on one machine, where the site and the tool share a host)."""
    response = web.Response()
    set_cookie(response, "queens-tutor-lti", "s3cret", True, 3600, "/tutor/lti/abc/")
    (said,) = response.headers.getall("Set-Cookie")
    assert said.startswith("queens-tutor-lti=s3cret; ")
    parts = set(said.split("; "))
    assert {"Path=/tutor/lti/abc/", "HttpOnly", "Max-Age=3600"} <= parts
    assert {"Secure", "SameSite=None", "Partitioned"} <= parts
    plain = web.Response()
    set_cookie(plain, "queens-tutor-lti", "s3cret", False, None, "/lti/abc/")
    assert plain.headers.getall("Set-Cookie") == [
        "queens-tutor-lti=s3cret; Path=/lti/abc/; HttpOnly"
    ]
    with pytest.raises(ValueError, match="not a cookie"):
        set_cookie(plain, "queens-tutor-lti", "a;b", False, None, "/")


KEYS = {"keys": [{"kid": "k1", "kty": "RSA"}]}


async def site(handler: Callable[[web.Request], Any]) -> AsyncIterator[str]:
    app = web.Application()
    app.router.add_get("/jwks", handler)
    runner = web.AppRunner(app, shutdown_timeout=0.1)
    await runner.setup()
    listening = socket.create_server(("127.0.0.1", 0))
    port = listening.getsockname()[1]
    await web.SockSite(runner, listening).start()
    try:
        yield f"http://127.0.0.1:{port}/jwks"
    finally:
        await runner.cleanup()


async def endless(request: web.Request) -> web.StreamResponse:
    """A key set that never ends, sent as fast as it is read (``pause`` seconds a byte)."""
    pause = float(request.query.get("pause", "0"))
    answer = web.StreamResponse(headers={"Content-Type": "application/json"})
    await answer.prepare(request)
    await answer.write(b'{"keys": [')
    chunk = b" " if pause else b" " * 65536
    while True:
        await answer.write(chunk)
        if pause:
            await asyncio.sleep(pause)


@pytest.mark.timeout(30)
async def test_a_key_set_is_read_whole_and_one_that_is_not_one_refused() -> None:
    async def either(request: web.Request) -> web.Response:
        return web.json_response(KEYS if "honest" in request.query else {"keys": "none"})

    async for url in site(either):
        assert await fetch_key_set(url + "?honest=1") == KEYS
        with pytest.raises(LtiException, match="not a key set"):
            await fetch_key_set(url)


@pytest.mark.timeout(30)
async def test_a_huge_key_set_is_refused_at_its_size_not_read_whole() -> None:
    async for url in site(endless):
        with pytest.raises(LtiException, match="over 200000 bytes"):
            await fetch_key_set(url, 5.0, 200_000)


@pytest.mark.integration
@pytest.mark.timeout(30)
async def test_a_trickling_key_set_ends_at_its_deadline() -> None:
    """A byte every 20 ms: no read ever waits long, the whole fetch still ends in time."""
    async for url in site(endless):
        start = time.monotonic()
        with pytest.raises(LtiException, match=r"took over 0\.5 s"):
            await fetch_key_set(url + "?pause=0.02", 0.5)
        assert time.monotonic() - start < 3.0


def test_one_fetch_at_a_time_the_others_answered_from_the_kept_set_or_refused() -> None:
    now = [0.0]
    sets = KeySets(clock=lambda: now[0])
    started, release = threading.Event(), threading.Event()
    calls: list[str] = []

    def slow() -> Any:
        calls.append("slow")
        started.set()
        release.wait(10)
        return KEYS

    def never() -> Any:
        raise AssertionError("a second fetch while one runs")

    first = threading.Thread(target=sets.get, args=("u", "k1", slow))
    first.start()
    assert started.wait(10)
    with pytest.raises(LtiException, match="not here yet"):
        sets.get("u", "k1", never)
    release.set()
    first.join(10)
    assert sets.get("u", "k1", never) == KEYS
    assert calls == ["slow"]


def test_forged_key_ids_fetch_at_most_once_a_while_even_when_fetches_fail() -> None:
    now = [0.0]
    sets = KeySets(clock=lambda: now[0])
    fetched: list[float] = []

    def failing() -> Any:
        fetched.append(now[0])
        raise LtiException("site down")

    for step in range(100):  # a forged launch every 0.1 s for 10 s
        now[0] = step / 10
        with pytest.raises(LtiException):
            sets.get("u", f"forged-{step}", failing)
    assert len(fetched) <= 10 / KEY_SET_REFETCH + 1
