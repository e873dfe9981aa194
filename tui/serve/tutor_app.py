"""The tutor a ``queens-tutor serve`` session runs: the browser tab's tutor
(tui/serve/served_app.py), whose lessons keep their files' problems to themselves.

A lesson file that does not load is the teacher's to fix: the server prints its problems on
its own console at start (tui/cli/serve_cmd.py), with the server's paths in them. The tab's
lesson menu shows only the notices that are the student's own (about their progress), with
the session's home shown as ``~`` (no server path reaches a student).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from lessons.i18n import _
from tui.serve.served_app import ServedTutorApp

if TYPE_CHECKING:
    from tui.lesson_context import LessonContext


class SessionTutorApp(ServedTutorApp):
    """The tutor in a served tab; the lessons load as in any tutor (when first opened)."""

    lesson_notices_checked = False
    """Whether the lessons' notices were cut down to the student's own."""

    @property
    def lessons(self) -> LessonContext:
        context = super().lessons
        if not self.lesson_notices_checked:
            self.lesson_notices_checked = True
            context.student = self.login  # the course's extensions name the login (or nobody)
            context.account, context.whose = self.login, None  # the server's login decides
            context.notices = [
                _("Progress: {warning}").format(warning=self.for_student(warning))
                for warning in context.store.warnings
            ]
            if not context.store.can_save:
                self.saving_failed()  # the console says so too
        return context
