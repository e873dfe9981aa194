"""The checks of a course site's launch (tui/serve/lti/tool.py), without a server: the
OpenID Connect login, then launches signed by the ``lti1p3platform`` package's platform
(tests/serve/lti_platform.py), good and bad."""

from __future__ import annotations

import hashlib
import json
import re
from base64 import b64encode
from collections.abc import Iterator
from html.parser import HTMLParser
from pathlib import Path
from types import SimpleNamespace
from typing import Any
from urllib.parse import parse_qs, urlsplit

import pytest

pytest.importorskip("pylti1p3")
pytest.importorskip("lti1p3platform")

from aiohttp import CookieJar
from aiohttp.test_utils import make_mocked_request
from pylti1p3.exception import LtiException

from tests.serve.lti_platform import (
    CLIENT,
    DEPLOYMENT,
    INSTRUCTOR,
    ISSUER,
    LEARNER,
    MENTOR,
    Platform,
    new_key,
)
from tui.serve.lti.courses import Target, display_name, target_of
from tui.serve.lti.setup import ToolConf
from tui.serve.lti.tool import KeySets, Memory, Tool, role

TOOL = "http://127.0.0.1:9"
ASSISTANT = "http://purl.imsglobal.org/vocab/lis/v2/membership/Instructor#TeachingAssistant"


@pytest.fixture(scope="session")  # the run deals this module's tests among others': kept
def platform() -> Iterator[Platform]:
    site = Platform(TOOL)
    yield site
    site.close()


def tool_for(platform: Platform, secure: bool = False, **entry: Any) -> Tool:
    conf = ToolConf(
        {
            ISSUER: [
                {
                    "client_id": CLIENT,
                    "auth_login_url": platform.url + "/auth",
                    "auth_token_url": platform.url + "/token",
                    "key_set": {"keys": platform.registration().get_jwks()},
                    "deployment_ids": [DEPLOYMENT],
                    **entry,
                }
            ]
        }
    )
    return Tool(conf, {"keys": []}, secure=secure)


def login(tool: Tool, user: str = "ada-sub") -> tuple[str, str, dict[str, str]]:
    """The tool's answer to a login: the state, the nonce, and the cookies it set."""
    params = {
        "iss": ISSUER,
        "login_hint": user,
        "target_link_uri": TOOL + "/lti/launch",
        "lti_message_hint": "plain",
        "client_id": CLIENT,
        "lti1p3_new_window": "1",
    }
    oidc, cookies = tool.login(tool.request(params, {}))
    location = oidc.redirect(TOOL + "/lti/launch")
    assert location.startswith("http://") and "/auth?" in location
    query = parse_qs(urlsplit(location).query)
    assert query["redirect_uri"] == [TOOL + "/lti/launch"]
    jar = {key: value for key, (value, _exp) in cookies.to_set.items()}
    return query["state"][0], query["nonce"][0], jar


def launch(tool: Tool, state: str, token: str, jar: dict[str, str]) -> dict[str, Any]:
    checked = tool.launch(tool.request({"state": state, "id_token": token}, jar))
    return dict(checked.get_launch_data())


def test_a_launch_signed_by_the_site_names_its_user_once(platform: Platform) -> None:
    tool = tool_for(platform)
    state, nonce, jar = login(tool)
    token = platform.token("ada-sub", "plain", nonce)
    claims = launch(tool, state, token, jar)
    assert claims["sub"] == "ada-sub"
    assert display_name(claims) == "Ada Lovelace"
    assert role(claims) == "student"
    with pytest.raises(LtiException, match="Nonce"):  # the same token sent again
        launch(tool, state, token, jar)
    unknown = {"iss": "https://elsewhere.test", "login_hint": "x", "client_id": CLIENT}
    oidc, _cookies = tool.login(tool.request(unknown, {}))
    with pytest.raises(Exception, match="registration"):
        oidc.redirect(TOOL + "/lti/launch")


@pytest.mark.parametrize(
    ("changes", "refusal"),
    [
        pytest.param({"key": "another"}, r"decode|[Ss]ignature", id="forged"),
        pytest.param({"nonce": "made-up"}, "Nonce", id="a nonce the tool never gave"),
        pytest.param({"jar": {}}, "State", id="without the login's browser's cookie"),
        pytest.param({"deployment": "another-deployment"}, "deployment", id="wrong deployment"),
        pytest.param({"aud": "someone-else"}, "Registration not found|Client id", id="client"),
        pytest.param({"exp": None}, "exp", id="no expiry"),
        pytest.param({"exp": 1_000_000}, "expired", id="expired"),
        pytest.param({"iss": "https://elsewhere.test"}, "Registration not found", id="issuer"),
    ],
)
def test_a_launch_the_tool_does_not_accept_is_refused(
    platform: Platform, changes: dict[str, Any], refusal: str
) -> None:
    tool = tool_for(platform)
    state, nonce, jar = login(tool)
    changes = dict(changes)
    nonce, jar = changes.pop("nonce", nonce), changes.pop("jar", jar)
    if "key" in changes:
        changes["key"] = new_key()[0]
    token = platform.token("ada-sub", "plain", nonce, **changes)
    with pytest.raises(LtiException, match=refusal):
        launch(tool, state, token, jar)


def test_a_rotated_key_set_is_fetched_again_at_once() -> None:
    now = [0.0]
    fetched: list[str] = []

    def fetch(keys: list[str]) -> Any:
        def get() -> Any:
            fetched.append(",".join(keys))
            return {"keys": [{"kid": kid} for kid in keys]}

        return get

    sets = KeySets(clock=lambda: now[0])
    assert sets.get("u", "old", fetch(["old"]))["keys"] == [{"kid": "old"}]
    now[0] = 100.0
    sets.get("u", "old", fetch(["old"]))  # held: kept
    assert sets.get("u", "new", fetch(["new"]))["keys"] == [{"kid": "new"}]
    now[0] = 102.0
    sets.get("u", "forged", fetch(["new"]))  # just fetched: not again for an unknown id
    assert fetched == ["old", "new"]
    now[0] = 100.0 + 3600.0
    sets.get("u", "new", fetch(["new", "later"]))  # too old: fetched again
    assert fetched == ["old", "new", "new,later"]


def test_memory_forgets_at_its_time() -> None:
    now = [0.0]
    memory = Memory(clock=lambda: now[0])
    memory.set("state", "s", 300)
    assert memory.get("state") == "s"
    now[0] = 301.0
    assert memory.get("state") is None


@pytest.mark.parametrize(
    ("roles", "expected"),
    [
        ([INSTRUCTOR], "teacher"),
        ([ASSISTANT], "teacher"),
        ([LEARNER, "http://purl.imsglobal.org/vocab/lis/v2/system/person#User"], "student"),
        ([MENTOR, "http://purl.imsglobal.org/vocab/lis/v2/institution/person#Student"], None),
        (["http://purl.imsglobal.org/vocab/lis/v2/system/person#User"], None),
        ([], None),
    ],
)
def test_who_a_launch_opens_for(roles: list[str], expected: str | None) -> None:
    assert role({"https://purl.imsglobal.org/spec/lti/claim/roles": roles}) == expected


def test_what_a_link_opens() -> None:
    custom = "https://purl.imsglobal.org/spec/lti/claim/custom"
    assert target_of({custom: {"lesson": "intro", "points": "10"}}) == Target("lesson", "intro", 10)
    assert target_of({custom: {"assignment": "hw1"}}) == Target("assignment", "hw1", 0)
    assert target_of({custom: {"lesson": "intro", "points": "lots"}}) == Target("lesson", "intro")
    assert target_of({custom: {"lesson": "$Canvas.lesson"}}) is None
    assert target_of({}) is None


def test_over_https_the_launch_is_the_browser_s_that_logged_in(platform: Platform) -> None:
    """Over https a launch's data is kept per browser (a session cookie set at the login)."""
    tool = tool_for(platform, secure=True)
    state, nonce, jar = login(tool)
    assert set(jar) == {"lti1p3-session-id", f"lti1p3-{state}"}
    token = platform.token("ada-sub", "plain", nonce)
    stranger = {f"lti1p3-{state}": state}  # the state, but not the browser's session
    with pytest.raises(LtiException, match="session-id"):
        launch(tool, state, token, stranger)
    assert launch(tool, state, token, jar)["sub"] == "ada-sub"


class Page(HTMLParser):
    """The LTI frame page's data (its body's data- attributes), links and script."""

    def __init__(self, html: str) -> None:
        super().__init__()
        self.data: dict[str, str] = {}
        self.links: list[str] = []
        self.script = ""
        self.in_script = False
        self.feed(html)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = {k: v or "" for k, v in attrs}
        if tag == "body":
            self.data = {k[5:]: v for k, v in found.items() if k.startswith("data-")}
        elif tag == "a":
            self.links.append(found["href"])
        self.in_script = tag == "script"

    def handle_endtag(self, tag: str) -> None:
        self.in_script = False

    def handle_data(self, data: str) -> None:
        if self.in_script:
            self.script += data


async def test_without_cookies_a_launch_goes_through_the_course_site_s_storage(
    platform: Platform, tmp_path: Path
) -> None:
    """The login asks the site's storage to keep the state and nonce (``lti.put_data``); the
    launch, without cookies, gets them back (``lti.get_data``); its page opens without one."""
    from aiohttp import web
    from aiohttp.test_utils import TestClient, TestServer

    from tui.serve.lti.routes import LtiSite

    tool = tool_for(platform, secure=True)
    server = SimpleNamespace(
        users=SimpleNamespace(root=tmp_path), public_url=TOOL, catalog=None, course=None
    )
    site = LtiSite(tool, server)  # type: ignore[arg-type]
    app = web.Application()
    site.add_routes(app)
    async with TestClient(TestServer(app), cookie_jar=CookieJar(unsafe=True)) as http:
        http.session.cookie_jar.clear()
        params = {
            "iss": ISSUER, "login_hint": "ada-sub", "target_link_uri": TOOL + "/lti/launch",
            "lti_message_hint": "plain", "client_id": CLIENT,
            "lti_storage_target": "post_message_forwarding",
        }  # fmt: skip
        answer = await http.get("/lti/login", params=params)
        text = await answer.text()
        page = Page(text)
        digest = b64encode(hashlib.sha256(page.script.encode()).digest()).decode()
        assert f"'sha256-{digest}'" in answer.headers["Content-Security-Policy"]
        assert page.data["test"] == "Path=/; SameSite=None; Secure; Partitioned"
        for cookie in answer.headers.getall("Set-Cookie"):
            assert cookie.endswith("; SameSite=None; Secure; Partitioned"), cookie
        auth = parse_qs(urlsplit(page.data["go"]).query)
        state, nonce = auth["state"][0], auth["nonce"][0]
        assert page.data["target"] == "post_message_forwarding"
        assert page.data["origin"] == platform.url
        assert json.loads(page.data["asks"]) == [
            ["lti.put_data", f"state_{state}", state],
            ["lti.put_data", f"nonce_{nonce}", nonce],
        ]
        (again,) = page.links
        assert "lti1p3_new_window=1" in again and "lti_storage_target" not in again
        http.session.cookie_jar.clear()  # the frame kept none of them
        fields = {"state": state, "id_token": platform.token("ada-sub", "plain", nonce)}
        fields["lti_storage_target"] = "post_message_forwarding"
        launched = Page(await (await http.post("/lti/launch", data=fields)).text())
        assert json.loads(launched.data["asks"]) == [
            ["lti.get_data", f"state_{state}", state],
            ["lti.get_data", f"nonce_{nonce}", nonce],
        ]
        assert launched.data["origin"] == platform.url
        go = urlsplit(launched.data["go"]).path
        assert re.fullmatch(r"/lti/[^/]+/", go)
        alone = make_mocked_request("GET", go, match_info={"pass": go.split("/")[2]})
        found = site.passed(alone, "student")  # no cookie: its address alone
        assert found.user == "ada-sub"
        again_launched = await http.post("/lti/launch", data=fields)  # its state, once only
        assert again_launched.status == 403
