"""The routes of the teacher's page, mixed into the server: ``/teacher`` and its gradebook's csv,
for this store's teachers and for a course site's."""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from aiohttp import web

from lessons.i18n import N_, _
from tui.serve.console import event
from tui.serve.users import BadUser

if TYPE_CHECKING:
    from lessons.catalog import Catalog
    from lessons.course.files import CourseFiles
    from tui.serve.users import UserStore

NOT_A_TEACHER = N_("queens-tutor: this page is for the teachers of this server only.")
"""The 403 page of /teacher for anyone not named by --teacher."""


def gradebook_filename(lms: str) -> str:
    """The teacher page's gradebook download's file name: it holds only this server's
    progress, which its name says wherever the file goes."""
    return f"queens-tutor-gradebook-this-server-only-{lms}.csv"


class TeacherRoutes:
    """The server's side of the teacher's page."""

    users: UserStore
    teachers: frozenset[str]
    catalog: Catalog | None
    course: CourseFiles | None
    roster: Path | None

    def identify(self, request: web.Request) -> str | None:
        raise NotImplementedError

    def _teacher(self, request: web.Request) -> str:
        """The teacher a request of /teacher comes from; 403 for anyone else."""
        try:
            user = self.identify(request)
        except BadUser:
            user = None
        if user is None or user not in self.teachers or self.catalog is None:
            event("refused", address=request.remote or "unix", user=user, reason="teacher")
            raise web.HTTPForbidden(text=_(NOT_A_TEACHER))
        return user

    async def handle_teacher(self, request: web.Request) -> web.Response:
        """The teacher's page (tui/serve/teacher_page.py), for the users of ``--teacher``."""
        return await self.teacher_response(self.users.root, self._teacher(request), self.roster)

    async def teacher_response(
        self, root: Path, user: str, roster: Path | None, extra: Sequence[str] = ()
    ) -> web.Response:
        """The teacher's page of the store ``root`` for ``user`` (``extra``: more of it)."""
        from tui.serve.teacher_page import POLICY, teacher_page

        assert self.catalog is not None
        page = await asyncio.to_thread(
            teacher_page, root, self.catalog, user, self.course, roster, extra
        )
        headers = {"Content-Security-Policy": POLICY, "Cache-Control": "no-store"}
        return web.Response(text=page, content_type="text/html", headers=headers)

    async def handle_teacher_slash(self, request: web.Request) -> web.Response:
        """``/teacher/`` sent on to ``/teacher`` (relative, so it works under a proxy's path)."""
        query = f"?{request.query_string}" if request.query_string else ""
        raise web.HTTPFound(location=f"../teacher{query}")

    async def handle_gradebook(self, request: web.Request) -> web.Response:
        """The teacher's gradebook as a csv download (``?lms=canvas`` for Canvas's layout)."""
        self._teacher(request)
        return await self.gradebook_response(request, self.users.root, self.roster)

    async def gradebook_response(
        self, request: web.Request, root: Path, roster: Path | None
    ) -> web.Response:
        """The gradebook of the store ``root`` as a csv download."""
        from tui.serve.teacher_page import BrokenExtensions, gradebook_csv

        assert self.catalog is not None
        lms = "canvas" if request.query.get("lms") == "canvas" else "moodle"
        try:
            text = await asyncio.to_thread(
                gradebook_csv, root, self.catalog, self.course, lms, roster
            )
        except BrokenExtensions as error:
            return web.Response(
                status=409, text=f"{error}\n", headers={"Cache-Control": "no-store"}
            )
        headers = {
            "Content-Disposition": f'attachment; filename="{gradebook_filename(lms)}"',
            "Cache-Control": "no-store",
        }
        return web.Response(text=text, content_type="text/csv", charset="utf-8", headers=headers)
