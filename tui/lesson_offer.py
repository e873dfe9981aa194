"""The start's notices: the lesson left unfinished and the reviews due, or, on a first start,
how to open the lessons and the help."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from lessons.i18n import _, ngettext
from lessons.progress.at_start import progress_at_start as progress_at_start

if TYPE_CHECKING:
    from textual.app import App

    from lessons.model import Lesson


def welcome(app: App[Any]) -> None:
    """A first start: say how to open the lessons and the help, if the board is not yet stepped."""
    from tui.screens.main_screen import MainScreen

    screen = app.screen
    if not isinstance(screen, MainScreen) or screen.session.engine.tick > 0:
        return
    app.notify(
        _("New here? Press [l] for the lessons, [?] or [F1] for every key."),
        timeout=30,
        markup=False,
    )


def offer_lesson_in_progress(app: App[Any], dirs: list[str]) -> None:
    """Name the unfinished lesson and the review questions due in a notice, if the student is
    still on the board; ``dirs``: the ``--lessons-dir`` folders."""

    def find() -> None:
        from tui.lesson_context import LessonContext

        context = LessonContext.load(dirs=dirs)
        lesson = context.store.in_progress(context.catalog.lessons)
        due = context.review_plan().count
        if lesson is not None:
            record = context.store.record_for(lesson)
            page = (record.page if record is not None else 0) + 1
            number = context.catalog.lessons.index(lesson) + 1
            app.call_from_thread(_tell, app, lesson, number, page, due)
        elif due:
            app.call_from_thread(_tell_due, app, due, False)

    app.run_worker(find, thread=True, group="lesson-offer", exit_on_error=False)


def reviews_due_notice(count: int, lesson_first: bool) -> str:
    """The start's line on the review questions due: how to open them from the lesson menu,
    whose cursor is on the unfinished lesson when ``lesson_first``."""
    if lesson_first:
        return ngettext(
            "{count} review question due: press [l], then [Home] and [Enter].",
            "{count} review questions due: press [l], then [Home] and [Enter].",
            count,
        ).format(count=count)
    return ngettext(
        "{count} review question due: press [l], then [Enter].",
        "{count} review questions due: press [l], then [Enter].",
        count,
    ).format(count=count)


def _tell_due(app: App[Any], count: int, lesson_first: bool) -> None:
    from tui.screens.main_screen import MainScreen

    if isinstance(app.screen, MainScreen):
        app.notify(reviews_due_notice(count, lesson_first), timeout=12, markup=False)


def _tell(app: App[Any], lesson: Lesson, number: int, page: int, due: int = 0) -> None:
    from tui.screens.main_screen import MainScreen

    screen = app.screen
    if not isinstance(screen, MainScreen):
        return
    named = _(
        "Lesson in progress: {title}, page {page} of {pages}. Press [l], then [Enter], to go "
        "on where you stopped."
    ).format(title=lesson.title, page=page, pages=len(lesson.pages))
    # where the title does not fit, the lesson's number says which
    numbered = _(
        "Lesson {number} in progress, page {page} of {pages}. Press [l], then [Enter], to "
        "go on where you stopped."
    ).format(number=number, page=page, pages=len(lesson.pages))
    tried = [named, numbered]
    if due:  # one notice: the lesson first, alone where both do not fit
        reviews = reviews_due_notice(due, True)
        tried = [f"{named} {reviews}", f"{numbered} {reviews}", *tried]
    view = screen.panes.view
    fits = [each for each in tried if view is None or view.notice_fits(each)]
    app.notify(fits[0] if fits else numbered, timeout=12, markup=False)
