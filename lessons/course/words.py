"""What a student is told of the course's calendar: beside a lesson in the menu, in its
details, when it opens and when its run ends; moments in local time with their zone."""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime

from lessons.course.grading import Grade, Status, lesson_handed_in, lesson_points
from lessons.course.model import LatePolicy
from lessons.i18n import _
from lessons.progress.records import LessonRecord
from lessons.shown_time import with_zone


def points(value: float) -> str:
    """Points as counted, as the gradebook writes them: ``2``, ``1.5`` (a dot in any language)."""
    return f"{value:.2f}".rstrip("0").rstrip(".")


def menu_label(
    grade: Grade,
    done: datetime | None = None,
    late: LatePolicy | None = None,
    record: LessonRecord | None = None,
    dated: bool = True,
) -> str:
    """The menu's words for a lesson of an assignment (:func:`_label`); with its ``record``, when
    its counted work was handed in and what counts; ``dated``: False leaves the due date out."""
    if record is None:
        return _label(grade, done, late, dated)
    policy = late or grade.assignment.late
    handed_in = lesson_handed_in(record, policy, grade.due)
    said = _label(grade, handed_in, policy, dated)
    counted = lesson_points(record, policy, grade.due)[0]
    after = policy.until is not None and handed_in is not None and handed_in > policy.until
    if after and counted <= 1e-9:
        return said  # "kept, counts nothing" says it already
    if record.completed and abs(counted - record.best_score) > 1e-9:
        counts = _("counts {points}/{max}").format(points=points(counted), max=record.max_score)
        said = f"{said}; {counts}"
    elif not record.completed and counted > 1e-9 and grade.status is Status.MISSING:
        most = record.max_score or grade.max_score
        counts = _("not handed in; counts {points}/{max} so far").format(
            points=points(counted), max=most
        )
        said = f"{said}; {counts}" if said else counts
    return said


def progress_label(grade: Grade, late: LatePolicy, record: LessonRecord | None = None) -> str:
    """What ``queens-tutor progress`` says beside a lesson of an assignment: the assignment,
    the student's due date, and the menu's words on it without the date."""
    said = menu_label(grade, None, late, record, dated=False)
    due = with_zone(grade.due)
    if not said:
        if grade.extended:
            text = _("{assignment}: due {time} (your extension)")
        else:
            text = _("{assignment}: due {time}")
    elif grade.extended:
        text = _("{assignment}: due {time} (your extension); {status}")
    else:
        text = _("{assignment}: due {time}; {status}")
    return text.format(assignment=grade.assignment.id, time=due, status=said)


def _label(
    grade: Grade, done: datetime | None = None, late: LatePolicy | None = None, dated: bool = True
) -> str:
    """A few words for the lesson's line in the menu: on time, late, counting nothing after
    ``late.until``, overdue, or due. ``done``: when this lesson was handed in (None: not done).
    ``dated``: False leaves the due date out ("" while it is not due)."""
    due = with_zone(grade.due)
    if grade.status is Status.NOT_OPEN and grade.assignment.opens is not None:
        return _("opens {time}").format(time=with_zone(grade.assignment.opens))
    if grade.status is Status.ON_TIME:
        return _("handed in on time")
    if grade.status is Status.LATE and done is not None and done <= grade.due:
        return _("handed in on time; {assignment} handed in late").format(
            assignment=grade.assignment.id
        )
    until = late.until if late is not None else None
    if grade.status is Status.LATE and done is not None and until is not None and done > until:
        return _("handed in after {time}: kept, counts nothing").format(time=with_zone(until))
    if grade.status is Status.LATE:
        return _("handed in late")
    if grade.status is Status.MISSING and done is not None:
        if until is not None and done > until:
            said = _("handed in after {until}: kept, counts nothing; {assignment} still overdue")
            return said.format(until=with_zone(until), assignment=grade.assignment.id)
        if not dated and done > grade.due:
            said = _("handed in late; {assignment} still overdue")
        elif not dated:
            said = _("handed in on time; {assignment} still overdue")
        elif done > grade.due:
            said = _("handed in late; {assignment} still overdue since {time}")
        else:
            said = _("handed in on time; {assignment} still overdue since {time}")
        return said.format(assignment=grade.assignment.id, time=due)
    if grade.status is Status.MISSING:
        return _("overdue since {time}").format(time=due) if dated else _("overdue")
    return _("due {time}").format(time=due) if dated else ""


def being_fixed(grade: Grade) -> str:
    """The menu's words for a course's lesson whose file fails its check."""
    return _("being fixed, not open yet; {date}").format(date=menu_label(grade))


def late_words(late: LatePolicy) -> str:
    """How late work counts, in a sentence."""
    if late.credit >= 1 and late.until is None:
        return _("Work after it is kept and counts, marked late.")
    percent = round(late.credit * 100)
    if late.until is None:
        return _("Work after it is kept and counts {percent}%, marked late.").format(
            percent=percent
        )
    return _(
        "Work after it is kept and counts {percent}%, marked late, until {time}; after that it "
        "is kept but counts nothing."
    ).format(percent=percent, time=with_zone(late.until))


def details(grade: Grade, late: LatePolicy) -> str:
    """The assignment's lines in the lesson's details."""
    assignment = grade.assignment
    if grade.extended:
        due = _("Assignment {title}: due {time} (your extension).")
    else:
        due = _("Assignment {title}: due {time}.")
    lines = [due.format(title=assignment.title, time=with_zone(grade.due))]
    if grade.status is Status.NOT_OPEN and assignment.opens is not None:
        lines.append(_("It opens {time}.").format(time=with_zone(assignment.opens)))
    lines.append(late_words(late))
    return "\n".join(lines)


def opening(
    grade: Grade | None, late: LatePolicy | None = None, now: datetime | None = None
) -> tuple[bool, str | None]:
    """Whether a lesson with ``grade`` may open now (not before its assignment opens), and
    what the student is told (past the due date: what work is worth now under ``late``)."""
    if grade is None:
        return True, None
    if grade.status is Status.NOT_OPEN and grade.assignment.opens is not None:
        return False, _("This lesson opens {time}.").format(time=with_zone(grade.assignment.opens))
    if grade.status is Status.MISSING:
        return True, late_now(grade, late or grade.assignment.late, now)
    if grade.status in (Status.ON_TIME, Status.LATE) and (now or _now()) > grade.due:
        return True, run_again_late(grade, late or grade.assignment.late, now)
    return True, None


def _now() -> datetime:
    return datetime.now().astimezone()


def run_again_late(grade: Grade, late: LatePolicy, now: datetime | None = None) -> str:
    """What a lesson already handed in says when it is opened after its due date: what new
    work counts now, and that what counts stays."""
    kept = _(
        "What counts now of {title}, {points}/{max} for all its lessons, keeps counting; a "
        "run started again counts only where it counts more."
    ).format(title=grade.assignment.title, points=points(grade.score), max=grade.max_score)
    return f"{late_now(grade, late, now)} {kept}"


def late_now(grade: Grade, late: LatePolicy, now: datetime | None = None) -> str:
    """What work on a lesson past its due date is worth now, in a sentence."""
    due = with_zone(grade.due)
    now = now or datetime.now().astimezone()
    if late.until is not None and now > late.until:
        return _(
            "This lesson was due {time}; late work counted until {until}: your work is kept "
            "but counts nothing."
        ).format(time=due, until=with_zone(late.until))
    if late.credit >= 1:
        said = _("This lesson was due {time}: your work is kept and counts whole, marked late.")
    else:
        said = _(
            "This lesson was due {time}: your work is kept and counts {percent}%, marked late."
        )
    said = said.format(time=due, percent=round(late.credit * 100))
    if late.until is None:
        return said
    then = _("From {until} on it counts nothing.").format(until=with_zone(late.until))
    return f"{said} {then}"


def handed_in_late(
    due: datetime | None, record: LessonRecord | None, late: LatePolicy | None = None
) -> str | None:
    """What a lesson whose run has just ended after the student's due date ``due`` says: late,
    and what it counts under ``late``. None: on time, or in no assignment."""
    if due is None:
        return None
    ended = record.completions[-1].at if record is not None and record.completions else 0
    at = datetime.fromtimestamp(ended).astimezone() if ended > 0 else datetime.now().astimezone()
    if at <= due:
        return None
    time = with_zone(due)
    if late is not None and record is not None:
        earlier = _earlier_run_counts(due, record, late, at)
        if earlier is not None:
            return earlier
    if late is None:
        return _("This lesson was handed in late: it was due {time}.").format(time=time)
    counted = lesson_points(record, late, due)[0] if record is not None else 0.0
    most = record.max_score if record is not None else 0
    if late.until is not None and at > late.until:
        if counted > 1e-9:
            return _(
                "This lesson was handed in after late work stopped counting (it was due "
                "{time}, late work counted until {until}): the points earned after that "
                "count nothing, so it counts {points}/{max}."
            ).format(time=time, until=with_zone(late.until), points=points(counted), max=most)
        return _(
            "This lesson was handed in after late work stopped counting: it is kept but "
            "counts nothing (it was due {time}, late work counted until {until})."
        ).format(time=time, until=with_zone(late.until))
    if late.credit <= 0:
        return _(
            "This lesson was handed in late: it was due {time}; it is kept but late work "
            "counts nothing."
        ).format(time=time)
    if late.credit >= 1:
        return _(
            "This lesson was handed in late: it was due {time}; its points count whole, "
            "marked late."
        ).format(time=time)
    return _(
        "This lesson was handed in late: it was due {time}; the points earned after that "
        "count {percent}%, so it counts {points}/{max}."
    ).format(time=time, percent=round(late.credit * 100), points=points(counted), max=most)


def _earlier_run_counts(
    due: datetime, record: LessonRecord, late: LatePolicy, at: datetime
) -> str | None:
    """The end of a run after the due date when an earlier run, on time, is what counts: what
    this run counts, and which run counts and how much; None when this run's points count."""
    counted, earned = lesson_points(record, late, due)
    if not record.completions or counted <= 0 or earned <= 0 or earned > due.timestamp():
        return None
    if not any(done.at == earned for done in record.completions[:-1]):
        return None
    run = lesson_points(replace(record, completions=record.completions[-1:]), late, due)[0]
    values = {
        "time": with_zone(due),
        "run": points(run),
        "max": record.max_score,
        "then": with_zone(datetime.fromtimestamp(earned).astimezone()),
        "points": points(counted),
    }
    if run <= 1e-9:
        return _(
            "This run ended after the due date, {time}: its points count nothing. Your run "
            "of {then} was on time and is the one that counts: {points}/{max}."
        ).format(**values)
    if (late.until is not None and at > late.until) or not 0 < late.credit < 1:
        return _(
            "This run ended after the due date, {time}, and counts {run}/{max}. Your run of "
            "{then} was on time and is the one that counts: {points}/{max}."
        ).format(**values)
    return _(
        "This run ended after the due date, {time}: the points it earned after that count "
        "{percent}%, so it counts {run}/{max}. Your run of {then} was on time and is the one "
        "that counts: {points}/{max}."
    ).format(percent=round(late.credit * 100), **values)
