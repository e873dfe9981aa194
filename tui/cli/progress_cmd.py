"""``queens-tutor progress``: the progress file's path, each lesson's progress and scores, the
review due; ``--export``, ``--load``, ``--name`` and ``--reset`` (confirmed on a terminal)."""

from __future__ import annotations

import argparse
import json
import sys
import time
from datetime import date
from pathlib import Path
from typing import TYPE_CHECKING, Any

from lessons.i18n import N_, _, ngettext
from lessons.safe_text import first_unsafe
from tui.cli.lessons_cmd import lesson_rows, progress_text
from tui.cli.progress_export_cli import add_export_options, print_csv, write_export
from tui.options.args import UsageError, WrappedHelpFormatter, add_format, add_today_option
from tui.options.lesson_options import add_lesson_options, catalog_from

DECLINED = 1

EPILOG = N_(
    """\
json keys:
  path          the progress file; schema: its format's version
  can_save      the tutor can save there; warnings: problems with the file
  lessons       one per lesson: number, id, title, lang, builtin, pages, max_score,
                started, completed, page (from 1), score (this run's), best_score,
                started_again (done before, begun anew and not finished yet),
                english_fallback (shown in English), english_pages, notice, fallback_tag
  other_lessons the records of lessons not loaded here, by id, as the file keeps them
  course        with a course's calendar (course.toml in a --lessons-dir), for a lesson
                of an assignment: assignment (its id), due (the student's due date,
                ISO 8601), extended (an extension's), status (the assignment's, as
                the gradebook counts it: on-time, late, missing, not-due-yet,
                not-open-yet), counted (its points as the gradebook counts them:
                the run that counts, late points weighed by the late credit); null
                for a lesson of no assignment
  review        due: the questions a review asks now (queens-tutor review);
                next: the next day one is due (ISO 8601), or null
csv columns: number, id, title, lang, started, completed, page, pages, score, best_score,
max_score, hints (answered with a hint), shown (with the answer shown); with a course, then
assignment, due, extended, status, counted (as json's course; empty for a lesson of no
assignment); yes/no is 1 or 0.
"""
)


def add_parser(sub: Any) -> str:
    p = sub.add_parser(
        "progress",
        help=_("your progress and scores, and where they are saved"),
        description=_("Show your progress in the lessons and the path of the progress file."),
        epilog=_(EPILOG),
        formatter_class=WrappedHelpFormatter,
    )
    add_format(p, "text", "json", "csv")
    add_export_options(p)
    p.add_argument(
        "--load",
        metavar="FILE",
        help=_("load a downloaded progress file (queens-tutor-progress-NAME.json) into yours"),
    )
    p.add_argument("--reset", action="store_true", help=_("forget all progress (asks first)"))
    p.add_argument("--yes", action="store_true", help=_("with --reset: do not ask"))
    add_lesson_options(p, sub=True)
    add_today_option(p)
    return "progress"


def _confirm(path: str) -> bool:
    if not sys.stdin.isatty():
        raise UsageError(
            _("--reset needs a confirmation typed on a terminal; add --yes to reset without asking")
        )
    sys.stdout.write(
        _("Forget all lesson progress saved in {path}? Type yes to confirm: ").format(path=path)
    )
    sys.stdout.flush()
    try:
        answer = input()
    except EOFError:
        answer = ""
    return answer.strip().lower() in ("y", "yes", "sì", "si", "tak")


if TYPE_CHECKING:
    from lessons.catalog import Catalog
    from lessons.progress.store import ProgressStore
    from lessons.review.plan import ReviewPlan
    from tui.lesson_context import LessonContext


def _load(path: str) -> int:
    """Load the export at ``path`` into the student's progress (its lessons merged)."""
    from lessons.progress.export import MAX_BYTES, ExportError, load_into, parse_export
    from lessons.progress.safe_file import Unreadable, read_regular
    from lessons.progress.store import ProgressStore

    try:
        export = parse_export(read_regular(Path(path), MAX_BYTES))
    except FileNotFoundError:
        raise UsageError(_("no such file: {path}").format(path=repr(path))) from None
    except (Unreadable, ExportError) as error:
        raise UsageError(_("{path}: {problem}").format(path=path, problem=error)) from None
    store = ProgressStore()
    try:
        count = load_into(store, export)
    except ExportError as error:
        raise UsageError(_("{path}: {problem}").format(path=path, problem=error)) from None
    loaded = ngettext(
        "Progress of {count} lesson loaded.", "Progress of {count} lessons loaded.", count
    )
    print(loaded.format(count=count))
    if (hint := _whose_hint(export.login)) is not None:
        print(hint)
    return 0


def _whose_hint(login: str) -> str | None:
    """After loading an export of another account's login, with no name given here yet: how to
    have the tutor read that login's due dates."""
    from lessons.report.identity import same_name
    from tui.cli.progress_export_cli import given_name
    from tui.lesson_context import account_name

    account = account_name()
    if not login.strip() or (account and same_name(login, account)) or given_name():
        return None
    return _(
        "This file was exported by the login {login}. If you are {login}, run queens-tutor "
        "progress --name {login}: the menu then reads {login}'s due dates and your exports "
        "carry that name, as the gradebook counts them."
    ).format(login=login.strip())


def _name(name: str) -> int:
    """Remember ``name`` as the student's only name in the course on this account."""
    from tui.cli.progress_export_cli import remember_name

    notes, kept = remember_name(name, alone=True)
    for note in notes:
        sys.stderr.write(_("warning: {warning}").format(warning=note) + "\n")
    print(
        _(
            "Your name in the course: {name}. The menu reads the course's due dates for it, "
            "and your exports carry it."
        ).format(name=name.strip())
    )
    return 0 if kept else 1


def _review_line(plan: ReviewPlan) -> str:
    """The review's line: how many questions are due and how to open it, or the next day."""
    from lessons.review import words

    due = words.due_label(plan)
    if not plan.count:
        return due
    late, since = words.overdue(plan)
    if since is not None and late >= len(plan.due):  # late: said
        return _("{review}, overdue since {day} (queens-tutor review opens it)").format(
            review=due, day=words.shown_day(since)
        )
    if since is not None:
        return ngettext(
            "{review}; {count} of them overdue since {day} (queens-tutor review opens it)",
            "{review}; {count} of them overdue since {day} (queens-tutor review opens it)",
            late,
        ).format(review=due, count=late, day=words.shown_day(since))
    return _("{review} (queens-tutor review opens it)").format(review=due)


def _tried_line(plan: ReviewPlan, tried: date) -> str:
    """The review's line as on the day ``tried`` (``--today``): the day, what is due and how
    to open it, in one sentence."""
    from lessons.review import words

    if not plan.count:
        return words.tried_label(plan, tried)
    day = words.shown_day(tried)
    late, since = words.overdue(plan)
    over = words.shown_day(since) if since is not None else ""
    if len(plan.due) > plan.count:
        if late:
            return ngettext(
                "As on {day} – review: {due} question due, {late} of them overdue since "
                "{since}; a review asks {count} (queens-tutor review will open it)",
                "As on {day} – review: {due} questions due, {late} of them overdue since "
                "{since}; a review asks {count} (queens-tutor review will open it)",
                len(plan.due),
            ).format(day=day, due=len(plan.due), late=late, since=over, count=plan.count)
        return ngettext(
            "As on {day} – review: {due} question due; a review asks {count} "
            "(queens-tutor review will open it)",
            "As on {day} – review: {due} questions due; a review asks {count} "
            "(queens-tutor review will open it)",
            len(plan.due),
        ).format(day=day, due=len(plan.due), count=plan.count)
    if late >= len(plan.due):
        return ngettext(
            "As on {day} – review: {count} question due, overdue since {since} "
            "(queens-tutor review will open it)",
            "As on {day} – review: {count} questions due, overdue since {since} "
            "(queens-tutor review will open it)",
            plan.count,
        ).format(day=day, count=plan.count, since=over)
    if late:
        return ngettext(
            "As on {day} – review: {count} question due, {late} of them overdue since "
            "{since} (queens-tutor review will open it)",
            "As on {day} – review: {count} questions due, {late} of them overdue since "
            "{since} (queens-tutor review will open it)",
            plan.count,
        ).format(day=day, count=plan.count, late=late, since=over)
    return ngettext(
        "As on {day} – review: {count} question due (queens-tutor review will open it)",
        "As on {day} – review: {count} questions due (queens-tutor review will open it)",
        plan.count,
    ).format(day=day, count=plan.count)


def _course(
    args: argparse.Namespace, catalog: Catalog, store: ProgressStore
) -> LessonContext | None:
    """The course's calendar as the menu reads it for this student, when a ``--lessons-dir``
    holds a course with assignments; else None."""
    dirs = [Path(d) for d in getattr(args, "lessons_dirs", None) or []]
    if not dirs:
        return None
    from lessons.course.files import CourseFiles
    from tui.lesson_context import LessonContext, account_name, course_identity

    course = CourseFiles(dirs, catalog.find, catalog.find_failed)
    if not course.course:
        return None
    account = account_name()
    whose = course_identity(account, store)
    return LessonContext(
        catalog, store, course=course, student=whose.student, account=account, whose=whose
    )


def _dates(context: LessonContext | None, lesson_id: str) -> tuple[str, dict[str, Any] | None]:
    """A lesson's assignment as the text says it after the lesson, and as json's ``course``."""
    lesson = context.catalog.find(lesson_id) if context is not None else None
    if context is None or lesson is None or (grade := context.course_grade(lesson)) is None:
        return "", None
    from lessons.course.grading import lesson_points
    from lessons.course.words import progress_label

    late = context.late_for(grade)
    record = context.store.record_for(lesson)
    text = progress_label(grade, late, record)
    counted = lesson_points(record, late, grade.due)[0] if record is not None else 0.0
    data = {
        "assignment": grade.assignment.id,
        "due": grade.due.astimezone().isoformat(timespec="seconds"),
        "extended": grade.extended,
        "status": grade.status.value,
        "counted": round(float(counted), 2),
    }
    return text, data


def run(args: argparse.Namespace) -> int:
    if args.load is not None and (args.reset or args.export is not None):
        raise UsageError(_("--load goes alone: not with --export or --reset"))
    if args.yes and not args.reset:
        raise UsageError(_("--yes only goes with --reset"))
    if args.reset and args.export is not None:
        raise UsageError(_("--export and --reset cannot be used together"))
    if args.name is not None and not args.name.strip():
        raise UsageError(_("--name: give a name"))
    if args.name is not None and (unsafe := first_unsafe(args.name)) is not None:
        raise UsageError(
            _("--name: a name cannot hold a control or direction character: {char}").format(
                char=unsafe[1]
            )
        )
    if args.name is not None and (args.reset or args.load is not None):
        raise UsageError(_("--name goes alone or with --export"))
    if args.force and args.export is None:
        raise UsageError(_("--force only goes with --export"))
    from lessons.progress.store import SCHEMA, ProgressStore, unsafe_store
    from lessons.review.boxes import as_of
    from lessons.review.plan import plan_review

    if (args.reset or args.load is not None) and (problem := unsafe_store()) is not None:
        raise UsageError(problem)
    if args.load is not None:
        return _load(args.load)
    if args.name is not None and args.export is None:
        return _name(args.name)
    store = ProgressStore(create=False)
    if args.reset:
        if not args.yes and not _confirm(str(store.path)):
            print(_("Nothing was changed."))
            return DECLINED
        if not store.reset():
            for warning in store.warnings:
                sys.stderr.write(f"queens-tutor progress: {warning}\n")
            return DECLINED
        print(_("Progress reset: {path}").format(path=store.path))
        return 0
    catalog = catalog_from(args)
    for error in catalog.errors:
        sys.stderr.write(_("skipped: {error}").format(error=error) + "\n")
    if args.export is not None:
        return write_export(args, catalog, store)
    rows = lesson_rows(catalog, store)
    context = _course(args, catalog, store)
    dates = {row["id"]: _dates(context, row["id"]) for row in rows}
    if args.format == "csv":
        courses = {key: said[1] for key, said in dates.items()} if context is not None else None
        print_csv(rows, catalog, store, courses)
        return 0
    now = time.time() if args.today is None else as_of(args.today)()
    plan = plan_review(catalog.lessons, store, now)  # what a review would ask, as the menu says
    known = {row["id"] for row in rows}
    others = sorted(key for key in store.records if key not in known)
    if args.format == "json":
        data = {
            "path": str(store.path),
            "schema": SCHEMA,
            "can_save": store.can_save,
            "warnings": store.warnings,
            "lessons": [{**row, "course": dates[row["id"]][1]} for row in rows],
            "other_lessons": {
                key: {**store.records[key].to_json(), "page": store.records[key].page + 1}
                for key in others
            },
            "review": {
                "due": plan.count,
                "next": plan.next_day.isoformat() if plan.next_day is not None else None,
            },
        }
        print(json.dumps(data, indent=1))
        return 0
    for warning in store.warnings:
        sys.stderr.write(_("warning: {warning}").format(warning=warning) + "\n")
    print(_("Progress file: {path}").format(path=store.path))
    done = sum(1 for row in rows if row["completed"])
    points = sum(row["best_score"] for row in rows)
    most = sum(row["max_score"] for row in rows)
    print(
        ngettext(  # the plural follows {done}: "1 lezione su 9 completata"
            "{done} lesson out of {count} done; best quiz scores {points}/{most}",
            "{done} lessons out of {count} done; best quiz scores {points}/{most}",
            done,
        ).format(done=done, count=len(rows), points=points, most=most)
    )
    print(_review_line(plan) if args.today is None else _tried_line(plan, args.today))
    from lessons.review.words import last_review, left_out
    from tui.lesson_context import account_name, course_identity

    # whose due dates the menu reads, when it is worth saying
    if (whose := course_identity(account_name(), store).line()) is not None:
        print(whose)

    if last := last_review(store.review.outcomes):
        print(last)
    for line in left_out(plan, catalog.lessons):
        print(line)
    for row in rows:
        said = f"  {dates[row['id']][0]}" if dates[row["id"]][0] else ""
        print(f"{row['number']:>3}  {row['title']}  [{progress_text(row)}]{said}")
    for key in others:
        page = _("page {page}").format(page=store.records[key].page + 1)
        print("  -  " + _("{lesson} (a lesson not loaded now)").format(lesson=key) + f"  [{page}]")
    return 0
