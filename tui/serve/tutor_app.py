"""The tutor a served session runs: its lessons' problems are the server's to report, and the
tab shows only the student's own notices, with the home as ``~``."""

from __future__ import annotations

from typing import TYPE_CHECKING

from lessons.course.whose import CourseIdentity
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
            whom = tuple(dict.fromkeys(name for name in (self.login, self.shown) if name))
            context.student, context.account, context.site = self.login, self.login, self.site
            context.whose = CourseIdentity(self.login, self.login, whom=whom)  # as the gradebook
            context.notices = [
                _("Progress: {warning}").format(warning=self.for_student(warning))
                for warning in context.store.warnings
            ]
            if not context.store.can_save:
                self.saving_failed()  # the console says so too
        return context
