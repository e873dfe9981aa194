"""A course site for the tests: the platform side of the ``lti1p3platform`` package (not the
tutor's code) as a real aiohttp server on the loopback, in a thread of the test.

It signs launches with its own key pair (:meth:`Platform.rotate` makes a new one), publishes
its key set, answers the tool's OpenID Connect login with a launch form, and serves a course
page (``/course/LINK?user=U``) that frames the tool, a teacher's "add a tool" page that starts
deep linking, a token endpoint, the AGS scores of its line items (kept in :attr:`scores`) and
the NRPS members of its course. :meth:`down` and :meth:`up` stop and start it on its port.
"""

from __future__ import annotations

import asyncio
import json
import threading
import time
from collections.abc import Callable
from html import escape
from typing import Any
from urllib.parse import urlencode, urlsplit

from aiohttp import web
from jwcrypto.jwk import JWK
from lti1p3platform.ltiplatform import LTI1P3PlatformConfAbstract
from lti1p3platform.membership import Context
from lti1p3platform.message_launch import LTIAdvantageMessageLaunchAbstract
from lti1p3platform.oidc_login import OIDCLoginAbstract
from lti1p3platform.registration import Registration
from lti1p3platform.request import Request, TRequest
from lti1p3platform.score import UpdateScoreStatus
from lti1p3platform.service_connector import (
    AssignmentsGradesService,
    NamesRoleProvisioningService,
)

from tests.serve.server import free_port, wait_until

LESSON = """\
@lesson dated
@title Four queens

@quiz Quiz
@question number
prompt: How many solutions has n = 4?
answer: 2
@end
"""
"""The one lesson of the course the tests' links open: done with one right answer."""
STORAGE = """<script>
const kept = {};
window.addEventListener("message", function (event) {
  const asked = event.data;
  if (event.origin !== TOOL || !["lti.put_data", "lti.get_data"].includes(asked.subject)) return;
  if (asked.subject === "lti.put_data") kept[asked.key] = asked.value;
  const answer = {subject: asked.subject + ".response", message_id: asked.message_id,
                  key: asked.key, value: FORGED ? "another" : kept[asked.key]};
  event.source.postMessage(answer, event.origin);
});
</script>"""
"""A course page's LTI Platform Storage: what the tool's frame puts, it gets back."""
ISSUER = "https://site.test"
CLIENT = "tutor-client"
DEPLOYMENT = "deployment-1"
CONTEXT = "course-42"
LEARNER = "http://purl.imsglobal.org/vocab/lis/v2/membership#Learner"
INSTRUCTOR = "http://purl.imsglobal.org/vocab/lis/v2/membership#Instructor"
MENTOR = "http://purl.imsglobal.org/vocab/lis/v2/membership#Mentor"
CLAIMS = {
    "deployment": "https://purl.imsglobal.org/spec/lti/claim/deployment_id",
    "roles": "https://purl.imsglobal.org/spec/lti/claim/roles",
    "custom": "https://purl.imsglobal.org/spec/lti/claim/custom",
}
USERS = {
    "ada-sub": ("Ada Lovelace", [LEARNER]),
    "bob-sub": ("Bob Babbage", [LEARNER]),
    "grace-sub": ("Grace Hopper", [INSTRUCTOR]),
    "mia-sub": ("Mia Mentor", [MENTOR]),
}


def new_key() -> tuple[str, str]:
    """A private and public PEM of a new RSA key pair."""
    key = JWK.generate(kty="RSA", size=2048)
    return key.export_to_pem(True, None).decode(), key.export_to_pem().decode()


class FormRequest(Request):
    def build_metadata(self, request: Any) -> TRequest:
        return request  # type: ignore[no-any-return]


def as_request(request: web.Request, form: dict[str, Any], body: Any = None) -> FormRequest:
    return FormRequest(
        {
            "method": request.method,
            "form_data": form,
            "get_data": dict(request.query),
            "headers": request.headers,
            "content_type": request.content_type,
            "path": request.path,
            "json": body,
        }
    )


class Conf(LTI1P3PlatformConfAbstract):
    def init_platform_config(self, **kwargs: Any) -> None:
        self._registration = kwargs["registration"]

    def get_registration_by_params(self, **kwargs: Any) -> Registration:
        return self._registration  # type: ignore[return-value]


class Login(OIDCLoginAbstract):
    def set_lti_message_hint(self, **kwargs: Any) -> None:
        self._lti_message_hint = kwargs["hint"]

    def get_redirect(self, url: str) -> str:
        return url


class Launch(LTIAdvantageMessageLaunchAbstract):
    def render_launch_form(self, launch_data: dict[str, Any], **kwargs: Any) -> str:
        fields = "".join(
            f"<input type='hidden' name='{k}' value='{escape(str(launch_data[k]))}'>"
            for k in ("id_token", "state")
        )
        return (
            f"<html><body><form id='f' method='post' action='{escape(launch_data['launch_url'])}'>"
            f"{fields}</form><script>document.getElementById('f').submit()</script></body></html>"
        )


class Platform:
    """The course site; its address is :attr:`url`."""

    def __init__(self, tool_url: str, tool_keys: str = "") -> None:
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.tool_url = tool_url.rstrip("/")
        self.tool_keys = tool_keys or self.tool_url + "/lti/jwks.json"
        """Where this site fetches the tool's key set (the browser's name for it, or not)."""
        self.private, self.public = new_key()
        self.links: dict[str, dict[str, Any]] = {"plain": {"custom": {}, "lineitem": None}}
        """Resource links: their custom values and line item (its id, or None)."""
        self.lineitems: dict[str, dict[str, Any]] = {}
        self.scores: list[dict[str, Any]] = []
        """Every score the tool posted that was taken, with its line item's id."""
        self.member_asks = 0
        self.key_set = "whole"
        """How the key set is sent: ``whole``, ``trickle`` (a byte a second), ``huge`` (400 MB)."""
        self.storage = ""
        """The frame its login and launch name for the tool's LTI Platform Storage (its
        ``lti_storage_target``), or "": none."""
        self.answers = False
        """Whether its course page answers the tool's ``lti.put_data`` and ``lti.get_data``."""
        self.forged = False
        """Whether its answers to ``lti.get_data`` are another value than the one put."""
        self.loop = asyncio.new_event_loop()
        self.runner: web.AppRunner | None = None
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.thread.start()

    # -- running ---------------------------------------------------------------------------

    def registration(self) -> Registration:
        return (
            Registration()
            .set_iss(ISSUER)
            .set_client_id(CLIENT)
            .set_deployment_id(DEPLOYMENT)
            .set_oidc_login_url(self.tool_url + "/lti/login")
            .set_launch_url(self.tool_url + "/lti/launch")
            .set_deeplink_launch_url(self.tool_url + "/lti/launch")
            .set_platform_public_key(self.public)
            .set_platform_private_key(self.private)
            .set_tool_key_set_url(self.tool_keys)
        )

    def conf(self) -> Conf:
        return Conf(registration=self.registration())

    def config_entry(self) -> dict[str, Any]:
        """This site's registration in the tool's --lti file."""
        return {
            ISSUER: [
                {
                    "client_id": CLIENT,
                    "auth_login_url": self.url + "/auth",
                    "auth_token_url": self.url + "/token",
                    "key_set_url": self.url + "/jwks",
                    "deployment_ids": [DEPLOYMENT],
                }
            ]
        }

    def up(self) -> None:
        async def start() -> None:
            app = web.Application()
            app.add_routes(
                [
                    web.get("/jwks", self.jwks),
                    web.get("/course/{link}", self.course),
                    web.get("/auth", self.auth),
                    web.post("/token", self.access_token),
                    web.post("/lineitems/{item}/scores", self.score),
                    web.get("/memberships", self.members),
                    web.post("/deep-link-return", self.deep_link_return),
                ]
            )
            self.runner = web.AppRunner(app, shutdown_timeout=1.0)  # keep-alive clients
            await self.runner.setup()
            await web.TCPSite(self.runner, "127.0.0.1", self.port, reuse_address=True).start()

        asyncio.run_coroutine_threadsafe(start(), self.loop).result(10)

    def down(self) -> None:
        if self.runner is not None:
            asyncio.run_coroutine_threadsafe(self.runner.cleanup(), self.loop).result(30)
            self.runner = None

    def close(self) -> None:
        self.down()
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(5)

    def rotate(self) -> None:
        """A new key pair signs from now on (its key set has only the new key)."""
        self.private, self.public = new_key()

    def wait_scores(
        self, which: Callable[[dict[str, Any]], bool], timeout: float = 60.0
    ) -> list[dict[str, Any]]:
        """The scores taken that ``which`` picks, once there is one."""
        return wait_until(
            lambda: [score for score in self.scores if which(score)],
            lambda: f"no such score among {self.scores}",
            timeout,
            0.1,
        )

    # -- the tool's login and launch ---------------------------------------------------------

    def login_url(self, user: str, link: str) -> str:
        """Where the course page sends the frame: the tool's login, for ``user`` on ``link``
        (``deep-link``: the teacher adds the tool)."""
        login = Login(None, self.conf())
        login.set_lti_message_hint(hint=link)
        return str(login.prepare_preflight_url(user))

    def prepare(self, launch: Launch, user: str, link: str) -> Launch:
        """``launch`` says who ``user`` is, on ``link`` (``deep-link``: adding the tool)."""
        name, roles = USERS[user]
        launch.set_user_data(user, roles, full_name=name)
        launch.set_launch_context_claim(CONTEXT, context_title="Algorithms 101")
        if link == "deep-link":
            launch.set_dl(self.url + "/deep-link-return", accept_types={"ltiResourceLink"})
        else:
            about = self.links[link]
            launch.set_resource_link_claim(link, title=about.get("title") or link)
            launch.set_custom_parameters_claim(dict(about["custom"]))
            item = about["lineitem"]
            launch.set_ags(
                self.url + "/lineitems",
                self.url + f"/lineitems/{item}" if item else None,
                allow_creating_lineitems=False,
            )
        launch.set_nrps(self.url + "/memberships")
        return launch

    def token(self, user: str, link: str, nonce: str, **changes: Any) -> str:
        """A launch's id_token for ``user`` on ``link`` with ``nonce``, its claims changed by
        ``changes`` (a value None: left out), signed with the site's key (``key=PEM``: another,
        ``kid=``: named so)."""
        key = changes.pop("key", None)
        kid = changes.pop("kid", None)
        request = FormRequest({"method": "GET", "form_data": {}, "get_data": {"nonce": nonce}})
        launch = self.prepare(Launch(request, self.conf()), user, link)
        launch._registration = self.registration()
        message, _state = launch.get_launch_data()
        message.update(iat=int(time.time()), exp=int(time.time()) + 300)
        for claim, value in changes.items():
            claim = claim if claim in ("iss", "aud", "sub", "exp") else CLAIMS[claim]
            if value is None:
                message.pop(claim, None)
            else:
                message[claim] = value
        headers = {"kid": kid or self.registration().get_kid()}
        return Registration.encode_and_sign(message, key or self.private, headers)

    async def course(self, request: web.Request) -> web.Response:
        src = self.login_url(request.query["user"], request.match_info["link"])
        if self.storage:
            src += "&" + urlencode({"lti_storage_target": self.storage})
        tool = "{0.scheme}://{0.netloc}".format(urlsplit(self.tool_url))
        html = (
            "<html><body><h1>Algorithms 101</h1>"
            f"<iframe id='tool' src='{escape(src)}' width='1100' height='650'></iframe>"
            + (STORAGE.replace("TOOL", json.dumps(tool)) if self.answers else "").replace(
                "FORGED", json.dumps(self.forged)
            )
            + "</body></html>"
        )
        return web.Response(text=html, content_type="text/html")

    async def auth(self, request: web.Request) -> web.Response:
        """The OpenID Connect authorization: the launch form, posted to the tool."""
        launch = Launch(as_request(request, {}), self.conf())
        self.prepare(launch, request.query["login_hint"], request.query["lti_message_hint"])
        html = launch.lti_launch()
        if self.storage:
            field = f"<input type='hidden' name='lti_storage_target' value='{self.storage}'>"
            html = html.replace("</form>", field + "</form>")
        return web.Response(text=html, content_type="text/html")

    async def jwks(self, request: web.Request) -> web.StreamResponse:
        if self.key_set == "whole":
            return web.json_response({"keys": self.registration().get_jwks()})
        answer = web.StreamResponse(headers={"Content-Type": "application/json"})
        await answer.prepare(request)
        await answer.write(b'{"keys": [')
        for _ in range(60 if self.key_set == "trickle" else 400 * 16):
            await answer.write(b" " if self.key_set == "trickle" else b" " * 65536)
            await asyncio.sleep(1.0 if self.key_set == "trickle" else 0)
        return answer

    async def access_token(self, request: web.Request) -> web.Response:
        form = dict(await request.post())
        answer = self.conf().get_access_token(form)
        return web.json_response(answer)

    async def score(self, request: web.Request) -> web.Response:
        body = await request.json()
        service = Scores(as_request(request, {}, body), self.conf(), self.url + "/lineitems")
        service.platform = self
        answer = service.handle_resp(
            service.handle_update_score, line_item_id=request.match_info["item"]
        )
        return web.Response(status=answer.code, text=json.dumps(answer.message))

    async def members(self, request: web.Request) -> web.Response:
        self.member_asks += 1
        service = Members(as_request(request, {}), self.conf(), self.url + "/memberships")
        answer = service.handle_resp(service.handle_get_members)
        return web.json_response(answer.result, status=answer.code)

    async def deep_link_return(self, request: web.Request) -> web.Response:
        form = dict(await request.post())
        items = self.conf().validate_deeplinking_resp(form)
        made = []
        for item in items:
            link = f"link-{len(self.links)}"
            lineitem = None
            if item.get("lineItem"):
                lineitem = f"item-{len(self.lineitems)}"
                self.lineitems[lineitem] = {**item["lineItem"], "link": link}
            self.links[link] = {
                "custom": item.get("custom") or {},
                "lineitem": lineitem,
                "title": item.get("title"),
            }
            made.append(link)
        return web.Response(
            text=f"<html><body id='added'>added {' '.join(made)}</body></html>",
            content_type="text/html",
        )


class Scores(AssignmentsGradesService):
    platform: Platform

    def update_score(self, line_item_id: str, score: Any) -> UpdateScoreStatus:
        self.platform.scores.append({**score, "lineitem": line_item_id})
        return UpdateScoreStatus.SUCCESS

    def find_lineitems(self, *args: Any, **kwargs: Any) -> Any:
        raise NotImplementedError

    def find_lineitem(self, line_item_id: str) -> Any:
        raise NotImplementedError

    def create_lineitem(self, lineitem: Any) -> Any:
        raise NotImplementedError

    def update_lineitem(self, lineitem: Any) -> Any:
        raise NotImplementedError

    def delete_lineitem(self, line_item_id: str) -> None:
        raise NotImplementedError

    def get_results(self, *args: Any, **kwargs: Any) -> Any:
        raise NotImplementedError


class Members(NamesRoleProvisioningService):
    def get_member_data_page(self, *args: Any, **kwargs: Any) -> Any:
        members = [
            {"user_id": user, "name": name, "roles": roles, "status": "Active"}
            for user, (name, roles) in USERS.items()
        ]
        members.append({"user_id": "cy-sub", "name": "Cy Never", "roles": [LEARNER]})
        return {"content": members, "has_next": False, "next": None}

    def get_context_by_id(self) -> Context:
        return Context(id=CONTEXT, label="ALG101", title="Algorithms 101")
