"""``serve --lti CONFIG --lti-setup``: the tool's key pair made beside CONFIG (the private key
this account's alone), the addresses a course site is given printed, Canvas's developer key;
what ``--lti`` refuses at start, in one line; the cookies a course site's frame keeps."""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pytest

pytest.importorskip("pylti1p3")

from aiohttp import web

from tests.cli.inproc import call
from tui.serve.lti.setup import canvas_key, read_config
from tui.serve.lti.tool import set_cookie

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
