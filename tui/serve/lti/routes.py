"""The tool's addresses on ``queens-tutor serve --lti``: ``/lti/login``, ``/lti/launch``, a
launch's pages under ``/lti/PASS/`` (the student's tutor, the teacher's page, the deep-linking
picker), ``/lti/jwks.json`` and ``/lti/canvas.json``. PASS names one launch, for
:data:`PASS_HOURS`, and its browser proves itself with a cookie (a launch checked through the
course site's storage, in a browser that keeps no cookie in the frame: its address alone)."""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import json
import secrets
import time
from base64 import b64encode
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from string import Template
from typing import TYPE_CHECKING, Any
from urllib.parse import parse_qs, urlencode, urlsplit

from aiohttp import web
from pylti1p3.exception import LtiException, OIDCException

from lessons.i18n import _, ngettext
from tui.report.html import e
from tui.serve.console import event
from tui.serve.lti import courses as known
from tui.serve.lti.courses import CLAIM, Courses, CourseStore, Target, display_name, target_of
from tui.serve.lti.scores import Scores, pending_html
from tui.serve.lti.setup import CANVAS, JWKS, LAUNCH, LOGIN, canvas_key
from tui.serve.lti.tool import IN_FRAME, Tool, role, set_cookie
from tui.serve.users import BadUser

if TYPE_CHECKING:
    from tui.serve.server import TutorServer

PASS_HOURS = 12
COOKIE = "queens-tutor-lti"
TEACHER_POLICY = "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'"
STYLE = "body { font-family: sans-serif; margin: 1.5em; } li { margin: 0.3em 0; }"
DEEP_LINK = "https://purl.imsglobal.org/spec/lti-dl/claim/deep_linking_settings"
STORED = "platform-storage-"
NEW_WINDOW = {"lti1p3_new_window": "1"}
FRAME_PAGE = Template((Path(__file__).parents[1] / "page" / "lti_frame.html").read_text("utf-8"))
FRAME_SCRIPT = b64encode(
    hashlib.sha256(FRAME_PAGE.template.split("<script>")[1].split("</script>")[0].encode()).digest()
).decode()


def origin(url: str) -> str:
    return "{0.scheme}://{0.netloc}".format(urlsplit(url))


def asks(subject: str, state: str, nonce: str) -> list[tuple[str, str, str]]:
    """The messages to the course site's storage (LTI Platform Storage) of a launch."""
    return [(subject, f"state_{state}", state), (subject, f"nonce_{nonce}", nonce)]


def frame_page(
    go: str, storage: str, site: str, asks: list[tuple[str, str, str]], cannot: str,
    again: str, test: str = "",
) -> web.Response:  # fmt: skip
    """lti_frame.html: on to ``go`` once the frame keeps a cookie ``test`` says, or the
    site's storage (the frame ``storage``, from ``site``) answered ``asks``; else ``cannot``."""
    fields = {
        "go": go, "test": test, "target": storage, "origin": site,
        "asks": json.dumps(asks), "loading": _("Loading the tutor..."), "cannot": cannot,
    }  # fmt: skip
    text = FRAME_PAGE.substitute({k: e(v) for k, v in fields.items()} | {"again": again})
    policy = f"default-src 'none'; script-src 'sha256-{FRAME_SCRIPT}'; style-src 'unsafe-inline'"
    headers = {"Content-Security-Policy": policy, "Cache-Control": "no-store"}
    return web.Response(text=text, content_type="text/html", headers=headers)


@dataclass
class Pass:
    """One launch: who (her id on the site and name), in which course, to see what."""

    secret: str
    kind: str
    """``student``, ``teacher`` or ``link`` (a teacher adding the tutor: deep linking)."""
    store: CourseStore
    user: str
    name: str
    until: float
    target: Target | None = None
    launch: Any = None
    """A deep linking launch (pylti1p3's), to answer."""
    bearer: bool = False
    """Its address alone proves it: a launch checked through the site's storage, in a
    browser that keeps no cookie in the frame."""


class LtiSite:
    """The LTI routes of a :class:`~tui.serve.server.TutorServer`."""

    cross_site = frozenset({LOGIN, LAUNCH})
    """The paths a course site's own page posts to."""

    def __init__(self, tool: Tool, server: TutorServer) -> None:
        self.tool = tool
        self.server = server
        self.courses = Courses(server.users.root)
        self.passes: dict[str, Pass] = {}
        self.prefix = urlsplit(server.public_url).path.rstrip("/")
        """The public address's path (a proxy's ``/tutor``), before every cookie's path."""
        self.scores = Scores(tool, self.courses, lambda: server.catalog, lambda: server.course)

    def add_routes(self, app: web.Application) -> None:
        app.add_routes(
            [
                web.get(LOGIN, self.login),
                web.post(LOGIN, self.login),
                web.post(LAUNCH, self.launch),
                web.get(JWKS, self.jwks),
                web.get(CANVAS, self.canvas),
                web.get("/lti/{pass}/", self.page),
                web.get("/lti/{pass}/ws", self.websocket),
                web.get("/lti/{pass}/teacher", self.teacher),
                web.get("/lti/{pass}/teacher/gradebook.csv", self.gradebook),
                web.get("/lti/{pass}/link", self.link_page),
                web.post("/lti/{pass}/link", self.link),
            ]
        )
        app.on_startup.append(self.start)
        app.on_shutdown.append(self.stop)

    async def start(self, app: web.Application) -> None:
        self.scores.task = asyncio.create_task(self.scores.run())

    async def stop(self, app: web.Application) -> None:
        if self.scores.task is not None:
            self.scores.task.cancel()

    # -- the launch ---------------------------------------------------------------------------

    async def login(self, request: web.Request) -> web.StreamResponse:
        """The site's login: to its authorization address at once in a new window, else
        through the page that checks the frame keeps the tool's cookies or else the site's
        storage takes the launch's state and nonce (lti_frame.html)."""
        params = dict(request.query)
        if request.method == "POST":
            params.update({k: str(v) for k, v in (await request.post()).items()})
        login, cookies = self.tool.login(self.tool.request(params, request.cookies))
        cookies.path = self.prefix + LAUNCH
        try:
            target = login.get_redirect_object(self.server.public_url + LAUNCH).get_redirect_url()
        except (LtiException, OIDCException) as error:
            return self.refused(request, "login", str(error))
        if params.get("lti1p3_new_window"):
            response: web.Response = web.Response(status=302, headers={"Location": target})
        else:
            query = parse_qs(urlsplit(target).query)
            state, nonce = query["state"][0], query["nonce"][0]
            storage = params.pop("lti_storage_target", "")
            if storage:
                jar = {key: value for key, (value, _exp) in cookies.to_set.items()}
                self.tool.memory.set(STORED + state, (jar, nonce, origin(target)), 300)
            again = self.server.public_url + LOGIN + "?" + urlencode(params | NEW_WINDOW)
            link = _("Open the tutor in a new window.")
            response = frame_page(
                target,
                storage,
                origin(target),
                asks("lti.put_data", state, nonce),
                _("Your browser keeps no cookies for the tutor inside this page."),
                f"<a href='{e(again)}' target='_blank'>{e(link)}</a>",
                test=f"Path=/; {IN_FRAME}" if self.tool.secure else "Path=/",
            )
        cookies.send(response)
        return response

    async def launch(self, request: web.Request) -> web.StreamResponse:
        """The site's launch, its login's state cookie cleared. Without the login's cookies,
        from a site whose storage took its state and nonce: checked here as with them, and the
        page gets them back from the site's storage before it goes on to the launch's page
        (which then needs no cookie)."""
        form = {k: str(v) for k, v in (await request.post()).items()}
        state, storage = form.get("state", ""), form.get("lti_storage_target", "")
        stored = None
        if storage and f"lti1p3-{state}" not in request.cookies:
            stored = self.tool.memory.get(STORED + state)
            self.tool.memory.set(STORED + state, None, 1)
        jar = {**request.cookies, **stored[0]} if stored else request.cookies
        response = await self.checked(request, form, jar)
        if f"lti1p3-{state}" in request.cookies:  # pylti1p3's name for the login's state
            set_cookie(response, f"lti1p3-{state}", "-", self.tool.secure, 0, self.prefix + LAUNCH)
        if stored is None or response.status != 303:
            return response
        go = response.headers["Location"]
        self.passes[urlsplit(go).path.split("/")[-2]].bearer = True
        said = _("The course site could not confirm this launch: open the tutor again.")
        return frame_page(go, storage, stored[2], asks("lti.get_data", state, stored[1]), said, "")

    async def checked(
        self, request: web.Request, form: dict[str, str], jar: Mapping[str, str]
    ) -> web.StreamResponse:
        try:
            launch = self.tool.launch(self.tool.request(form, jar))
            claims: dict[str, Any] = dict(await asyncio.to_thread(launch.get_launch_data))
        except (LtiException, OIDCException) as error:
            return self.refused(request, "launch", str(error))
        who = role(claims)
        if who is None:
            roles = ", ".join(r.rsplit("#", 1)[-1] for r in claims.get(CLAIM + "roles", []))
            said = _(
                "The tutor opens for the students and the teachers of a course; your role here "
                "({roles}) is neither."
            ).format(roles=roles or "-")
            return self.refused(request, "role", said, shown=said)
        store = await asyncio.to_thread(self.courses.of, claims)
        if store is None:
            said = _("The tutor opens from inside a course of the course site, not elsewhere.")
            return self.refused(request, "context", said, shown=said)
        if launch.is_deep_link_launch():
            if who != "teacher":
                said = _("Only a teacher of the course adds the tutor to it.")
                return self.refused(request, "link", said, shown=said)
            await asyncio.to_thread(store.note, claims, None)
            return self.open(claims, "link", store, "link", launch=launch)
        if not launch.is_resource_launch():
            said = _("The tutor opens only from a link of the course.")
            return self.refused(request, "message", said, shown=said)
        target = target_of(claims)
        problem = self.missing(target)
        if problem:
            return self.refused(request, "target", problem, shown=problem)
        await asyncio.to_thread(store.note, claims, target)
        if who == "teacher":
            if launch.has_nrps():
                asyncio.get_running_loop().run_in_executor(None, self.roster, launch, store)
            return self.open(claims, "teacher", store, "teacher")
        try:
            await asyncio.to_thread(store.users.home, claims["sub"], display_name(claims))
        except (BadUser, OSError) as error:
            said = _("The tutor cannot keep the progress of this user ({error}).").format(
                error=error
            )
            return self.refused(request, "user", said, shown=said)
        self.scores.watch(store, claims["sub"])
        return self.open(claims, "student", store, "", target=target)

    def missing(self, target: Target | None) -> str:
        """Why a link's lesson or assignment cannot open here ("": it can)."""
        catalog, files = self.server.catalog, self.server.course
        if target is None or catalog is None:
            return ""
        if target.kind == "lesson" and catalog.find(target.id) is None:
            return _("This link opens lesson {id}, which this server does not have.").format(
                id=target.id
            )
        course = files.course if files is not None else None
        if target.kind == "assignment" and (course is None or course.find(target.id) is None):
            return _("This link opens assignment {id}, which this server's course lacks.").format(
                id=target.id
            )
        return ""

    def roster(self, launch: Any, store: CourseStore) -> None:
        """The course's members from the site (NRPS) as its roster."""
        try:
            members = launch.get_nrps().get_members()
        except (LtiException, OSError) as error:
            event("lti roster", error=str(error)[:200])
            return
        event("lti roster", course=store.key, students=store.write_roster(members))

    def open(
        self, claims: dict[str, Any], kind: str, store: CourseStore, page: str, **more: Any
    ) -> web.StreamResponse:
        """Send the browser to the launch's page, with the cookie that proves it launched."""
        name = secrets.token_urlsafe(24)
        secret = secrets.token_urlsafe(32)
        until = time.time() + PASS_HOURS * 3600
        self.passes = {k: v for k, v in self.passes.items() if v.until > time.time()}
        self.passes[name] = Pass(
            secret, kind, store, claims["sub"], display_name(claims), until, **more
        )
        event("lti launch", course=store.key, role=kind, user=claims["sub"])
        location = f"{self.server.public_url}/lti/{name}/{page}"
        response = web.Response(status=303, headers={"Location": location})
        path = f"{self.prefix}/lti/{name}/"
        set_cookie(response, COOKIE, secret, self.tool.secure, PASS_HOURS * 3600, path)
        return response

    def refused(
        self, request: web.Request, reason: str, error: str, shown: str | None = None
    ) -> web.Response:
        """A launch that cannot go on: logged, and a page that says why."""
        event("refused", address=request.remote or "unix", reason=f"lti-{reason}", error=error)
        said = shown or _(
            "The course site's launch of the tutor could not be checked ({error}). Open the "
            "tutor again from the course; if it happens again, tell whoever runs the tutor."
        ).format(error=error[:200])
        return self.html(
            _("queens-tutor cannot open here"), [f"<p id='refused'>{e(said)}</p>"], 403
        )

    @staticmethod
    def html(
        title: str, body: list[str], status: int = 200, policy: str = TEACHER_POLICY
    ) -> web.Response:
        text = (
            "<!DOCTYPE html>\n<html><head><meta charset='utf-8'>"
            f"<title>{e(title)}</title><style>{STYLE}</style></head><body>"
            f"<h1>{e(title)}</h1>" + "\n".join(body) + "</body></html>\n"
        )
        headers = {"Content-Security-Policy": policy, "Cache-Control": "no-store"}
        return web.Response(status=status, text=text, content_type="text/html", headers=headers)

    # -- after the launch ---------------------------------------------------------------------

    def passed(self, request: web.Request, kind: str) -> Pass:
        """The launch of a ``/lti/PASS/...`` request; 403 for another browser, or once over."""
        found = self.passes.get(request.match_info["pass"])
        cookie = request.cookies.get(COOKIE, "")
        if (
            found is None
            or found.kind != kind
            or found.until < time.time()
            or not (found.bearer or hmac.compare_digest(cookie.encode(), found.secret.encode()))
        ):
            event("refused", address=request.remote or "unix", reason="lti-pass", path=request.path)
            said = _("This page of the tutor is over: open the tutor again from the course.")
            raise web.HTTPForbidden(text=said)
        return found

    async def page(self, request: web.Request) -> web.StreamResponse:
        """The student's tutor (the served tab's page, its connection this launch's)."""
        import aiohttp_jinja2
        from textual_serve.server import Server

        self.passed(request, "student")
        context = await Server.handle_index.__wrapped__(self.server, request)  # type: ignore[attr-defined]
        context["said"] = aiohttp_jinja2.get_env(request.app).globals["said"] | {  # type: ignore[operator]
            "silent": _(
                "The tutor's server does not answer. Reload this page later, or open the "
                "tutor again from the course."
            ),
            "over": _("Open the tutor again from the course."),
        }
        socket = context["app_websocket_url"]
        context["app_websocket_url"] = socket.rsplit("/ws", 1)[0] + request.path + "ws"
        response = aiohttp_jinja2.render_template("app_index.html", request, context)
        response.headers["Cache-Control"] = "no-store"
        response.headers["Referrer-Policy"] = "no-referrer"
        return response

    async def websocket(self, request: web.Request) -> web.StreamResponse:
        found = self.passed(request, "student")
        lesson = found.target.id if found.target and found.target.kind == "lesson" else None
        if found.target and found.target.kind == "assignment" and self.server.course:
            assignment = self.server.course.course.find(found.target.id)
            lesson = assignment.lessons[0] if assignment and assignment.lessons else None
        return await self.server.handle_websocket(request, (found.user, found.store.root, lesson))

    async def teacher(self, request: web.Request) -> web.StreamResponse:
        found = self.passed(request, "teacher")
        extra = await asyncio.to_thread(pending_html, found.store)
        return await self.server.teacher_response(
            found.store.root, found.name, found.store.roster, extra
        )

    async def gradebook(self, request: web.Request) -> web.StreamResponse:
        found = self.passed(request, "teacher")
        return await self.server.gradebook_response(request, found.store.root, found.store.roster)

    async def jwks(self, request: web.Request) -> web.Response:
        return web.json_response(self.tool.key_set)

    async def canvas(self, request: web.Request) -> web.Response:
        return web.json_response(canvas_key(self.server.public_url))

    # -- deep linking -------------------------------------------------------------------------

    async def link_page(self, request: web.Request) -> web.Response:
        """What a teacher adding the tutor picks: a lesson or an assignment, and its points."""
        found = self.passed(request, "link")
        catalog, files = self.server.catalog, self.server.course
        choices: list[tuple[str, str, float]] = []
        lessons = {lesson.id: lesson for lesson in catalog.lessons} if catalog else {}
        for assignment in files.course.assignments if files is not None else ():
            worth = sum(lessons[k].max_score for k in assignment.lessons if k in lessons)
            choices.append((f"assignment:{assignment.id}", assignment.title, worth))
        for lesson in lessons.values():
            choices.append((f"lesson:{lesson.id}", lesson.title, lesson.max_score))
        intro = _(
            "{teacher}, pick what this link of {course} opens, and the points it is worth in "
            "the course's gradebook (0: not graded). The tutor sends each student's score "
            "when she has done it, and again when she does better."
        ).format(teacher=found.name, course=found.store.title())
        body = [f"<p>{e(intro)}</p>", "<form method='post' action=''><ul>"]
        for number, (value, title, tutor_points) in enumerate(choices):
            checked = " checked" if number == 0 else ""
            label = ngettext(
                "{title} ({points} point in the tutor)",
                "{title} ({points} points in the tutor)",
                int(tutor_points),
            ).format(title=title, points=f"{tutor_points:g}")
            body.append(
                f"<li><label><input type='radio' name='target' value='{e(value)}'{checked}> "
                f"{e(label)}</label></li>"
            )
        points = _("Points in the course's gradebook")
        add = _("Add to the course")
        body += [
            "</ul>",
            f"<p><label>{e(points)} <input type='number' name='points' min='0' step='any' "
            f"max='{known.MOST_POINTS:g}' value='10' required></label></p>",
            f"<p><button type='submit'>{e(add)}</button></p></form>",
        ]
        return self.html(_("Add queens-tutor to the course"), body, policy=TEACHER_POLICY)

    async def link(self, request: web.Request) -> web.Response:
        """The teacher's choice, sent back to the course site as a signed deep link."""
        from pylti1p3.deep_link_resource import DeepLinkResource
        from pylti1p3.lineitem import LineItem

        found = self.passed(request, "link")
        form = await request.post()
        kind, _sep, key = str(form.get("target", "")).partition(":")
        points = known.points_of(form.get("points", ""))
        problem = self.missing(Target(kind, key)) if kind in ("lesson", "assignment") else "?"
        if problem or points is None:
            raise web.HTTPBadRequest(text=_("Pick a lesson or an assignment, and its points."))
        title = self.title_of(kind, key)
        resource = (
            DeepLinkResource()
            .set_url(self.server.public_url + LAUNCH)
            .set_title(title)
            .set_custom_params({kind: key, "points": f"{points:g}"})
        )
        if points > 0:
            resource.set_lineitem(
                LineItem()
                .set_score_maximum(points)
                .set_label(title)
                .set_resource_id(f"{kind}:{key}")
                .set_tag("queens-tutor")
            )
        token = await asyncio.to_thread(found.launch.get_deep_link().get_response_jwt, [resource])
        found.until = 0  # answered once
        back = found.launch.get_launch_data()[DEEP_LINK]["deep_link_return_url"]
        script = "document.forms[0].submit();"
        digest = b64encode(hashlib.sha256(script.encode()).digest()).decode()
        policy = (
            f"default-src 'none'; script-src 'sha256-{digest}'; form-action {origin(back)}; "
            "style-src 'unsafe-inline'"
        )
        said, send = _("Sending your choice to the course site..."), _("Send")
        body = [
            f"<form method='post' action='{e(back)}'>",
            f"<input type='hidden' name='JWT' value='{e(token)}'>",
            f"<p>{e(said)} <button type='submit'>{e(send)}</button></p></form>",
            f"<script>{script}</script>",
        ]
        return self.html(title, body, policy=policy)

    def title_of(self, kind: str, key: str) -> str:
        if kind == "lesson" and self.server.catalog is not None:
            lesson = self.server.catalog.find(key)
            return lesson.title if lesson is not None else key
        files = self.server.course
        found = files.course.find(key) if files is not None else None
        return found.title if found is not None else key
