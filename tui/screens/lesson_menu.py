"""The list of lessons with the student's completion and scores, the review on its first line;
Enter opens (resumes) one."""

from __future__ import annotations

import re
import textwrap
from typing import TYPE_CHECKING, ClassVar

from rich.cells import cell_len
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.screen import Screen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from lessons.catalog import lesson_number
from lessons.course.words import being_fixed, menu_label, opening
from lessons.course.words import details as course_details
from lessons.fallback import lesson_notice, short_tag
from lessons.i18n import N_, _, ngettext
from lessons.model import Lesson
from lessons.progress.words import completion_words
from lessons.review import words as review_words
from lessons.review.plan import next_lesson
from lessons.safe_text import visible
from tui import style_files
from tui.bindings import key
from tui.glyphs import UNICODE, Glyphs
from tui.lesson_context import LessonContext
from tui.screens.closing import dismiss_once
from tui.screens.lesson_screen import LessonScreen
from tui.screens.restart_question import AGAIN, RestartConfirm, RestartQuestion
from tui.screens.review_screen import ReviewScreen
from tui.widgets.key_bar import KeyBar
from tui.widgets.page_safe_option_list import PageSafeOptionList

if TYPE_CHECKING:
    from lessons.review.plan import ReviewPlan

MAX_NOTICES = 1
"""Start-up notices the menu lists above the lessons; the rest are counted."""
REVIEW = "(review)"
"""The review's line in the menu (no lesson id has parentheses)."""


def _mark(lesson: Lesson) -> str:
    """The lesson's number as the menu's lines start with it."""
    number = lesson_number(lesson)
    return f"{number:>2}. " if number is not None else "    "


def progress_label(context: LessonContext, lesson: Lesson) -> str:
    """Completion in words: new, page 3/9, done 4/5, page 4/7, best 5/7."""
    return completion_words(context.store.record_for(lesson), lesson)


_MOMENT = re.compile(r"\d{4}-\d\d-\d\d \d\d:\d\d(?: [A-Za-z]{2,6}\b| [+-]\d{4}\b)?")
"""A moment as lessons/shown_time.py writes it (``2026-12-04 22:59 CET``): never split."""
_GLUE = "\x00"


def shown(text: str) -> Text:
    """Text for the screen, never markup, control and direction characters shown as symbols."""
    return Text(visible(text, keep_newlines=True))


def hanging(label: str, room: int) -> str:
    """A lesson's line wrapped to ``room``, indented under its title, a moment never split."""
    if room <= 0 or cell_len(label) <= room:
        return label
    glued = _MOMENT.sub(lambda found: found.group(0).replace(" ", _GLUE), label)
    lines = textwrap.wrap(
        glued, room, subsequent_indent=" " * 4, break_on_hyphens=False, break_long_words=False
    )
    return "\n".join(lines).replace(_GLUE, " ") if lines else label


class MenuList(PageSafeOptionList):
    """The lessons, and the review, to choose from: Enter opens the one the cursor is on."""

    BINDINGS: ClassVar[list[BindingType]] = [
        key("enter", "select", N_("Open"), N_("Open the lesson (or the review) the cursor is on")),
    ]


class LessonMenuScreen(Screen[None]):
    """Every lesson, in order, with its progress; R starts the chosen one again (asks first)."""

    lessons_open: ClassVar[bool] = True
    """The app's ``l`` is not offered over this screen."""
    course_look: ClassVar[float] = 2.0
    """Seconds between two looks at the course's files (a changed due date or extension is
    drawn at the next look)."""

    CSS_PATH = style_files.LESSONS
    BINDINGS: ClassVar[list[BindingType]] = [
        key("R", "restart", N_("Start again"), N_("Start the chosen lesson from page 1")),
        Binding("escape,l", "close", N_("Board"), tooltip=N_("Back to the board")),
        Binding("q", "app.quit", N_("Quit"), show=False, tooltip=N_("Quit the tutor")),
    ]

    def __init__(self, context: LessonContext, glyphs: Glyphs = UNICODE) -> None:
        super().__init__()
        self.context = context
        self.glyphs = glyphs
        self._plan: ReviewPlan | None = None
        """What the review asks now (read again each time the menu is filled)."""
        self._said: tuple[int, str] | None = None
        """The review's "nothing due" and the cursor's lesson line, said until the cursor moves."""
        self._opened: Lesson | None = None
        """The lesson opened from here (see _after_lesson)."""
        self._looked_through: Lesson | None = None
        """That lesson when it was finished already and opened to be looked through."""
        self._cursor_on: Lesson | None = None
        """The lesson opened before the menu was mounted: the cursor starts on it."""
        self._course = self._course_now()
        """The course's calendar the lines were drawn with."""

    def _course_now(self) -> object:
        return self.context.course.course if self.context.course is not None else None

    def _look_at_course(self) -> None:
        """Draw the lines again when the course's files have changed (on resume it refills)."""
        if self.app.screen is self and (now := self._course_now()) is not self._course:
            self._course = now
            self.refill()

    def _title(self) -> str:
        """The menu's title; on a day tried (``--today``), that day, and that nothing is
        saved."""
        if self.context.tried is not None:
            return _("Lessons as on {day}, a try: nothing is saved").format(
                day=review_words.shown_day(self.context.tried)
            )
        return _("Lessons: up/down to choose, Enter to open")

    def _review_label(self, plan: ReviewPlan) -> str:
        if self.context.tried is not None:
            return review_words.tried_label(plan, self.context.tried)
        return review_words.due_label(plan)

    def compose(self) -> ComposeResult:
        yield Static(self._title(), id="menu-title")
        yield Static(id="menu-notices")
        yield MenuList(id="menu-list")
        yield Static(id="menu-detail")
        yield KeyBar()

    def on_mount(self) -> None:
        self.refill()
        context = self.context
        lessons = context.catalog.lessons
        unfinished = context.store.in_progress(lessons)
        menu = self.query_one(OptionList)
        if self._cursor_on is not None:
            menu.highlighted = lessons.index(self._cursor_on) + 1
        elif unfinished is not None:
            menu.highlighted = lessons.index(unfinished) + 1
        elif self._plan is not None and self._plan.count:
            menu.highlighted = 0
        elif menu.option_count > 1:  # the lesson to do next (every lesson done: the first)
            ahead = next_lesson(lessons, context.store, context.assigned())
            menu.highlighted = lessons.index(ahead) + 1 if ahead is not None else 1
        # the start-up notices above the list, where they cover nothing
        notices = self.context.notices
        lines = [f"! {notice}" for notice in notices[:MAX_NOTICES]]
        more = len(notices) - MAX_NOTICES
        if more > 0:
            lines.append(
                ngettext(
                    "! and {count} more (queens-tutor lessons check FILE names each problem)",
                    "! and {count} more (queens-tutor lessons check FILE names each problem)",
                    more,
                ).format(count=more)
            )
        box = self.query_one("#menu-notices", Static)
        box.update(shown("\n".join(lines)))
        box.display = bool(lines)
        if self.context.course is not None:
            self.set_interval(self.course_look, self._look_at_course)

    def on_screen_resume(self) -> None:
        self._course = self._course_now()
        self.refill()
        self._after_lesson()

    def _after_lesson(self) -> None:
        """Back from a lesson: the cursor on the lesson just left half-way, or, when the student
        has just finished it, on the lesson to do next."""
        if self.app.screen is not self:
            return
        left, self._opened = self._opened, None
        lessons = self.context.catalog.lessons
        if left is None or left not in lessons:
            return
        target = left
        record = self.context.store.record_for(left)
        if record is not None and record.run_finished and left is not self._looked_through:
            ahead = next_lesson(lessons, self.context.store, self.context.assigned())
            if ahead is not None:
                target = ahead
            else:
                target = lessons[min(lessons.index(left) + 1, len(lessons) - 1)]
        self._looked_through = None
        self.query_one(OptionList).highlighted = lessons.index(target) + 1

    def retranslate(self) -> None:
        """Draw every word again in the language now in use."""
        self.query_one("#menu-title", Static).update(self._title())
        self.refill()

    def refill(self) -> None:
        """Rebuild the list, keeping the highlighted lesson."""
        menu = self.query_one(OptionList)
        keep = menu.highlighted or 0
        menu.clear_options()
        self._plan = self.context.review_plan()
        menu.add_option(Option(shown(self._review_label(self._plan)), id=REVIEW))
        # the columns an option's text has; 0 before the list is laid out
        room = max(0, menu.scrollable_content_region.width - 2)
        for lesson in self.context.catalog.lessons:
            label = f"{_mark(lesson)}{lesson.title}  [{progress_label(self.context, lesson)}]"
            if (grade := self.context.course_grade(lesson)) is not None:
                record = self.context.store.record_for(lesson)
                label += f"  {menu_label(grade, None, self.context.late_for(grade), record)}"
            if tag := short_tag(lesson):
                label += f"  ({tag})"
            menu.add_option(Option(shown(hanging(label, room)), id=lesson.id))
        for lesson, grade in self.context.being_fixed():  # shown, not open, until fixed
            label = f"{_mark(lesson)}{lesson.title}  {being_fixed(grade)}"
            menu.add_option(Option(shown(hanging(label, room)), id=lesson.id, disabled=True))
        if menu.option_count:
            menu.highlighted = min(keep, menu.option_count - 1)
        menu.focus()

    def on_resize(self) -> None:
        """Wrap the lessons' lines again for the new width."""
        self.refill()

    def _chosen(self) -> Lesson | None:
        """The lesson the cursor is on (None: the review's line)."""
        menu = self.query_one(OptionList)
        lessons = self.context.catalog.lessons
        if not menu.highlighted or menu.highlighted > len(lessons):
            return None  # the review's line, or a lesson being fixed
        return lessons[menu.highlighted - 1]

    def _on_review(self) -> bool:
        return self.query_one(OptionList).highlighted == 0

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """R (start again) is offered only on a lesson the student has started."""
        if action == "restart":
            if not self.is_mounted:
                return False
            lesson = None if self._on_review() else self._chosen()
            return lesson is not None and self.context.store.record_for(lesson) is not None
        return True

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        self.refresh_bindings()
        said, self._said = self._said, None
        if said is not None and said[0] == event.option_index:
            self._said = said
            self._detail(said[1])
            return
        if self._on_review():
            self._detail(self._review_detail())
            return
        lesson = self._chosen()
        if lesson is not None:
            pages = _("Pages: {pages}.").format(pages=len(lesson.pages))
            points = ngettext(
                "Quiz: {count} point.", "Quiz: {count} points.", lesson.max_score
            ).format(count=lesson.max_score)
            detail = f"{lesson.summary}\n{pages}  {points}"
            if notice := lesson_notice(lesson):
                detail += f"\n{notice}"
            if (grade := self.context.course_grade(lesson)) is not None:
                detail += "\n" + course_details(grade, self.context.late_for(grade))
                if (whose := self.context.calendar_line()) is not None:
                    detail += "\n" + whose
            self._detail(detail)

    def _detail(self, text: str) -> None:
        """``text`` in the detail line under the list."""
        self.query_one("#menu-detail", Static).update(shown(text))

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        if self._on_review():
            self.open_review()
            return
        lesson = self._chosen()
        if lesson is not None:
            self.open(lesson)

    def _review_detail(self) -> str:
        plan = self._plan if self._plan is not None else self.context.review_plan()
        if plan.count:
            return review_words.due_detail(plan)
        context = self.context
        return review_words.nothing_due(
            plan, context.catalog.lessons, context.store, context.assigned()
        )

    def open_review(self) -> None:
        """The review of what is due; with nothing due, say so, the cursor on the next lesson."""
        if self.app.screen is not self:
            return  # already open
        context = self.context
        plan = context.review_plan()
        review = context.review(plan)
        if review is None:
            lessons = context.catalog.lessons
            first = context.assigned()
            said = review_words.nothing_due(plan, lessons, context.store, first)
            self._detail(said)
            lesson = next_lesson(lessons, context.store, first)
            if lesson is not None:
                index = lessons.index(lesson) + 1
                self._said = (index, said)
                self.query_one(OptionList).highlighted = index
            return
        self.app.push_screen(ReviewScreen(context, review, self.glyphs))

    def open(self, lesson: Lesson, restart: bool = False) -> None:
        """Open ``lesson`` where the student left it; a finished one asks first whether to
        start again (a fresh score) or look through it (the score kept)."""
        allowed, said = self._opening(lesson)
        if not allowed:
            if said is not None:
                self.notify(said, markup=False)
            return
        lessons = self.context.catalog.lessons
        if lesson in lessons:  # the cursor on the lesson opened
            self._cursor_on = lesson
            if self.is_mounted:
                self.query_one(OptionList).highlighted = lessons.index(lesson) + 1
        record = self.context.store.record_for(lesson)
        if record is not None and record.run_finished and not restart:

            def chosen(choice: str | None) -> None:
                if choice is not None:
                    self._push(lesson, restart=choice == AGAIN, notice=said or "")

            question = RestartQuestion(
                lesson.title, record.score, record.best_score, lesson.max_score, said or ""
            )
            self.app.push_screen(question, chosen)
            return
        self._push(lesson, restart, notice=said or "")

    def _opening(self, lesson: Lesson) -> tuple[bool, str | None]:
        """Whether ``lesson`` opens now, and the course's word on it."""
        grade = self.context.course_grade(lesson)
        return opening(grade, self.context.late_for(grade) if grade else None)

    def open_first(self, lesson: Lesson) -> None:
        """Open ``lesson`` as the tutor starts: over the board, or over this menu to ask."""
        allowed, said = self._opening(lesson)
        record = self.context.store.record_for(lesson)
        if not allowed or (record is not None and record.run_finished):
            self.app.push_screen(self)
            self.open(lesson)
            return
        if lesson in self.context.catalog.lessons:
            self._cursor_on = lesson
        screen = self._lesson_screen(lesson, restart=False, notice=said or "")
        screen.menu_later = self
        self.app.push_screen(screen)

    def _push(self, lesson: Lesson, restart: bool, notice: str = "") -> None:
        """Open ``lesson``; ``notice`` shows in its status line until the first key."""
        if self.app.screen is not self:
            return  # already open
        self.app.push_screen(self._lesson_screen(lesson, restart, notice))

    def _lesson_screen(self, lesson: Lesson, restart: bool, notice: str) -> LessonScreen:
        """The screen of ``lesson``, opened from here."""
        context = self.context
        due, late, _notice = context.dates_of(lesson)
        if context.tried is not None:  # said where the student reads on
            tried = _("A try as on {day}: nothing of this lesson is saved.").format(
                day=review_words.shown_day(context.tried)
            )
            notice = f"{notice} {tried}".strip()
        screen = LessonScreen(
            lesson,
            context.store,
            self.glyphs,
            notice=notice,
            due=due,
            late=late,
            dates=lambda: context.dates_of(lesson),
        )
        record = self.context.store.record_for(lesson)
        finished = record is not None and record.run_finished and not restart
        self._opened = lesson
        self._looked_through = lesson if finished else None
        if restart:
            screen.lesson_run.restart()
        return screen

    def action_restart(self) -> None:
        """Start the chosen lesson again, once the student confirms."""
        lesson = self._chosen()
        if lesson is None or self.app.screen is not self:
            return
        record = self.context.store.record_for(lesson)
        if record is None:
            self.open(lesson)
            return

        def confirmed(yes: bool | None) -> None:
            if yes:
                self.open(lesson, restart=True)

        question = RestartConfirm(record, lesson, self._opening(lesson)[1] or "")
        self.app.push_screen(question, confirmed)

    def action_close(self) -> None:
        dismiss_once(self)
